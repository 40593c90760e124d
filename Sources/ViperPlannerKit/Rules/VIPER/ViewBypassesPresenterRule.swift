struct ViewBypassesPresenterRule: Rule {
    static let description = RuleDescription(
        id: "view-bypasses-presenter", name: "View talks to the Interactor or Router", family: nil, severity: .high,
        problem: "A module's view controller holds or calls its Interactor or Router directly. The Presenter no longer sees every user action, so state and navigation decisions split between two places and the view needs the module's internals to be tested.",
        fix: "Send every user action to the Presenter; only the Presenter talks to the Interactor and the Router.",
        triggering: [
            Example("""
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var presenter: OrdersPresenterInput?
                var ↓interactor: OrdersInteractor?
                func reload() { interactor?.↓loadOrders() }
            }
            """, support: ["Orders.swift": """
            final class OrdersInteractor: OrdersInteractorInput { func loadOrders() {} }
            final class OrdersPresenter: OrdersPresenterInput {}
            """]),
        ],
        nonTriggering: [
            // Clean Swift: the view controller → Interactor → Presenter → (weak) view controller,
            // wired by the module's assembly.
            Example("""
            final class OrdersViewController: UIViewController, OrdersDisplayLogic {
                var interactor: OrdersBusinessLogic?
                func reload() { interactor?.loadOrders() }
            }
            """, support: ["Orders.swift": """
            protocol OrdersBusinessLogic { func loadOrders() }
            protocol OrdersPresentationLogic { func present() }
            protocol OrdersDisplayLogic: AnyObject {}
            final class OrdersInteractor: OrdersBusinessLogic {
                var presenter: OrdersPresentationLogic?
                func loadOrders() {}
            }
            final class OrdersPresenter: OrdersPresentationLogic {
                weak var viewController: OrdersDisplayLogic?
                func present() {}
            }
            final class OrdersAssembly {}
            """]),
            // Mid-migration: the Interactor exists, the Presenter not yet.
            Example("""
            final class OrdersViewController: UIViewController {
                lazy var interactor: OrdersInteractorInput = OrdersInteractor()
                func reload() { interactor.loadOrders() }
            }
            """, support: ["OrdersInteractor.swift": """
            protocol OrdersInteractorInput { func loadOrders() }
            final class OrdersInteractor: OrdersInteractorInput { func loadOrders() {} }
            """]),
            Example("""
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var presenter: OrdersPresenterInput?
                func reload() { presenter?.didPullToRefresh() }
            }
            """, support: ["Orders.swift": """
            final class OrdersInteractor: OrdersInteractorInput { func loadOrders() {} }
            final class OrdersPresenter: OrdersPresenterInput { func didPullToRefresh() {} }
            """]),
        ])

    static func isBypassTarget(_ typeName: String, _ context: RuleContext) -> Bool {
        if let t = context.index.resolve(typeName), [.interactor, .router].contains(context.index.types[t].role) { return true }
        let short = String(lastPart(typeName) ?? "")
        return ["Interactor", "InteractorInput", "InteractorProtocol", "Router", "RouterInput", "RouterProtocol", "Wireframe"]
            .contains { short.hasSuffix($0) }
    }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.types(withRole: .viewController) {
            let siblings = context.moduleSiblings(of: t)
            // Without a Presenter there is nothing to go through: a view controller holding the
            // Interactor it just got is the step of a migration before the Presenter exists.
            guard siblings.contains(where: { context.index.types[$0].role == .presenter }) else { continue }
            // In Clean Swift the view controller owns the Interactor and sends it every action: the
            // Presenter sits behind the Interactor, so this is the module's design, not a bypass.
            guard ScreenArchitecture.of(t, context.index) != .vip else { continue }
            let decls = context.index.declarations(of: t)
            for (path, decl) in decls {
                for property in decl.properties where !property.isStatic {
                    guard let type = property.typeName ?? property.initializerType, Self.isBypassTarget(type, context) else { continue }
                    let calls = decls.flatMap { d in
                        d.decl.references.filter { $0.isCall && ($0.chain == [property.name] || $0.chain == ["self", property.name]) }
                            .map { context.evidence(d.path, $0.position) }
                    }
                    let name = context.index.types[t].name
                    findings.append(Finding(
                        rule: Self.description, type: name, member: property.name, file: path, position: property.position,
                        message: "\(name) holds `\(property.name): \(type)`\(calls.isEmpty ? "" : " and calls it \(calls.count) time\(calls.count == 1 ? "" : "s")") instead of going through its Presenter",
                        fix: "Remove `\(property.name)` from \(name); add the matching user-action method to the Presenter's input protocol and let the Presenter call `\(type.contains("Router") || type.contains("Wireframe") ? "router" : "interactor")`.",
                        evidence: [context.evidence(path, property.position)] + calls, discriminator: property.name))
                }
            }
        }
        return findings
    }
}
