struct ConcreteLayerReferenceRule: Rule {
    static let description = RuleDescription(
        id: "concrete-layer-reference", name: "Layer held by its concrete class", family: nil, severity: .high,
        problem: "A VIPER role stores another role by its concrete class instead of its protocol. The layers cannot be replaced by test doubles, and every change to one class ripples into the other.",
        fix: "Type the property with the role's protocol (`…Input`, `…Output`, `…Protocol`) and inject the concrete class from the Builder.",
        triggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                let ↓interactor: OrdersInteractor
                weak var ↓view: OrdersViewController?
            }
            final class OrdersRouter: OrdersRouterInput {
                weak var ↓viewController: OrdersViewController?
            }
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var ↓presenter: OrdersPresenter!
            }
            """, support: ["Orders.swift": """
            final class OrdersInteractor: OrdersInteractorInput {}
            """]),
            // A SwiftUI module still holds its Interactor through a protocol.
            Example("""
            @MainActor @Observable final class RecipesPresenter {
                private let ↓interactor: RecipesInteractor
                init(interactor: RecipesInteractor) { self.interactor = interactor }
            }
            actor RecipesInteractor: RecipesInteractorInput {}
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                let interactor: OrdersInteractorInput
                weak var view: OrdersViewInput?
                let formatter: OrderFormatter
            }
            final class OrdersRouter: OrdersRouterInput {
                weak var viewController: UIViewController?
            }
            """, support: ["Orders.swift": """
            final class OrdersInteractor: OrdersInteractorInput {}
            final class OrderFormatter {}
            """]),
            // Observation needs the concrete class: a SwiftUI view and Presenter read their own
            // module's `@Observable` Presenter and Router directly.
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                @Bindable var router: RecipesRouter
                var body: some View { Text(presenter.state.title) }
            }
            @MainActor @Observable final class RecipesPresenter {
                private let router: RecipesRouter
                private let interactor: RecipesInteractorInput
                init(router: RecipesRouter, interactor: RecipesInteractorInput) { self.router = router; self.interactor = interactor }
            }
            @MainActor @Observable final class RecipesRouter { var route: RecipesRoute? }
            actor RecipesInteractor: RecipesInteractorInput {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let roles: [Role] = [.presenter, .interactor, .router, .viewController]
        var findings: [Finding] = []
        // A module's view controller is the view role: it too should hold the Presenter by protocol.
        let moduleViews = context.types(withRole: .viewController).filter { vc in
            context.moduleSiblings(of: vc).contains { context.index.types[$0].role == .presenter }
        }
        // A SwiftUI module's View struct holds its Presenter too.
        for types in [context.types(withRole: .presenter), context.types(withRole: .interactor),
                      context.types(withRole: .router), moduleViews, context.swiftUIModuleViews()] {
            for t in types {
                for (path, decl) in context.index.declarations(of: t) {
                    for property in decl.properties where !property.isStatic && !property.isComputed {
                        guard let typeName = property.typeName, let target = context.index.resolve(typeName, near: path),
                              target != t, [.class, .actor].contains(context.index.types[target].kind),
                              roles.contains(context.index.types[target].role),
                              !isObservedByBinding(target, holder: t, context) else { continue }
                        let name = context.index.types[t].name
                        let targetRole = context.index.types[target].role
                        let suggested = (RoleClassifier.suffixRole(typeName)?.prefix ?? modulePrefix(typeName))
                            + (targetRole == .viewController ? "ViewInput" : targetRole.rawValue.prefix(1).uppercased() + targetRole.rawValue.dropFirst() + "Input")
                        findings.append(Finding(
                            rule: Self.description, type: name, member: property.name, file: path, position: property.position,
                            message: "\(name).\(property.name) holds the concrete `\(typeName)` instead of its protocol",
                            fix: "Declare `\(property.isWeak ? "weak var" : (property.isLet ? "let" : "var")) \(property.name): \(suggested)\(property.isOptional || property.isWeak ? "?" : "")` (a protocol `\(typeName)` conforms to) and inject `\(typeName)` from the Builder.",
                            evidence: [context.evidence(path, property.position)], discriminator: property.name))
                    }
                }
            }
        }
        return findings
    }

    /// A SwiftUI view or Presenter reads its own module's `@Observable` Presenter or Router by its
    /// concrete type: observation and bindings need the class, not a protocol.
    private func isObservedByBinding(_ target: Int, holder: Int, _ context: RuleContext) -> Bool {
        let holderRole = context.index.types[holder].role
        guard [.presenter, .router].contains(context.index.types[target].role), context.isObservable(target),
              holderRole == .presenter || holderRole == .viewController || context.isSwiftUIView(holder) else { return false }
        return context.moduleRoles(of: holder).contains(target)
    }
}
