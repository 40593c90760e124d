/// Where a wrapper's family comes from: the direct use its call chain ends in.
public struct FamilyOrigin: Hashable, Sendable, Comparable {
    public var api: String
    public var file: String
    public var line: Int
    /// How many other types the chain crosses before the direct use (0 = the type itself).
    public var hops: Int

    /// The nearest, then earliest origin wins, so the result never depends on propagation order.
    public static func < (a: FamilyOrigin, b: FamilyOrigin) -> Bool {
        (a.hops, a.file, a.line, a.api) < (b.hops, b.file, b.line, b.api)
    }
}

/// Finds the project's own networking / storage / formatting types by what their code does
/// (rules.md §2, "Project wrapper types"): per member (overloads told apart by their labels),
/// directly, then through calls within the type and at most one hop to another type — a thin
/// wrapper of a wrapper. Longer chains are incidental (a tab manager that once reaches a
/// cookie helper is not a networking client).
public struct WrapperAnalysis: Sendable {
    static let wrapperFamilies: Set<Family> = [.networking, .persistence, .formatting]
    static let singletonNames: Set<String> = ["shared", "default", "standard", "current", "instance", "sharedInstance"]
    static let maximumHops = 1
    static let thinTypeLines = 150

    struct Node: Hashable, Sendable { var type: Int; var member: String }

    /// type → full member name → family → origin
    public private(set) var members: [Int: [String: [Family: FamilyOrigin]]] = [:]
    private let configured: [String: Family]
    /// type → base name → full member names (functions with labels, properties by name).
    private let memberNames: [[String: [String]]]

    public init(index: TypeIndex, configuration: Configuration, jobs: Int = defaultJobCount) {
        var configured: [String: Family] = [:]
        for name in configuration.networkingTypes { configured[name] = .networking }
        for name in configuration.persistenceTypes { configured[name] = .persistence }
        for name in configuration.formattingTypes { configured[name] = .formatting }
        self.configured = configured

        // Per type, on all cores: member names by base name, and the members whose reading or
        // calling runs code (functions, computed properties).
        let tables = parallelMap(count: index.types.count, jobs: jobs) { t -> (names: [String: [String]], running: Set<String>) in
            var names: [String: [String]] = [:]
            var running: Set<String> = []
            for location in index.types[t].decls {
                let decl = index.decl(location)
                for function in decl.functions {
                    names[baseName(function.name), default: []].append(function.name)
                    running.insert(function.name)
                }
                for property in decl.properties { names[property.name, default: []].append(property.name) }
            }
            return (names, running)
        }
        memberNames = tables.map(\.names)
        let running = tables.map(\.running)

        // Per type (on all cores): its direct uses, held formatters and call edges. A type's
        // members are written only by its own job, so the merge below is order-independent.
        let snapshot = self, runningMembers = running
        let perType = parallelMap(count: index.types.count, jobs: jobs) { t -> TypeScan? in
            Self.canWrap(index.types[t]) ? snapshot.scan(t, index: index, running: runningMembers[t]) : nil
        }
        var edges: [Node: Set<Node>] = [:]   // callee → callers
        for (t, scan) in perType.enumerated() {
            guard let scan else { continue }
            if !scan.members.isEmpty { members[t] = scan.members }
            for (callee, caller) in scan.edges { edges[callee, default: []].insert(caller) }
        }
        for (name, family) in configured {
            if let t = index.lookup(name) {
                members[t, default: [:]]["*", default: [:]][family] = FamilyOrigin(api: "configured in \(Configuration.fileName)", file: "", line: 0, hops: 0)
            }
        }
        // Propagate from callees to callers until nothing changes.
        var work: [Node] = []
        for (t, byMember) in members { for m in byMember.keys { work.append(Node(type: t, member: m)) } }
        work.sort { ($0.type, $0.member) < ($1.type, $1.member) }
        while let node = work.popLast() {
            let families = members[node.type]?[node.member] ?? [:]
            for caller in edges[node] ?? [] where Self.canWrap(index.types[caller.type]) {
                var changed = false
                for (family, origin) in families {
                    var moved = origin
                    if caller.type != node.type { moved.hops += 1 }
                    guard moved.hops <= Self.maximumHops else { continue }
                    if let existing = members[caller.type]?[caller.member]?[family], existing <= moved { continue }
                    members[caller.type, default: [:]][caller.member, default: [:]][family] = moved
                    changed = true
                }
                if changed { work.append(caller) }
            }
        }
        // "Types that only delegate" (rules.md §2): a family reached through another type sticks
        // only for a thin type (an image loader with a cache) or one where at least half of the
        // methods reach it; a 1,000-line tab manager that once reaches a cookie archive through a
        // helper is not a storage type.
        for (t, byMember) in members where index.types[t].codeLines > Self.thinTypeLines {
            let methods = Set(index.declarations(of: t).flatMap { $0.decl.functions.map(\.name) })
            guard !methods.isEmpty else { continue }
            for family in Family.allCases {
                let reaching = byMember.filter { $0.value[family] != nil }
                guard !reaching.isEmpty, reaching.allSatisfy({ $0.value[family]!.hops > 0 }) else { continue }
                let share = Double(methods.filter { reaching[$0] != nil }.count) / Double(methods.count)
                if share < 0.5 { for member in reaching.keys { members[t]?[member]?[family] = nil } }
            }
        }
    }

