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
        ],
        nonTriggering: [
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
                init(product: Product) { self.product = product; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() { spinner = UIActivityIndicatorView(style: .medium) }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.classTypes {
            // Set by the class itself (in viewDidLoad, a setup method, init): not a dependency.
            let assignedByItself = Set(context.index.declarations(of: t).flatMap(\.decl.assignedProperties))
            for (path, decl) in context.index.declarations(of: t) {
                for property in decl.properties where property.isImplicitlyUnwrapped && !property.isIBOutlet
                    && !property.isLet && !property.isStatic && !property.isComputed && !property.isPrivate
                    && !property.isOverride && !property.hasInitializer && !assignedByItself.contains(property.name) {
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
