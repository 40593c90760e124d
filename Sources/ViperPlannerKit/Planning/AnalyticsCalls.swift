/// Analytics a moved member records (`Tracker.trackSignedIn()`, `analytics.logEvent(…)`): no
/// finding and no I/O of the screen's data, but an event a move must not drop. The task that moves
/// the member names them, so the PR keeps each with the code that triggers it.
extension ModulePlanner {
    /// Type and property name parts of analytics objects.
    static let analyticsParts = ["Tracker", "Analytics", "Telemetry", "tracker", "analytics", "telemetry"]

    /// The analytics calls in `members` of screen `t`, as "`Receiver.call`", in order of first use.
    func analyticsCalls(in members: [String], of t: Int) -> [String] {
        let wanted = Set(members)
        var calls: [String] = []
        for (_, decl) in index.declarations(of: t) {
            for ref in decl.references where ref.isCall && ref.member.map(wanted.contains) == true {
                let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
                guard let head = chain.first else { continue }
                let byName = Self.analyticsParts.contains(where: head.contains)
                let byCall = ref.name.hasPrefix("track") || ref.name == "logEvent"
                guard byName || (byCall && head.first?.isUppercase == true) else { continue }
                let call = "`\(chain.joined(separator: ".")).\(ref.name)`"
                if !calls.contains(call) { calls.append(call) }
            }
        }
        return calls
    }

    /// The task with its moved members' analytics named in its fix.
    func withAnalytics(_ task: PlanTask, in t: Int) -> PlanTask {
        guard [.I, .P, .R].contains(task.category), !task.plays(.splitFirst) else { return task }
        let members = uniqued([task.member].compactMap { $0 } + task.moves.map(\.name))
        let calls = analyticsCalls(in: members, of: t)
        guard !calls.isEmpty else { return task }
        var task = task
        let list = TaskGrouping.list(Array(calls.prefix(4))) + (calls.count > 4 ? " and \(calls.count - 4) more" : "")
        task.fix += " The code it moves records analytics (\(list)): each event stays with the code that triggers it, moved with it or sent from the view's output, so none is lost."
        return task
    }
}
