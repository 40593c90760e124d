/// Glob patterns relative to the configuration file: `*` within a path segment, `**` across
/// segments, `?` one character. A pattern also matches everything below a matching folder.
struct Glob: Sendable {
    let segments: [String]

    init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/") { p.removeLast() }
        segments = p.split(separator: "/").map(String.init)
    }

    func matches(_ path: String) -> Bool {
        matches(parts: path.split(separator: "/").map(String.init))
    }

    /// The same for a path already split at its `/`.
    func matches(parts: [String]) -> Bool {
        Glob.match(segments[...], parts[...], allowPrefix: true)
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>, allowPrefix: Bool) -> Bool {
        guard let head = pattern.first else { return allowPrefix || path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining, allowPrefix: allowPrefix) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let first = path.first, segment(head, first) else { return false }
        return match(pattern.dropFirst(), path.dropFirst(), allowPrefix: allowPrefix)
    }

    static func segment(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
