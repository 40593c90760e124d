struct InteractorNotConcurrencySafeRule: Rule {
    static let description = RuleDescription(
        id: "interactor-not-concurrency-safe", name: "Interactor not concurrency-safe", family: nil, severity: .high,
        problem: "The Interactor of a SwiftUI module runs its use cases from tasks the Presenter starts, so several can run at once. When it is not an `actor`, not isolated to a global actor and not `Sendable`, its state races; `@unchecked Sendable` over mutable state with no lock only silences the compiler.",
        fix: "Make the Interactor an `actor` with `async` use cases (or a final class holding only immutable `Sendable` values and declared `Sendable`), and inject its services through `Sendable` protocols.",
        triggering: [
            Example("""
            @MainActor @Observable final class RecipesPresenter {}
            final class ↓RecipesInteractor: RecipesInteractorInput {
                private var ↓cache: [Recipe] = []
                private let ↓store: RecipeStore
                init(store: RecipeStore) { self.store = store }
            }
            final class RecipeStore {}
            """),
            Example("""
            @MainActor @Observable final class PantryPresenter {}
            final class ↓PantryInteractor: PantryInteractorInput, @unchecked Sendable {
                private var ↓items: [String] = []
            }
            """),
        ],
        nonTriggering: [
            Example("""
            @MainActor @Observable final class RecipesPresenter {}
            actor RecipesInteractor: RecipesInteractorInput {
                private var cache: [Recipe] = []
                private let service: RecipesServiceProtocol
                init(service: RecipesServiceProtocol) { self.service = service }
            }
            protocol RecipesServiceProtocol: Sendable {}
            """),
            Example("""
            @MainActor @Observable final class PantryPresenter {}
            final class PantryInteractor: PantryInteractorInput {
                private let service: PantryServiceProtocol
                private let pageSize = 20
                init(service: PantryServiceProtocol) { self.service = service }
            }
            protocol PantryServiceProtocol: Sendable {}
            @MainActor @Observable final class BasketPresenter {}
            final class BasketInteractor: BasketInteractorInput, @unchecked Sendable {
                private let lock = NSLock()
                private var items: [String] = []
            }
            """),
            // A UIKit module's Interactor is judged by the UIKit rules only.
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {}
            final class OrdersInteractor: OrdersInteractorInput { var orders: [Order] = [] }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.swift6StyleTypes([.interactor]).compactMap { t -> Finding? in
            guard let problems = unsafeParts(t, context) else { return nil }
            let name = context.index.types[t].name
            let file = context.typeFile(t), position = context.typePosition(t)
            let reasons = FamilyFindings.orderedUnique(problems.map { p in p.member.map { "`\($0)` \(p.reason)" } ?? p.reason })
            return Finding(rule: Self.description, type: name, member: nil, file: file, position: position,
                           message: "\(name) is not concurrency-safe: " + reasons.joined(separator: "; "),
                           fix: "Declare `actor \(name)` and make its use cases `async`; inject services through protocols that refine `Sendable`.",
                           evidence: [context.evidence(file, position)] + problems.filter { $0.member != nil }.map { context.evidence($0.path, $0.position) })
        }
    }

    /// nil when the Interactor is safe; otherwise what makes it unsafe.
    private func unsafeParts(_ t: Int, _ context: RuleContext) -> [SendableProblem]? {
        let type = context.index.types[t]
        guard type.kind != .actor, !context.isGloballyIsolated(t) else { return nil }
        let stored = context.index.declarations(of: t).flatMap { path, decl in
            decl.properties.filter { !$0.isStatic && !$0.isComputed }.map { (path, $0) }
        }
        let mutable = stored.filter { !$0.1.isLet }.map {
            SendableProblem(type: t, member: $0.1.name, path: $0.0, position: $0.1.position, reason: "is mutable state")
        }
        if context.index.declarations(of: t).contains(where: { $0.decl.uncheckedConformances.contains("Sendable") }) {
            // `@unchecked Sendable` is a promise: mutable state needs a lock (or queue) beside it.
            let guarded = stored.contains { Self.isSynchronization($0.1) }
            return mutable.isEmpty || guarded ? nil : mutable.map { var p = $0; p.reason = "is mutable under `@unchecked Sendable` with no lock"; return p }
        }
        if context.declaresSendable(t) { return nil }   // the compiler checks it
        var problems = mutable
        if type.kind == .class, !context.index.decl(type.decls[0]).modifiers.contains("final") {
            problems.insert(SendableProblem(type: t, path: context.typeFile(t), position: context.typePosition(t), reason: "is a class that is not final"), at: 0)
        }
        for (path, property) in stored where property.isLet {
            if property.hasPlainClosure || !context.isSendable(components: property.typeComponents, near: path) {
                problems.append(SendableProblem(type: t, member: property.name, path: path, position: property.position,
                                                reason: "holds a value that is not `Sendable`"))
            }
        }
        guard problems.isEmpty else { return problems }
        // A final class of immutable Sendable values, or a non-public struct of them, is safe by construction.
        guard type.kind != .class, context.index.decl(type.decls[0]).modifiers.contains("public") else { return nil }
        return [SendableProblem(type: t, path: context.typeFile(t), position: context.typePosition(t), reason: "is public and not `Sendable`")]
    }

    static func isSynchronization(_ property: PropertyFact) -> Bool {
        let names = property.typeComponents + property.attributes
        return names.contains { name in
            ["lock", "mutex", "atomic", "semaphore", "dispatchqueue", "synchroniz", "protected"].contains { name.containsIgnoringCase($0) }
        }
    }
}