    struct TypeScan: Sendable {
        var members: [String: [Family: FamilyOrigin]] = [:]
        var edges: [(callee: Node, caller: Node)] = []
    }

    /// One wrapping-capable type's direct uses, held formatters and call edges (callee → caller).
    private func scan(_ t: Int, index: TypeIndex, running: Set<String>) -> TypeScan {
        var result = TypeScan()
        for (path, decl) in index.declarations(of: t) {
            for usage in decl.usages where Self.isWrapperSource(usage) {
                let origin = FamilyOrigin(api: usage.api, file: path, line: usage.position.line, hops: 0)
                let member = usage.member ?? ""
                if result.members[member]?[usage.family].map({ origin < $0 }) ?? true {
                    result.members[member, default: [:]][usage.family] = origin
                }
            }
            for reference in decl.references where reference.isCall || !reference.chain.isEmpty {
                let caller = Node(type: t, member: reference.member ?? "")
                if let api = Self.heldFormatter(reference, in: t, index: index),
                   result.members[caller.member]?[.formatting] == nil {
                    result.members[caller.member, default: [:]][.formatting] =
                        FamilyOrigin(api: api, file: path, line: reference.position.line, hops: 0)
                }
                for target in targets(of: reference, in: t, index: index) where target != caller {
                    result.edges.append((target, caller))
                }
                // `ud?.set(…)` where `ud` is the type's own computed property: reading it runs its code
                // (a stored property's initialiser ran once, reading it later does no I/O).
                let own = reference.chain.first == "self" ? reference.chain.dropFirst().first : reference.chain.first
                if let own, reference.headType == nil, running.contains(own), Node(type: t, member: own) != caller {
                    result.edges.append((Node(type: t, member: own), caller))
                }
            }
            // `@UserDefault(key: …) var token`: the property does what the wrapper's wrappedValue does.
            for property in decl.properties {
                for attribute in property.attributes {
                    guard let wrapper = index.resolve(attribute, near: path) else { continue }
                    result.edges.append((Node(type: wrapper, member: "wrappedValue"), Node(type: t, member: property.name)))
                }
            }
        }
        return result
    }

    /// A wrapper's families come from real I/O and real formatters; `String(format:)` alone makes
    /// a localisation catalogue, not a formatter type.
    static func isWrapperSource(_ usage: UsageSite) -> Bool {
        wrapperFamilies.contains(usage.family) && !usage.isWeakSignal && usage.api != "String(format:)"
    }

