import Foundation
import Testing
@testable import ViperPlannerKit

/// Work a plan must not miss or plan twice: business rules the audit must see, shared seams planned once.
struct PlanQualityTests {
    static func plan(_ files: [String: String], grouping: TaskGrouping.Mode = .automatic) -> Plan { ExitsAndClaimsTests.plan(files, grouping: grouping) }

    /// Converting model values between units is a business rule: each conversion becomes an Interactor task.
    @Test func unitConversionsOnModelValuesBecomeInteractorTasks() throws {
        let code = """
        import UIKit
        struct Entry { let kilograms: Double; let metres: Double }
        final class WeightViewController: UIViewController {
            var entry = Entry(kilograms: 70, metres: 5000)
            func pounds(from kilograms: Double) -> Double {
                return kilograms * 2.2046
            }
            func fahrenheit(_ c: Double) -> Double {
                c * 9 / 5 + 32
            }
            func miles() -> Double {
                entry.metres / 1609.34
            }
            func stones(_ weightKg: Double) -> Double {
                weightKg * 0.157473
            }
        }
        """
        let feature = try ExitsAndClaimsTests.feature(Self.plan(["Weight/WeightViewController.swift": code]), "WeightViewController")
        // The four conversions share one Interactor task, each finding in it.
        let rules = feature.tasks.filter { $0.category == .I }
        #expect(rules.map(\.title) == ["Move the rules in `pounds(from:)`, `fahrenheit(_:)` and 2 more into the Interactor"])
        #expect(rules[0].problem.hasPrefix("WeightViewController.pounds(from:) does business logic itself: unit conversion (1 site). The same in `fahrenheit(_:)`, `miles()` and `stones(_:)`. The view controller decodes data"))
        #expect(Set(rules.compactMap(\.rule)) == ["vc-business-logic"])
        #expect(rules[0].evidence.count == 4 && rules[0].members == ["pounds(from:)", "fahrenheit(_:)", "miles()", "stones(_:)"])
        let single = try ExitsAndClaimsTests.feature(Self.plan(["Weight/WeightViewController.swift": code], grouping: .none), "WeightViewController")
        let each = single.tasks.filter { $0.category == .I }
        #expect(each.map(\.member) == ["pounds(from:)", "fahrenheit(_:)", "miles()", "stones(_:)"])
        #expect(each.map(\.line) == [6, 9, 12, 15])
        #expect(each.map(\.fingerprint) == rules.flatMap { [$0.fingerprint] + $0.covers })
    }

    /// A class an actor Interactor passes to its completion crosses to the Presenter's actor.
    @Test func aClassHandedOverThroughAnActorsCompletionIsNotSendable() {
        let code = """
        actor ArticlesInteractor: ArticlesInteractorInput {
            func load(completion: @escaping (Article) -> Void) { completion(Article(title: "")) }
        }
        @MainActor @Observable final class ArticlesPresenter {
            let interactor: ArticlesInteractor
            init(interactor: ArticlesInteractor) { self.interactor = interactor }
        }
        final class Article {
            var title: String
            init(title: String) { self.title = title }
        }
        """
        let result = Auditor.audit(sources: [("Articles/ArticlesModule.swift", code)], configuration: Configuration())
        let findings = result.findings.filter { $0.rule == "entity-not-sendable" }
        #expect(findings.map { "\($0.type) \($0.line): \($0.message)" } == ["Article 8: Article is a class without a `Sendable` conformance"])
    }

