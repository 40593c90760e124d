/// A declaration that keeps a type from being `Sendable`.
struct SendableProblem: Hashable {
    var type: Int
    var member: String?
    var path: String
    var position: SourcePosition
    /// "stores the class `ImageCache`", "is a class".
    var reason: String
}

/// Whether values may cross actors (Swift 6 `Sendable`), judged from the sources the way the
/// compiler does: actors, global-actor-isolated types and explicit conformances are Sendable;
/// non-public structs and enums are inferred Sendable when everything they store is; classes
/// and public value types need a conformance. Types the sources do not declare count as Sendable
/// unless they are well-known mutable framework classes.
extension RuleContext {
    /// Why a project type's values are not Sendable, at the declarations that break it ([] when they are).
    func sendableProblems(of t: Int, visiting: Set<Int> = []) -> [SendableProblem] {
        let type = index.types[t]
        guard !visiting.contains(t), type.kind != .actor, !isGloballyIsolated(t) else { return [] }
        let primary = type.decls[0]
        let at = (path: index.path(primary), position: index.decl(primary).position)
        switch type.kind {
        case .protocol:
            return refinesSendable(t) ? [] : [SendableProblem(type: t, path: at.path, position: at.position, reason: "is a protocol that does not refine `Sendable`")]
        case .class:
            return declaresSendable(t) ? [] : [SendableProblem(type: t, path: at.path, position: at.position, reason: "is a class without a `Sendable` conformance")]
        case .struct, .enum:
            if declaresSendable(t) { return [] }
            // A public type gets no inferred `Sendable`, unless it is `@frozen`.
            let modifiers = index.decl(primary).modifiers
            let isFrozen = index.decl(primary).attributes.contains("frozen")
            let publicProblem = (modifiers.contains("public") || modifiers.contains("open")) && !isFrozen
                ? [SendableProblem(type: t, path: at.path, position: at.position, reason: "is public, so Swift does not infer `Sendable` for it")] : []
            return publicProblem + storedValueProblems(of: t, visiting: visiting.union([t]))
        default:
            return []
        }
    }

    /// What a struct's stored properties or an enum's associated values hold that is not Sendable.
    private func storedValueProblems(of t: Int, visiting: Set<Int>) -> [SendableProblem] {
        var problems: [SendableProblem] = []
        for (path, decl) in index.declarations(of: t) {
            let stored = decl.properties.filter { !$0.isStatic && !$0.isComputed }
                .map { ($0.name, $0.typeComponents, $0.hasPlainClosure, $0.position) }
            let cases = decl.enumCases.map { ($0.name, $0.typeComponents, $0.hasPlainClosure, $0.position) }
            for (name, components, plainClosure, position) in stored + cases {
                if plainClosure {
                    problems.append(SendableProblem(type: t, member: name, path: path, position: position, reason: "stores a closure that is not `@Sendable`"))
                }
                for component in components {
                    if let held = index.resolve(component, near: path), index.types[held].isDeclaredInSources {
                        guard !visiting.contains(held) else { continue }
                        if [.struct, .enum].contains(index.types[held].kind) {
                            problems += sendableProblems(of: held, visiting: visiting)
                        } else if !sendableProblems(of: held, visiting: visiting).isEmpty {
                            let what = index.types[held].kind == .protocol ? "`any \(component)`, whose protocol does not refine `Sendable`" : "the class `\(component)`, which is not `Sendable`"
                            problems.append(SendableProblem(type: t, member: name, path: path, position: position, reason: "stores \(what)"))
                        }
                    } else if Self.nonSendableFrameworkTypes.contains(component) {
                        problems.append(SendableProblem(type: t, member: name, path: path, position: position, reason: "stores `\(component)`, which is not `Sendable`"))
                    }
                }
            }
        }
        return problems
    }

    /// Whether a stored value made of these components is Sendable (closures aside).
    func isSendable(components: [String], near path: String) -> Bool {
        components.allSatisfy { component in
            if let held = index.resolve(component, near: path) { return sendableProblems(of: held).isEmpty }
            return !Self.nonSendableFrameworkTypes.contains(component)
        }
    }

    /// Conforms to `Sendable` (checked or `@unchecked`), directly or through a protocol that refines it.
    func declaresSendable(_ t: Int) -> Bool {
        index.types[t].inheritance.contains(where: Self.sendableProtocols.contains)
            || index.memberOwners(of: t).contains { index.types[$0].kind == .protocol && refinesSendable($0) }
    }

    func refinesSendable(_ p: Int) -> Bool {
        index.memberOwners(of: p).contains { owner in
            index.types[owner].inheritance.contains { Self.sendableProtocols.contains($0) || $0 == "Actor" || $0 == "AnyActor" }
                || index.decl(index.types[owner].decls[0]).attributes.contains(where: Self.isMainActorAttribute)
        }
    }

    /// `@MainActor`, or another global actor (`@DatabaseActor`, a project `@globalActor actor`).
    func isGloballyIsolated(_ t: Int) -> Bool {
        if isMainActorIsolated(t) { return true }
        return index.decl(index.types[t].decls[0]).attributes.contains { name in
            guard let actor = index.resolve(name) else { return false }
            return index.decl(index.types[actor].decls[0]).attributes.contains("globalActor")
        }
    }

    /// `Error` refines `Sendable`, so an error type's conformance is checked like `Sendable`'s.
    static let sendableProtocols: Set<String> = ["Sendable", "Error", "LocalizedError", "CustomNSError"]

    /// Framework classes with mutable state that are not `Sendable`.
    static let nonSendableFrameworkTypes: Set<String> = [
        "NSObject", "NSManagedObject", "NSManagedObjectContext", "NSFetchedResultsController", "NSMutableArray",
        "NSMutableDictionary", "NSMutableSet", "NSMutableString", "NSMutableData", "NSMutableAttributedString",
        "NSAttributedString", "NSCache", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject", "Timer", "Thread",
        "Operation", "OperationQueue", "URLSessionTask", "URLSessionDataTask", "UIView", "UIViewController", "UIImageView",
        "UILabel", "UIButton", "UITableView", "UICollectionView", "UINavigationController", "Any", "AnyObject",
    ]
}
