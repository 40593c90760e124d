import Testing
@testable import ViperPlannerKit

/// Base view controllers are planned with their subclasses, generic ones as one generic module, and
/// the screens holding a copy of a shared helper wait for the cross-cutting PR that shares it.
struct ScreenShapeTests {
    static let base = """
    import UIKit
    class ListBaseViewController: UIViewController {
        func load() {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/items")!) { [weak self] data, _, _ in
                self?.didLoad(data)
            }.resume()
        }
        func didLoad(_ data: Data?) {
            if let alpha = self as? AlphaViewController { alpha.refresh() }
        }
    }
    """
    static let alpha = """
    import UIKit
    final class AlphaViewController: ListBaseViewController {
        func refresh() {
            title = String(format: "%d items", 3)
            UserDefaults.standard.set(1, forKey: "alpha")
        }
    }
    """
    static let beta = """
    import UIKit
    final class BetaViewController: ListBaseViewController {
        func save() {
            UserDefaults.standard.set(2, forKey: "beta")
        }
    }
    """

    static let zeta = """
    import UIKit
    final class ZetaViewController: ListBaseViewController {
        func keep() {
            UserDefaults.standard.set(3, forKey: "zeta")
        }
    }
    """

    static func plan(_ sources: [(String, String)]) -> (Plan, Set<String>) {
        let result = Auditor.audit(sources: sources, configuration: Configuration())
        return (Planner.plan(result, configuration: Configuration(), date: "2026-11-24"), Set(result.index.types.map(\.name)))
    }

