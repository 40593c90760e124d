import Testing
@testable import ViperPlannerKit

/// A service the screen holds and hands the screen it opens (`LoginViewController(handler:mode:)`)
/// is no data of the route: the presenter has no such service to pass. The router holds it, from
/// the builder, and the route takes only the data.
struct RouterServicesTests {
    @Test func aServiceHandedToTheDestinationIsTheRoutersOwn() throws {
        let code = """
        import UIKit
        final class AuthHandler {
            func logIn(email: String) { RemoteAuthenticator.shared.fetchToken(email: email) }
        }
        final class LoginViewController: UIViewController {
            let handler: AuthHandler
            let mode: Int
            init(handler: AuthHandler, mode: Int) {
                self.handler = handler
                self.mode = mode
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
            func logIn() { handler.logIn(email: "someone@example.com") }
            func showNextStep() {
                let next = LoginViewController(handler: handler, mode: mode + 1)
                navigationController?.pushViewController(next, animated: true)
            }
        }
        """
        let feature = try ExitsAndClaimsTests.feature(ExitsAndClaimsTests.plan(["Auth/LoginViewController.swift": code]), "LoginViewController")
        let module = try #require(feature.modules.first { $0.viewController == "LoginViewController" })
        #expect(module.routes.map(\.name) == ["showLogin(mode:)"], "\(module.routes.map(\.name))")
        #expect(module.routes.first?.detail == "builds `LoginViewController`; takes what the screen hands `LoginViewController(mode:)` today; the router holds `handler` (`AuthHandler`), which the builder hands it as it hands the interactor its services, so the presenter passes no service", "\(module.routes.first?.detail ?? "")")
    }
}
