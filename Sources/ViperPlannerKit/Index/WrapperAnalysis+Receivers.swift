/// How a reference finds its callee: overloads by labels, held formatters, store-model queries and
/// the receiver chain's type.
extension WrapperAnalysis {
    /// The members a reference can mean: every overload whose labels contain the call's labels in
    /// order (trailing closures and defaulted parameters may be omitted), the exact name first.
    static func matchingMembers(_ names: [String: [String]], _ reference: MemberReference) -> [String] {
        guard let candidates = names[reference.name], !candidates.isEmpty else { return [] }
        guard let full = reference.fullName else { return candidates.filter { !hasParenthesis($0) } + candidates.filter(hasParenthesis) }
        let wanted = labels(full).filter { $0 != "_" }
        var result = candidates.contains(full) ? [full] : []
        for candidate in candidates where candidate != full && hasParenthesis(candidate) {
            var remaining = labels(candidate)[...]
            var matches = true
            for label in wanted {
                guard let i = remaining.firstIndex(of: label) else { matches = false; break }
                remaining = remaining[(i + 1)...]
            }
            if matches { result.append(candidate) }
        }
        return result
    }

    /// `get(tabAt:animated:)` → `["tabAt", "animated"]`, cut at the ASCII bytes.
    static func labels(_ name: String) -> [String] {
        let utf8 = name.utf8
        guard let open = utf8.firstIndex(of: UInt8(ascii: "(")), let close = utf8.lastIndex(of: UInt8(ascii: ")")),
              open < close else { return [] }
        return utf8[utf8.index(after: open)..<close].split(separator: UInt8(ascii: ":")).map { String(name[$0.startIndex..<$0.endIndex]) }
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

    /// Bases of the models a database library stores: a type method they inherit
    /// (`RealmUser.findBy(query:)`, `Track.fetchRequest()`) queries the store.
    static let storeModelBases: [String: String] = ["Object": "Realm", "NSManagedObject": "CoreData"]

    /// `RealmUser.findBy(query:)`: a type method the project does not declare, called on a model
    /// class whose base is a database library's model.
    static func storeModelQuery(_ reference: MemberReference, on receiver: Int, index: TypeIndex) -> String? {
        guard reference.isCall, reference.chain.count == 1, reference.headType == nil,
              index.types[receiver].shortName == reference.chain[0],
              let base = index.types[receiver].superclassChain.last, let library = storeModelBases[base] else { return nil }
        return "\(library).\(reference.name)"
    }

    /// A configured wrapper that is not in the sources (`networking_types: [BackendSDK]`).
    public func configuredFamily(_ name: String) -> Family? { configured[name] }

    /// What a reference may call: the members of the type its receiver chain resolves to.
    func targets(of reference: MemberReference, in context: Int, index: TypeIndex) -> [Node] {
        guard let resolved = Self.receiverType(of: reference, in: context, index: index) else { return [] }
        return dispatch(reference, on: resolved, index: index)
    }

    /// The project type the receiver chain of a reference denotes, when the sources tell.
    static func receiverType(of reference: MemberReference, in context: Int, index: TypeIndex) -> Int? {
        guard case .project(let t)? = index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: context)
        else { return nil }
        return t
    }
}

private func hasParenthesis(_ name: String) -> Bool { name.utf8.contains(UInt8(ascii: "(")) }