    @Test func aBaseClassIsPlannedWithItsSubclassesAndHasNoModule() throws {
        let (plan, existing) = Self.plan([("Core/ListBaseViewController.swift", Self.base), ("Alpha/AlphaViewController.swift", Self.alpha),
                                          ("Alpha/ZetaViewController.swift", Self.zeta)])
        #expect(plan.features.map(\.slug) == ["alpha"])
        let alpha = try #require(plan.features.first)
        #expect(alpha.viewControllers == ["ListBaseViewController", "AlphaViewController", "ZetaViewController"])
        #expect(alpha.context.hasSuffix(" ListBaseViewController is a base class inherited by 2 screens (AlphaViewController, ZetaViewController): it is never shown by itself, so it gets no module and no `build()`; its work becomes the shared `ListBase` pieces (presenter, interactor) that the subclasses' modules inherit."))
        let module = try #require(alpha.modules.first { $0.viewController == "ListBaseViewController" })
        #expect(module.target == "shared ListBase pieces, inherited by AlphaViewController, ZetaViewController (no module of its own)")
        #expect(!module.files.contains("Core/ListBaseModule.swift"))
        #expect(!alpha.tasks.contains { $0.viewController == "ListBaseViewController" && [.B, .T].contains($0.category) })
        #expect(!alpha.slices.flatMap(\.creates).contains("ListBaseModule"))
        // The base's interactor and the subclasses' share PRs while they fit the cap (one concern);
        // the modules' wiring and tests come after.
        #expect(alpha.slices.map(\.creates.first) == ["ListBaseInteractor", "ZetaInteractor", "AlphaPresenter", "AlphaModuleTests"])
        #expect(alpha.slices[0].creates.filter { $0.hasSuffix("Interactor") } == ["ListBaseInteractor", "AlphaInteractor"])
        #expect(alpha.slices.flatMap(\.creates).filter { $0.hasSuffix("Module") } == ["AlphaModule", "ZetaModule"])
        #expect(alpha.slices[1].dependsOn == ["PR 1"])
        let interactor = alpha.slices[0]
        #expect(interactor.dependsOn == [])
        #expect(interactor.changes.contains("`AlphaInteractor` inherits `ListBaseInteractor`, the shared part of the base class ListBaseViewController (this PR): keep only what AlphaViewController adds. ListBaseViewController already holds `interactor`: AlphaViewController reaches its own as `alphaInteractor` (the same object, typed `AlphaInteractor`), never a second `interactor`, which a subclass cannot redeclare."))
        // No step of that PR redeclares the base's property.
        #expect(!interactor.changes.contains { $0.contains("AlphaViewController holds `interactor") } && interactor.changes.contains { $0.contains("AlphaViewController holds `alphaInteractor: AlphaInteractorInput`") }, "\(interactor.changes)")
        // Later PRs reach it by that name too ("`AlphaPresenter` takes over AlphaViewController's calls to `alphaInteractor`").
        let later = alpha.slices.dropFirst().flatMap(\.changes).filter { $0.contains("AlphaViewController") && !$0.contains(", the shared part of the base class ") }
        #expect(later.contains { $0.contains("`alphaInteractor`") } && !later.contains { $0.contains("`interactor`") }, "\(later)")
        // So do the subclass's tasks: a forward or a call through the piece names the subclass's property.
        let fixes = alpha.tasks.filter { $0.viewController == "AlphaViewController" }.map(\.fix)
        #expect(fixes.contains { $0.contains("`alphaInteractor`") } && !fixes.contains { $0.contains("`interactor`") }, "\(fixes)")
        #expect(Planner.renamedPiece("`get { presenter.mode }` over `presenter`, not `presenter(for:)` nor the presenter.", role: "presenter", own: "sharePresenter")
                == "`get { sharePresenter.mode }` over `sharePresenter`, not `presenter(for:)` nor the presenter.")
        #expect(PlanChecks.problems(plan, existingTypes: existing).isEmpty)
        #expect(plan.crossCutting.tasks.isEmpty)
    }

    /// A subclass in a second feature: the base is planned once, in cross-cutting.md, as the seam its
    /// subclasses share, and each subclass's first PR depends on it.
    @Test func aBaseWithSubclassesInTwoFeaturesIsACrossCuttingSeamAndACreatedBaseIsAScreen() throws {
        let spread = [("Core/ListBaseViewController.swift", Self.base), ("Alpha/AlphaViewController.swift", Self.alpha),
                      ("Alpha/ZetaViewController.swift", Self.zeta), ("Beta/BetaViewController.swift", Self.beta)]
        let (plan, existing) = Self.plan(spread)
        #expect(plan.features.map(\.viewControllers) == [["AlphaViewController", "ZetaViewController"], ["BetaViewController"]])
        #expect(plan.crossCutting.tasks.map(\.title) == ["Turn the shared base class `ListBaseViewController` into the seam of its 3 screens in 2 features"])
        let beta = try #require(plan.features.last)
        #expect(beta.slices[0].dependsOn == ["cross-cutting.md PR 1"])
        #expect(beta.slices[0].changes.first?.hasPrefix("`BetaInteractor` inherits `ListBaseInteractor`, the shared part of the base class ListBaseViewController (cross-cutting.md X1): keep only what BetaViewController adds. ListBaseViewController already holds `interactor`: BetaViewController reaches its own as `betaInteractor`") == true)
        #expect(PlanChecks.problems(plan, existingTypes: existing).isEmpty)
        // Shown directly somewhere: a screen of its own, with its module; its subclasses still inherit it.
        let opener = "import UIKit\nfinal class OpenerViewController: UIViewController {\n    func open() { present(ListBaseViewController(), animated: true) }\n}\n"
        let (created, _) = Self.plan(spread + [("Opener/OpenerViewController.swift", opener)])
        let screen = try #require(created.features.first { $0.viewControllers.contains("ListBaseViewController") })
        #expect(screen.modules.first { $0.viewController == "ListBaseViewController" }?.target == "ListBase module")
        #expect(screen.slices.flatMap(\.creates).contains("ListBaseModule"))
    }

    @Test func aGenericScreenIsOneGenericModuleListingItsInstantiations() throws {
        let picker = """
        import UIKit
        final class SelectItemViewController<T>: UIViewController {
            func remember(_ value: String) {
                UserDefaults.standard.set(value, forKey: "last")
            }
        }
        """
        let a = "import UIKit\nfinal class AViewController: UIViewController {\n    func pick() {\n        present(SelectItemViewController<Country>(), animated: true)\n    }\n}\n"
        let b = "import UIKit\nfinal class BViewController: UIViewController {\n    func pick() {\n        present(SelectItemViewController<Store>(), animated: true)\n    }\n}\n"
        let (plan, existing) = Self.plan([("Picker/SelectItemViewController.swift", picker), ("A/AViewController.swift", a), ("B/BViewController.swift", b)])
        let feature = try #require(plan.features.first { $0.viewControllers == ["SelectItemViewController"] })
        #expect(feature.modules.map(\.target) == ["SelectItem module, generic over `T`"])
        let builder = try #require(feature.tasks.first { $0.category == .B })
        #expect(builder.fix.hasPrefix("Add `SelectItemModule.build<T>(…)` that creates the view"))
        #expect(builder.fix.hasSuffix(" SelectItemViewController is generic: plan one `SelectItemModule` for every type argument, its `build<T>(…)` generic over `T`; the instantiations it replaces: `SelectItemViewController<Country>` at `AViewController.swift:4`, `SelectItemViewController<Store>` at `BViewController.swift:4`."))
        let slice = try #require(feature.slices.first { $0.taskIDs.contains(builder.id) })
        #expect(slice.checks.contains("`SelectItemModule.build<T>(…)` is the only place that creates SelectItemViewController."))
        #expect(PlanChecks.problems(plan, existingTypes: existing).isEmpty)
    }

    @Test func featurePRsTouchingACopiedHelperDependOnTheCrossCuttingPR() throws {
        let plan = try PlanningGoldenTests.plan("NewsReader")
        let share = try #require(plan.crossCutting.tasks.first { $0.title == "Share `commentsTapped(_:)`, copied into 2 screens" })
        #expect(share.sharedCopies == ["ArticleViewController|commentsTapped(_:)", "FeedViewController|showComments(for:)"])
        let sharePR = try #require(plan.crossCutting.slices.first { $0.taskIDs.contains(share.id) })
        let article = try #require(plan.features.first { $0.slug == "article" })
        let router = try #require(article.slices.first { $0.phase == .R })
        #expect(router.dependsOn == ["cross-cutting.md PR \(sharePR.number)", "PR 4"])
        // The builder's PR makes the presenter the output of every use case moved before: it waits
        // for each Interactor and Presenter PR of the screen and for the routes.
        let builder = try #require(article.slices.first { $0.phase == .B })
        #expect(builder.dependsOn == ["PR 2", "PR 3", "PR 4", "PR 5", "PR 6"], "\(builder.dependsOn)")
        #expect(router.changes.first == "First merge the shared helper `commentsTapped(_:)` (cross-cutting.md \(share.id)): this screen's copy is then a one-line call to it, and this PR changes that call, not a copy.")
    }
}
