/// Code that runs once a piece of work comes back (a completion, a callback, an issue card's
/// answer) rather than while the member runs: what it calls handles a result, which no caller can
/// compute first and hand in.
extension ScreenStateFacts {
    /// A closure the call it is handed runs before returning (`items.map { … }`), or one called
    /// where it is written (`let x = { … }()`): its body runs with the member, not once work comes back.
    static func runsInPlace(_ context: ClosureContext) -> Bool {
        switch context {
        case .callArgument(_, _, let name): return inPlaceCallees.contains(name)
        case .other: return true
        default: return false
        }
    }

    static let inPlaceCallees: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "sort", "first", "last", "contains",
        "allSatisfy", "firstIndex", "lastIndex", "min", "max", "removeAll", "partition", "drop", "prefix", "enumerateObjects",
        "performWithoutAnimation", "performBatchUpdates", "autoreleasepool", "withExtendedLifetime", "sync"]

    /// `ref` lies in a closure of its member that runs once work comes back.
    func comesBack(_ ref: MemberReference) -> Bool {
        guard let member = ref.member else { return false }
        return laterSpans[member]?.contains { ref.position > $0.start && ref.position.line <= $0.endLine } == true
    }
}
