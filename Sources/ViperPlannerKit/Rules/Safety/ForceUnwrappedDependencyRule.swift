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
        let short = String(type.split(separator: ".").last ?? "")
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
                    findings.append(Finding(
                        rule: Self.description, type: owner, member: property.name, file: path, position: property.position,
                        message: "`\(property.name): \(type)!` of \(owner) must be set from outside; a caller that forgets it crashes",
                        fix: "Add `\(property.name): \(type)` to \(owner)'s initialiser and declare `let \(property.name): \(type)`.",
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
        estimate: { _, uses in
            let uses = uses()
            return [EstimatePart(2, "property becomes `let`"), EstimatePart(4, "initialiser parameter and assignment"),
                    EstimatePart(2, "call site of the initialiser"), EstimatePart(0, "\(uses) use\(uses == 1 ? "" : "s") unchanged")]
        },
        check: { _, member in "No `!` dependency: \(member) is a `let` set by the initialiser." })
}
