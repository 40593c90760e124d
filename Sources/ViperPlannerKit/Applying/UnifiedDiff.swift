import Foundation

/// A unified diff of two texts line by line (Myers' shortest edit script, 3 lines of context), in
/// the form `git apply` and `patch -p1` read: `--- a/PATH`, `+++ b/PATH`, `@@ -l,n +l,n @@` hunks.
public enum UnifiedDiff {
    enum Op: Equatable { case same, delete, insert }

    /// A new file, as `git apply` reads it.
    public static func creation(path: String, text: String) -> String {
        let body = lines(text)
        return "diff --git a/\(path) b/\(path)\nnew file mode 100644\n--- /dev/null\n+++ b/\(path)\n@@ -0,0 +1,\(body.count) @@\n"
            + body.map { "+" + $0.raw }.joined()
    }

    public static func diff(path: String, old: String, new: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let script = editScript(a.map(\.text), b.map(\.text))
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(script, context: context) {
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0, body = ""
            for (k, entry) in hunk.enumerated() {
                if k == 0 { oldStart = entry.oldIndex; newStart = entry.newIndex }
                switch entry.op {
                case .same: body += " " + a[entry.oldIndex].raw; oldCount += 1; newCount += 1
                case .delete: body += "-" + a[entry.oldIndex].raw; oldCount += 1
                case .insert: body += "+" + b[entry.newIndex].raw; newCount += 1
                }
            }
            // An empty side starts at the line before it, as diff(1) writes it.
            out += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n" + body
        }
        return out
    }

    /// Lines with their end: `raw` keeps the newline, and a last line without one is followed by
    /// the marker patch tools expect.
    private static func lines(_ text: String) -> [(text: String, raw: String)] {
        var result: [(String, String)] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                result.append((current, current + String(character)))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, current + "\n\\ No newline at end of file\n")) }
        return result
    }

    struct Entry { var op: Op; var oldIndex: Int; var newIndex: Int }

    /// The shortest edit script from `a` to `b`, each entry with the index in both texts it is at.
    static func editScript(_ a: [String], _ b: [String]) -> [Entry] {
        let n = a.count, m = b.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[max + k] = x
                if x >= n, y >= m { trace.append(v); break outer }
            }
        }
        // Walk the trace back from the end, collecting the moves.
        var entries: [Entry] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let down = k == -d || (k != d && v[max + k - 1] < v[max + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = v[max + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY { x -= 1; y -= 1; entries.append(Entry(op: .same, oldIndex: x, newIndex: y)) }
            if d == 0 { break }
            if down { y -= 1; entries.append(Entry(op: .insert, oldIndex: x, newIndex: y)) }
            else { x -= 1; entries.append(Entry(op: .delete, oldIndex: x, newIndex: y)) }
        }
        return entries.reversed()
    }

    /// Runs of changes with up to `context` unchanged lines around them; changes closer than twice
    /// the context share a hunk.
    static func hunks(_ script: [Entry], context: Int) -> [[Entry]] {
        let changed = script.indices.filter { script[$0].op != .same }
        guard let first = changed.first else { return [] }
        var ranges: [ClosedRange<Int>] = []
        var start = first, end = first
        for i in changed.dropFirst() {
            if i - end > 2 * context { ranges.append(start...end); start = i }
            end = i
        }
        ranges.append(start...end)
        return ranges.map { range in
            Array(script[Swift.max(0, range.lowerBound - context)...Swift.min(script.count - 1, range.upperBound + context)])
        }
    }
}
