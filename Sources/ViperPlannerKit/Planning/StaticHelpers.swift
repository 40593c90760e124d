/// A static method of a screen that makes or shows it runs with no screen: it is its callers' way
/// in, so its work is no use case of the screen's Interactor and its presentation no route of its Router.
extension TaskFactory {
    /// The finding's task when it is on such a method: one Builders task that moves it whole to the
    /// module's builder, nil otherwise.
    func staticHelperTask(_ task: PlanTask, finding: Finding, type: Int, prefix: String) -> PlanTask? {
        guard [.I, .P, .R].contains(task.category), let member = finding.member,
              let (fn, path) = function(named: member, in: type), fn.isStatic, showsTheScreen(member, of: type) else { return nil }
        var t = task
        t.category = .B
        t.title = "Move the static `\(member)` to \(prefix)Module"
        t.estimate = [EstimatePart(2 * fn.codeLines, "2 × \(fn.codeLines) code lines of `\(member)` moved to `\(prefix)Module`")]
        let callers = staticCallers(of: member, in: type)
        let sites = callers.isEmpty ? "" : " Its \(callers.count) call site\(callers.count == 1 ? "" : "s") change\(callers.count == 1 ? "s" : "") in the same PR: \(callers.prefix(6).map { "`\(shortPath($0.path)):\($0.line)`" }.joined(separator: ", "))\(callers.count > 6 ? " and \(callers.count - 6) more" : "")."
        t.fix = "`\(member)` is static: it runs with no screen, as its callers' way to show it, so none of it is a use case of `\(prefix)Interactor` or a route of `\(prefix)Router`. Once `\(prefix)Module` exists, move it there whole, next to `build()`, building the screen through it; its callers call `\(prefix)Module` instead.\(sites)\(Self.besidesShowing(t.apis))"
        if !callers.isEmpty {
            t.estimate.append(EstimatePart(2 * callers.count, "\(callers.count) call site\(callers.count == 1 ? "" : "s") switched to `\(prefix)Module`"))
            t.edits = uniqued(callers.map(\.path))
        }
        t.moves = [MovedMember(name: member, file: path, line: fn.position.line, codeLines: fn.codeLines, selfCalls: fn.selfCalls)]
        t.routes = []
        t.concern = Self.staticConcern
        return t
    }

    static let staticConcern = "static helper"

    /// The sentence ending a static helper's fix when it calls APIs: they go with it.
    static func besidesShowing(_ apis: [String]) -> String {
        apis.isEmpty ? "" : " What it does besides showing the screen (\(apis.prefix(3).map { "`\($0)`" }.joined(separator: ", "))) is its callers' work: it goes with the method, not into the Interactor."
    }

    /// The static method makes the screen or navigates (`present(BookmarkViewController(…))`): a way
    /// in for its callers. A static helper that does neither (`jsStringLiteral(_:)`) is planned as
    /// any other member.
    func showsTheScreen(_ member: String, of type: Int) -> Bool {
        let name = index.types[type].name
        return index.declarations(of: type).contains { _, decl in
            decl.creations.contains { $0.member == member && $0.typeName == name }
                || decl.usages.contains { $0.member == member && $0.family == .navigation }
        }
    }

    /// `file:line` of each call of the static `member` made through the type's name
    /// (`BookmarkViewController.showBookmarkUI(on:)`) outside the type itself.
    func staticCallers(of member: String, in type: Int) -> [(path: String, line: Int)] {
        let name = index.types[type].name, base = String(member.prefix { $0 != "(" })
        return index.occurrences.calling([base]).compactMap { n -> [(path: String, line: Int)]? in
            let (u, location) = index.occurrences.order[n]
            guard u != type else { return nil }
            let sites = index.decl(location).references.filter { $0.isCall && $0.name == base && $0.chain.last == name }
            return sites.map { (index.path(location), $0.position.line) }
        }.flatMap { $0 }
    }

    /// Each finding on one static method is one task: a later one joins the first (its fingerprint
    /// covered, its evidence and calls added). True when `task` was joined.
    static func joinStaticHelper(_ task: PlanTask, into tasks: inout [PlanTask]) -> Bool {
        guard task.concern == staticConcern,
              let i = tasks.firstIndex(where: { $0.concern == staticConcern && $0.member == task.member }) else { return false }
        let apis = uniqued(tasks[i].apis + task.apis)
        let before = besidesShowing(tasks[i].apis)
        if tasks[i].fix.hasSuffix(before) { tasks[i].fix = String(tasks[i].fix.dropLast(before.count)) + besidesShowing(apis) }
        tasks[i].apis = apis
        tasks[i].covers = uniqued(tasks[i].covers + [task.fingerprint] + task.covers)
        tasks[i].evidence += task.evidence
        tasks[i].severity = min(tasks[i].severity, task.severity)
        return true
    }
}
