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
    static func step(_ i: Int, of count: Int, task: PlanTask, runs: [ClosedRange<Int>]? = nil) -> (title: String, step: String) {
        // The screen's state moves property by property behind computed forwards: every step compiles.
        if task.concern == ScreenStateOwner.concern {
            return i == 1 ? ("move the first properties into the presenter, the view forwarding to them",
                             "the first run of the properties moves into the presenter and the view keeps computed properties of the same names over the presenter's, so every site still compiles")
                : ("move the next properties into the presenter", "the next run of the properties moves the same way, behind computed forwards")
        }
        guard let m = task.moves.first else { return ("move the sites of \(task.id)", "the next run of its sites") }
        var range: String
        if let runs, runs.count == count {
            let run = runs[i - 1], n = m.statements.count
            let from = m.statements[..<run.lowerBound].reduce(0, +) + 1, to = m.statements[...run.upperBound].reduce(0, +)
            let which = run.count == 1 ? "statement \(run.lowerBound + 1)" : "statements \(run.lowerBound + 1)–\(run.upperBound + 1)"
            range = "\(which) of its \(n), body code lines \(from)–\(to) of \(m.statements.reduce(0, +))"
        } else {
            let from = (i - 1) * m.codeLines / count + 1, to = i * m.codeLines / count
            range = "code lines \(from)–\(to) of its \(m.codeLines)"
        }
        let title = "move `\(m.name)` in steps (\(range))"
        let how = i == count
            ? "\(range), the last run of top-level statements: the view's `\(m.name)` is left a forward"
            : "\(range), up to a top-level statement (a closure chain is never cut): moved as one step the view's `\(m.name)` calls, values it needs later returned, so the screen compiles and behaves the same"
        return (title, how)
    }

    /// Part `i` of `count` of the screen's state properties, in order, as even as they divide: what
    /// one PR of a state move too large for one moves, so no two parts list the same change.
    static func propertyRun(_ i: Int, of count: Int, _ properties: [String]) -> [String] {
        guard count > 1, properties.count >= count else { return [] }
        return Array(properties[(i - 1) * properties.count / count ..< i * properties.count / count])
    }

    /// A method's top-level statements (their code lines, in order) packed into runs, each as full
    /// as its PR allows (`firstRoom` estimated lines for the first, `room` after), at `scale`
    /// estimated lines per code line. A statement larger than a PR (a closure chain, one
    /// `do`/`catch`) is a run of its own, which no cut can bring under the cap; a run too small for a
    /// PR of its own beside it joins it. nil when the statements are unknown.
    static func statementRuns(_ statements: [Int], scale: Double, firstRoom: Int, room: Int) -> [ClosedRange<Int>]? {
        guard !statements.isEmpty else { return nil }
        let size = { (run: ClosedRange<Int>) in Double(statements[run].reduce(0, +)) * scale }
        var runs: [ClosedRange<Int>] = [], start = 0, used = 0.0
        for (k, lines) in statements.enumerated() {
            let s = Double(lines) * scale
            let full = used + s > Double(runs.isEmpty ? firstRoom : room)
            if k > start, full || s > Double(room) { runs.append(start...(k - 1)); start = k; used = 0 }
            used += s
            if s > Double(room) { runs.append(k...k); start = k + 1; used = 0 }
        }
        if start < statements.count { runs.append(start...(statements.count - 1)) }
        var joined: [ClosedRange<Int>] = []
        for run in runs {
            if let last = joined.last, size(last) > Double(room) && size(run) < Double(smallestPR) || size(last) < Double(smallestPR) && size(run) > Double(room) {
                joined[joined.count - 1] = last.lowerBound...run.upperBound
            } else {
                joined.append(run)
            }
        }
        return joined
    }

    /// The end of the title of a PR over its cap because it moves a statement larger than a PR,
    /// which no cut between statements brings under it. The plan's self-check allows it.
    static let uncuttable = "(a statement larger than a PR: no smaller PR compiles)"

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
    var endsItsTasks: Bool { part?.isLast ?? true }
}

