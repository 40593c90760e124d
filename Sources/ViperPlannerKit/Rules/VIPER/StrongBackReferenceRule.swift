struct StrongBackReferenceRule: Rule {
    static let description = RuleDescription(
        id: "strong-back-reference", name: "Strong back-reference between VIPER layers", family: nil, severity: .critical,
        problem: "A back-reference up the module (Presenter → view, Interactor → output, Router → view controller) is strong. The view owns the Presenter, which owns the Interactor: a strong pointer back closes the cycle and the whole module leaks every time the screen is shown.",
        fix: "Declare the back-reference `weak var` and type it with a class-bound protocol.",
        triggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                var ↓view: OrdersViewInput?
            }
            final class OrdersInteractor: OrdersInteractorInput {
                var ↓output: OrdersInteractorOutput?
            }
            final class OrdersRouter: OrdersRouterInput {
                var ↓viewController: UIViewController?
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                let interactor: OrdersInteractorInput
                let router: OrdersRouterInput
            }
            final class OrdersRouter: OrdersRouterInput {
                weak var viewController: UIViewController?
            }
            """),
            // Held strongly only until the module is first shown, then released on purpose.
            Example("""
            class ModuleRouter<HostViewController: UIViewController>: RouterInput {
                private weak var weakViewController: HostViewController?
                private var retainedViewController: HostViewController?
                init(host: HostViewController) { retainedViewController = host; weakViewController = host }
                var host: HostViewController {
                    defer { retainedViewController = nil }
                    return weakViewController!
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.types(withRole: .presenter) + context.types(withRole: .interactor) + context.types(withRole: .router) {
            // A strong reference the type releases itself (`x = nil` after first use) is deliberate.
            let released = Set(context.index.declarations(of: t).flatMap(\.decl.releasedProperties))
            for (path, property) in context.backReferences(of: t) where !property.isWeak && !property.isUnowned
                && !released.contains(property.name) {
                let name = context.index.types[t].name
                let type = property.typeName ?? "…"
                findings.append(Finding(
                    rule: Self.description, type: name, member: property.name, file: path, position: property.position,
                    message: "\(name).\(property.name) points back up the module strongly: the module never deallocates",
                    fix: "Declare `weak var \(property.name): \(type)?`" + (type.hasPrefix("UI") ? "." : " and make `\(type)` inherit from `AnyObject`."),
                    evidence: [context.evidence(path, property.position)], discriminator: property.name))
            }
        }
        return findings
    }
}
