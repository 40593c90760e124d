import Foundation

/// Where one declaration of a type lives.
public struct DeclLocation: Hashable, Sendable {
    public var file: Int
    public var decl: Int
}

/// A type with all its extensions, across files.
public struct IndexedType: Sendable {
    public var name: String
    public var kind: DeclKind
    /// The primary declaration first, then extensions by file and line.
    public var decls: [DeclLocation]
    /// Superclass chain, nearest first, ending at the UIKit (or known third-party) base when known.
    public var superclassChain: [String] = []
    public var isViewController = false
    /// Protocols and superclass named by the declaration and its extensions.
    public var inheritance: [String] = []
    public var codeLines = 0
    public var role: Role = .other

    public var isDeclaredInSources: Bool { kind != .extension }
    public var shortName: String { String(lastPart(name) ?? Substring(name)) }
}

public enum Role: String, Codable, Sendable, CaseIterable {
    case viewController, presenter, interactor, router, builder, view, entity, other
}

/// All types of the scanned sources, with extensions merged and superclass chains resolved.
public struct TypeIndex: Sendable {
    public let files: [FileFacts]
    public private(set) var types: [IndexedType] = []
    private var byName: [String: [Int]] = [:]
    private var byShortName: [String: [Int]] = [:]
    /// Protocol name → indices of types that declare conformance to it.
    public private(set) var conformers: [String: [Int]] = [:]
    /// Per type: property name → the first declaration of it (primary declaration, then extensions).
    private var propertyTables: [[String: PropertyFact]] = []
    /// Per type: project superclasses, nearest first.
    private var superclassTable: [[Int]] = []
    /// Per type: function base name → its declarations (primary declaration, then extensions).
    private var functionTables: [[String: [FunctionFact]]] = []
    /// Top-level variables by name (the first declaration wins).
    private var globalTable: [String: PropertyFact] = [:]
    /// Type alias → the type it names, first declaration wins.
    public private(set) var aliases: [String: String] = [:]
    /// Per type: the project protocols it conforms to, transitively.
    private var protocolTable: [[Int]] = []
    /// Per file: the types with a declaration or extension in it, ascending.
    private var fileTable: [[Int]] = []
    /// Resolutions among several same-named types (`Section`, `Cell`, two `AppDelegate`s): each
    /// compares paths with every candidate, and the same name is resolved from the same file
    /// again and again.
    private let memo = ResolutionMemo()
    /// Name occurrences and per-type scan results, built on first use.
    let indexMemo = IndexMemo()
    var occurrences: NameOccurrences { indexMemo.occurrences(self) }

    public init(files: [FileFacts], configuration: Configuration) {
        self.files = files
        var extensions: [(String, DeclLocation)] = []
        for (f, file) in files.enumerated() {
            for (d, decl) in file.types.enumerated() {
                let location = DeclLocation(file: f, decl: d)
                if decl.kind == .extension { extensions.append((decl.name, location)); continue }
                types.append(IndexedType(name: decl.name, kind: decl.kind, decls: [location]))
            }
        }
        rebuildNameTables()
        for (name, location) in extensions {
            if let target = resolve(name, near: files[location.file].path) {
                types[target].decls.append(location)
            } else {
                // An extension of a type not declared in the sources (UIViewController, Date).
                if let existing = byName[name]?.first, types[existing].kind == .extension {
                    types[existing].decls.append(location)
                } else {
                    types.append(IndexedType(name: name, kind: .extension, decls: [location]))
                    byName[name, default: []].append(types.count - 1)
                }
            }
        }
        for i in types.indices {
            let primary = types[i].decls[0]
            let rest = types[i].decls.dropFirst().sorted {
                (files[$0.file].path, decl($0).position) < (files[$1.file].path, decl($1).position)
            }
            types[i].decls = [primary] + rest
            types[i].inheritance = types[i].decls.flatMap { decl($0).inheritance }
            types[i].codeLines = types[i].decls.reduce(0) { $0 + decl($1).codeLines }
            for proto in Set(types[i].inheritance) { conformers[proto, default: []].append(i) }
        }
        rebuildNameTables()
        resolveSuperclasses(configuration)
        buildLookupTables()
    }

