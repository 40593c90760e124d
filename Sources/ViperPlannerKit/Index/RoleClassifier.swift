/// Recognises VIPER roles from structure, not names alone (rules.md §5): a role suffix counts
/// when a co-located sibling shares the prefix with another role suffix, or when the type
/// conforms to a role protocol (`…PresenterInput`, `…ViewInput`, `…InteractorOutput`, …).
public enum RoleClassifier {
    static let suffixes: [(String, Role)] = [
        ("ViewController", .viewController), ("Presenter", .presenter), ("Interactor", .interactor),
        ("Router", .router), ("Wireframe", .router), ("Builder", .builder), ("Module", .builder),
        ("Assembly", .builder), ("Configurator", .builder), ("Entity", .entity), ("View", .view),
    ]
    static let roleProtocolMarkers: [(String, Role)] = [
        ("PresenterInput", .presenter), ("PresenterOutput", .presenter), ("PresenterProtocol", .presenter),
        ("PresenterInterface", .presenter), ("PresentationLogic", .presenter),
        ("InteractorInput", .interactor), ("InteractorOutput", .presenter), ("InteractorProtocol", .interactor),
        ("InteractorInterface", .interactor), ("BusinessLogic", .interactor),
        ("RouterInput", .router), ("RouterProtocol", .router), ("WireframeProtocol", .router),
        ("WireframeInterface", .router), ("RoutingLogic", .router), ("RouterInterface", .router),
        ("ViewOutput", .presenter), ("ViewInput", .view), ("ViewProtocol", .view), ("ViewInterface", .view), ("DisplayLogic", .view),
        ("ModuleBuilder", .builder), ("BuilderProtocol", .builder),
    ]

    /// The role a protocol named like a module's interface gives its adopters (`…PresentationLogic` → Presenter).
    public static func protocolRole(_ name: String) -> Role? { roleProtocolMarkers.first { name.hasSuffix($0.0) }?.1 }

    public static func suffixRole(_ name: String) -> (prefix: String, role: Role)? {
        let short = String(lastPart(name) ?? Substring(name))
        for (suffix, role) in suffixes where short.hasSuffix(suffix) && short.count > suffix.count {
            return (String(short.dropLast(suffix.count)), role)
        }
        return nil
    }

    static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Roles for every type of the index (view controllers keep `.viewController`).
    public static func classify(_ index: TypeIndex) -> [Role] {
        var roles = index.types.map { $0.isViewController ? Role.viewController : Role.other }
        // Prefix groups by folder (the module's folder or its parent, for Module/View/… subfolders).
        var groups: [String: Set<Role>] = [:]
        func keys(_ t: Int, _ prefix: String) -> [String] {
            let dir = directory(index.path(index.types[t].decls[0]))
            return ["\(dir)|\(prefix)", "\(directory(dir))|\(prefix)"]
        }
        for t in index.types.indices where index.types[t].isDeclaredInSources {
            guard let (prefix, role) = suffixRole(index.types[t].name), !prefix.isEmpty else { continue }
            for key in keys(t, prefix) { groups[key, default: []].insert(role) }
        }
        for t in index.types.indices where index.types[t].isDeclaredInSources && !index.types[t].isViewController {
            let type = index.types[t]
            guard type.kind != .protocol, type.kind != .extension else { continue }
            if let base = type.superclassChain.last, KnownTypes.nonRoleBases.contains(base) { continue }
            let byProtocol = type.inheritance.lazy.compactMap(protocolRole).first
            if let (prefix, role) = suffixRole(type.name), !prefix.isEmpty {
                let inModule = keys(t, prefix).contains { (groups[$0]?.count ?? 0) >= 2 }
                if inModule || byProtocol != nil { roles[t] = role; continue }
            }
            if let role = byProtocol, role != .view || type.kind == .class { roles[t] = role }
        }
        return roles
    }
}
