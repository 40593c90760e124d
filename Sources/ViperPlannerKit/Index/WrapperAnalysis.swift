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

/// Finds the project's own networking / storage / formatting types by what their code does:
/// per member (overloads told apart by their labels), directly or through any number of calls to
/// other members and types (`FeedRepository.feed` → `FeedRequest.send` → `URLSession.dataTask`).
/// A facade is judged member by member: `dataManager.upload(_:)` is networking because that member
/// reaches a request, whatever its other members do. Types whose purpose is telemetry, logging or
/// sound, and members that assemble another screen, pass nothing on: their I/O is a side effect
/// of what they are for (see `Purpose`).
public struct WrapperAnalysis: Sendable {
    static let wrapperFamilies: Set<Family> = [.networking, .persistence, .formatting]
    /// A formatter type is one that formats itself or through one helper type: a repository whose
    /// code somewhere formats a date for a log line is not a formatter.
    static let hopLimit: [Family: Int] = [.formatting: 1, .persistence: 1]
    static let singletonNames: Set<String> = ["shared", "default", "standard", "current", "instance", "sharedInstance",
                                              "sharedManager", "main", "defaultManager"]

    public struct Node: Hashable, Sendable { public var type: Int; public var member: String }

    /// Where a caller calls a callee: the first such call in the caller's code.
    public struct CallSite: Hashable, Sendable { public var file: String; public var line: Int }

    /// One hop of a family's path: the callee the caller reaches it through, and where it calls it.
    public struct Step: Hashable, Sendable { public var callee: Node; public var site: CallSite }

    /// type → full member name → family → origin
    public private(set) var members: [Int: [String: [Family: FamilyOrigin]]] = [:]
    /// The next hop of each member's family origin (absent where the member uses the API itself):
    /// following it from any member walks the path to the direct use (`explain`).
    public private(set) var via: [Node: [Family: Step]] = [:]
    /// Project subclasses of each class, nearest first: a call on a base may run an override.
    private let subclasses: [Int: [Int]]
    /// type → members that move to another screen (present, push, segue): what such a member does
    /// on the way (a token request before opening a web page) is part of opening that screen.
    private let presentingMembers: [Set<String>]
    let configured: [String: Family]
    /// type → base name → full member names (functions with labels, properties by name).
    private let memberNames: [[String: [String]]]
    /// type → members whose reading or calling runs code (functions, computed properties).
    private let runningMembers: [Set<String>]

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
        runningMembers = running
        var subclasses: [Int: [Int]] = [:]
        for t in index.types.indices {
            for (depth, base) in index.superclasses(of: t).enumerated() where depth == 0 { subclasses[base, default: []].append(t) }
        }
        self.subclasses = subclasses
        presentingMembers = parallelMap(count: index.types.count, jobs: jobs) { t -> Set<String> in
            var names: Set<String> = []
            for location in index.types[t].decls {
                for usage in index.decl(location).usages where usage.family == .navigation && !usage.isWeakSignal {
                    if let member = usage.member { names.insert(member) }
                }
            }
            return names
        }

