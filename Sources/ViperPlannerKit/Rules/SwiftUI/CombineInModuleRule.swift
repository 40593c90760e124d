struct CombineInModuleRule: Rule {
    static let description = RuleDescription(
        id: "combine-in-module", name: "Combine in a SwiftUI module", family: nil, severity: .medium,
        problem: "A role of a SwiftUI module imports Combine or stores `AnyCancellable`s. With Observation and async/await, Combine is a second way to move state: subscriptions must be stored and cancelled, their closures capture the role, and the data flow stops being explicit.",
        fix: "Replace publishers with `async` use cases and `@Observable` state (an `AsyncStream` for ongoing updates) and remove `import Combine` and the cancellables.",
        triggering: [
            Example("""
            import ↓Combine
            @MainActor @Observable
            final class RecipesPresenter {
                private var ↓cancellables = Set<AnyCancellable>()
                private var ↓refresh: AnyCancellable?
            }
            actor RecipesInteractor {}
            """),
        ],
        nonTriggering: [
            Example("""
            import Observation
            @MainActor @Observable
            final class RecipesPresenter {
                private var updates: Task<Void, Never>?
            }
            actor RecipesInteractor {}
            """),
            Example("""
            import Combine
            final class OrdersPresenter: OrdersPresenterInput {
                private var cancellables = Set<AnyCancellable>()
            }
            final class OrdersInteractor: OrdersInteractorInput {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let roles = context.swift6StyleTypes([.presenter, .interactor, .router, .builder, .view, .entity])
        return Array(Set(roles + context.swift6ModuleViews())).sorted().compactMap { t -> Finding? in
            var evidence: [Evidence] = []
            var files: Set<String> = []
            for (path, _) in context.index.declarations(of: t) where files.insert(path).inserted {
                let imports = context.index.files.first { $0.path == path }?.imports ?? []
                evidence += imports.filter { $0.module == "Combine" }.map { context.evidence(path, $0.position) }
            }
            for (path, decl) in context.index.declarations(of: t) {
                evidence += decl.properties.filter { !$0.isStatic && $0.typeComponents.contains("AnyCancellable") }
                    .map { context.evidence(path, $0.position) }
            }
            guard let first = evidence.first else { return nil }
            let name = context.index.types[t].name
            return Finding(rule: Self.description, type: name, member: nil, file: first.file,
                           position: SourcePosition(line: first.line, column: first.column),
                           message: "\(name) uses Combine in a SwiftUI module",
                           fix: "Replace \(name)'s publishers and cancellables with `async` calls and `@Observable` state, then remove `import Combine`.",
                           evidence: evidence)
        }
    }
}
