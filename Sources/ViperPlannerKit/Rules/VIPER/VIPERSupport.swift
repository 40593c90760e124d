/// Questions the VIPER module rules ask of the index.
extension RuleContext {
    func types(withRole role: Role) -> [Int] { typesByRole[role] ?? [] }

    /// The other role types of the module a type belongs to: same prefix, same folder (or the
    /// module's parent folder when roles live in subfolders).
    func moduleSiblings(of t: Int) -> [Int] {
        var siblings: Set<Int> = []
        for key in Self.moduleKeys(of: t, index) { siblings.formUnion(moduleMembers[key] ?? []) }
        siblings.remove(t)
        return siblings.sorted()
    }

    /// Whether a protocol can be the type of a `weak` property. nil when it is not in the sources.
    func isClassBound(_ protocolName: String) -> Bool? { index.isClassBound(protocolName) }

    /// The property of a role that points back up the chain (Presenter → view, Interactor →
    /// output, Router → view controller), which must be weak.
    func backReferences(of t: Int) -> [(path: String, property: PropertyFact)] {
        let role = index.types[t].role
        let names: Set<String>, typeSuffixes: [String]
        switch role {
        case .presenter:
            names = ["view", "viewController", "userInterface", "viewInput", "display"]
            typeSuffixes = ["ViewInput", "ViewProtocol", "ViewInterface", "DisplayLogic", "ViewController", "View"]
        case .interactor:
            names = ["output", "presenter", "interactorOutput"]
            typeSuffixes = ["InteractorOutput", "PresenterInput", "PresenterProtocol", "PresenterInterface", "Presenter"]
        case .router:
            names = ["viewController", "view", "navigationController", "presenter", "sourceViewController", "transitionHandler"]
            typeSuffixes = ["ViewController", "ViewInput", "ViewProtocol", "ViewInterface", "NavigationController"]
        default:
            return []
        }
        return index.declarations(of: t).flatMap { path, decl in
            decl.properties.filter { p in
                !p.isStatic && !p.isComputed && (names.contains(p.name) || typeSuffixes.contains { (p.typeName ?? "").hasSuffix($0) })
            }.map { (path, $0) }
        }
    }

    func evidence(_ path: String, _ position: SourcePosition) -> Evidence {
        Evidence(file: path, line: position.line, column: position.column)
    }
}

extension TypeIndex {
    /// Whether a protocol can be the type of a `weak` property. nil when it is not in the sources.
    func isClassBound(_ protocolName: String, visited: Set<String> = []) -> Bool? {
        let index = self
        guard let p = index.resolve(protocolName), index.types[p].kind == .protocol else { return nil }
        // An `@objc` protocol can only be adopted by classes.
        if index.declarations(of: p).contains(where: { $0.decl.attributes.contains("objc") }) { return true }
        for parent in index.types[p].inheritance {
            if ["AnyObject", "class", "NSObjectProtocol"].contains(parent) { return true }
            guard !visited.contains(parent) else { continue }
            if let resolved = index.resolve(parent) {
                if index.types[resolved].kind == .class { return true }
                if isClassBound(parent, visited: visited.union([protocolName])) == true { return true }
            } else if KnownTypes.isSystemTypeName(parent) || parent.hasSuffix("Delegate") || parent.hasSuffix("DataSource") {
                // Framework protocols (`UITableViewDelegate`, `WKNavigationDelegate`) and the
                // delegate protocols of Objective-C SDKs are `@objc`, so class-bound.
                return true
            }
        }
        return false
    }
}
