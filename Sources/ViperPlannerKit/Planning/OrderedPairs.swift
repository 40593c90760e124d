/// Calls of the screen's own helpers that bracket the work a task moves (`stopListeningForChanges()`
/// before a write, `startListeningForChanges()` after it): their order around the work is its
/// behaviour. Moved into a use case whose result comes back later, the second call would run after
/// changes the first one was holding back had already arrived.
enum OrderedPairs {
    /// Opening verb → its closing verb.
    static let verbs: [String: String] = ["stop": "start", "pause": "resume", "suspend": "resume", "disable": "enable",
                                          "begin": "end", "unsubscribe": "subscribe", "mute": "unmute", "lock": "unlock"]

    /// The pairs (opening, closing) among `calls` (a moved member's calls of the screen's own
    /// methods, in source order): same name after the verb, the opening one first.
    static func pairs(_ calls: [String]) -> [(String, String)] {
        var found: [(String, String)] = []
        for (i, open) in calls.enumerated() {
            guard let (verb, rest) = split(open), let closing = verbs[verb] else { continue }
            if let close = calls[(i + 1)...].first(where: { split($0).map { $0.verb == closing && $0.rest == rest } == true }),
               !found.contains(where: { $0.0 == open }) {
                found.append((open, close))
            }
        }
        return found
    }

    /// "stopListeningForChanges()" → ("stop", "ListeningForChanges"); nil without a leading lowercase verb.
    private static func split(_ call: String) -> (verb: String, rest: String)? {
        let base = baseName(call)
        let verb = String(base.prefix { $0.isLowercase })
        guard !verb.isEmpty, verb.count < base.count else { return nil }
        return (verb, String(base.dropFirst(verb.count)))
    }

    /// What the task says of each pair: the view keeps both calls around its call of the use case.
    static func sentence(_ pairs: [(String, String)]) -> String? {
        guard !pairs.isEmpty else { return nil }
        let list = TaskGrouping.list(pairs.map { "`\($0.0)` before it and `\($0.1)` after it" })
        return "Order matters: the moved work runs between \(list). The view keeps \(pairs.count == 1 ? "both calls" : "these calls") around its call of the use case, and the use case does that work before it returns (no hop to another queue between them), or changes held back arrive out of order."
    }
}
