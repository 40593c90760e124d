import Testing
@testable import ViperPlannerKit

/// An action that chooses between two service calls on a business rule of the screen is one use
/// case named for the action, holding the rule; the contract does not copy each service call.
@Suite struct RuleChoiceTests {
    static let handler = """
    import Foundation
    final class AuthHandler {
        func validateWithCredentials(username: String, password: String, onCompletion: @escaping (Error?) -> Void) {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/validate")!) { _, _, error in onCompletion(error) }.resume()
        }
        func loginWithCredentials(username: String, password: String, onCompletion: @escaping (Error?) -> Void) {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/login")!) { _, _, error in onCompletion(error) }.resume()
        }
    }
    """
    static let screen = """
    import UIKit
    final class AuthViewController: UIViewController {
        @IBOutlet var emailField: UITextField!
        @IBOutlet var passwordField: UITextField!
        let controller = AuthHandler()
        let validator = PasswordValidator()
        var email: String { emailField.text ?? "" }
        var password: String { passwordField.text ?? "" }
        @IBAction func performLogInWithPassword() {
            if mustUpgradePasswordStrength() {
                performCredentialsValidation()
                return
            }
            performAuthentication()
        }
        func mustUpgradePasswordStrength() -> Bool {
            validator.isStrong(password) == false
        }
        func performCredentialsValidation() {
            controller.validateWithCredentials(username: email, password: password) { error in
                if let error = error { self.showError(error) } else { self.presentPasswordResetRequiredAlert(email: self.email) }
            }
        }
        func performAuthentication() {
            controller.loginWithCredentials(username: email, password: password) { error in
                if let error = error { self.showError(error) }
            }
        }
        func showError(_ error: Error) {
            present(UIAlertController(title: "Error", message: error.localizedDescription, preferredStyle: .alert), animated: true)
        }
        func presentPasswordResetRequiredAlert(email: String) {
            present(UIAlertController(title: "Reset", message: email, preferredStyle: .alert), animated: true)
        }
    }
    """

    static func plan(_ screen: String) -> Plan {
        ViewCodeStaysTests.plan([("App/Auth/AuthHandler.swift", handler), ("App/Auth/AuthViewController.swift", screen)])
    }

    @Test func anActionChoosingOnARuleIsOneUseCaseHoldingIt() throws {
        let feature = try #require(Self.plan(Self.screen).features.first)
        let inputs = try #require(feature.modules.first?.interactorInputs)
        #expect(inputs.map(\.name) == ["logInWithPassword()"])
        // Logging in succeeds by showing nothing: the merged result keeps that outcome.
        #expect(inputs[0].detail.contains("(`enum AuthLogInWithPasswordResult { case succeeded; case failed(Error); case passwordResetRequired(email: String) }`)"), "\(inputs[0].detail)")
        #expect(inputs[0].detail.contains("; holds the rule `mustUpgradePasswordStrength()` by which `performLogInWithPassword()` chooses today between "
            + "`performCredentialsValidation()` and `performAuthentication()`: one use case, so the view asks once and the Interactor decides — "), "\(inputs[0].detail)")
        let move = try #require(feature.tasks.first { $0.category == .I && $0.fix.contains("only forwards") })
        #expect(move.fix.hasSuffix(" With `performAuthentication()` it becomes one use case named for `performLogInWithPassword()`, the action that chooses between them today "
            + "on the rule `mustUpgradePasswordStrength()`: the rule moves into the Interactor here, with what it reads of the screen handed in like the other reads, "
            + "so the view asks once and the Interactor decides; `performLogInWithPassword()` only forwards."), "\(move.fix)")
        // The rule's 3 lines, moved out and in, count with the first move.
        #expect(move.estimate.map(\.lines) == [34, 26])
    }

    /// A `Bool` check that works UIKit (moving the focus) is the view's, never a rule to move.
    @Test func aCheckThatWorksUIKitIsNoRule() throws {
        let code = Self.screen.replacingOccurrences(of: "validator.isStrong(password) == false", with: "passwordField.becomeFirstResponder()")
        let feature = try #require(Self.plan(code).features.first)
        #expect(feature.modules.first?.interactorInputs.map(\.name) == ["performCredentialsValidation()", "performAuthentication()"])
        #expect(!feature.tasks.contains { $0.fix.contains("only forwards") })
    }

    /// Without a rule to choose on (the action runs both), each call stays its own use case.
    @Test func anActionRunningBothWithoutARuleKeepsTwoUseCases() throws {
        let code = Self.screen.replacingOccurrences(of: "if mustUpgradePasswordStrength() {", with: "do {")
            .replacingOccurrences(of: "            return\n", with: "")
        let inputs = try #require(Self.plan(code).features.first?.modules.first?.interactorInputs)
        #expect(inputs.map(\.name) == ["performCredentialsValidation()", "performAuthentication()"])
    }

    /// The chosen work is a service the Swift sources do not show (no finding, a move of its own):
    /// the same one use case, its labels from the calls.
    @Test func anActionChoosingBetweenOpaqueServiceCallsIsOneUseCase() throws {
        let code = Self.screen
            .replacingOccurrences(of: "let controller = AuthHandler()", with: """
                let controller: AuthCore
                    init(controller: AuthCore) { self.controller = controller; super.init(nibName: nil, bundle: nil) }
                    required init?(coder: NSCoder) { fatalError() }
                    override func viewDidLoad() { super.viewDidLoad(); emailField.text = UserDefaults.standard.string(forKey: "lastEmail") }
                """)
            .replacingOccurrences(of: "controller.validateWithCredentials(", with: "controller.validate(")
            .replacingOccurrences(of: "controller.loginWithCredentials(", with: "controller.login(")
        let feature = try #require(ViewCodeStaysTests.plan([("App/AuthViewController.swift", code)]).features.first)
        let inputs = try #require(feature.modules.first?.interactorInputs)
        #expect(inputs.map(\.name) == ["loadAuth()", "logInWithPassword(username:password:)"])
        #expect(inputs[1].detail.hasPrefix("service calls (`AuthCore.validate`, `AuthCore.login`)"), "\(inputs[1].detail)")
        #expect(feature.tasks.contains { $0.category == .I && $0.fix.contains("With `performAuthentication()` it becomes one use case named for `performLogInWithPassword()`") })
    }
}