    /// A method that fills a form and builds views around its I/O is a view update the presenter
    /// drives, not a forward from the view to the interactor.
    @Test func aFormFillingMethodBecomesAViewUpdateThePresenterDrives() throws {
        let code = """
        import UIKit
        struct User { let name: String; let age: Int }
        final class ProfileViewController: UIViewController {
            @IBOutlet var nameLabel: UILabel!
            @IBOutlet var ageField: UITextField!
            @IBOutlet var stack: UIStackView!
            var user = User(name: "", age: 0)
            override func viewDidLoad() {
                super.viewDidLoad()
                fillForm(with: user)
            }
            func fillForm(with user: User) {
                nameLabel.text = user.name
                ageField.text = "\\(user.age)"
                let badge = UILabel()
                badge.text = UserDefaults.standard.string(forKey: "badge")
                stack.addArrangedSubview(badge)
            }
        }
        """
        let feature = try ExitsAndClaimsTests.feature(Self.plan(["Profile/ProfileViewController.swift": code]), "ProfileViewController")
        let task = try #require(feature.tasks.first { $0.member == "fillForm(with:)" })
        #expect(task.id == "I1")
        #expect(task.fix == "Move the storage access of `fillForm(with:)` into a `ProfileRepository` protocol injected into `ProfileInteractor`; its implementation wraps `UserDefaults`. `fillForm(with:)` builds the view, so it becomes a view update the presenter drives: the view keeps `displayForm(_:)`, which sets its views from a view model of ready-to-show strings; the presenter maps what the interactor returns into that view model and calls it, and the view no longer calls `interactor` from it.")
        #expect(task.estimate.map(\.label) == ["2 × 1 code lines of `fillForm(with:)` moved (its rules and I/O; the lines that build its controls stay)", "the view keeps a `display…(_:)` the presenter calls",
                                               "view-model fields the presenter fills", "protocol requirement", "a case in `ProfileInteractorTests`"])
        let module = try #require(feature.modules.first)
        #expect(module.interactorInputs.map(\.detail) == ["its persistence runs in `fillForm(with:)`, a view update: the presenter calls this input and the view keeps `displayForm(_:)` — I1"])
        #expect(module.presenterOutputs.map(\.name) == ["displayForm(_:)"])
        #expect(!feature.tasks.contains { $0.fix.contains("forward") })
    }

    static let genericBase = """
    import UIKit
    class BaseListViewController<Item>: UIViewController {
        var items: [Item] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            URLSession.shared.dataTask(with: URL(string: endpoint())!) { [weak self] data, _, _ in
                self?.items = self?.decode(data) ?? []
                self?.reload()
            }.resume()
        }
        func endpoint() -> String { "" }
        func decode(_ data: Data?) -> [Item] { [] }
        func reload() {}
    }
    """
    static let ordersList = """
    import UIKit
    final class OrdersViewController: BaseListViewController<String> {
        override func endpoint() -> String { "https://example.com/orders" }
        override func decode(_ data: Data?) -> [String] { ["a"] }
        func refresh() {
            reload()
            UserDefaults.standard.set(items.count, forKey: "orders")
        }
    }
    """
    static let storesList = """
    import UIKit
    final class StoresViewController: BaseListViewController<Int> {
        override func endpoint() -> String { "https://example.com/stores" }
        func keep() {
            UserDefaults.standard.set(3, forKey: "stores")
        }
    }
    """

    /// An abstract base whose subclasses sit in two features is planned once, in cross-cutting.md,
    /// as the seam they share; no feature file plans it.
    @Test func aBaseSharedByTwoFeaturesIsPlannedOnceAsTheSeam() throws {
        let plan = Self.plan(["Core/BaseListViewController.swift": Self.genericBase, "Orders/OrdersViewController.swift": Self.ordersList,
                              "Stores/StoresViewController.swift": Self.storesList])
        #expect(plan.features.map(\.slug) == ["orders", "stores"])
        #expect(!plan.features.flatMap(\.viewControllers).contains("BaseListViewController"))
        #expect(!plan.features.flatMap(\.tasks).contains { $0.viewController == "BaseListViewController" })
        let base = plan.crossCutting.tasks.filter { $0.fingerprint.contains("vp-shared-base") || $0.title.contains("BaseListViewController") }
        #expect(base.map(\.title) == ["Turn the shared base class `BaseListViewController` into the seam of its 2 screens in 2 features"])
        #expect(base.first?.fix == "Make `BaseListPresenter` and `BaseListInteractor` the shared part the subclasses' modules inherit, with its networking in a service behind a protocol, and keep in `BaseListViewController` only the seam the subclasses use: the methods they override (`decode(_:)`, `endpoint()`) and the members they call on it (`items`, `reload()`). The subclasses' feature PRs build on it.")
        let orders = try ExitsAndClaimsTests.feature(plan, "OrdersViewController")
        let first = try #require(orders.slices.first { $0.creates.contains("OrdersInteractor") })
        #expect(first.dependsOn.first == "cross-cutting.md PR 1")
        #expect(first.changes.contains { $0.hasPrefix("`OrdersInteractor` inherits `BaseListInteractor`, the shared part of the base class BaseListViewController (cross-cutting.md X1): keep only what OrdersViewController adds.") })
    }

    /// All subclasses in one feature: the feature file plans the base, cross-cutting.md does not.
    @Test func aBaseOfOneFeatureIsPlannedInThatFeatureOnly() throws {
        let plan = Self.plan(["Core/BaseListViewController.swift": Self.genericBase, "Orders/OrdersViewController.swift": Self.ordersList,
                              "Orders/StoresViewController.swift": Self.storesList])
        #expect(plan.features.map(\.viewControllers) == [["BaseListViewController", "OrdersViewController", "StoresViewController"]])
        #expect(plan.crossCutting.tasks.filter { $0.title.contains("BaseListViewController") }.isEmpty)
        #expect(plan.features[0].tasks.contains { $0.viewController == "BaseListViewController" })
    }

    static func copiedHelperScreen(_ name: String) -> String {
        """
        import UIKit
        final class \(name)ViewController: UIViewController {
            @IBOutlet var label: UILabel!
            func rememberVisit(_ id: String) {
                let key = "visited-" + id
                let count = UserDefaults.standard.integer(forKey: key)
                UserDefaults.standard.set(count + 1, forKey: key)
            }
            func show(_ id: String) {
                rememberVisit(id)
                label.text = id
            }
        }
        """
    }

    /// A helper copied into screens of two features is planned once: the cross-cutting task shares
    /// it, and each screen's task on its copy adopts the shared helper instead of moving the copy's I/O.
    @Test func aCopiedHelperIsMovedOnceAndEachCopyAdoptsIt() throws {
        let plan = Self.plan(["Orders/OrdersViewController.swift": Self.copiedHelperScreen("Orders"),
                              "Stores/StoresViewController.swift": Self.copiedHelperScreen("Stores")])
        let share = try #require(plan.crossCutting.tasks.first { !$0.sharedCopies.isEmpty })
        #expect(share.id == "X1")
        for vc in ["OrdersViewController", "StoresViewController"] {
            let feature = try ExitsAndClaimsTests.feature(plan, vc)
            let copies = feature.tasks.filter { $0.member == "rememberVisit(_:)" }
            let prefix = String(vc.dropLast("ViewController".count))
            #expect(copies.map(\.id) == ["I1"])
            #expect(copies.map(\.fix) == ["Adopt the shared helper `rememberVisit(_:)` (cross-cutting.md X1): delete \(vc)'s copy of `rememberVisit(_:)` and call the shared helper from `\(prefix)Interactor` where the view called its copy. The helper's code moves once, in the cross-cutting PR, not copy by copy."])
            #expect(copies.map(\.estimatedLines) == [3])
            let pr = try #require(feature.slices.first { $0.taskIDs.contains("I1") })
            #expect(pr.dependsOn.first == "cross-cutting.md PR 1")
        }
    }

    /// Every destination gets a route of its own, in the contract and in the R task that adds it:
    /// two screens whose names collapse to one route, a screen chosen at run time, a system sheet
    /// and two segues of one prefix.
    @Test func everyDestinationGetsItsOwnRouteAndTheTaskThatAddsIt() throws {
        let code = """
        import UIKit
        final class ProductViewController: UIViewController {}
        final class ProductVC: UIViewController {}
        final class AViewController: UIViewController {}
        final class BViewController: UIViewController {}
        final class ShopViewController: UIViewController {
            var flag = false
            func openProduct() { navigationController?.pushViewController(ProductViewController(), animated: true) }
            func openProductVC() { present(ProductVC(), animated: true) }
            func openEither() {
                let next: UIViewController = flag ? AViewController() : BViewController()
                navigationController?.pushViewController(next, animated: true)
            }
            func share() {
                let sheet = UIActivityViewController(activityItems: ["x"], applicationActivities: nil)
                present(sheet, animated: true)
            }
            func seg() { performSegue(withIdentifier: "showDetail", sender: nil) }
            func seg2() { performSegue(withIdentifier: "showDetailVC", sender: nil) }
            func load() { UserDefaults.standard.set(1, forKey: "k") }
        }
        """
        // Each finding on its own (as `update` plans them); a new plan puts them in one Router task.
        let plan = Self.plan(["Shop/ShopViewController.swift": code], grouping: .none)
        let feature = try ExitsAndClaimsTests.feature(plan, "ShopViewController")
        let grouped = try ExitsAndClaimsTests.feature(Self.plan(["Shop/ShopViewController.swift": code]), "ShopViewController")
        #expect(grouped.tasks.filter { $0.category == .R }.flatMap(\.routes) == ["showProduct()", "showProductVC()", "showA()", "showB()", "showShareSheet(activityItems:)", "showDetail()", "showDetailVC()"])
        let module = try #require(feature.modules.first { $0.viewController == "ShopViewController" })
        #expect(module.routes.map(\.name) == ["showA()", "showB()", "showProductVC()", "showProduct()", "showShareSheet(activityItems:)", "showDetail()", "showDetailVC()"])
        #expect(module.routes[0].detail == "builds `AViewController`, one of the screens `openEither()` chooses between at run time")
        let routers = feature.tasks.filter { $0.category == .R }
        #expect(routers.map { "\($0.member ?? "") \($0.routes)" } == ["openProduct() [\"showProduct()\"]", "openProductVC() [\"showProductVC()\"]",
                                                                    "openEither() [\"showA()\", \"showB()\"]", "share() [\"showShareSheet(activityItems:)\"]",
                                                                    "seg() [\"showDetail()\"]", "seg2() [\"showDetailVC()\"]"])
        #expect(routers.allSatisfy { $0.fix.hasPrefix("Add `\($0.routes[0])`") })
        #expect(Set(routers.flatMap(\.routes)) == Set(module.routes.map(\.name)))
    }
}
