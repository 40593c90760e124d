import Testing
@testable import ViperPlannerKit

/// Roles come from structure, not names alone.
struct RoleTests {
    static func roles(_ sources: [(String, String)]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Auditor.audit(sources: sources).typeReports().map { ($0.name, $0.role) })
    }

    @Test func aModuleIsCoLocatedTypesSharingAPrefix() {
        let roles = Self.roles([
            ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}"),
            ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}"),
            ("Orders/OrdersRouter.swift", "final class OrdersRouter {}"),
            ("Orders/OrdersModule.swift", "enum OrdersModule { static func build() {} }"),
            ("Orders/OrdersViewController.swift", "final class OrdersViewController: UIViewController {}"),
            ("Orders/Order.swift", "struct Order {}"),
        ])
        #expect(roles == ["OrdersPresenter": "presenter", "OrdersInteractor": "interactor", "OrdersRouter": "router",
                          "OrdersModule": "builder", "OrdersViewController": "viewController"])
    }

    @Test func roleProtocolsMakeRolesWithoutSiblings() {
        let roles = Self.roles([("A.swift", """
            final class CartPresenter: CartPresenterInput, CartInteractorOutput {}
            final class ProfileLogic: ProfileBusinessLogic {}
            final class SettingsWireframe: SettingsWireframeInterface {}
            """)])
        #expect(roles["CartPresenter"] == "presenter")
        #expect(roles["ProfileLogic"] == "interactor")
        #expect(roles["SettingsWireframe"] == "router")
    }

    @Test func lookAlikesAreNotRoles() {
        let roles = Self.roles([
            ("Support/FeedbackPresenter.swift", "import UIKit\nfinal class FeedbackPresenter: NSObject { func show() {} }"),
            ("Support/SwipeInteractor.swift", "final class SwipeInteractor: UIPercentDrivenInteractiveTransition {}"),
            ("Support/NavigationRouter.swift", "final class NavigationRouter { func push() {} }"),
            ("Support/DataController.swift", "final class DataController {}"),
        ])
        #expect(roles == ["FeedbackPresenter": "other", "SwipeInteractor": "other", "NavigationRouter": "other",
                          "DataController": "other"])
    }

    @Test func samplesGetTheirRoles() throws {
        let half = try SampleGoldenTests.audit("VIPERModules/HalfMigrated").typeReports()
        #expect(Dictionary(uniqueKeysWithValues: half.map { ($0.name, $0.role) }) == [
            "OrdersBuilder": "builder", "OrdersInteractor": "interactor", "OrdersPresenter": "presenter",
            "OrdersRouter": "router", "OrdersViewController": "viewController"])
        let traps = try SampleGoldenTests.audit("PrecisionTraps").typeReports()
        #expect(traps.filter { !["other", "viewController"].contains($0.role) }.isEmpty,
                "\(traps.map { "\($0.name)=\($0.role)" })")
    }
}

struct RouteNameTests {
    @Test func routesAreNamedFromDestinations() {
        #expect(VCNavigationRule.routeName("ProductDetailViewController") == "showProductDetail")
        #expect(VCNavigationRule.routeName("showCart") == "showCart")
        #expect(VCNavigationRule.routeName("ShowCart") == "showCart")
        #expect(VCNavigationRule.routeName("INUIAddVoiceShortcutViewController") == "showAddVoiceShortcut")
        #expect(VCNavigationRule.routeName("CASViewController") == "showCAS")
        #expect(VCNavigationRule.routeName("article") == "showArticle")
        #expect(VCNavigationRule.routeName("checkoutSegue") == "showCheckout")
    }
}
