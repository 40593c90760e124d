struct PresenterIsViewRule: Rule {
    static let description = RuleDescription(
        id: "presenter-is-view", name: "Presenter conforms to View", family: nil, severity: .high,
        problem: "The Presenter conforms to SwiftUI's `View`. Presentation state and rendering collapse into one type: the state lives in a struct SwiftUI recreates at will, the Presenter cannot be tested without rendering, and the module has no View layer left.",
        fix: "Split it: a `View` struct that renders and sends user intents, and a `@MainActor @Observable final class` Presenter that owns the view state.",
        triggering: [
            Example("""
            import SwiftUI
            struct ↓RecipesPresenter: View {
                let interactor: RecipesInteractorInput
                var body: some View { Text("Recipes") }
            }
            actor RecipesInteractor: RecipesInteractorInput {}
            """),
        ],
        nonTriggering: [
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                var body: some View { Text(presenter.state.title) }
            }
            @MainActor @Observable
            final class RecipesPresenter {
                var state = RecipesViewState()
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.swift6StyleTypes([.presenter]).compactMap { t -> Finding? in
            guard RuleContext.conformsToView(context.index.types[t]) else { return nil }
            let name = context.index.types[t].name
            let file = context.typeFile(t), position = context.typePosition(t)
            return Finding(rule: Self.description, type: name, member: nil, file: file, position: position,
                           message: "\(name) is the module's Presenter and also a SwiftUI `View`",
                           fix: "Move `body` into a `\(RoleClassifier.suffixRole(name)?.prefix ?? name)View` struct and make \(name) a `@MainActor @Observable final class` that the view holds.",
                           evidence: [context.evidence(file, position)])
        }
    }
}
