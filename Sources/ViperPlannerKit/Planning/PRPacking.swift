/// PRs a reviewer can take in one sitting without drowning in tiny ones: small screens' fixes join
/// the cross-cutting sweeps of their rules, and neighbouring PRs of one concern of a feature merge
/// while they fit under the cap.
extension Planner {
    /// A feature with no module to build whose fixes come to fewer than `sweepBelow` lines in all
    /// (a screen already split into roles with one finding, a screen whose only task is a safety
    /// fix) gets no file of its own: its findings join the cross-cutting sweeps of their rules, one
    /// PR per rule for many screens instead of one tiny PR per screen.
    static func sweep(_ features: inout [String: (vcs: [Int], tasks: [PlanTask], modules: [TargetModule])]) -> [PlanTask] {
        var swept: [PlanTask] = []
        for name in features.keys.sorted() {
            let f = features[name]!
            // A task of no lines of its own waits for the feature's other PRs: such a feature keeps its file.
            guard f.modules.isEmpty, f.tasks.allSatisfy({ $0.rule != nil && $0.estimatedLines > 0 }),
                  f.tasks.reduce(0, { $0 + $1.estimatedLines }) < sweepBelow else { continue }
            swept += f.tasks
            features[name] = nil
        }
        return swept
    }

    static let sweepBelow = 80

    /// Neighbouring PRs of one concern merge, in order, while the merged PR stays under the lower of
    /// their caps. Each phase is its own concern: the routes and the builder (which makes the
    /// presenter the interactor's output) are two PRs, each reviewed for one thing. Preparatory splits, the parts of one oversized move and characterization tests (a
    /// PR with no task, which must land before the first move) stay on their own. Numbers and
    /// dependencies are rewritten; "Not in this PR" is filled afterwards.
    static func pack(_ slices: [PRSlice]) -> [PRSlice] {
        var packed: [PRSlice] = []
        var newNumber: [Int: Int] = [:]
        func alone(_ s: PRSlice) -> Bool { s.isPreparatory || s.part != nil || s.taskIDs.isEmpty || s.phase == .X || ["seam", ScreenStateOwner.concern, Planner.actionsConcern].contains(s.concern) }
        let small = smallModule(slices)
        for slice in slices {
            let joins = { (last: PRSlice) -> Bool in
                if small.contains(last.number), small.contains(slice.number) { return true }
                // The seams of a feature's screens are one concern: protocols and defaults, nothing moved.
                if last.concern == "seam", slice.concern == "seam", last.phase == slice.phase,
                   last.estimatedLines + slice.estimatedLines <= min(last.cap, slice.cap) { return true }
                // Interactor moves the presenter drives are data work, never packed with view-state moves.
                let drivesData = { (s: PRSlice) in s.phase == .P && s.taskIDs.contains { $0.first == "I" } }
                return !alone(last) && !alone(slice) && last.phase == slice.phase
                    && drivesData(last) == drivesData(slice)
                    && last.estimatedLines + slice.estimatedLines <= min(last.cap, slice.cap)
            }
            if var last = packed.last, joins(last) {
                let wholeModule = small.contains(last.number)
                last.title += "; " + lowercasedFirst(slice.title)
                last.taskIDs += slice.taskIDs
                last.files = uniqued(last.files + slice.files)
                last.newFiles = uniqued(last.newFiles + slice.newFiles)
                last.featureFolders = uniqued(last.featureFolders + slice.featureFolders).sorted()
                // The project file's entries stay one line, the last.
                last.estimate = PRSlicer.mergedProjectEntries(last.estimate + slice.estimate)
                last.cap = wholeModule ? max(last.cap, slice.cap) : min(last.cap, slice.cap)
                if wholeModule { last.concern = "" }
                last.changes += slice.changes
                // "The app builds …" stays the last check of the merged PR.
                let closing = "The app builds and the screen behaves as before."
                let checks = uniqued(last.checks + slice.checks)
                last.checks = checks.filter { $0 != closing } + (checks.contains(closing) ? [closing] : [])
                last.creates += slice.creates.filter { !last.creates.contains($0) }
                last.dependsOn = uniqued(last.dependsOn + slice.dependsOn)
                last.severity = min(last.severity, slice.severity)  // Critical sorts first
                packed[packed.count - 1] = last
            } else {
                packed.append(slice)
            }
            newNumber[slice.number] = packed[packed.count - 1].number
        }
        // Numbers stay consecutive from the first PR's; a dependency on a merged PR points to the PR
        // it joined, and a PR never depends on itself.
        let first = slices.first?.number ?? 1
        var renumber: [Int: Int] = [:]
        for (i, s) in packed.enumerated() { renumber[s.number] = first + i }
        func to(_ n: Int) -> Int? { newNumber[n].flatMap { renumber[$0] } }
        return packed.map { s in
            var s = s
            let own = renumber[s.number]!
            s.number = own
            // The words name PRs of this file too ("inherits … (PR 1)", "until PR 5"): same numbers.
            s.changes = s.changes.map { renumberedMentions($0, to: to, own: own) }
            s.checks = s.checks.map { renumberedMentions($0, to: to, own: own) }
            s.dependsOn = uniqued(s.dependsOn.map { d in
                guard d.hasPrefix("PR "), let n = Int(d.dropFirst(3)), let joined = newNumber[n], let to = renumber[joined] else { return d }
                return "PR \(to)"
            }).filter { $0 != "PR \(own)" }
            // Other files' PRs first, as the slicer lists them; this file's in ascending order.
            let local = s.dependsOn.filter { $0.hasPrefix("PR ") }.sorted { Int($0.dropFirst(3)) ?? 0 < Int($1.dropFirst(3)) ?? 0 }
            s.dependsOn = s.dependsOn.filter { !$0.hasPrefix("PR ") } + local
            return s
        }
    }

