/// A member an Interactor task moves may also present screens, build controls, format for display
/// or navigate: that code cannot go to a layer that imports no UIKit. The task says that its UIKit
/// lines stay in the view, its display values go to the Presenter and its navigation to the Router,
/// each reached from the use case's output, and counts only the Interactor's lines as moved.
extension Planner {
    /// `task` saying, for each member it moves with at least `minimum` lines that stay in the view or
    /// go to the Presenter or the Router, where those lines go; a member it moved whole is cut to
    /// its Interactor lines.
    static func withUIKitLeftBehind(_ task: PlanTask, split: ScreenSplit, index: TypeIndex, type t: Int, minimum: Int = 3) -> PlanTask {
        guard task.category == .I, !task.plays(.splitFirst) else { return task }
        var task = task
        for (i, m) in task.moves.enumerated() {
            guard let s = split.members.first(where: { $0.name == m.name && $0.file == m.file }) else { continue }
            // The signature and closing brace stay with the view's share: they are no UIKit code.
            let stays = s.lines[.view] ?? 0, view = max(0, stays - 2), router = s.lines[.router] ?? 0, presenter = s.lines[.presenter] ?? 0
            let moved = s.lines[.interactor] ?? 0
            guard view + router + presenter >= minimum, moved > 0, !task.fix.contains("`\(m.name)` does not move whole") else { continue }
            // Moved whole until now: only what leaves for the Interactor is counted.
            let label = "2 × \(m.codeLines) code lines of `\(m.name)` moved"
            if m.codeLines == s.codeLines, let p = task.estimate.firstIndex(where: { $0.label == label }) {
                task.moves[i].codeLines = moved
                task.estimate[p] = EstimatePart(2 * moved, "2 × \(moved) code lines of `\(m.name)` moved (its data work and rules)")
                task.estimate.insert(EstimatePart(2, "its UIKit code reached from the use case's output"), at: p + 1)
            }
            let uikit = uikitNames(in: m.name, of: t, index: index)
            let named = uikit.isEmpty ? "" : " (\(TaskGrouping.list(uikit.prefix(4).map { "`\($0)`" })))"
            let parts = (view > 0 ? ["its \(view) line\(view == 1 ? "" : "s") of UIKit code\(named) stay\(view == 1 ? "s" : "") in the view"] : [])
                + (presenter > 0 ? ["its \(presenter) line\(presenter == 1 ? "" : "s") of display values go\(presenter == 1 ? "es" : "") to the Presenter"] : [])
                + (router > 0 ? ["its \(router) line\(router == 1 ? "" : "s") of navigation go\(router == 1 ? "es" : "") to the Router"] : [])
            task.fix += " `\(m.name)` does not move whole: \(TaskGrouping.list(parts)), reached from the use case's output, so the Interactor imports no UIKit."
        }
        return task
    }

    /// The UIKit calls and types a member uses (`present`, `UIActivityViewController`), in order.
    static func uikitNames(in member: String, of t: Int, index: TypeIndex) -> [String] {
        var names: [String] = []
        for (_, decl) in index.declarations(of: t) {
            guard let fn = decl.functions.first(where: { $0.name == member }) else { continue }
            let span = fn.position.line...max(fn.position.line, fn.endLine)
            for (name, position) in decl.uiTypeNames.sorted(by: { $0.value < $1.value }) where span.contains(position.line) { names.append(name) }
            for ref in decl.references.sorted(by: { $0.position < $1.position }) where ref.member == member && ref.isCall
                && (ScreenSplit.uikitCalls.contains(ref.name) || ref.chain.first.map(ScreenSplit.viewRoots.contains) == true) {
                names.append(ref.name)
            }
        }
        return uniqued(names)
    }
}