        // Per type (on all cores): its direct uses, held formatters and call edges. A type's
        // members are written only by its own job, so the merge below is order-independent.
        let snapshot = self
        let perType = parallelMap(count: index.types.count, jobs: jobs) { t -> TypeScan? in
            Self.canWrap(index.types[t]) ? snapshot.scan(t, index: index, running: running[t]) : nil
        }
        var edges: [Node: [Node: CallSite]] = [:]   // callee → callers, each with its first call site
        for (t, scan) in perType.enumerated() {
            guard let scan else { continue }
            if !scan.members.isEmpty { members[t] = scan.members }
            for edge in scan.edges where edges[edge.callee]?[edge.caller] == nil { edges[edge.callee, default: [:]][edge.caller] = edge.site }
        }
        for (name, family) in configured {
            if let t = index.lookup(name) {
                members[t, default: [:]]["*", default: [:]][family] = FamilyOrigin(api: "configured in \(Configuration.fileName)", file: "", line: 0, hops: 0)
            }
        }
        let catalogues = Set(index.types.indices.filter { Purpose.isCatalogue(typeName: index.types[$0].shortName) })
        // Requests first, then the rest: a member that ends up requesting formats and reads storage
        // for its request (a query date, the language header, the token) or caches what it got
        // (write-through caching is the service's job), so neither passes through it.
        propagate([.networking], edges: edges, catalogues: catalogues)
        propagate([.persistence, .formatting], edges: edges, catalogues: catalogues)
    }

    /// Moves the families from callees to callers until nothing changes. Each origin keeps the
    /// number of types it crossed; a caller keeps the nearest origin, so the fixed point terminates.
    private mutating func propagate(_ moving: Set<Family>, edges: [Node: [Node: CallSite]], catalogues: Set<Int>) {
        var work: [Node] = []
        for (t, byMember) in members { for m in byMember.keys { work.append(Node(type: t, member: m)) } }
        work.sort { ($0.type, $0.member) < ($1.type, $1.member) }
        while let node = work.popLast() {
            let families = (members[node.type]?[node.member] ?? [:]).filter { moving.contains($0.key) }
            guard !families.isEmpty else { continue }
            if !moving.contains(.networking), members[node.type]?[node.member]?[.networking] != nil { continue }
            let callers = (edges[node] ?? [:]).sorted { ($0.key.type, $0.key.member) < ($1.key.type, $1.key.member) }
            for (caller, site) in callers {
                var changed = false
                for (family, origin) in families {
                    var moved = origin
                    if caller.type != node.type { moved.hops += 1 }
                    if let limit = Self.hopLimit[family], moved.hops > limit { continue }
                    // An initializer that starts a request is what a call object is for; one that
                    // formats a query date or clears a stale file serves the object being made.
                    if family != .networking, Self.isInitializer(node.member) { continue }
                    if family == .formatting, catalogues.contains(caller.type) { continue }
                    if let existing = members[caller.type]?[caller.member]?[family], existing <= moved { continue }
                    members[caller.type, default: [:]][caller.member, default: [:]][family] = moved
                    via[caller, default: [:]][family] = Step(callee: node, site: site)
                    changed = true
                }
                if changed { work.append(caller) }
            }
        }
    }

    struct TypeScan: Sendable {
        var members: [String: [Family: FamilyOrigin]] = [:]
        var edges: [(callee: Node, caller: Node, site: CallSite)] = []
    }

    /// One wrapping-capable type's direct uses, held formatters and call edges (callee → caller).
    private func scan(_ t: Int, index: TypeIndex, running: Set<String>) -> TypeScan {
        var result = TypeScan()
        func record(_ family: Family, _ origin: FamilyOrigin, member: String) {
            if family == .persistence, Self.folderHousekeeping.contains(origin.api) { return }
            if result.members[member]?[family].map({ origin < $0 }) ?? true {
                result.members[member, default: [:]][family] = origin
            }
        }
        for (path, decl) in index.declarations(of: t) {
            for usage in decl.usages where Self.isWrapperSource(usage, in: index.types[t]) {
                record(usage.family, FamilyOrigin(api: usage.api, file: path, line: usage.position.line, hops: 0),
                       member: usage.member ?? "")
            }
            for reference in decl.references where reference.isCall || !reference.chain.isEmpty {
                let caller = Node(type: t, member: reference.member ?? "")
                if let api = Self.heldFormatter(reference, in: t, index: index),
                   result.members[caller.member]?[.formatting] == nil {
                    result.members[caller.member, default: [:]][.formatting] =
                        FamilyOrigin(api: api, file: path, line: reference.position.line, hops: 0)
                }
                // One resolution of the receiver serves both questions.
                let resolved = index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: t)
                if let (family, api) = typedUsage(reference, resolved: resolved) {
                    record(family, FamilyOrigin(api: api, file: path, line: reference.position.line, hops: 0), member: caller.member)
                }
                let site = CallSite(file: path, line: reference.position.line)
                if case .project(let receiver)? = resolved {
                    let targets = dispatch(reference, on: receiver, index: index)
                    for target in targets where target != caller {
                        result.edges.append((target, caller, site))
                    }
                    if targets.isEmpty, let api = Self.storeModelQuery(reference, on: receiver, index: index) {
                        record(.persistence, FamilyOrigin(api: api, file: path, line: reference.position.line, hops: 0), member: caller.member)
                    }
                }
                // `ud?.set(…)` where `ud` is the type's own computed property: reading it runs its code
                // (a stored property's initialiser ran once, reading it later does no I/O).
                let own = reference.chain.first == "self" ? reference.chain.dropFirst().first : reference.chain.first
                if let own, reference.headType == nil, running.contains(own), Node(type: t, member: own) != caller {
                    result.edges.append((Node(type: t, member: own), caller, site))
                }
            }
            // `FetchUserCall(id:)`: making an object runs its initializer, and every initializer up
            // its superclass chain that one calls (`super.init`, resolved like any call on `super`).
            for creation in decl.creations where creation.kind == .initializer {
                guard let made = index.resolve(creation.typeName, near: path), made != t else { continue }
                let caller = Node(type: t, member: creation.member ?? "")
                let initializer = MemberReference(chain: [], name: "init", isCall: true, member: creation.member, position: creation.position)
                for target in dispatch(initializer, on: made, index: index) where target != caller {
                    result.edges.append((target, caller, CallSite(file: path, line: creation.position.line)))
                }
            }
            // `@UserDefault(key: …) var token`: the property does what the wrapper's wrappedValue does.
            for property in decl.properties {
                for attribute in property.attributes {
                    guard let wrapper = index.resolve(attribute, near: path) else { continue }
                    result.edges.append((Node(type: wrapper, member: "wrappedValue"), Node(type: t, member: property.name),
                                         CallSite(file: path, line: property.position.line)))
                }
            }
        }
        return result
    }

    /// A call on a receiver whose type the sources show to be a system or library I/O type
    /// (`defaults.set(…)`, `manager.request(…)`), or a type the configuration names.
    func typedUsage(_ reference: MemberReference, in t: Int, index: TypeIndex) -> (Family, String)? {
        guard reference.isCall, !reference.chain.isEmpty, reference.chain != ["self"] else { return nil }
        return typedUsage(reference, resolved: index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: t))
    }

    /// `typedUsage` for a receiver already resolved.
    func typedUsage(_ reference: MemberReference, resolved: ResolvedReceiver?) -> (Family, String)? {
        guard reference.isCall, !reference.chain.isEmpty, reference.chain != ["self"], case .external(let name)? = resolved
        else { return nil }
        if let family = configured[name] { return (family, "\(name).\(reference.name) (configured)") }
        guard let known = KnownAPIs.typedCalls[name], known.calls?.contains(reference.name) ?? true else { return nil }
        return (known.family, "\(known.api).\(reference.name)")
    }

    /// A wrapper's families come from real I/O and real formatters. `String(format:)` makes a
    /// formatting helper only in a type that is one by name (`PriceFormat`, `DurationFormatter`)
    /// or in an extension of a value type (`String.format(arguments:)`, `TimeInterval.shortText`):
    /// elsewhere it fills a localisation catalogue's template or builds a storage key.
    static func isWrapperSource(_ usage: UsageSite, in type: IndexedType) -> Bool {
        guard wrapperFamilies.contains(usage.family), !usage.isWeakSignal else { return false }
        guard usage.api == "String(format:)" else { return true }
        if type.kind == .extension, KnownTypes.valueTypes.contains(type.name) { return true }
        return type.shortName.containsIgnoringCase("format")
    }

    /// View controllers, VIPER roles, coordinators, view models and UIKit views are not wrappers:
    /// a view controller calling its presenter, view model or a subview delegates or configures.
    /// Neither are types whose purpose is telemetry, logging or sound.
    static func canWrap(_ type: IndexedType) -> Bool {
        guard !type.isViewController else { return false }
        if [.presenter, .interactor, .router, .builder, .view].contains(type.role) { return false }
        if let base = type.superclassChain.last, base.hasPrefix("UI") { return false }
        if type.kind == .extension, type.name.hasPrefix("UI") { return false }
        if Purpose.isSideEffectOnly(typeName: type.shortName) { return false }
        return !delegateSuffixes.contains(where: type.shortName.hasSuffix)
    }

    static let delegateSuffixes = ["Presenter", "Interactor", "Router", "Wireframe", "Coordinator", "ViewModel",
                                   "ViewData", "Flow", "Cell", "View"]

    /// Families reached by a reference on the type it resolves to (or on the types conforming
    /// to that protocol).
    public func families(of t: Int, reference: MemberReference, index: TypeIndex) -> [Family: FamilyOrigin] {
        var result: [Family: FamilyOrigin] = [:]
        for node in dispatch(reference, on: t, index: index) {
            let families = members[node.type]?[node.member] ?? [:]
            for (family, origin) in families where result[family].map({ origin < $0 }) ?? true {
                // A member that requests formats and stores for its request, not for the caller.
                if family != .networking, families[.networking] != nil { continue }
                result[family] = origin
            }
        }
        for target in Self.dispatchTypes(t, index: index) {
            for (family, origin) in members[target]?["*"] ?? [:] where result[family].map({ origin < $0 }) ?? true {
                result[family] = origin
            }
        }
        return result
    }

    /// The request an object starts when it is made (`RetrieveUserCall(id:)`): the networking its
    /// initializers reach, `super.init` included.
    public func initializerRequest(of t: Int, index: TypeIndex) -> FamilyOrigin? {
        let initializer = MemberReference(chain: [], name: "init", isCall: true, position: SourcePosition(line: 0, column: 0))
        return dispatch(initializer, on: t, index: index).compactMap { members[$0.type]?[$0.member]?[.networking] }.min()
    }

    /// The types a call on a value of type `t` may run code of: the conforming types of a
    /// protocol (and the protocol's own extensions), else the type itself.
    static func dispatchTypes(_ t: Int, index: TypeIndex) -> [Int] {
        index.types[t].kind == .protocol ? (index.conformers[index.types[t].name] ?? []) + [t] : [t]
    }

    /// The members a call on a value of type `t` runs: for each dispatch type, the matching members
    /// of the nearest owner (the type, its superclasses, its protocols' extensions) that has any.
    /// Left out: members that assemble another screen (building a module is not doing its I/O),
    /// and stored properties read rather than assigned (reading runs no code; assigning runs
    /// their observers).
    func dispatch(_ reference: MemberReference, on t: Int, index: TypeIndex) -> [Node] {
        if Purpose.isSideEffectCall(reference.name) { return [] }
        var nodes: [Node] = []
        for target in Self.dispatchTypes(t, index: index) {
            var called: [String] = []
            for owner in index.memberOwners(of: target) {
                let found = Self.matchingMembers(memberNames[owner], reference)
                guard !found.isEmpty else { continue }
                if Purpose.isAssembly(index.functions(baseName(found[0]), of: owner), index: index) { break }
                for member in found where reference.isAssignment || runningMembers[owner].contains(member) {
                    if presentingMembers[owner].contains(member) { continue }
                    nodes.append(Node(type: owner, member: member))
                    called.append(member)
                }
                break
            }
            // A method called on a class may run an override of it (same name and labels) in any
            // of its project subclasses: `fire()` in a base initializer runs the subclass's
            // `fire()`. Bounded to the nearest `overrideLimit` subclasses, breadth first.
            guard reference.isCall, !reference.isAssignment, reference.name != "init", reference.chain.first != "super" else { continue }
            for sub in descendants(of: target) {
                for member in called where runningMembers[sub].contains(member) && !presentingMembers[sub].contains(member) {
                    nodes.append(Node(type: sub, member: member))
                }
            }
        }
        return nodes
    }

    static let overrideLimit = 32

    /// Making sure a folder exists reads and stores no data: a helper that returns a cache
    /// folder's URL (creating it on first use) or checks for a file is not storage by that alone.
    static let folderHousekeeping: Set<String> = ["FileManager.fileExists", "FileManager.createDirectory"]

    /// `init`, `init(id:)`: a member that runs when an object is made.
    static func isInitializer(_ member: String) -> Bool {
        member == "init" || member.hasPrefix("init(")
    }

    /// Project subclasses of a class, breadth first, at most `overrideLimit`.
    private func descendants(of t: Int) -> [Int] {
        guard var queue = subclasses[t] else { return [] }
        var i = 0
        while i < queue.count, queue.count < Self.overrideLimit {
            queue += subclasses[queue[i]] ?? []
            i += 1
        }
        return Array(queue.prefix(Self.overrideLimit))
    }

}

/// `fetchUser(id:completion:)` → `fetchUser`.
func baseName(_ member: String) -> String {
    guard let paren = member.utf8.firstIndex(of: UInt8(ascii: "(")) else { return member }
    return String(member[..<paren])
}