    /// `property(_:of:)` and `superclasses(of:)` are called for every reference of every type:
    /// answer them from tables instead of scanning declarations and name lists each time.
    private mutating func buildLookupTables() {
        let snapshot = self
        propertyTables = parallelMap(count: types.count, jobs: defaultJobCount) { t in
            var table: [String: PropertyFact] = [:]
            for location in snapshot.types[t].decls {
                for property in snapshot.decl(location).properties where table[property.name] == nil { table[property.name] = property }
            }
            return table
        }
        superclassTable = types.map { type in
            type.superclassChain.compactMap { name in byName[name]?.first { types[$0].kind == .class } }
        }
        functionTables = parallelMap(count: types.count, jobs: defaultJobCount) { t in
            var table: [String: [FunctionFact]] = [:]
            for location in snapshot.types[t].decls {
                for function in snapshot.decl(location).functions { table[baseName(function.name), default: []].append(function) }
            }
            return table
        }
        for file in files {
            for global in file.globals where globalTable[global.name] == nil { globalTable[global.name] = global }
            for alias in file.typeAliases where aliases[alias.name] == nil && alias.name != alias.target {
                aliases[alias.name] = alias.target
            }
        }
        viewControllerExtensions = types.indices.filter {
            types[$0].kind == .extension && KnownTypes.uiKitViewControllers.contains(types[$0].name)
        }
        valueTypeExtensions = types.indices.filter { types[$0].kind == .extension && KnownTypes.valueTypes.contains(types[$0].name) }
        fileTable = Array(repeating: [], count: files.count)
        for (t, type) in types.enumerated() {
            for file in Set(type.decls.map(\.file)) { fileTable[file].append(t) }
        }
        let withFunctions = self
        protocolTable = parallelMap(count: types.count, jobs: defaultJobCount) { t in withFunctions.conformedProtocols(t) }
    }

    /// Project protocols the type conforms to (through its superclasses and protocol inheritance),
    /// nearest first: where default implementations in protocol extensions live.
    private func conformedProtocols(_ t: Int) -> [Int] {
        var result: [Int] = [], queue: [Int] = [t] + superclassTable[t], seen: Set<Int> = Set(queue)
        var i = 0
        while i < queue.count {
            let current = queue[i]; i += 1
            let near = path(types[current].decls[0])
            for name in types[current].inheritance {
                guard let p = resolve(name, near: near), types[p].kind == .protocol, seen.insert(p).inserted else { continue }
                result.append(p); queue.append(p)
            }
        }
        return result
    }

    /// Where a member called on the type may be declared: the type, its project superclasses,
    /// then the project protocols it conforms to (default implementations).
    public func memberOwners(of type: Int) -> [Int] { [type] + superclassTable[type] + protocolTable[type] }

    /// Functions the type itself (with its extensions) declares under this base name.
    public func ownFunctions(_ base: String, of type: Int) -> [FunctionFact] { functionTables[type][base] ?? [] }

    /// Extensions of UIKit view controller classes declared in the sources (`extension
    /// UIViewController { func push(module:) }`): helpers every view controller can call.
    public private(set) var viewControllerExtensions: [Int] = []

    /// The project's extensions of value types (`extension String`, `extension Date`).
    public private(set) var valueTypeExtensions: [Int] = []

    /// Functions of the type (or of its project superclasses) with this base name.
    public func functions(_ base: String, of type: Int) -> [FunctionFact] {
        if let own = functionTables[type][base] { return own }
        for owner in superclassTable[type] {
            if let inherited = functionTables[owner][base] { return inherited }
        }
        return []
    }

    public func global(_ name: String) -> PropertyFact? { globalTable[name] }

    private mutating func rebuildNameTables() {
        byName = [:]; byShortName = [:]
        for (i, type) in types.enumerated() {
            byName[type.name, default: []].append(i)
            byShortName[type.shortName, default: []].append(i)
        }
    }

    public func decl(_ location: DeclLocation) -> TypeDeclFacts { files[location.file].types[location.decl] }
    public func path(_ location: DeclLocation) -> String { files[location.file].path }
    public func declarations(of type: Int) -> [(path: String, decl: TypeDeclFacts)] {
        types[type].decls.map { (path($0), decl($0)) }
    }

    /// Finds a type declared in the sources by qualified or short name; when several share the
    /// name (two targets), the one whose path shares the longest prefix with `near` wins.
    public func resolve(_ name: String, near path: String? = nil) -> Int? {
        // `UserDefaults` written alone is Foundation's even where the project nests a type of that
        // name (`Constants.UserDefaults`, a key enum): a nested type goes by its short name only
        // inside its parent.
        let shadowed = byName[name] == nil && !name.contains(".") && KnownTypes.isSystemTypeName(name)
        let pool = byName[name] ?? (shadowed ? nil : byShortName[String(lastPart(name) ?? "")]) ?? []
        if pool.count == 1 { return types[pool[0]].isDeclaredInSources ? pool[0] : nil }
        let candidates = pool.filter { types[$0].isDeclaredInSources }
        guard candidates.count > 1, let path else { return candidates.first }
        let memoKey = name + "\u{1F}" + path
        if let known = memo.value(memoKey) { return known }
        // The first candidate with the longest common path prefix (as `max(by:)` picks).
        var best = candidates[0], bestLength = commonPrefix(files[types[best].decls[0].file].path, path)
        for candidate in candidates.dropFirst() {
            let length = commonPrefix(files[types[candidate].decls[0].file].path, path)
            if length > bestLength { best = candidate; bestLength = length }
        }
        memo.store(memoKey, best)
        return best
    }

