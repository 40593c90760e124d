struct VCBusinessLogicRule: Rule {
    static let description = RuleDescription(
        id: "vc-business-logic", name: "View controller decides domain outcomes", family: .businessLogic, severity: .high,
        problem: "The view controller decodes data, validates input, filters or sorts the model collections it stores, or does price and tax arithmetic. These are the app's rules; inside a view controller they can only be tested through the UI, and they get copied to the next screen that needs them.",
        fix: "Move each rule into an Interactor use case with plain inputs and outputs, covered by unit tests.",
        triggering: [
            Example("""
            class CartViewController: UIViewController {
                var items: [CartItem] = []
                func parse(_ data: Data) { items = (try? ↓JSONDecoder().decode([CartItem].self, from: data)) ?? [] }
                func visible() -> [CartItem] { items.↓filter { $0.quantity > 0 }.sorted { $0.name < $1.name } }
                func total(price: Double, taxRate: Double) -> Double { ↓price * (1 + taxRate) }
                func ↓isValidCoupon(_ code: String) -> Bool {
                    ↓NSPredicate(format: "SELF MATCHES %@", "[A-Z]{6}").evaluate(with: code)
                }
            }
            """),
        ],
        nonTriggering: [
            // A fetch request's predicate is a query (vc-persistence reports it), not a business rule.
            Example("""
            class OrdersViewController: UIViewController {
                func load() {
                    let request = NSFetchRequest<Order>(entityName: "Order")
                    request.predicate = NSPredicate(format: "paid == YES")
                }
            }
            """),
            // Sorting a local array or a UI collection is not domain logic.
            Example("""
            class CartViewController: UIViewController {
                @IBOutlet var buttons: [UIButton]!
                func layout() {
                    let visible = buttons.filter { !$0.isHidden }
                    let names = ["b", "a"].sorted()
                    print(visible, names)
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        FamilyFindings.make(.businessLogic, rule: Self.description, context: context) { prefix, member, _ in
            "Move the rules in \(FamilyFindings.memberText(member)) into a use case of `\(prefix)Interactor` (plain input, plain output) and cover it with unit tests; the view controller calls the use case through `interactor`."
        }
    }
}

extension VCBusinessLogicRule {
    static let planning = RulePlanning(
        category: .I, concern: "interactor", word: "business logic",
        title: { type, member in "Move the rules in \(member ?? type) into the Interactor" })
}
