/// Suggestions for a mistyped name (a command, a configuration key, a rule id): the known name
/// nearest by edit distance, when it is near enough to be what was meant.
public enum DidYouMean {
    /// The farthest a suggestion may be: two single-character edits.
    public static let maxDistance = 2

    /// Levenshtein distance: the fewest insertions, deletions and substitutions of one character
    /// that turn `a` into `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `word` within `maxDistance` (the first one listed on a tie); nil
    /// when none is that near, or when `word` is itself a candidate.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        guard !candidates.contains(word) else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(word, candidate)
            if d <= maxDistance, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// ` (did you mean 'excluded'?)`, or nothing when no candidate is near.
    public static func hint(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
