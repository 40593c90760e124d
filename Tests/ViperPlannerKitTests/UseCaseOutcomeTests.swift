import Foundation
import Testing
@testable import ViperPlannerKit

/// A use case's result names what the screen does with it today: the screen's members its
/// completion runs, or those after an awaited call and in its `catch` clauses. Members returning a
/// value (part of the result) and data work other use cases move are no outcomes.
struct UseCaseOutcomeTests {
    static let screen = """
    import UIKit
    final class LoginViewController: UIViewController {
        let auth = AuthClient()
        var email = ""
        @IBAction func sendCode() {
            auth.requestCode(email: email) { [weak self] error in
                guard let self else { return }
                if let error { self.showError(error) } else { self.showCodeEntry() }
                self.unlockInterface()
                _ = self.normalized(self.email)
            }
            lockInterface()
        }
        @IBAction func verify() {
            Task { await verifyAsync() }
        }
        func verifyAsync() async {
            do {
                try await auth.verifyCode(email: email, code: "1")
                showWelcome()
            } catch AuthError.tooManyAttempts {
                showRateLimited(retry: { self.title = "Retry" })
                save()
                handleContinue()
            } catch {
                showError(error)
            }
        }
        func showError(_ error: Error) { present(UIAlertController(title: "\\(error)", message: nil, preferredStyle: .alert), animated: true) }
        func showCodeEntry() { title = "Code" }
        func showWelcome() { title = "Welcome" }
        func showRateLimited(retry: @escaping () -> Void) { title = "Later" }
        func handleContinue() { title = "Go on" }
        func save() { title = "Saved" }
        func lockInterface() { view.isUserInteractionEnabled = false }
        func unlockInterface() { view.isUserInteractionEnabled = true }
        func normalized(_ s: String) -> String { s.lowercased() }
    }
    """

    static let client = """
    import Foundation
    enum AuthError: Error { case tooManyAttempts }
    final class AuthClient {
        func requestCode(email: String, completion: @escaping (Error?) -> Void) {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/\\(email)")!) { _, _, error in completion(error) }.resume()
        }
        func verifyCode(email: String, code: String) async throws {
            _ = try await URLSession.shared.data(from: URL(string: "https://example.com/\\(email)/\\(code)")!)
        }
    }
    """

    @Test func aUseCasesResultNamesWhatHandlesItToday() throws {
        let result = Auditor.audit(sources: [("App/Login/LoginViewController.swift", Self.screen), ("App/Services/AuthClient.swift", Self.client)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.flatMap(\.modules).first { $0.viewController == "LoginViewController" })
        let details = Dictionary(module.interactorInputs.map { ($0.name, $0.detail) }, uniquingKeysWith: { a, _ in a })
        let request = try #require(details["requestCode(email:)"], "\(details.keys.sorted())")
        #expect(request.contains("; what handles its result today calls `showError(_:)`, `showCodeEntry()` and `unlockInterface()`: `LoginRequestCodeResult` tells these outcomes apart (`enum LoginRequestCodeResult { case failed(Error); case codeEntry }`), and the view calls them from the presenter's output"), "\(request)")
        let verify = try #require(details["verifyAsync()"], "\(details)")
        #expect(verify.contains("; what handles its result today calls `showWelcome()`, `showRateLimited(retry:)`, `save()`, `handleContinue()` and 1 more: `LoginVerifyAsyncResult` tells these outcomes apart (`enum LoginVerifyAsyncResult { case welcome; case rateLimited; case `continue`; case failed(Error) }`)"), "\(verify)")
    }
}

extension UseCaseOutcomeTests {
    /// A result whose only outcome is a failure has a success case too, and one whose handlers are
    /// only busy state and follow-up work has no result enum at all: no enum of one case, or none.
    @Test func aFailureAloneIsSuccessOrFailureAndBusyStateAloneIsNoOutcome() throws {
        let screen = """
        import UIKit
        final class ResendViewController: UIViewController {
            let auth = AuthClient()
            var email = ""
            @IBAction func resend() {
                lockInterface()
                auth.requestCode(email: email) { error in
                    if let error { self.showError(error) }
                    self.unlockInterface()
                }
            }
            @IBAction func ping() {
                lockInterface()
                auth.ping(email: email) { _ in
                    self.unlockInterface()
                    self.trackPing()
                }
            }
            func showError(_ error: Error) { present(UIAlertController(title: "\\(error)", message: nil, preferredStyle: .alert), animated: true) }
            func trackPing() { title = "Pinged" }
            func lockInterface() { view.isUserInteractionEnabled = false }
            func unlockInterface() { view.isUserInteractionEnabled = true }
        }
        """
        let client = Self.client.replacingOccurrences(of: "    func verifyCode", with: """
            func ping(email: String, completion: @escaping (Error?) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/ping")!) { _, _, error in completion(error) }.resume()
            }
            func verifyCode
        """)
        let result = Auditor.audit(sources: [("App/Resend/ResendViewController.swift", screen), ("App/Services/AuthClient.swift", client)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.flatMap(\.modules).first { $0.viewController == "ResendViewController" })
        let details = module.interactorInputs.map(\.detail)
        #expect(details.contains { $0.contains("; what handles its result today calls `showError(_:)` and `unlockInterface()`: `ResendRequestCodeResult` tells these outcomes apart (`enum ResendRequestCodeResult { case succeeded; case failed(Error) }`)") }, "\(details)")
        #expect(details.contains { $0.contains("; what handles its result today calls `unlockInterface()` and `trackPing()`, none of them an outcome the view shows (busy state, follow-up work): the use case answers with no result to tell apart") }, "\(details)")
    }
}

extension UseCaseOutcomeTests {
    /// A task over several members says the analytics they record once, all calls in one list.
    @Test func aGroupedTaskSaysItsAnalyticsOnce() {
        let sentences = ["Move each call into the interactor.",
                         ModulePlanner.analyticsSentence(["`Tracker.trackSent`"], into: "Interactor"),
                         "Another step.",
                         ModulePlanner.analyticsSentence(["`Tracker.trackVerified`", "`Tracker.trackSent`"], into: "Interactor")]
        #expect(ModulePlanner.mergingAnalytics(sentences) == [
            "Move each call into the interactor.",
            "The code it moves records analytics (`Tracker.trackSent` and `Tracker.trackVerified`): each event moves with the code that triggers it into the Interactor, which records it where it records it today, never from the view's output: the output is held weakly, and once the work has closed the screen nothing would record it.",
            "Another step.",
        ])
        #expect(ModulePlanner.mergingAnalytics(Array(sentences.prefix(3))) == Array(sentences.prefix(3)))
    }
}
