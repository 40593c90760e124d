extension PRSlicer {
    /// The preparatory splits of the methods too long to move (or with a `long-method` finding):
    /// those ahead of the moves, those after them (a method no task moves stays in the view: its
    /// split prepares nothing, so it does not open the screen's migration), and the tasks left to slice.
    func splits(_ tasks: [PlanTask], cap: Int, split: Set<String>) -> (first: [Draft], later: [Draft], pending: [PlanTask]) {
        guard tasks.contains(where: { $0.category == .I }) else { return ([], [], tasks) }
        var first: [Draft] = [], later: [Draft] = [], splitMembers = split
        // long-method tasks by view controller and member, in order (looked up, not filtered per method).
        var longMethods: [String?: [String: [PlanTask]]] = [:]
        for task in tasks where task.plays(.splitFirst) {
            if let member = task.member { longMethods[task.viewController, default: [:]][member, default: []].append(task) }
        }
        for task in tasks {
            // A move too large for one PR goes in steps (`PRSlicer.step`), never split in place first.
            for m in task.moves where task.plays(.splitFirst)
                && splitMembers.insert("\(task.viewController ?? "")|\(m.name)").inserted {
                let covered = longMethods[task.viewController]?[m.name] ?? []
                let movedLater = tasks.contains { $0.viewController == task.viewController && !$0.plays(.splitFirst) && $0.moves.contains { $0.name == m.name } }
                let ahead = !(task.plays(.splitFirst) && !movedLater)
                let made = preparatory(m, vc: task.viewController, covering: covered, cap: cap, ahead: ahead)
                if ahead { first += made } else { later += made }
            }
        }
        let pending = tasks.filter { !($0.plays(.splitFirst) && splitMembers.contains("\($0.viewController ?? "")|\($0.member ?? "")")) }
        return (first, later, pending)
    }

    /// The splits of long methods the moves shrink, of what stays in the view.
    func remainders(_ tasks: [PlanTask]) -> [Draft] {
        tasks.flatMap { task -> [Draft] in
            task.moves.first.map { preparatory($0, vc: task.viewController, covering: [task], cap: Self.cap(for: .I, configCap: configCap), ahead: false, remainder: true) } ?? []
        }
    }

    /// `ahead`: a later task moves the method, so its split comes first; otherwise the method stays
    /// in the view and its split only tidies it.
    func preparatory(_ m: MovedMember, vc: String?, covering: [PlanTask], cap: Int, ahead: Bool = true, remainder: Bool = false) -> [Draft] {
        let chunks = Self.splitChunks(codeLines: m.codeLines, cap: cap)
        let count = chunks.count
        var done = 0
        return chunks.enumerated().map { index, k in
            let i = index + 1
            let helpers = (k + 39) / 40
            // Each part names the stretch of the method it cuts, so no two parts describe the same change.
            let oneStatement = m.statements.count == 1
            let part = count > 1 ? oneStatement ? " (part \(i) of \(count): its next branches, about \(k) code lines)" : " (part \(i) of \(count): code lines \(done + 1)–\(done + k))" : ""
            done += k
            var draft = Draft(phase: .I, vc: vc, concern: "service", tasks: covering,
                              parts: [EstimatePart(2 * k, "\(k) lines of `\(m.name)` extracted in place (deleted + re-added)"),
                                      EstimatePart(3 * helpers, "\(helpers) new private method\(helpers == 1 ? "" : "s"): signature, brace, call")],
                              title: remainder ? "Split the \(m.codeLines) lines that stay in the view of `\(m.name)` into smaller methods\(part)"
                                : "Split \(m.name.hasPrefix("init(") ? "the work after `super.init` in " : "")`\(m.name)` (\(m.codeLines) lines) into smaller methods\(ahead ? " first" : ", which stay in the view")\(part)")
            draft.isPreparatory = true
            draft.splits = "\(vc ?? "")|\(m.name)"
            draft.splitsOneStatement = oneStatement
            if count > 1 { draft.part = Part(i, of: count) }
            return draft
        }
    }
}

extension PRSlicer {
    /// The concern a unit of tasks is sliced under: the screen's state moving to its owner and a
    /// model's action enum are PRs of their own; a large screen's I/O and Interactor moves are two.
    static func concern(of unit: [PlanTask], large: Bool) -> String {
        if unit.contains(where: { $0.concern == ScreenStateOwner.concern }) { return ScreenStateOwner.concern }
        if unit.contains(where: { $0.concern == Planner.actionsConcern }) { return Planner.actionsConcern }
        return large ? unit.contains { $0.concern == "service" } ? "service" : "interactor" : ""
    }
}
