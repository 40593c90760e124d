struct PresenterBusinessLogicRule: Rule {
    static let description = RuleDescription(
        id: "presenter-business-logic", name: "Business rules in the Presenter", family: nil, severity: .high,
        problem: "The Presenter filters, sorts, validates or calculates on domain values. Those are use cases: in the Presenter they mix with display logic, get duplicated by the next screen that needs them, and are tested only through view expectations.",
        fix: "Move the rule into the Interactor (one use case, plain input and output); the Presenter only maps results to view models.",
        triggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                func didLoad(orders: [Order]) {
                    let paid = orders.↓filter { $0.isPaid }
                    let gross = ↓price * (1 + taxRate)
                    print(paid, gross)
                }
                func ↓isValidPromoCode(_ code: String) -> Bool { code.count == 6 }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                func didLoad(orders: [Order]) {
                    view?.show(rows: orders.map { OrderRowViewModel(title: $0.title, subtitle: "\\($0.itemCount) items") })
                }
            }
            """),
            // A method named for a check that only hands it to the interactor decides nothing.
            Example("""
            final class CartPresenter: CartPresenterProtocol {
                private let interactor: CartInteractorInput
                init(interactor: CartInteractorInput) { self.interactor = interactor }
                func validateCoupon(code: String) {
                    interactor.validateCoupon(code: code)
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        RoleFindings.byMember(context, role: .presenter, rule: Self.description, families: [.businessLogic]) { name, member, apis in
            (message: "\(name).\(member ?? "") decides domain outcomes in the Presenter: \(apis.joined(separator: ", "))",
             fix: "Move \(member.map { "`\($0)`" } ?? "this logic") into a use case of the module's Interactor and call it through `interactor`; keep only the mapping to view models here.")
        }
    }
}