    /// The PRs that make one small screen a module, when they are better as one: a screen whose
    /// seam, moves, routes, builder and tests come to at most the general cap (its presenter work
    /// within the presenter cap) is reviewed in one sitting, its steps in phase order, instead of
    /// as several PRs of a few dozen lines each that only make sense together. Empty when the
    /// file's module PRs are not all one screen's, include a split or a characterization test, or
    /// are too large.
    static func smallModule(_ slices: [PRSlice]) -> Set<Int> {
        let work = slices.filter { $0.phase != .C && $0.phase != .X }
        guard work.count > 1, !work.contains(where: { $0.isPreparatory || $0.part != nil || $0.taskIDs.isEmpty }),
              Set(work.flatMap { $0.creates.filter { $0.hasSuffix("Module") } }).count <= 1,
              let cap = work.map(\.cap).max(), work.reduce(0, { $0 + $1.estimatedLines }) <= cap else { return [] }
        let presenter = work.filter { $0.phase == .P }
        guard presenter.reduce(0, { $0 + $1.estimatedLines }) <= presenter.map(\.cap).min() ?? cap else { return [] }
        // Only a run of neighbours folds: the module's PRs follow each other in phase order.
        guard let first = slices.firstIndex(where: { $0.number == work[0].number }),
              slices[first..<(first + work.count)].map(\.number) == work.map(\.number) else { return [] }
        return Set(work.map(\.number))
    }

    /// "PR 7" → its new number ("this PR" for the PR itself); "alpha.md PR 1" names another file's
    /// PR and stays.
    static func renumberedMentions(_ text: String, to: (Int) -> Int?, own: Int) -> String {
        guard text.contains("PR ") else { return text }
        var out = "", rest = Substring(text)
        while let r = rest.range(of: "PR ") {
            let before = rest[..<r.lowerBound]
            out += before
            let digits = rest[r.upperBound...].prefix { $0.isNumber }
            let otherFile = (out.hasSuffix(".md ")) || (!out.isEmpty && !(out.last!.isWhitespace || out.last! == "("))
            if let n = Int(digits), !otherFile, let m = to(n) {
                out += m == own ? "this PR" : "PR \(m)"
            } else {
                out += "PR " + digits
            }
            rest = rest[r.upperBound...].dropFirst(digits.count)
        }
        return out + rest
    }

    /// "Assemble CartModule" → "assemble CartModule"; a leading type name keeps its case.
    static func lowercasedFirst(_ text: String) -> String {
        let word = text.prefix { $0 != " " }
        guard let c = word.first, c.isUppercase, word.dropFirst().allSatisfy({ !$0.isUppercase }) else { return text }
        return c.lowercased() + text.dropFirst()
    }
}
