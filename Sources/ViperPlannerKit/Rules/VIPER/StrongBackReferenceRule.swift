struct StrongBackReferenceRule: Rule {
    static let description = RuleDescription(
        id: "strong-back-reference", name: "Strong back-reference between VIPER layers", family: nil, severity: .critical,
        problem: "A back-reference up the module (Presenter → view, Interactor → output, Router → view controller) is strong, and what it points at holds this object: in VIPER the view owns the Presenter, which owns the Interactor and the Router, so a strong pointer back closes the cycle and the whole module leaks every time the screen is shown. Reported only when the module's own stored properties close the cycle: in Clean Swift the Interactor owns the Presenter, and its `presenter` is the forward edge.",
        fix: "Declare the back-reference `weak var` and type it with a class-bound protocol.",
        triggering: [
            Example("""
            protocol OrdersViewInput: AnyObject {}
            protocol OrdersPresenterInput: AnyObject {}
            protocol OrdersInteractorOutput {}
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var ↓presenter: OrdersPresenterInput!
            }
            final class OrdersPresenter: OrdersPresenterInput, OrdersInteractorOutput {
                var ↓view: OrdersViewInput?
                var ↓interactor: OrdersInteractor!
            }
            final class OrdersInteractor {
                var ↓output: OrdersInteractorOutput?
            }
            """, fix: nil),
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
            // Clean Swift: the view controller owns the Interactor, the Interactor owns the Presenter,
            // and the Presenter holds the view controller weakly. The Interactor's `presenter` is
            // the forward edge; no cycle.
            Example("""
            protocol ListDisplayLogic: AnyObject { func display(_ rows: [String]) }
            protocol ListBusinessLogic { func load() }
            protocol ListPresentationLogic { func present(_ items: [Int]) }
            final class ListViewController: UIViewController, ListDisplayLogic {
                var interactor: ListBusinessLogic?
                func display(_ rows: [String]) {}
            }
            final class ListInteractor: ListBusinessLogic {
                var presenter: ListPresentationLogic?
                func load() {}
            }
            final class ListPresenter: ListPresentationLogic {
                weak var viewController: ListDisplayLogic?
                func present(_ items: [Int]) {}
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
                guard let cycle = context.references.cycle(closedBy: property, of: t, in: path, context.index) else { continue }
                let name = context.index.types[t].name
                findings.append(Finding(
                    rule: Self.description, type: name, member: property.name, file: path, position: property.position,
                    message: "\(name).\(property.name) points back up the module strongly and closes a retain cycle: \(StrongReferences.describe(cycle, context.index))",
                    fix: context.weakFix(property.name, type: property.typeName ?? "AnyObject", near: path),
                    evidence: context.cycleEvidence(cycle), discriminator: property.name))
            }
        }
        return findings
    }
}

extension StrongBackReferenceRule {
    static var rewrite: RuleRewrite? { WeakPropertyRewrite.rewrite }

    static var corrections: [Correction] {
        [
            Correction("""
            protocol OrdersViewInput: AnyObject {}
            protocol OrdersPresenterInput: AnyObject {}
            protocol OrdersInteractorOutput {}
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var presenter: OrdersPresenterInput!
            }
            final class OrdersPresenter: OrdersPresenterInput, OrdersInteractorOutput {
                var view: OrdersViewInput?
                var interactor: OrdersInteractor!
            }
            final class OrdersInteractor {
                private var output: OrdersInteractorOutput?
            }
            """, """
            protocol OrdersViewInput: AnyObject {}
            protocol OrdersPresenterInput: AnyObject {}
            protocol OrdersInteractorOutput: AnyObject {}
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var presenter: OrdersPresenterInput!
            }
            final class OrdersPresenter: OrdersPresenterInput, OrdersInteractorOutput {
                weak var view: OrdersViewInput?
                var interactor: OrdersInteractor!
            }
            final class OrdersInteractor {
                private weak var output: OrdersInteractorOutput?
            }
            """),
        ]
    }
}
