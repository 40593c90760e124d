struct PresenterNotMainActorRule: Rule {
    static let description = RuleDescription(
        id: "presenter-not-main-actor", name: "Presenter or Router not on the main actor", family: nil, severity: .high,
        problem: "In a SwiftUI module the Presenter and the Router own the state the view renders. When they are not `@MainActor`, Swift 6 lets that state be mutated from any task: the view is updated off the main thread, or the module does not compile under strict concurrency once the Interactor becomes an actor.",
        fix: "Annotate the Presenter and the Router with `@MainActor` (or adopt a `@MainActor` protocol in their declaration).",
        triggering: [
            Example("""
            import SwiftUI
            @Observable
            final class ↓RecipesPresenter {
                var state = RecipesViewState()
            }
            @Observable
            final class ↓RecipesRouter {
                var route: RecipesRoute?
            }
            struct RecipesView: View {
                let presenter: RecipesPresenter
                var body: some View { Text(presenter.state.title) }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            import SwiftUI
            @MainActor @Observable
            final class RecipesPresenter {
                var state = RecipesViewState()
            }
            @Observable
            final class RecipesRouter: RecipesRouting {
                var route: RecipesRoute?
            }
            @MainActor protocol RecipesRouting: AnyObject {}
            struct RecipesView: View {
                let presenter: RecipesPresenter
                var body: some View { Text(presenter.state.title) }
            }
            """),
            // Isolated through a main-actor superclass.
            Example("""
            @MainActor class BasePresenter {}
            @Observable
            final class PantryPresenter: BasePresenter {}
            actor PantryInteractor {}
            """),
            // A UIKit module: its Presenter is not SwiftUI-style.
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
            }
            final class OrdersRouter: OrdersRouterInput {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.swift6StyleTypes([.presenter, .router]).compactMap { t -> Finding? in
            guard !context.isMainActorIsolated(t) else { return nil }
            let name = context.index.types[t].name
            let role = context.index.types[t].role == .router ? "Router" : "Presenter"
            return Finding(rule: Self.description, type: name, member: nil, file: context.typeFile(t), position: context.typePosition(t),
                           message: "\(name) is the module's \(role) but is not isolated to the main actor",
                           fix: "Declare `@MainActor final class \(name)`; the Interactor's results then arrive through `await` on the main actor.",
                           evidence: [context.evidence(context.typeFile(t), context.typePosition(t))])
        }
    }
}
