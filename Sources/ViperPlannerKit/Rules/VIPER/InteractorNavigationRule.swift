struct InteractorNavigationRule: Rule {
    static let description = RuleDescription(
        id: "interactor-navigation", name: "Interactor navigates", family: nil, severity: .high,
        problem: "The Interactor pushes or presents screens. Use cases then depend on UIKit and on where they are called from, and cannot be reused or tested without a view hierarchy.",
        fix: "Return the outcome to the Presenter through the output protocol; the Presenter asks the Router to navigate.",
        triggering: [
            Example("""
            final class CheckoutInteractor: CheckoutInteractorInput {
                weak var hostViewController: UIViewController?
                func completeOrder() {
                    hostViewController?.↓present(ReceiptViewController(), animated: true)
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class CheckoutInteractor: CheckoutInteractorInput {
                weak var output: CheckoutInteractorOutput?
                func completeOrder() { output?.didCompleteOrder() }
            }
            """),
            // A transition "interactor" is UIKit machinery, not a VIPER role.
            Example("""
            final class SwipeBackInteractor: UIPercentDrivenInteractiveTransition {
                weak var navigationController: UINavigationController?
                func handle() { navigationController?.pushViewController(UIViewController(), animated: true) }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        RoleFindings.byMember(context, role: .interactor, rule: Self.description, families: [.navigation]) { name, member, apis in
            (message: "\(name).\(member ?? "") navigates (\(apis.joined(separator: ", "))) from the Interactor",
             fix: "Report the outcome through the Interactor's output (e.g. `output?.didComplete…()`); the Presenter then calls the Router.")
        }
    }
}
