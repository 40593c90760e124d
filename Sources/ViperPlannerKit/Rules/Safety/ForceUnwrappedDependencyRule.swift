struct ForceUnwrappedDependencyRule: Rule {
    static let description = RuleDescription(
        id: "force-unwrapped-dependency", name: "Force-unwrapped dependency", family: nil, severity: .critical,
        problem: "A dependency (a service, an id, a model) is declared `var name: Type!` and must be set from outside after the object is created (the class never assigns it itself). The first caller that forgets it — a new deep link, a test, a refactored flow — crashes the app.",
        fix: "Pass it to the initialiser (constructor injection) and store it as a `let`.",
        triggering: [
            Example("""
            class ProductViewController: UIViewController {
                var ↓product: Product!
                var ↓service: ProductService!
                @IBOutlet var titleLabel: UILabel!
            }
            """),
            // A storyboard-created screen: the Fix is a factory that sets it after instantiation.
            Example("""
            final class OrderViewController: UIViewController {
                var ↓dataManager: DataManager!
            }
            """, support: ["Flow.swift": """
            final class Flow {
                func showOrder(from nav: UINavigationController) {
                    let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Order") as! OrderViewController
                    vc.dataManager = DataManager()
                    nav.pushViewController(vc, animated: true)
                }
            }
            final class DataManager {}
            """]),
            // A screen no code creates (it has outlets, a storyboard segue shows it) is a storyboard screen too.
            Example("""
            final class EditAccountViewController: UIViewController {
                @IBOutlet weak var nameField: UITextField!
                var ↓account: User!
                override func viewDidLoad() { super.viewDidLoad(); nameField.text = account.name }
            }
            """),
            // A Presenter's Interactor and Router can be passed to its initialiser by the builder;
            // its view is the wiring (set after both exist).
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput!
                var ↓interactor: OrdersInteractorInput!
                var ↓router: OrdersRouterInput!
            }
            """, support: ["OrdersContract.swift": """
            protocol OrdersPresenterInput: AnyObject {}
            protocol OrdersViewInput: AnyObject {}
            protocol OrdersInteractorInput: AnyObject {}
            protocol OrdersRouterInput: AnyObject {}
            final class OrdersInteractor: OrdersInteractorInput {}
            final class OrdersRouter: OrdersRouterInput {}
            """]),
        ],
        nonTriggering: [
            // Views and constraints a layout factory fills in are outlets in all but name.
            Example("""
            final class HomeFlowCoordinator {
                var toolbar: UIToolbar!
                var toolbarHeight: NSLayoutConstraint!
                var logoContainer: LogoContainerView!
                var omniBar: AddressBar!
            }
            final class AddressBar: UIStackView {}
            """),
            Example("""
            class ProductViewController: UIViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBOutlet var priceLabel: UILabel!
                private var dataTask: URLSessionDataTask!
                fileprivate var fontButtons: [UIButton]!
                var spinner: UIActivityIndicatorView!
                override var tintColor: UIColor! { didSet { render() } }
                let product: Product
                var service: ProductService?
                weak var coordinatorDelegate: FlowDelegate!
                var presenter: LoginPresenterInterface!
                init(product: Product) { self.product = product; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() { spinner = UIActivityIndicatorView(style: .medium) }
            }
            """),
        ])

    /// Views and constraints filled in by a layout factory are outlets in all but name, and the
    /// VIPER view ↔ presenter cycle can only be wired by a property: neither is a dependency.
    static func isViewOrWiring(_ type: String, _ context: RuleContext) -> Bool {
        if type.hasPrefix("UI") || type.hasPrefix("NSLayout") || type.hasSuffix("View") || type.hasSuffix("ViewController") {
            return true
        }
        if RoleClassifier.roleProtocolMarkers.contains(where: { type.hasSuffix($0.0) }) { return true }
        // The app's own views (`AddressBar: UIView`) are views too.
        if let t = context.index.resolve(type), context.index.types[t].superclassChain.last?.hasPrefix("UI") == true,
           !context.index.types[t].isViewController { return true }
        if let t = context.index.resolve(type), [.presenter, .interactor, .router].contains(context.index.types[t].role) { return true }
        return ["Presenter", "PresenterInterface", "Interactor", "Wireframe", "Router"].contains(where: type.hasSuffix)
    }

    /// A Presenter's Interactor and Router are its dependencies, not wiring: the builder creates them
    /// before the Presenter and can pass them to its initialiser.
    static func isPresenterDependency(owner: Int, _ type: String, _ context: RuleContext) -> Bool {
        guard context.index.types[owner].role == .presenter else { return false }
        if let t = context.index.resolve(type), [.interactor, .router].contains(context.index.types[t].role) { return true }
        let short = String(lastPart(type) ?? "")
        return ["Interactor", "InteractorInput", "InteractorProtocol", "InteractorInterface", "BusinessLogic",
                "Router", "RouterInput", "RouterProtocol", "RoutingLogic", "Wireframe", "WireframeProtocol"].contains { short.hasSuffix($0) }
    }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.classTypes {
            // Set by the class itself (in viewDidLoad, a setup method, init): not a dependency.
            let assignedByItself = Set(context.index.declarations(of: t).flatMap(\.decl.assignedProperties))
            for (path, decl) in context.index.declarations(of: t) {
                for property in decl.properties where property.isImplicitlyUnwrapped && !property.isIBOutlet
                    && !property.isLet && !property.isStatic && !property.isComputed && !property.isPrivate
                    && !property.isOverride && !property.hasInitializer && !assignedByItself.contains(property.name)
                    && !property.isWeak && (Self.isPresenterDependency(owner: t, property.typeName ?? "", context)
                                            || !Self.isViewOrWiring(property.typeName ?? "", context)) {
                    let owner = context.index.types[t].name
                    let type = property.typeName ?? "…"
                    // A screen a storyboard creates has no initialiser of ours: a factory sets the
                    // dependency right after instantiation, and every creation site goes through it.
                    let storyboard = context.index.types[t].isViewController && context.index.screenKind(of: t) != .code
                    let sites = storyboard ? context.index.creationSites(of: t).count : 0
                    let fix = storyboard
                        ? "\(owner) is created from a storyboard: add `static func make(\(property.name): \(type)) -> \(owner)` that instantiates it and sets `\(property.name)` before returning, make the property `private(set)`, and " + (sites == 0
                            ? "have the route that replaces the storyboard segue leading to \(owner) call it (no code creates \(owner) today)."
                            : "switch the \(sites) place\(sites == 1 ? " that creates" : "s that create") \(owner) to the factory.")
                        : "Add `\(property.name): \(type)` to \(owner)'s initialiser and declare `let \(property.name): \(type)`."
                    findings.append(Finding(
                        rule: Self.description, type: owner, member: property.name, file: path, position: property.position,
                        message: "`\(property.name): \(type)!` of \(owner) must be set from outside; a caller that forgets it crashes",
                        fix: fix,
                        evidence: [Evidence(file: path, line: property.position.line, column: property.position.column)],
                        discriminator: property.name))
                }
            }
        }
        return findings
    }
}

extension ForceUnwrappedDependencyRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Force-unwrapped dependency \(member ?? "") in \(type)" },
        estimate: { finding, uses in
            let uses = uses()
            // The storyboard form of the fix (its wording above) names how many creation sites switch.
            if let range = finding.fix.range(of: "and switch the ") {
                let sites = Int(finding.fix[range.upperBound...].prefix { $0.isNumber }) ?? 1
                return [EstimatePart(7, "`make(…)` factory: instantiate, set, return"), EstimatePart(1, "property becomes `private(set)`"),
                        EstimatePart(2 * sites, "\(sites) creation site\(sites == 1 ? "" : "s") switched to the factory"),
                        EstimatePart(0, "\(uses) use\(uses == 1 ? "" : "s") unchanged")]
            }
            return [EstimatePart(2, "property becomes `let`"), EstimatePart(4, "initialiser parameter and assignment"),
                    EstimatePart(2, "call site of the initialiser"), EstimatePart(0, "\(uses) use\(uses == 1 ? "" : "s") unchanged")]
        },
        check: { task, member in
            task.fix.contains("static func make(") ? "No `!` dependency: \(member) is set by the factory, the only way the screen is created."
                : "No `!` dependency: \(member) is a `let` set by the initialiser."
        })
}
