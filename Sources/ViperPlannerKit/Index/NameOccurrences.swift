import Foundation

/// Which declarations mention a name, built once per index: the per-type scans (member mobility,
/// creation sites, creation helpers) visit only those declarations instead of every declaration
/// of the project for every type, which made them quadratic in the project's size.
///
/// Declarations are numbered in the order the scans walk them (each type in index order, its
/// declarations in order), so a scan over the candidates, in ascending number, sees them in the
/// same order as a scan over everything: the results are the same, element for element.
final class NameOccurrences: Sendable {
    /// Declaration number → the type it belongs to and where it is.
    let order: [(type: Int, location: DeclLocation)]
    /// `CreationFact.typeName`.
    private let creationNames: [String: [Int]]
    /// Names of references that are calls.
    private let callNames: [String: [Int]]
    /// The last dotted component of functions' return types (`Self` included).
    private let returnNames: [String: [Int]]

    init(_ index: TypeIndex) {
        var order: [(type: Int, location: DeclLocation)] = []
        var byCreation: [String: [Int]] = [:], byCall: [String: [Int]] = [:], byReturn: [String: [Int]] = [:]
        func note(_ table: inout [String: [Int]], _ name: String, _ n: Int) {
            if table[name]?.last != n { table[name, default: []].append(n) }
        }
        for (u, type) in index.types.enumerated() {
            for location in type.decls {
                let n = order.count
                order.append((u, location))
                let decl = index.decl(location)
                for reference in decl.references where reference.isCall { note(&byCall, reference.name, n) }
                for creation in decl.creations { note(&byCreation, creation.typeName, n) }
                for function in decl.functions {
                    if let returnType = function.returnType { note(&byReturn, Self.lastComponent(returnType), n) }
                }
            }
        }
        self.order = order
        creationNames = byCreation; callNames = byCall; returnNames = byReturn
    }

    /// `resolve(name) == t` only when the name's last component is `t`'s short name.
    static func lastComponent(_ name: String) -> String { String(lastPart(name) ?? "") }

    /// Declarations (ascending) creating a type written under one of these names.
    func creating(_ names: some Sequence<String>) -> [Int] { union(names.map { creationNames[$0] ?? [] }) }
    /// Declarations (ascending) calling one of these names.
    func calling(_ names: some Sequence<String>) -> [Int] { union(names.map { callNames[$0] ?? [] }) }
    /// Declarations (ascending) with a function whose return type ends in one of these names.
    func returning(_ names: some Sequence<String>) -> [Int] { union(names.map { returnNames[$0] ?? [] }) }

    func union(_ lists: [[Int]]) -> [Int] {
        let nonEmpty = lists.filter { !$0.isEmpty }
        if nonEmpty.count <= 1 { return nonEmpty.first ?? [] }
        return Array(Set(nonEmpty.joined())).sorted()
    }
}

/// Every reference, property access and symbol reference (`#selector`, `#keyPath`) by its name, in
/// the scans' order: declaration ascending (numbered as `NameOccurrences.order`), then its
/// references, accesses and symbols, each in order. A member's scan reads only the entries of its
/// own name. Built for member mobility (planning) only.
final class MemberPostings: Sendable {
    /// One naming of a member: the declaration number and which list of it, at which position.
    struct Posting {
        enum Section: UInt8 { case reference, access, symbol }
        let decl: Int32
        let section: Section
        let element: Int32
    }

    private let byName: [String: [Posting]]

    init(_ index: TypeIndex, order: [(type: Int, location: DeclLocation)]) {
        var byName: [String: [Posting]] = [:]
        for (n, (_, location)) in order.enumerated() {
            let decl = index.decl(location)
            for (k, reference) in decl.references.enumerated() {
                byName[reference.name, default: []].append(Posting(decl: Int32(n), section: .reference, element: Int32(k)))
            }
            for (k, access) in decl.propertyAccesses.enumerated() {
                byName[access.name, default: []].append(Posting(decl: Int32(n), section: .access, element: Int32(k)))
            }
            for (k, symbol) in decl.symbolReferences.enumerated() {
                byName[symbol.name, default: []].append(Posting(decl: Int32(n), section: .symbol, element: Int32(k)))
            }
        }
        self.byName = byName
    }

    /// The places naming a member, in scan order.
    func naming(_ name: String) -> [Posting] { byName[name] ?? [] }
}

/// Built on first use and shared by every copy of the index (the index is a value; its tables
/// are fixed once `TypeIndex.init` returns). Per-type results are kept once computed.
final class IndexMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var occurrences: NameOccurrences?
    private var postings: MemberPostings?
    private var creationSites: [Int: [CreationSite]] = [:]
    private var postingTargets: [String: PostingTargets] = [:]
    private var opaqueCalls: [Int: [OpaqueCall]] = [:]
    private var projectServices: [Int: ProjectService] = [:]
    private var uiBound: [Int: Bool] = [:]

    func occurrences(_ index: TypeIndex) -> NameOccurrences {
        lock.lock(); defer { lock.unlock() }
        if let occurrences { return occurrences }
        let built = NameOccurrences(index)
        occurrences = built
        return built
    }

    func postings(_ index: TypeIndex) -> MemberPostings {
        let order = occurrences(index).order
        lock.lock(); defer { lock.unlock() }
        if let postings { return postings }
        let built = MemberPostings(index, order: order)
        postings = built
        return built
    }

    /// The places naming `name` by receiver type, resolved once per name for all types.
    func postingTargets(_ name: String, _ compute: () -> PostingTargets) -> PostingTargets {
        remembered(\.postingTargets, name, compute)
    }

    func creationSites(of type: Int, _ compute: () -> [CreationSite]) -> [CreationSite] {
        remembered(\.creationSites, type, compute)
    }

    /// A screen's calls into services the sources do not show, asked for by several planning stages.
    func opaqueCalls(of type: Int, _ compute: () -> [OpaqueCall]) -> [OpaqueCall] {
        remembered(\.opaqueCalls, type, compute)
    }

    /// What a project type wraps of those services, asked for from every screen that calls it.
    func projectService(_ type: Int, _ compute: () -> ProjectService) -> ProjectService {
        remembered(\.projectServices, type, compute)
    }

    /// Whether a project type is a piece of UIKit, asked for from every line that names it.
    func uiBound(_ type: Int, _ compute: () -> Bool) -> Bool {
        remembered(\.uiBound, type, compute)
    }

    /// The value stored under `key`, else computed (outside the lock: it may ask the memo again)
    /// and stored.
    private func remembered<Key: Hashable, Value>(_ table: ReferenceWritableKeyPath<IndexMemo, [Key: Value]>, _ key: Key,
                                                  _ compute: () -> Value) -> Value {
        lock.lock()
        if let known = self[keyPath: table][key] { lock.unlock(); return known }
        lock.unlock()
        let value = compute()
        lock.lock(); self[keyPath: table][key] = value; lock.unlock()
        return value
    }
}
