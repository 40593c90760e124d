import Testing
@testable import ViperPlannerKit

/// A model that names the screen's actions by selector gets an action enum before any Presenter
/// move: until then the flow's state points back into the view controller.
@Suite struct SelectorSeamTests {
    static let mode = """
    import UIKit
    struct ActionDescriptor {
        let title: String
        let selector: Selector
    }
    struct LoginMode {
        let actions: [ActionDescriptor]
        static let password = LoginMode(actions: [
            ActionDescriptor(title: "Log in", selector: #selector(LoginViewController.performLogIn)),
            ActionDescriptor(title: "Forgot?", selector: #selector(LoginViewController.presentPasswordReset))
        ])
    }
    """
    static let screen = """
    import UIKit
    final class LoginViewController: UIViewController {
        @IBOutlet var primaryButton: UIButton!
        var mode = LoginMode.password
        var email = ""
        override func viewDidLoad() {
            super.viewDidLoad()
            email = UserDefaults.standard.string(forKey: "email") ?? ""
            for action in mode.actions { primaryButton.addTarget(self, action: action.selector, for: .touchUpInside) }
        }
        func performPrimaryAction() {
            guard let first = mode.actions.first else { return }
            perform(first.selector)
        }
        @objc func performLogIn() {
            UserDefaults.standard.set(email, forKey: "email")
        }
        @objc func presentPasswordReset() {
            navigationController?.pushViewController(UIViewController(), animated: true)
        }
    }
    """

    @Test func aModelHoldingTheScreensSelectorsGetsAnActionEnumFirst() throws {
        let plan = ViewCodeStaysTests.plan([("App/LoginMode.swift", Self.mode), ("App/LoginViewController.swift", Self.screen)])
        let feature = try #require(plan.features.first)
        let task = try #require(feature.tasks.first { $0.concern == "actions" }, "\(feature.tasks.map(\.title))")
        #expect(task.title == "Replace the selectors `LoginMode` holds for LoginViewController's actions with an action enum")
        #expect(task.problem == "`LoginMode` names 2 actions of LoginViewController by `#selector` (`performLogIn()` and `presentPasswordReset()`), and `performPrimaryAction()` runs them with `perform(_:)`: the flow's state points back into the view controller, so no Presenter can own it or decide what a button does.")
        #expect(task.evidence == ["`LoginMode.swift:9`", "`LoginMode.swift:10`"])
        #expect(task.estimatedLines == 5 + 4 + 8)
        // It lands before every other Presenter move.
        let presenter = feature.tasks.filter { $0.category == .P }
        #expect(presenter.first?.concern == "actions", "\(presenter.map(\.title))")
        // Its PR edits the model and the view together, and creates no layer.
        let pr = try #require(feature.slices.first { $0.taskIDs == [task.id] }, "\(feature.slices.map(\.title))")
        #expect(pr.title == task.title)
        #expect(pr.creates.isEmpty)
        #expect(pr.files == ["App/LoginMode.swift", "App/LoginViewController.swift"])
        #expect(pr.checks.contains("No `#selector(LoginViewController.…)` is left outside LoginViewController."))
        #expect(!pr.changes.joined().contains("PresenterTests") && !pr.estimate.contains { $0.label.contains("PresenterTests") }, "\(pr.changes) \(pr.estimate)")
    }

    /// Selectors the screen names itself (`addTarget(self, action: #selector(save))`) are its own wiring: no task.
    @Test func theScreensOwnSelectorsNeedNoEnum() throws {
        let screen = Self.screen.replacingOccurrences(of: "for action in mode.actions { primaryButton.addTarget(self, action: action.selector, for: .touchUpInside) }",
                                                      with: "primaryButton.addTarget(self, action: #selector(performLogIn), for: .touchUpInside); primaryButton.addTarget(self, action: #selector(presentPasswordReset), for: .touchDown)")
        let mode = "import UIKit\nstruct LoginMode { let actions: [String]; static let password = LoginMode(actions: []) }\n"
        let plan = ViewCodeStaysTests.plan([("App/LoginMode.swift", mode), ("App/LoginViewController.swift", screen)])
        let tasks = plan.features.flatMap(\.tasks)
        #expect(!tasks.isEmpty)
        #expect(!tasks.contains { $0.concern == "actions" })
    }
}