    /// Several types share this short name (two targets, or nested types in different scopes).
    public func isAmbiguous(_ shortName: String) -> Bool { (byShortName[shortName]?.count ?? 0) > 1 }

    /// A type declared under exactly this (qualified) name.
    public func exactType(_ name: String) -> Int? {
        byName[name]?.first { types[$0].isDeclaredInSources }
    }

    /// Any indexed type, including extension-only ones (for member lookups on `Date`, `String`).
    public func lookup(_ name: String, near path: String? = nil) -> Int? {
        resolve(name, near: path) ?? byName[name]?.first
    }

    private mutating func resolveSuperclasses(_ configuration: Configuration) {
        let extraBases = Set(configuration.viewControllerBaseClasses)
        for i in types.indices where types[i].kind == .class {
            var chain: [String] = []
            var visited: Set<Int> = [i]
            var current = i
            var isVC = false
            while let first = decl(types[current].decls[0]).inheritance.first {
                let near = path(types[current].decls[0])
                if let next = resolve(first, near: near), types[next].kind == .class {
                    guard visited.insert(next).inserted else { break }
                    chain.append(types[next].name)
                    current = next
                    continue
                }
                if let next = resolve(first, near: near), types[next].kind == .protocol { break }
                let base = String(lastPart(first) ?? Substring(first))
                chain.append(base)
                isVC = KnownTypes.uiKitViewControllers.contains(base) || KnownTypes.thirdPartyViewControllers.contains(base)
                    || extraBases.contains(base) || extraBases.contains(first)
                    || (configuration.appkit && KnownTypes.appKitViewControllers.contains(base))
                break
            }
            // A base with no source and no known name (a package's `TableViewController`): the
            // class is a view controller when it overrides view controller life-cycle methods.
            if !isVC, let base = chain.last, types[current].kind == .class,
               resolve(base, near: path(types[current].decls[0])) == nil,
               !KnownTypes.nonViewControllerBases.contains(base),
               !(KnownTypes.appKitViewControllers.contains(base) && !configuration.appkit),
               ([i] + visited.filter { $0 != i }).contains(where: overridesViewLifeCycle) {
                chain[chain.count - 1] = base + " (no source; treated as UIViewController)"
                isVC = true
            }
            types[i].superclassChain = chain
            types[i].isViewController = isVC
        }
        for (i, role) in RoleClassifier.classify(self).enumerated() { types[i].role = role }
    }

    /// Overrides a method only a view controller has (`viewDidLoad()`, `viewWillAppear(_:)`, …).
    private func overridesViewLifeCycle(_ t: Int) -> Bool {
        types[t].decls.contains { location in
            decl(location).functions.contains { $0.isOverride && KnownTypes.viewControllerLifeCycle.contains($0.name) }
        }
    }

    /// A property of the type or of its project superclasses.
    public func property(_ name: String, of type: Int) -> (PropertyFact, owner: Int)? {
        if let p = propertyTables[type][name] { return (p, type) }
        for owner in superclassTable[type] {
            if let p = propertyTables[owner][name] { return (p, owner) }
        }
        return nil
    }

    /// Project superclasses, nearest first.
    public func superclasses(of type: Int) -> [Int] { superclassTable[type] }
    /// The types declared or extended in a file, ascending.
    public func types(inFile file: Int) -> [Int] { fileTable[file] }
}

func commonPrefix(_ a: String, _ b: String) -> Int {
    var a = a, b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            let n = min(x.count, y.count)
            var i = 0
            while i < n, x[i] == y[i] { i += 1 }
            return i
        }
    }
}

/// A lock-protected memo table; the index stays a value that threads may share.
final class ResolutionMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: Int] = [:]

    func value(_ key: String) -> Int? { lock.lock(); defer { lock.unlock() }; return table[key] }
    func store(_ key: String, _ value: Int) { lock.lock(); table[key] = value; lock.unlock() }
}