    /// View controllers, VIPER roles, coordinators, view models and UIKit views are not wrappers:
    /// a view controller calling its presenter, view model or a subview delegates or configures.
    static func canWrap(_ type: IndexedType) -> Bool {
        guard !type.isViewController, type.kind != .protocol else { return false }
        if [.presenter, .interactor, .router, .builder, .view].contains(type.role) { return false }
        if let base = type.superclassChain.last, base.hasPrefix("UI") { return false }
        if type.kind == .extension, type.name.hasPrefix("UI") { return false }
        return !delegateSuffixes.contains(where: type.shortName.hasSuffix)
    }

    static let delegateSuffixes = ["Presenter", "Interactor", "Router", "Wireframe", "Coordinator", "ViewModel",
                                   "ViewData", "Flow", "Cell", "View"]

    /// Families reached by a reference on the type it resolves to (or on the types conforming
    /// to that protocol).
    public func families(of t: Int, reference: MemberReference, index: TypeIndex) -> [Family: FamilyOrigin] {
        var targets = [t]
        if index.types[t].kind == .protocol { targets = index.conformers[index.types[t].name] ?? [] }
        var result: [Family: FamilyOrigin] = [:]
        for target in targets {
            guard let byMember = members[target] else { continue }   // most types wrap nothing
            for member in matchingMembers(of: target, reference) + ["*"] {
                for (family, origin) in byMember[member] ?? [:] where result[family].map({ origin < $0 }) ?? true {
                    result[family] = origin
                }
            }
        }
        return result
    }

    /// The members a reference can mean: the exact labelled name, else every overload whose
    /// labels contain the call's labels in order (trailing closures and defaults may be omitted).
    func matchingMembers(of type: Int, _ reference: MemberReference) -> [String] {
        guard let candidates = memberNames[type][reference.name], !candidates.isEmpty else { return [] }
        guard let full = reference.fullName else { return candidates.filter { !hasParenthesis($0) } + candidates.filter(hasParenthesis) }
        if candidates.contains(full) { return [full] }
        let wanted = labels(full).filter { $0 != "_" }
        return candidates.filter { candidate in
            guard hasParenthesis(candidate) else { return false }
            var remaining = labels(candidate)[...]
            for label in wanted {
                guard let i = remaining.firstIndex(of: label) else { return false }
                remaining = remaining[(i + 1)...]
            }
            return true
        }
    }

    private func labels(_ name: String) -> [String] {
        guard let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")") else { return [] }
        return name[name.index(after: open)..<close].split(separator: ":").map(String.init)
    }

    /// `currencyFormatter.string(from:)` where `currencyFormatter` is the type's own stored
    /// `NumberFormatter`: using a held formatter is formatting, wherever it was created.
    static func heldFormatter(_ reference: MemberReference, in t: Int, index: TypeIndex) -> String? {
        guard reference.isCall else { return nil }
        let chain = reference.chain.first == "self" ? Array(reference.chain.dropFirst()) : reference.chain
        guard chain.count == 1, reference.headType == nil || reference.chain.first == "self",
              let (property, _) = index.property(chain[0], of: t),
              let type = property.typeName ?? property.initializerType,
              let (family, api) = KnownAPIs.referencedTypes[type], family == .formatting else { return nil }
        return api
    }

    /// A configured wrapper that is not in the sources (`networking_types: [BackendSDK]`).
    public func configuredFamily(_ name: String) -> Family? { configured[name] }

    /// What a reference may call: the type its receiver chain resolves to and the matching members.
    func targets(of reference: MemberReference, in context: Int, index: TypeIndex) -> [Node] {
        guard let resolved = Self.receiverType(of: reference, in: context, index: index) else { return [] }
        var types = [resolved]
        if resolved == context, reference.chain.isEmpty || reference.chain == ["self"] {
            types += index.superclasses(of: context)
        } else if index.types[resolved].kind == .protocol {
            types = index.conformers[index.types[resolved].name] ?? []
        }
        return types.flatMap { t in matchingMembers(of: t, reference).map { Node(type: t, member: $0) } }
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
            } else if isTypeLikeName(part), let nested = index.resolve(index.types[current].name + "." + part) {
                current = nested   // `Preferences.General.showToolbar.value`
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

private func hasParenthesis(_ name: String) -> Bool { name.utf8.contains(UInt8(ascii: "(")) }
