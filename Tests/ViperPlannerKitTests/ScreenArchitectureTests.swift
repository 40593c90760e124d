import Testing
@testable import ViperPlannerKit

/// Each screen's architecture comes from its wiring, is reported, and decides what the plan does.
struct ScreenArchitectureTests {
    static let sources: [(String, String)] = [
        // Clean Swift: view controller → Interactor → Presenter → (weak) view controller, assembled.
        ("Orders/OrdersViewController.swift", """
        protocol OrdersBusinessLogic { func load() }
        protocol OrdersPresentationLogic { func present() }
        protocol OrdersDisplayLogic: AnyObject {}
        final class OrdersViewController: UIViewController, OrdersDisplayLogic {
            var interactor: OrdersBusinessLogic?
            func reload() { interactor?.load() }
            func open() { navigationController?.pushViewController(UIViewController(), animated: true) }
        }
        final class OrdersInteractor: OrdersBusinessLogic {
            var presenter: OrdersPresentationLogic?
            func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
        }
        final class OrdersPresenter: OrdersPresentationLogic {
            weak var viewController: OrdersDisplayLogic?
            func present() {}
        }
        final class OrdersAssembly {}
        """),
        // MVVM: the screen keeps a view model class.
        ("Feed/FeedViewController.swift", """
        final class FeedViewModel { var items: [String] = [] }
        final class FeedViewController: UIViewController {
            let viewModel = FeedViewModel()
            var rows: [RowViewModel] = []
        }
        struct RowViewModel { var title: String }
        """),
        // MVVM through a generic base: the base keeps the view model its subclass names.
        ("Player/PlayerViewController.swift", """
        class BaseScreen<T: AnyObject, U: BaseModel<T>>: UIViewController { var viewModel: U! }
        class BaseModel<T: AnyObject> { weak var coordinator: T! }
        final class PlayerCoordinator {}
        final class PlayerViewModel: BaseModel<PlayerCoordinator> { func play() {} }
        final class PlayerViewController: BaseScreen<PlayerCoordinator, PlayerViewModel> {
            func tapped() { viewModel.play() }
        }
        """),
        // MVC: it does everything itself; a list of row values is no view model.
        ("Cart/CartViewController.swift", """
        final class CartViewController: UIViewController {
            var rows: [CartRowViewModel] = []
            func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
            func save() { UserDefaults.standard.set(1, forKey: "cart") }
        }
        final class CartRowViewModel {}
        """),
        // Half-way through a migration: an Interactor without a Presenter or an assembly yet.
        ("Invoices/InvoicesViewController.swift", """
        protocol InvoicesInteractorInput { func load() }
        final class InvoicesInteractor: InvoicesInteractorInput { func load() {} }
        final class InvoicesViewController: UIViewController {
            let interactor: InvoicesInteractorInput = InvoicesInteractor()
        }
        """),
    ]

    @Test func recognisedFromWiringAndReported() throws {
        let result = Auditor.audit(sources: Self.sources)
        let byName = Dictionary(uniqueKeysWithValues: result.typeReports().compactMap { r in r.architecture.map { (r.name, $0) } })
        #expect(byName == ["OrdersViewController": "Clean Swift (VIP)", "FeedViewController": "MVVM",
                           "CartViewController": "MVC", "InvoicesViewController": "MVC",
                           "PlayerViewController": "MVVM", "BaseScreen": "MVC"])
        #expect(result.architectureLine() == "3 MVC, 2 MVVM, 1 Clean Swift (VIP)")
        let text = Reporter.render(result, format: .text)
        #expect(text.contains("architecture: 3 MVC, 2 MVVM, 1 Clean Swift (VIP)\n"))
        #expect(Reporter.render(result, format: .json).contains("\"Clean Swift (VIP)\" : 1"))
    }

    @Test func modularScreensGetOnlyTheirViolationsAndNoNewLayers() {
        let result = Auditor.audit(sources: Self.sources)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        #expect(plan.architectures == "3 MVC, 2 MVVM, 1 Clean Swift (VIP)")
        let orders = plan.features.flatMap(\.tasks).filter { $0.file.hasPrefix("Orders/") }
        // The Clean Swift screen navigates itself by design, holds its Interactor by design, and is
        // never given a Router, a Presenter or a module again.
        #expect(orders.allSatisfy { ![.P, .R, .B, .T].contains($0.category) }, "\(orders.map(\.title))")
        #expect(!result.findings.contains { $0.rule == "view-bypasses-presenter" })
        // Even when it is large: no "assemble the module" PR waiting for layers that exist.
        var small = Configuration()
        small.thresholds.review = 3
        let large = Auditor.audit(sources: Self.sources, configuration: small)
        #expect(large.findings.contains { $0.rule == "vc-size" && $0.type == "OrdersViewController" })
        let sized = Planner.plan(large, configuration: small, date: "2026-01-01").features.flatMap(\.tasks)
        #expect(!sized.contains { $0.file.hasPrefix("Orders/") && $0.category == .B }, "\(sized.map(\.title))")
        let cart = plan.features.flatMap(\.tasks).filter { $0.file.hasPrefix("Cart/") }
        #expect(cart.contains { $0.category == .B }, "the MVC screen is migrated: \(cart.map(\.title))")
    }
}
