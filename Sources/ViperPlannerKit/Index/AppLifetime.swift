/// Objects that live as long as the app: a cycle among them frees nothing that would otherwise be
/// freed, so it is no leak.
///
/// Roots: the application and scene delegates (and an `@main` type), and every instance a static
/// property or a top-level variable holds. Then, to a fixed point: a type held by a stored property
/// of an app-lifetime type that never replaces it, and created only by app-lifetime types (or nowhere the sources show), is
/// app-lifetime too — the service an app context makes once and keeps; and so is what only the
/// application or scene delegate creates (the root screen it puts in the window).
enum AppLifetime {
    static let delegateProtocols: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate",
    ]

    static func types(_ index: TypeIndex) -> Set<Int> {
        var lifetime: Set<Int> = []
        var holders: [Int: Set<Int>] = [:]
        func held(_ property: PropertyFact, path: String) -> [Int] {
            let names = property.heldTypeNames
            return names.compactMap { name in
                name.isEmpty || KnownTypes.isSystemTypeName(name) ? nil : index.resolve(StrongReferences.bareName(name), near: path)
            }.filter { StrongReferences.isReferenceType($0, index) }
        }
        for file in index.files {
            for global in file.globals { lifetime.formUnion(held(global, path: file.path)) }
        }
        for t in index.types.indices where index.types[t].isDeclaredInSources {
            let type = index.types[t]
            if type.inheritance.contains(where: delegateProtocols.contains) || type.superclassChain.contains("UIApplication")
                || index.declarations(of: t).contains(where: { $0.decl.attributes.contains("main") }) {
                lifetime.insert(t)
            }
        }
        let roots = lifetime
        for t in index.types.indices {
            // A holder keeps one instance for good only when the property is never set again or
            // cleared (`searchController = nil` makes a fresh screen for every search).
            let rewritten = Set(index.declarations(of: t).flatMap { $0.decl.assignedProperties + $0.decl.releasedProperties })
            for (path, decl) in index.declarations(of: t) {
                for property in decl.properties where !property.isComputed && !property.isWeak && !property.isUnowned
                    && (property.isStatic || property.isLet || (property.hasInitializer && !rewritten.contains(property.name))) {
                    for target in held(property, path: path) where target != t || property.isStatic {
                        if property.isStatic { lifetime.insert(target) } else { holders[target, default: []].insert(t) }
                    }
                }
            }
        }
        let creators = creatorTypes(index)
        for (t, by) in creators where !by.isEmpty && by.isSubset(of: roots) && StrongReferences.isReferenceType(t, index) { lifetime.insert(t) }
        var changed = true
        while changed {
            changed = false
            for (t, by) in holders where !lifetime.contains(t) && !by.isDisjoint(with: lifetime)
                && (creators[t] ?? []).isSubset(of: lifetime.union([t])) {
                lifetime.insert(t); changed = true
            }
        }
        return lifetime
    }

    /// Type → the types whose code creates an instance of it.
    private static func creatorTypes(_ index: TypeIndex) -> [Int: Set<Int>] {
        var creators: [Int: Set<Int>] = [:]
        for t in index.types.indices {
            for (path, decl) in index.declarations(of: t) {
                for creation in decl.creations where creation.kind == .initializer {
                    if let made = index.resolve(creation.typeName, near: path) { creators[made, default: []].insert(t) }
                }
            }
        }
        return creators
    }
}
