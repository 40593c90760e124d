/// How the slicer cuts estimate parts and long methods into pieces under a cap.
extension PRSlicer {
    /// How the estimate parts for the screen's own edits around a new type begin ("view controller
    /// holds `interactor` …").
    static let screenEdit = "view controller "

    /// Parts in order, cut into runs under the cap; a part larger than the cap alone is cut in pieces.
    static func chunked(_ parts: [EstimatePart], cap: Int) -> [[EstimatePart]] {
        var chunks: [[EstimatePart]] = [[]]
        for part in parts {
            let pieces = max(1, (part.lines + cap - 1) / cap)
            for k in 0..<pieces {
                let lines = pieces == 1 ? part.lines : min(cap, part.lines - k * cap)
                let piece = EstimatePart(lines, pieces == 1 ? part.label : part.label + " (piece \(k + 1) of \(pieces))")
                if chunks[chunks.count - 1].reduce(0, { $0 + $1.lines }) + lines > cap { chunks.append([]) }
                chunks[chunks.count - 1].append(piece)
            }
        }
        return chunks.filter { !$0.isEmpty }
    }

    /// "Split `loadEverything()` (240 lines) into smaller methods first", cut so each PR fits the cap:
    /// extracting k lines costs 2k (deleted and re-added) plus ~3 lines per new helper of ~40 lines.
    /// Lines extracted per preparatory PR: all but ~20 lines of orchestration, in chunks under the cap.
    static func splitChunks(codeLines: Int, cap: Int) -> [Int] {
        var chunk = cap / 2
        while chunk > 1 && 2 * chunk + 3 * ((chunk + 39) / 40) > cap { chunk -= 1 }
        var left = max(1, codeLines - 20)
        var chunks: [Int] = []
        while left > 0 { chunks.append(min(chunk, left)); left -= chunk }
        return chunks
    }

    /// Part `i` of `count` of a move too large for one PR: no in-place split comes first (it would
    /// be churned twice); each part moves one run of whole top-level statements, in order, as a step
    /// of the destination the view calls, so the screen compiles and behaves the same after each,
    /// and the last part leaves the view's method a forward. (title, what the part does)
    static func step(_ i: Int, of count: Int, task: PlanTask) -> (title: String, step: String) {
        guard let m = task.moves.first else { return ("move the sites of \(task.id)", "the next run of its sites") }
        let from = (i - 1) * m.codeLines / count + 1, to = i * m.codeLines / count
        let range = "code lines \(from)–\(to) of its \(m.codeLines)"
        let title = "move `\(m.name)` in steps (\(range))"
        let how = i == count
            ? "\(range), the last run of top-level statements: the view's `\(m.name)` is left a forward"
            : "\(range), up to a top-level statement (a closure chain is never cut): moved as one step the view's `\(m.name)` calls, values it needs later returned, so the screen compiles and behaves the same"
        return (title, how)
    }

    /// A task of several members too large for one PR goes whole member by whole member (in order,
    /// each PR as full as its room allows: `firstRoom` for the one that also creates the types): no
    /// method is cut when each fits a PR of its own. nil when one does not (it then moves in steps).
    static func wholeMembers(_ parts: [EstimatePart], firstRoom: Int, cap: Int) -> [[EstimatePart]]? {
        guard parts.filter({ $0.label.hasPrefix("`") && $0.label.hasSuffix("`") }).count > 1, let first = parts.first,
              first.lines <= firstRoom, parts.allSatisfy({ $0.lines <= cap }) else { return nil }
        var chunks: [[EstimatePart]] = [[]], room = firstRoom, used = 0
        for part in parts {
            if used + part.lines > room { chunks.append([]); room = cap; used = 0 }
            chunks[chunks.count - 1].append(part)
            used += part.lines
        }
        return chunks
    }
}

extension PRSlicer.Draft {
    /// Not an earlier part of a task moved over several PRs ("part 1 of 2"): what the task leaves
    /// behind (no call to its service left in the view) is checked only once all of it has moved.
    var endsItsTasks: Bool {
        guard let part else { return true }
        let numbers = part.split(separator: " ").compactMap { Int($0) }
        return numbers.count != 2 || numbers[0] == numbers[1]
    }
}
