/// A model that names the screen's actions by selector (`AuthenticationMode` holding
/// `#selector(SPAuthViewController.performLogInWithPassword)`, the view wiring each button to it
/// and running the primary one with `perform(_:)`): the flow's state points back into the view
/// controller, so no Presenter can own it or decide what a button does. The seam comes first: an
/// enum of the actions in the model, and one `switch` in the view that runs each.
extension Planner {
    /// The concern of that task: a PR of its own that creates no layer.
    static let actionsConcern = "actions"

    static func selectorSeamTask(for t: Int, index: TypeIndex, mobility: [String: MemberMobility]) -> PlanTask? {
        let screen = index.types[t].name, prefix = modulePrefix(screen)
        var holders: [String] = [], sites: [MemberMobility.Site] = [], actions: [String] = []
        for (member, m) in mobility.sorted(by: { $0.key < $1.key }) {
            let held = m.selectors.filter { site in
                guard site.type != screen, let u = index.resolve(site.type, near: site.file) else { return false }
                return ![.viewController, .view].contains(index.types[u].role) && !index.types[u].isViewController
            }
            guard !held.isEmpty else { continue }
            actions.append(member)
            sites += held
            for site in held where !holders.contains(site.type) { holders.append(site.type) }
        }
        guard actions.count >= 2, let first = sites.min(by: { ($0.file, $0.line) < ($1.file, $1.line) }) else { return nil }
        let dispatch = index.declarations(of: t).flatMap { d in d.decl.functions.filter { ScreenSplit.sendsOwnSelector($0, in: d.decl) }.map(\.name) }
        let list = { (names: [String]) in TaskGrouping.list(names.map { "`\($0)`" }) }
        let enumName = "\(prefix)Action"
        let sorted = sites.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        var task = PlanTask(category: .P, title: "Replace the selectors \(list(holders)) \(holders.count == 1 ? "holds" : "hold") for \(screen)'s actions with an action enum",
                            fingerprint: FindingFingerprint.make(rule: "vp-selectors", type: screen, member: nil, discriminator: holders.joined(separator: ",")),
                            rule: nil, viewController: screen, member: nil, file: first.file, line: first.line, severity: .medium,
                            problem: "\(list(holders)) \(holders.count == 1 ? "names" : "name") \(actions.count) actions of \(screen) by `#selector` (\(list(actions)))"
                                + (dispatch.isEmpty ? "" : ", and \(list(dispatch)) \(dispatch.count == 1 ? "runs" : "run") them with `perform(_:)`")
                                + ": the flow's state points back into the view controller, so no Presenter can own it or decide what a button does.",
                            fix: "Add `enum \(enumName)` with one case per action and give \(list(holders)) that case in place of each selector; \(screen) runs each case in one `switch` "
                                + "(`handle(_ action: \(enumName))`)" + (dispatch.isEmpty ? "" : " where \(list(dispatch)) called `perform(_:)`")
                                + " and wires its buttons to it, so the model names what the user can do and only the view knows its methods. Nothing else moves: the actions keep their bodies, and the Presenter PRs that follow hand the view the actions to show.",
                            evidence: sorted.prefix(5).map { "`\(shortPath($0.file)):\($0.line)`" } + (sorted.count > 5 ? ["… and \(sorted.count - 5) more sites"] : []),
                            estimate: [EstimatePart(actions.count + 3, "`\(enumName)` with \(actions.count) cases"),
                                       EstimatePart(2 * sites.count, "\(sites.count) selector \(sites.count == 1 ? "site" : "sites") rewritten"),
                                       EstimatePart(2 * actions.count + 4, "the view's `switch` over the actions")])
        task.concern = actionsConcern
        // The model and the view change together.
        task.edits = uniqued(sorted.map(\.file).filter { $0 != first.file } + index.declarations(of: t).map(\.path))
        return task
    }
}

extension PRSlicer {
    /// The PR of a model's action enum: the model and the view change together, nothing moves.
    func actionWords(_ w: inout SliceWords) {
        w.title = w.draft.tasks[0].title
        w.changes = w.fixes + ["Nothing moves into a new type: the actions keep their bodies in \(w.vcName)."]
        w.checks = ["Compiles on its own: the enum is additive, and the model and \(w.vcName) change in the same PR.",
                    "No `#selector(\(w.vcName).…)` is left outside \(w.vcName).",
                    "The `switch` has no `default`: the compiler checks that every case runs an action (no test file is needed before the Presenter PRs make one).",
                    "The app builds and the screen behaves as before."]
    }
}
