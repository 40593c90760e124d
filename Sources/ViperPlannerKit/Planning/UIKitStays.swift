/// A member an Interactor or Presenter task moves may also present screens, build controls and
/// alerts, or navigate: that code cannot go to a layer that imports no UIKit. The task says that its
/// UIKit lines stay in the view (built from the plain values the output hands it), its display
/// values go to the Presenter and its navigation to the Router, and counts only the lines that
/// really leave as moved.
extension Planner {
    /// `task` saying, for each member it moves with at least `minimum` lines that stay in the view or
    /// go to another layer, where those lines go; a member an Interactor task moved whole is cut to
    /// its Interactor lines.
    static func withUIKitLeftBehind(_ task: PlanTask, split: ScreenSplit, index: TypeIndex, type t: Int, minimum: Int = 3) -> PlanTask {
        guard task.category == .I || task.category == .P, !task.plays(.splitFirst) else { return task }
        if task.category == .P { return withUIKitKeptInView(task, split: split, index: index, type: t, minimum: minimum) }
        var task = task
        for (i, m) in task.moves.enumerated() {
            guard let s = split.members.first(where: { $0.name == m.name && $0.file == m.file }) else { continue }
            // The signature and closing brace stay with the view's share: they are no UIKit code.
            let stays = s.lines[.view] ?? 0, view = max(0, stays - 2), router = s.lines[.router] ?? 0, presenter = s.lines[.presenter] ?? 0
            let moved = s.lines[.interactor] ?? 0
            if task.fix.contains("`\(m.name)` builds the view, so it becomes a view update") {
                task = viewUpdateCut(task, move: i, interactorLines: moved)
                continue
            }
            guard view + router + presenter >= minimum, moved > 0, !task.fix.contains(notWhole(m.name)) else { continue }
            // Moved whole until now: only what leaves for the Interactor is counted.
            let label = "2 × \(m.codeLines) code lines of `\(m.name)` moved"
            if m.codeLines == s.codeLines, let p = task.estimate.firstIndex(where: { $0.label == label }) {
                task.moves[i].codeLines = moved
                task.estimate[p] = EstimatePart(2 * moved, "2 × \(moved) code lines of `\(m.name)` moved (its data work and rules)")
                task.estimate.insert(EstimatePart(2, "its UIKit code reached from the use case's output"), at: p + 1)
            }
            let uikit = uikitNames(in: m.name, of: t, index: index)
            let named = uikit.isEmpty ? "" : " (\(TaskGrouping.list(uikit.prefix(4).map { "`\($0)`" })))"
            // Interactor PRs land before the Presenter and Router exist (one that waits for the
            // presenter comes after it): lines for a layer not made yet stay until its PRs move them.
            let waits = presenter > 0 && !task.needsPresenter
            let later = [waits ? "the Presenter" : nil, router > 0 ? "the Router" : nil].compactMap { $0 }
            let waiting = (waits ? ["\(presenter) line\(presenter == 1 ? "" : "s") of display values"] : []) + (router > 0 ? ["\(router) line\(router == 1 ? "" : "s") of navigation"] : [])
            let one = waiting.count == 1 && (waits ? presenter : router) == 1
            let parts = (view > 0 ? ["its \(view) line\(view == 1 ? "" : "s") of UIKit code\(named) stay\(view == 1 ? "s" : "") in the view"] : [])
                + (presenter > 0 && !waits ? ["its \(presenter) line\(presenter == 1 ? "" : "s") of display values go\(presenter == 1 ? "es" : "") to the Presenter"] : [])
                + (waiting.isEmpty ? [] : ["its \(TaskGrouping.list(waiting)) stay\(one ? "s" : "") in the view for now"])
            let until = later.isEmpty ? "" : " (the PRs that create \(TaskGrouping.list(later)) move those lines)"
            // Its UIKit stays, so it does more than forward once its data work has moved.
            task.fix = task.fix.replacingOccurrences(of: "; `\(m.name)` then only forwards to `interactor`.",
                                                     with: "; `\(m.name)` then calls `interactor` and keeps only its UIKit, run from the output.")
            task.fix += " " + notWhole(m.name) + ": \(TaskGrouping.list(parts)), reached from the use case's output, so the Interactor imports no UIKit\(until)."
        }
        return task
    }

    /// A member that builds the view stays the view's update: only the lines the split gives the
    /// Interactor (its rules and I/O) leave, as one use case cut out of it, never its runs of
    /// statements that build controls. The rest stays for the split that follows the moves.
    private static func viewUpdateCut(_ task: PlanTask, move i: Int, interactorLines moved: Int) -> PlanTask {
        let m = task.moves[i]
        guard moved > 0, moved < m.codeLines else { return task }
        var task = task
        let label = "2 × \(m.codeLines) code lines of `\(m.name)` moved"
        task.moves[i].codeLines = moved
        task.moves[i].statements = []
        if let p = task.estimate.firstIndex(where: { $0.label == label }) {
            task.estimate[p] = EstimatePart(2 * moved, "2 × \(moved) code lines of `\(m.name)` moved (its rules and I/O; the lines that build its controls stay)")
        }
        return task
    }

    /// A Presenter task's member whose UIKit lines (an alert it builds, a row model it fills) stay:
    /// the presenter hands the view plain values and the view builds the UIKit from them.
    private static func withUIKitKeptInView(_ task: PlanTask, split: ScreenSplit, index: TypeIndex, type t: Int, minimum: Int) -> PlanTask {
        var task = task
        for m in task.moves {
            guard let s = split.members.first(where: { $0.name == m.name && $0.file == m.file }) else { continue }
            let view = max(0, (s.lines[.view] ?? 0) - 2)
            let uikit = uikitNames(in: m.name, of: t, index: index)
            guard view >= minimum, !uikit.isEmpty, !task.fix.contains(notWhole(m.name)) else { continue }
            let named = TaskGrouping.list(uikit.prefix(4).map { "`\($0)`" })
            task.fix += " " + notWhole(m.name) + ": its lines that make or change UIKit values (\(named)) stay in the view, driven by the plain values"
                + " (titles, messages, flags) the presenter's output carries, so the Presenter imports no UIKit."
            task.estimate.append(EstimatePart(2, "the view building `\(m.name)`'s UIKit from the output's plain values"))
        }
        return task
    }

    /// The UI framework and UI-bound project types a member names and the UIKit calls it makes
    /// (`UIAlertController`, `OptionItem`, `present`), in order.
    /// The words that say a member's UIKit stays behind when its task moves it.
    static func notWhole(_ member: String) -> String { "`\(member)` does not move whole" }

    static func uikitNames(in member: String, of t: Int, index: TypeIndex) -> [String] {
        var named: [(line: Int, name: String)] = []
        for (path, decl) in index.declarations(of: t) {
            guard let fn = decl.functions.first(where: { $0.name == member }) else { continue }
            named += fn.typeMentions.filter { index.isUIBound($0.name, near: path) }.map { ($0.line, $0.name) }
            for ref in decl.references where ref.member == member && ref.isCall
                && (ScreenSplit.uikitCalls.contains(ref.name) || ref.chain.first.map(ScreenSplit.viewRoots.contains) == true) {
                named.append((ref.position.line, ref.name))
            }
        }
        return uniqued(named.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.name))
    }
}
