struct PresenterNavigationRule: Rule {
    static let description = RuleDescription(
        id: "presenter-navigation", name: "Presenter navigates instead of the Router", family: nil, severity: .high,
        problem: "The Presenter pushes, presents or performs segues itself. It needs UIKit and a view controller to do so, the flow cannot be changed without touching display logic, and the Router the module was meant to have is bypassed.",
        fix: "Give the Router a method for the destination and call it from the Presenter.",
        triggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var viewController: UIViewController?
                func didSelect(_ order: Order) {
                    viewController?.navigationController?.↓pushViewController(OrderDetailViewController(order: order), animated: true)
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                let router: OrdersRouterInput
                func didSelect(_ order: Order) { router.showDetail(for: order.id) }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        // A SwiftUI-style Presenter navigating by call is `imperative-navigation`'s finding (its
        // fix is route state, not a Router method).
        let swiftUIPresenters = Set(context.swiftUIStyleTypes([.presenter]).map { context.index.types[$0].name })
        return RoleFindings.byMember(context, role: .presenter, rule: Self.description, families: [.navigation]) { name, member, apis in
            (message: "\(name).\(member ?? "") navigates itself (\(apis.joined(separator: ", "))) instead of asking the Router",
             fix: "Add a route method to the module's Router (e.g. `showDetail(for:)`), move the \(apis.joined(separator: "/")) code there, and call `router` from \(member.map { "`\($0)`" } ?? "the Presenter").")
        }.filter { !swiftUIPresenters.contains($0.type) }
    }
}
