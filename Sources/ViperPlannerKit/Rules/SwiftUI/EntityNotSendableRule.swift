struct EntityNotSendableRule: Rule {
    static let description = RuleDescription(
        id: "entity-not-sendable", name: "Value crossing actors is not Sendable", family: nil, severity: .medium,
        problem: "A value the Interactor hands to the Presenter, or the Presenter's view state, is not `Sendable`: a class, or a struct that stores a class reference or a closure that is not `@Sendable`. It crosses from the Interactor's actor to the main actor, so Swift 6 rejects the hand-over or the two sides share mutable state.",
        fix: "Make it a struct or enum of `Sendable` values (`@Sendable` closures, value types instead of class references) and declare `Sendable` on public ones.",
        triggering: [
            Example("""
            actor RecipesInteractor: RecipesInteractorInput {
                func loadRecipes() async throws -> [Recipe] { [] }
                func loadAuthor() async -> Author { Author() }
            }
            @MainActor @Observable final class RecipesPresenter {
                var state = RecipesViewState()
            }
            struct Recipe {
                let title: String
                let ↓thumbnail: ImageCache
                let ↓onFavorite: () -> Void
            }
            final class ↓Author {}
            struct RecipesViewState {
                var rows: [String] = []
                var ↓selection: NSMutableArray?
            }
            final class ImageCache {}
            """),
            // A completion closure of an actor hands its argument over to the caller's actor.
            Example("""
            actor ArticlesInteractor: ArticlesInteractorInput {
                func load(completion: @escaping (Article) -> Void) { completion(Article()) }
                func loadAll(completion: @escaping (Result<[Summary], Error>) -> Void) {}
            }
            @MainActor @Observable final class ArticlesPresenter {
                var state = ArticlesViewState()
            }
            final class ↓Article {}
            final class ↓Summary { var title = "" }
            struct ArticlesViewState { var rows: [String] = [] }
            """),
        ],
        nonTriggering: [
            Example("""
            actor RecipesInteractor: RecipesInteractorInput {
                func loadRecipes() async throws -> [Recipe] { [] }
                func loadFirst(completion: @escaping @Sendable (Recipe) -> Void) {}
            }
            @MainActor @Observable final class RecipesPresenter {
                var state = RecipesViewState()
            }
            struct Recipe {
                let id: UUID
                let title: String
                let tags: [Tag]
                let onFavorite: @Sendable () -> Void
            }
            enum Tag { case quick, vegetarian(level: Int) }
            public struct RecipesViewState: Sendable {
                public var rows: [String] = []
            }
            """),
            // A class the Presenter holds is a collaborator, not view state.
            Example("""
            actor PantryInteractor: PantryInteractorInput {}
            @MainActor @Observable final class PantryPresenter {
                let analytics: PantryAnalytics
                var state = PantryViewState()
                init(analytics: PantryAnalytics) { self.analytics = analytics }
            }
            final class PantryAnalytics {}
            struct PantryViewState { var title = "" }
            """),
            // UIKit modules hand values over on one thread: not judged here.
            Example("""
            final class OrdersInteractor: OrdersInteractorInput {
                func loadOrders() -> [Order] { [] }
            }
            final class OrdersPresenter: OrdersPresenterInput {}
            final class Order {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var problems: [SendableProblem] = []
        for t in context.swift6StyleTypes([.interactor, .presenter]) {
            // The Presenter's view state is a value; a class it holds (a formatter, a service) is not view state.
            let kinds: Set<DeclKind> = context.index.types[t].role == .interactor ? [.struct, .enum, .class] : [.struct, .enum]
            for (held, path) in handedValues(t, context) {
                guard let v = context.index.resolve(held, near: path), kinds.contains(context.index.types[v].kind),
                      [.other, .entity].contains(context.index.types[v].role) else { continue }
                problems += context.sendableProblems(of: v)
            }
        }
        var seen: Set<String> = []
        return problems.compactMap { problem -> Finding? in
            let name = context.index.types[problem.type].name
            guard seen.insert("\(name)|\(problem.member ?? "")").inserted else { return nil }
            let subject = problem.member.map { "\(name).\($0)" } ?? name
            return Finding(rule: Self.description, type: name, member: problem.member, file: problem.path, position: problem.position,
                           message: problem.member == nil ? "\(name) \(problem.reason)" : "\(subject) \(problem.reason), so `\(name)` is not `Sendable`",
                           fix: problem.member == nil ? "Make `\(name)` a struct (or enum) of `Sendable` values and declare `Sendable` on it."
                               : "Store a `Sendable` value in `\(problem.member!)` (a value type, an `@Sendable` closure) so `\(name)` is `Sendable`.",
                           evidence: [context.evidence(problem.path, problem.position)], discriminator: problem.member ?? "")
        }
    }

    /// What crosses to the main actor: the Interactor's results and the arguments of the Presenter
    /// methods it calls, and the Presenter's view state (its non-private stored properties).
    private func handedValues(_ t: Int, _ context: RuleContext) -> [(String, String)] {
        var values: [(String, String)] = []
        let declarations = context.index.declarations(of: t)
        switch context.index.types[t].role {
        case .interactor:
            for (path, decl) in declarations {
                let functions = decl.functions.filter { !$0.name.hasPrefix("init(") }
                values += functions.flatMap(\.returnComponents).map { ($0, path) }
                // What a completion closure receives is handed to the caller as a result is.
                values += functions.flatMap(\.parameterTypes).flatMap(closureArgumentTypes).map { ($0, path) }
                let receivers = Dictionary(decl.properties.map { ($0.name, $0.typeComponents) }, uniquingKeysWith: { a, _ in a })
                for reference in decl.references where reference.isCall {
                    guard let head = reference.chain.last, let components = receivers[head] else { continue }
                    for receiver in components {
                        guard let r = context.index.resolve(receiver, near: path), isPresenter(r, context) else { continue }
                        let functions = context.index.memberOwners(of: r).flatMap { context.index.ownFunctions(reference.name, of: $0) }
                        values += functions.flatMap(\.parameterTypes).map { ($0, path) }
                    }
                }
            }
        default:
            for (path, decl) in declarations {
                for property in decl.properties where !property.isStatic && !property.isComputed && !property.isHidden {
                    values += property.typeComponents.map { ($0, path) }
                }
            }
        }
        return values
    }

    /// The type names in a closure type's arguments: `(Result<[Article], Error>) -> Void` → Result,
    /// Article, Error. Nothing for a type that is not a closure.
    private func closureArgumentTypes(_ type: String) -> [String] {
        guard type.hasPrefix("("), let arrow = type.range(of: "->") else { return [] }
        return type[..<arrow.lowerBound].split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
            .map(String.init).filter { $0.first?.isUppercase == true }
    }

    /// The Presenter, or a protocol a Presenter adopts (`RecipesInteractorOutput`).
    private func isPresenter(_ r: Int, _ context: RuleContext) -> Bool {
        let type = context.index.types[r]
        if type.role == .presenter { return true }
        return type.kind == .protocol && (context.index.conformers[type.name] ?? []).contains { context.index.types[$0].role == .presenter }
    }
}
