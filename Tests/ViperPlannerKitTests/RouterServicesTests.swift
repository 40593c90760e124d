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

    /// Navigation to a screen the sources name and to one they do not are separate tasks: a
    /// grouped fix would claim the named route for both members.
    @Test func aRouteWithoutANamedDestinationIsNotGroupedWithANamedOne() throws {
        let code = """
        import UIKit
        final class HelpViewController: UIViewController {}
        final class PasswordViewController: UIViewController {
            func wrapped() -> UINavigationController { UINavigationController(rootViewController: self) }
        }
        final class ShareViewController: UIViewController {
            var password = ""
            func showHelp() { present(HelpViewController(), animated: true) }
            func requestPassword() {
                let passwordViewController = PasswordViewController()
                let navigation = passwordViewController.wrapped()
                present(navigation, animated: true)
            }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume() }
            func save() { UserDefaults.standard.set(password, forKey: "password") }
        }
        """
        let feature = try ExitsAndClaimsTests.feature(ExitsAndClaimsTests.plan(["Share/ShareViewController.swift": code]), "ShareViewController")
        let routing = feature.tasks.filter { $0.category == .R }
        #expect(routing.map(\.title) == ["Route the navigation in `showHelp()` through a Router", "Route the navigation in `requestPassword()` through a Router"], "\(routing.map(\.title))")
        #expect(routing.last?.fix.hasPrefix("Add a route named after the screen `requestPassword()` opens") == true, "\(routing.map(\.fix)) \(routing.map(\.routes))")
    }
}