extension PRSlicer {
    /// One method larger than a PR: it moves in steps cut between its top-level statements (equal
    /// shares of its lines when the statements are unknown), the first creating what the phase
    /// needs; a method with one statement larger than a PR moves whole.
    func inSteps(_ task: PlanTask, phase: TaskCategory, cap: Int, creation: Creation, room: Int) -> [Draft] {
        let total = task.estimatedLines
        let statements = task.moves.count == 1 ? task.moves[0].statements : []
        let scale = Double(total) / Double(max(1, statements.reduce(0, +)))
        let runs = Self.statementRuns(statements, scale: scale, firstRoom: room, room: cap)
        let quoted = task.estimate.filter { $0.lines > 0 }.map { "\($0.label) (\($0.lines))" }.joined(separator: "; ")
        if runs?.count == 1, let m = task.moves.first, let largest = statements.max() {
            // Its statements cannot be cut apart under the cap: it moves whole, over the cap, said so.
            let which = statements.count == 1 ? "its one statement" : "statement \(statements.firstIndex(of: largest)! + 1) of its \(statements.count)"
            // A member whose UIKit stays in the view moves its data work, not itself.
            let what = task.fix.contains(Planner.notWhole(m.name)) ? "the data work of `\(m.name)`" : "`\(m.name)`"
            let how = what.hasPrefix("`") ? "whole" : "in one PR"
            var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                              parts: creation.parts + [EstimatePart(total, "\(task.id): \(what) moved \(how): \(which) (\(largest) code lines) is larger than a PR and no step can cut it (\(quoted)); over the cap, review it in two sittings")],
                              title: "\(task.id): move \(what) \(how) \(Self.uncuttable)", cap: cap)
            draft.creates = creation.types; draft.creationParts = creation.parts.count
            return [draft]
        }
        let count = runs?.count ?? (total + room - 1) / room
        // Each part's lines: its statements' share of the estimate (cumulative, so they add up).
        let weights = runs.map { $0.map { statements[$0].reduce(0, +) } } ?? Array(repeating: 1, count: count)
        let weight = max(1, weights.reduce(0, +))
        let upTo = { (i: Int) in total * weights.prefix(i).reduce(0, +) / weight }
        return (1...count).map { i in
            let lines = upTo(i) - upTo(i - 1)
            let (title, step) = Self.step(i, of: count, task: task, runs: runs)
            let which = i == 1 ? "the first \(lines)" : i == count ? "the last \(lines)" : "the next \(lines)"
            var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                              parts: (i == 1 ? creation.parts : []) + [EstimatePart(lines, "\(task.id), part \(i) of \(count): \(step) (\(which) of its \(total) estimated lines: \(quoted))")],
                              title: "\(task.id) part \(i) of \(count): \(title)", cap: cap)
            if draft.total > cap, runs != nil { draft.title! += " " + Self.uncuttable }
            if i == 1 { draft.creates = creation.types; draft.creationParts = creation.parts.count }
            draft.part = Part(i, of: count)
            draft.partMembers = Self.propertyRun(i, of: count, task.properties).map { "`\($0)`" }
            return draft
        }
    }
}

extension PRSlicer {
    /// The parts of a builder in which the presenter takes the interactor's output over.
    static let handoverConcern = "handover"

    /// A builder too large for one PR because of the interactor's output it hands to the presenter:
    /// first the module is assembled with the view controller still the output (every creator
    /// switched, the app unchanged), then the presenter takes the output over, in as many PRs as
    /// the use cases need. Nil for any other task.
    func builderSteps(_ task: PlanTask, phase: TaskCategory, cap: Int, creation: Creation) -> [Draft]? {
        guard task.category == .B else { return nil }
        let handover = task.estimate.filter { ModulePlanner.isHandover($0) }
        let assembly = task.estimate.filter { !ModulePlanner.isHandover($0) && $0.lines > 0 }
        let assemblyLines = assembly.reduce(0) { $0 + $1.lines }, handoverLines = handover.reduce(0) { $0 + $1.lines }
        guard handoverLines > 0, assemblyLines + creation.parts.reduce(0, { $0 + $1.lines }) <= cap else { return nil }
        let prefix = modulePrefix(task.viewController ?? "")
        let pieces = Self.chunked(handover, cap: cap)
        let count = 1 + pieces.count
        var first = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                          parts: creation.parts + assembly.map { EstimatePart($0.lines, "\(task.id), part 1 of \(count): \($0.label)") },
                          title: "\(task.id) part 1 of \(count): assemble `\(prefix)Module`, the view controller still the interactor's output", cap: cap)
        first.creates = creation.types; first.creationParts = creation.parts.count
        first.part = Part(1, of: count)
        let rest = pieces.enumerated().map { k, parts -> Draft in
            let i = k + 2
            var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                              parts: parts.map { EstimatePart($0.lines, "\(task.id), part \(i) of \(count): \($0.label)") },
                              title: "\(task.id) part \(i) of \(count): `\(prefix)Presenter` takes over the interactor's output\(pieces.count > 1 ? " (\(k + 1) of \(pieces.count))" : "")", cap: cap)
            draft.part = Part(i, of: count)
            draft.concern = Self.handoverConcern
            return draft
        }
        return [first] + rest
    }
}

