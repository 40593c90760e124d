struct ObservableObjectPresenterRule: Rule {
    static let description = RuleDescription(
        id: "observable-object-presenter", name: "Presenter or Router is an ObservableObject", family: nil, severity: .medium,
        problem: "The Presenter or Router of a SwiftUI module is an `ObservableObject` with `@Published` properties. Every published change re-renders every view that observes the object, the view needs `@StateObject`/`@ObservedObject` to hold it, and Combine comes along; the Observation framework tracks what each view reads instead.",
        fix: "Replace `ObservableObject` with `@Observable`, drop `@Published`, and hold the object with a plain `let` (or `@Bindable` for bindings) in the view.",
        triggering: [
            Example("""
            import Combine
            @MainActor
            final class ↓RecipesPresenter: ObservableObject {
                @Published var ↓state = RecipesViewState()
                @Published private(set) var ↓isLoading = false
                let title = "Recipes"
            }
            final class RecipesInteractor {}
            """),
        ],
        nonTriggering: [
            Example("""
            import Observation
            @MainActor @Observable
            final class RecipesPresenter {
                var state = RecipesViewState()
            }
            final class RecipesInteractor {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.swift6StyleTypes([.presenter, .router]).compactMap { t -> Finding? in
            guard context.isObservableObject(t) else { return nil }
            let name = context.index.types[t].name
            let published = context.index.declarations(of: t).flatMap { path, decl in
                decl.properties.filter { $0.attributes.contains("Published") }.map { (path, $0) }
            }
            let file = context.typeFile(t), position = context.typePosition(t)
            let names = published.map { "`\($0.1.name)`" }.joined(separator: ", ")
            return Finding(rule: Self.description, type: name, member: nil, file: file, position: position,
                           message: "\(name) is an `ObservableObject`" + (published.isEmpty ? "" : " publishing \(names)"),
                           fix: "Declare `@MainActor @Observable final class \(name)` without `ObservableObject`, remove `@Published`" + (published.isEmpty ? "" : " from \(names)") + ", and hold it with `let` or `@Bindable` in the view.",
                           evidence: [context.evidence(file, position)] + published.map { context.evidence($0.0, $0.1.position) })
        }
    }
}
