/// Where a wrapper's family comes from: the direct use its call chain ends in.
public struct FamilyOrigin: Hashable, Sendable, Comparable {
    public var api: String
    public var file: String
    public var line: Int

    /// The earliest origin wins, so the result never depends on the order of propagation.
    public static func < (a: FamilyOrigin, b: FamilyOrigin) -> Bool { (a.file, a.line, a.api) < (b.file, b.line, b.api) }
}

/// Finds the project's own networking / storage / formatting types by what their code does
/// (rules.md §2, "Project wrapper types"): per member, directly, then through calls to other
/// members and types until nothing changes.
public struct WrapperAnalysis: Sendable {
    static let wrapperFamilies: Set<Family> = [.networking, .persistence, .formatting]
    static let singletonNames: Set<String> = ["shared", "default", "standard", "current", "instance", "sharedInstance"]

    struct Node: Hashable { var type: Int; var member: String }

    /// type → member base name → family → origin
    public private(set) var members: [Int: [String: [Family: FamilyOrigin]]] = [:]
    private let configured: [String: Family]

    public init(index: TypeIndex, configuration: Configuration) {
        var configured: [String: Family] = [:]
        for name in configuration.networkingTypes { configured[name] = .networking }
        for name in configuration.persistenceTypes { configured[name] = .persistence }
        for name in configuration.formattingTypes { configured[name] = .formatting }
        self.configured = configured

        var edges: [Node: Set<Node>] = [:]   // callee → callers
        for t in index.types.indices where Self.canWrap(index.types[t]) {
            for (path, decl) in index.declarations(of: t) {
                for usage in decl.usages where Self.wrapperFamilies.contains(usage.family) && !usage.isWeakSignal {
                    let member = baseName(usage.member ?? "")
                    if members[t, default: [:]][member, default: [:]][usage.family] == nil {
                        members[t, default: [:]][member, default: [:]][usage.family] =
                            FamilyOrigin(api: usage.api, file: path, line: usage.position.line)
                    }
                }
                for reference in decl.references where reference.isCall || !reference.chain.isEmpty {
                    for target in Self.targets(of: reference, in: t, index: index) where target.type != t || target.member != baseName(reference.member ?? "") {
                        edges[target, default: []].insert(Node(type: t, member: baseName(reference.member ?? "")))
                    }
                }
            }
        }
        for (name, family) in configured {
            if let t = index.lookup(name) {
                members[t, default: [:]]["*", default: [:]][family] = FamilyOrigin(api: "configured in \(Configuration.fileName)", file: "", line: 0)
            }
        }
        // Propagate from callees to callers until nothing changes.
        var work: [Node] = []
        for (t, byMember) in members { for m in byMember.keys { work.append(Node(type: t, member: m)) } }
        while let node = work.popLast() {
            let families = members[node.type]?[node.member] ?? [:]
            var callers = edges[node] ?? []
            if node.member == "*" { for (callee, from) in edges where callee.type == node.type { callers.formUnion(from) } }
            for caller in callers where Self.canWrap(index.types[caller.type]) {
                var changed = false
                for (family, origin) in families {
                    if let existing = members[caller.type]?[caller.member]?[family], existing <= origin { continue }
                    members[caller.type, default: [:]][caller.member, default: [:]][family] = origin
                    changed = true
                }
                if changed { work.append(caller) }
            }
        }
    }

    /// View controllers, VIPER roles, coordinators and view models are not wrappers: a view
    /// controller calling its presenter or view model delegates the work — that is the fix.
    static func canWrap(_ type: IndexedType) -> Bool {
        guard !type.isViewController, type.kind != .protocol else { return false }
        if [.presenter, .interactor, .router, .builder, .view].contains(type.role) { return false }
        return !delegateSuffixes.contains(where: type.shortName.hasSuffix)
    }

    static let delegateSuffixes = ["Presenter", "Interactor", "Router", "Wireframe", "Coordinator", "ViewModel", "Flow"]

    /// Families reached by calling or reading `member` of type `t` (or of any type conforming to
    /// protocol `t`).
    public func families(of t: Int, member: String, index: TypeIndex) -> [Family: FamilyOrigin] {
        var targets = [t]
        if index.types[t].kind == .protocol { targets = index.conformers[index.types[t].name] ?? [] }
        var result: [Family: FamilyOrigin] = [:]
        for target in targets {
            for (family, origin) in (members[target]?[member] ?? [:]).merging(members[target]?["*"] ?? [:], uniquingKeysWith: min)
            where result[family].map({ origin < $0 }) ?? true {
                result[family] = origin
            }
        }
        return result
    }

    /// A configured wrapper that is not in the sources (`networking_types: [BackendSDK]`).
    public func configuredFamily(_ name: String) -> Family? { configured[name] }

    /// What a reference may call: the type its receiver chain resolves to and the member name.
    static func targets(of reference: MemberReference, in context: Int, index: TypeIndex) -> [Node] {
        let name = reference.name
        guard let resolved = receiverType(of: reference, in: context, index: index) else { return [] }
        if resolved == context, reference.chain.isEmpty || reference.chain == ["self"] {
            // Own member, or inherited from a project superclass.
            var nodes = [Node(type: context, member: name)]
            for superclass in index.superclasses(of: context) { nodes.append(Node(type: superclass, member: name)) }
            return nodes
        }
        if index.types[resolved].kind == .protocol {
            return (index.conformers[index.types[resolved].name] ?? []).map { Node(type: $0, member: name) }
        }
        return [Node(type: resolved, member: name)]
    }

    /// The type the receiver chain of a reference denotes, when the sources tell.
    static func receiverType(of reference: MemberReference, in context: Int, index: TypeIndex) -> Int? {
        let near = index.path(index.types[context].decls[0])
        var chain = reference.chain[...]
        var current: Int
        if chain.isEmpty { return context }
        let head = chain.removeFirst()
        if head == "self" {
            current = context
        } else if head == "super" {
            guard let superclass = index.superclasses(of: context).first else { return nil }
            current = superclass
        } else if let local = reference.headType {
            guard let t = index.lookup(local, near: near) else { return nil }
            current = t
        } else if isTypeLikeName(head) {
            guard let t = index.lookup(head, near: near) else { return nil }
            current = t
        } else {
            guard let (property, _) = index.property(head, of: context),
                  let typeName = property.typeName ?? property.initializerType,
                  let t = index.lookup(typeName, near: near) else { return nil }
            current = t
        }
        for part in chain {
            if let (property, _) = index.property(part, of: current),
               let typeName = property.typeName ?? property.initializerType,
               let t = index.lookup(typeName, near: near) {
                current = t
            } else if singletonNames.contains(part) || index.property(part, of: current)?.0.isStatic == true {
                continue
            } else {
                return nil
            }
        }
        return current
    }
}

/// `fetchUser(id:completion:)` → `fetchUser`.
func baseName(_ member: String) -> String {
    guard let paren = member.firstIndex(of: "(") else { return member }
    return String(member[..<paren])
}
