/// Analytics a moved member records (`Tracker.trackSignedIn()`, `analytics.logEvent(…)`): no
/// finding and no I/O of the screen's data, but an event a move must not drop. The task that moves
/// the member names them, so the PR keeps each with the code that triggers it.
extension ModulePlanner {
    /// The analytics calls in `members` of screen `t`, as "`Receiver.call`", in order of first use.
    func analyticsCalls(in members: [String], of t: Int) -> [String] {
        let wanted = Set(members)
        var calls: [String] = []
        for (_, decl) in index.declarations(of: t) {
            for ref in decl.references where ref.isCall && ref.member.map(wanted.contains) == true {
                let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
                guard let head = chain.first else { continue }
                let byName = KnownAPIs.analyticsParts.contains(where: head.contains)
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
        task.fix += " " + Self.analyticsSentence(calls, into: task.category == .I ? "Interactor" : "Presenter")
        return task
    }

    static let analyticsLead = "The code it moves records analytics ("

    /// The events move with the code that triggers them into `layer`: sent from the view's output
    /// instead, an event after work that closes the screen (a login dismissing it) would be lost,
    /// since the output is held weakly and the view is gone by then.
    static func analyticsSentence(_ calls: [String], into layer: String) -> String {
        let list = TaskGrouping.list(Array(calls.prefix(4))) + (calls.count > 4 ? " and \(calls.count - 4) more" : "")
        return analyticsLead + list + "): each event moves with the code that triggers it into the \(layer), which records it where it records it today, never from the view's output: the output is held weakly, and once the work has closed the screen nothing would record it."
    }

    /// The analytics sentences of several tasks' fixes (a grouped task) as one, where the first was.
    static func mergingAnalytics(_ sentences: [String]) -> [String] {
        let said = sentences.filter { $0.hasPrefix(analyticsLead) }
        guard said.count > 1, let first = sentences.firstIndex(where: { $0.hasPrefix(analyticsLead) }) else { return sentences }
        var calls: [String] = []
        for sentence in said {
            var inSpan = false, span = ""
            for c in sentence.dropFirst(analyticsLead.count).prefix(while: { $0 != ")" }) {
                if c == "`" { if inSpan { calls.append("`\(span)`"); span = "" }; inSpan.toggle() } else if inSpan { span.append(c) }
            }
        }
        var result = sentences
        result[first] = analyticsSentence(uniqued(calls), into: said[0].contains("into the Interactor") ? "Interactor" : "Presenter")
        return result.enumerated().filter { $0.offset == first || !$0.element.hasPrefix(analyticsLead) }.map(\.element)
    }
}
