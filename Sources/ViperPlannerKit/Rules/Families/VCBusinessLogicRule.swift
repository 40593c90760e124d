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
            // Unit conversions, range checks, regexes and matching domain values against each other.
            Example("""
            class ProfileViewController: UIViewController {
                var ingredients: [String] = []
                var allergens: Set<String> = []
                func heightInInches(_ cm: Double) -> Double { ↓cm / 2.54 }
                func distanceInMetres(_ km: Double) -> Double { ↓km * 1000 }
                func pounds(_ kilograms: Double) -> Double { ↓kilograms * 2.2046 }
                func fahrenheit(_ c: Double) -> Double { ↓c * 9 / 5 + 32 }
                func stones(_ weightKg: Double) -> Double { ↓weightKg * 0.157473 }
                func miles(_ km: Double) -> Double { Measurement(value: km, unit: UnitLength.kilometers).↓converted(to: .miles).value }
                func isPlausibleAge(_ age: Int) -> Bool { (1...120).↓contains(age) }
                func accepts(_ value: Int, min: Int, max: Int) -> Bool {
                    guard ↓value >= min && value <= max else { return false }
                    return true
                }
                func isPostcode(_ text: String) -> Bool { text.↓wholeMatch(of: /[0-9]{5}/) != nil }
                func hasCode(_ text: String) -> Bool { text.contains(↓#/[A-Z]{3}-[0-9]+/#) }
                func isEmail(_ text: String) -> Bool { text.↓range(of: "^.+@.+$", options: .regularExpression) != nil }
                func wordPattern() -> NSRegularExpression? { try? ↓NSRegularExpression(pattern: "[a-z]+") }
                func hasAllergen() -> Bool { ingredients.↓contains { allergens.contains($0) } }
                func blocked(_ tags: Set<String>) -> Set<String> { tags.↓intersection(allergens) }
            }
            """),
            // Form input checked against the app's rules, the failure told to the user.
            Example("""
            class SignUpViewController: UIViewController {
                @IBOutlet var email: UITextField!
                @IBOutlet var age: UITextField!
                @IBAction func signUp(_ sender: UIButton) {
                    ↓guard let email = email.text, !email.isEmpty, email.isValidEmail else {
                        showAlert("Enter a valid email address")
                        return
                    }
                    ↓if Int(age.text ?? "") ?? 0 < 18 {
                        present(UIAlertController(title: "Too young", message: nil, preferredStyle: .alert), animated: true)
                        return
                    }
                    submit(email)
                }
            }
            """),
        ],
        nonTriggering: [
            // Unwrapping, geometry checks and silent early exits validate nothing the user typed.
            Example("""
            class SignUpViewController: UIViewController {
                func layout(items: [String]) {
                    guard let window = view.window else { showAlert("No window"); return }
                    guard scrollView.contentOffset.y > 0 else { showError("scrolled"); return }
                    guard !items.isEmpty else { return }
                    if items.count > 10 { Logger.module.error("too many items"); return }
                    let errors = validateForm()
                    guard errors.isEmpty else { showAlert(errors.description); return }
                    if items.count > 3 { tableView.reloadData() }
                    print(window)
                }
            }
            """),
            // Layout, animation and index arithmetic is the view's own business.
            Example("""
            class GalleryViewController: UIViewController {
                var thumbnails: [UIImageView] = []
                func layout() {
                    let itemWidth = view.bounds.width / 3
                    let delay = Double(thumbnails.count) * 0.05
                    UIView.animate(withDuration: 0.25, delay: delay) { self.view.alpha = 1 }
                    let visible = view.frame.intersection(scrollView.frame)
                    let inRange = scrollView.contentOffset.y >= 0 && scrollView.contentOffset.y < 1000
                    let shown = (0..<thumbnails.count).contains(3)
                    let kilobytes = imageData.count / 1024
                    let keyboard = keyboardFrame.intersection(view.convert(view.bounds, to: nil))
                    let fling = initialVelocity / 1000.0 * decelerationRate
                    let eased = progress * 0.35
                    let needsReload = changedKeys.contains { changes[$0]?.contains(.badge) == true }
                    print(itemWidth, visible, inRange, shown, kilobytes, keyboard, fling, eased, needsReload)
                }
            }
            """),
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
