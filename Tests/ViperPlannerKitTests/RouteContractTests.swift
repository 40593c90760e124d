import Foundation
import Testing
@testable import ViperPlannerKit

/// What the Router's contract must carry for the screen to keep working: the data a system screen
/// needs, no route for a spinner, and the result the screen hands back to whoever created it.
struct RouteContractTests {
    static let auth = """
    import UIKit
    import SafariServices
    final class AuthViewController: UIViewController {
        var onFinish: ((Bool) -> Void)?
        func openTerms(_ url: URL) {
            let safari = SFSafariViewController(url: url)
            present(safari, animated: true)
        }
        func login() {
            let spinnerVC = SpinnerViewController()
            present(spinnerVC, animated: false)
            URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
                DispatchQueue.main.async { spinnerVC.dismiss(animated: false); self.onFinish?(true) }
            }.resume()
        }
        func showHelp() { navigationController?.pushViewController(HelpViewController(topic: "x"), animated: true) }
        func done() { onFinish?(false); dismiss(animated: true) }
    }
    final class SpinnerViewController: UIViewController {}
    final class HelpViewController: UIViewController {
        init(topic: String) { super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError() }
    }
    """

    @Test func routesCarryWhatTheScreenNeedsAndItsResult() throws {
        let result = Auditor.audit(sources: [("App/AuthViewController.swift", Self.auth)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.first { $0.viewControllers.contains("AuthViewController") }?.modules.first)
        #expect(module.routes.map(\.name) == ["showHelp(topic:)", "showSafari(url:)", "close()"], "\(module.routes.map(\.name))")
        // A spinner shown while work runs is a loading state the view shows and hides, not a route.
        let loading = try #require(module.presenterOutputs.first { $0.name == "displayLoading(_:)" })
        #expect(loading.detail == "a loading state, not a route: the view presents and dismisses `SpinnerViewController` itself while the use case runs")
        // Nor does the Router task add one: the view dismisses the spinner through the reference it keeps.
        let routing = plan.features.flatMap(\.tasks).filter { $0.category == .R }
        #expect(!routing.flatMap(\.routes).contains("showSpinner()") && !routing.contains { $0.fix.contains("showSpinner") }, "\(routing.map(\.fix))")
        // The closure the creator sets is the module's output: closing keeps calling it.
        #expect(module.routes.last?.detail == "replaces `dismiss` in `done()`; hands the screen's result to `onFinish` (called in `login()` and `done()`): the module's builder takes that closure from whoever creates the screen")
    }

    /// A screen the view wraps in a navigation controller and styles before presenting keeps both:
    /// the route says so, or the sheet shows with no bar and no close button.
    @Test func aRouteKeepsTheContainerAndStyleOfWhatItPresents() throws {
        let code = """
        import UIKit
        final class AuthViewController: UIViewController {
            func presentDebugDetails(details: NSAttributedString) {
                let support = DiagnosticsViewController()
                support.attributedText = details
                let navigation = AppNavigationController(rootViewController: support)
                navigation.modalPresentationStyle = .formSheet
                present(navigation, animated: true)
            }
            func showHelp() { navigationController?.pushViewController(HelpViewController(), animated: true) }
            func save() { UserDefaults.standard.set(true, forKey: "saved") }
        }
        final class DiagnosticsViewController: UIViewController { var attributedText: NSAttributedString? }
        final class HelpViewController: UIViewController {}
        final class AppNavigationController: UINavigationController {}
        """
        let plan = Planner.plan(Auditor.audit(sources: [("App/AuthViewController.swift", code)]), configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.first { $0.viewControllers.contains("AuthViewController") }?.modules.first)
        let diagnostics = try #require(module.routes.first { $0.detail.contains("`DiagnosticsViewController`") }, "\(module.routes)")
        #expect(diagnostics.detail.hasSuffix("; it wraps it in `AppNavigationController` and sets `modalPresentationStyle` on what it presents, as the view does today: without the container the screen shows with no navigation bar (no title, no close button)"), "\(diagnostics.detail)")
        let help = try #require(module.routes.first { $0.detail.contains("`HelpViewController`") })
        #expect(!help.detail.contains("as the view does today"), "\(help.detail)")
    }

    /// The loading state is built by the PR that makes the presenter the interactor's output (a
    /// screen test asserts it), and that PR is not the routes' PR: each is reviewed for one thing.
    @Test func theBuilderPRMakesThePresenterTheOutputWithItsLoadingStateApartFromTheRoutes() throws {
        // A second use case that shows no spinner today.
        let code = Self.auth.replacingOccurrences(of: "    func done()", with: "    func remember() { UserDefaults.standard.set(true, forKey: \"remembered\") }\n    func done()")
        let result = Auditor.audit(sources: [("App/AuthViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("AuthViewController") })
        let builder = try #require(feature.tasks.first { $0.category == .B && $0.fix.contains("AuthModule.build") })
        // Only around the use cases whose members show the loading screen today: the others keep the view's own busy state.
        #expect(builder.fix.hasSuffix(" The presenter calls `displayLoading(_:)` with `true` when it starts `login()` and `false` with its result, as the view shows the loading screen today for that work only (the other use cases keep the view's own busy state); the view's `displayLoading(_:)` presents and dismisses it."), "\(builder.fix)")
        #expect(builder.estimate.contains(EstimatePart(6, "`displayLoading(_:)` called by the presenter around the use cases that show it (~2 each) and shown by the view (~4)")), "\(builder.estimate)")
        // The builder's PR edits the presenter it makes the output, and its tests.
        let assembling = try #require(feature.slices.first { $0.taskIDs.contains(builder.id) })
        #expect(assembling.files.contains("App/AuthPresenter.swift") && assembling.files.contains { $0.hasSuffix("AuthPresenterTests.swift") }, "\(assembling.files)")
        // A screen whose routes and builder together fit one PR still gets two.
        let small = Self.auth
            .replacingOccurrences(of: "    func openTerms(_ url: URL) {\n        let safari = SFSafariViewController(url: url)\n        present(safari, animated: true)\n    }\n", with: "")
            .replacingOccurrences(of: "    func showHelp() { navigationController?.pushViewController(HelpViewController(topic: \"x\"), animated: true) }\n", with: "")
        #expect(!small.contains("openTerms") && !small.contains("showHelp"))
        let slices = try #require(Planner.plan(Auditor.audit(sources: [("App/AuthViewController.swift", small)]), configuration: Configuration(), date: "2026-01-01").features.first).slices
        #expect(slices.map(\.taskIDs) == [["C1"], ["I1"], ["R1"], ["B1"], ["T1"]], "\(slices.map(\.taskIDs))")
        #expect(slices[2].estimatedLines + slices[3].estimatedLines <= 200)
    }
}

extension RouteContractTests {
    /// A builder too large for one PR (the output of many use cases to hand over) is cut where it
    /// compiles: the module first, with the view controller still the interactor's output, then the
    /// presenter takes the output over; never "parts" of the same assembly.
    @Test func aBuilderTooLargeForOnePRAssemblesFirstThenHandsTheOutputOver() throws {
        let calls = (1...16).map { i in
            "    func load\(i)() { URLSession.shared.dataTask(with: URL(string: \"https://example.com/\(i)\")!) { _, _, error in\n        DispatchQueue.main.async { if let error { self.show\(i)(error) } else { self.done\(i)() } }\n    }.resume() }\n    func show\(i)(_ error: Error) { title = \"\\(error)\" }\n    func done\(i)() { title = \"ok\" }\n"
        }.joined()
        let code = "import UIKit\nfinal class FeedViewController: UIViewController {\n" + calls + "    func close() { dismiss(animated: true) }\n}\n"
        let plan = Planner.plan(Auditor.audit(sources: [("App/FeedViewController.swift", code)]), configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first)
        let parts = feature.slices.filter { $0.phase == .B }
        #expect(parts.count >= 2, "\(feature.slices.map { ($0.phase, $0.taskIDs, $0.estimatedLines) })")
        #expect(parts.first?.title.hasSuffix("assemble `FeedModule`, the view controller still the interactor's output") == true, "\(parts.map(\.title))")
        #expect(parts.first?.changes.contains("Until the next parts, `FeedModule` makes FeedViewController the interactor's output, as it is today.") == true, "\(parts.first?.changes ?? [])")
        #expect(parts.dropFirst().allSatisfy { $0.title.contains("`FeedPresenter` takes over the interactor's output") && $0.files.contains("App/FeedPresenter.swift") })
        #expect(parts.last?.changes.first?.contains("Then `FeedModule` sets `interactor.output = presenter`") == true, "\(parts.last?.changes ?? [])")
        #expect(parts.allSatisfy { $0.estimatedLines <= 200 })
    }

    /// A member that hands the creator its result and closes the screen is the module's exit: the
    /// Router's, never view state a Presenter PR moves before the Router exists (its lines would move twice).
    @Test func aMemberThatClosesTheScreenIsTheRoutersExit() throws {
        let code = """
        import UIKit
        final class AccountViewController: UIViewController {
            var userActionCompletionHandler: ((Account?, Bool) -> Void)?
            var account: Account?
            func save() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
                    DispatchQueue.main.async { self.completeAndDismiss() }
                }.resume()
            }
            func completeAndDismiss() {
                guard let handler = self.userActionCompletionHandler else { return }
                self.userActionCompletionHandler = nil
                let saved = self.account
                handler(saved, true)
                self.presentingViewController?.dismiss(animated: true, completion: nil)
            }
        }
        """
        let result = Auditor.audit(sources: [("App/AccountViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first)
        #expect(!feature.tasks.contains { $0.category == .P && $0.moves.contains { $0.name == "completeAndDismiss()" } }, "\(feature.tasks.map(\.title))")
        let module = try #require(feature.modules.first)
        #expect(module.routes.contains { $0.name == "close()" && $0.detail.contains("`completeAndDismiss()`") }, "\(module.routes)")
        #expect(module.lineSplit.contains("Router 4 ("), "\(module.lineSplit)")
    }
}
