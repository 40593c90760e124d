/// How a member whose work moves keeps its place in the view: a forward that calls `interactor`,
/// a member that answers at once from the view state, or one that asks for a stored value.
extension TaskFactory {
    /// The estimate part of a member whose logic moves while the member stays (a UIKit callback,
    /// an action, a requirement): its body becomes a call to the interactor.
    static let forwardLabel = "the member stays in the view as a forward"
    /// The estimate part of a member that returns a value its caller needs at once (a cell, a row
    /// count, a `UIMenu`): it keeps building that value from the view state, only its I/O moves.
    static let answerLabel = "the member keeps answering from the view state the presenter delivers"
    static let returnsReason = "returns "
    /// The estimate part of a member that answers at once from local storage: it stays and asks the
    /// interactor synchronously, through an input that returns the value.
    static let askLabel = "the member stays and asks for the stored value at once"

    /// "`a` (why) must answer at once: …" for a member whose storage reads move into an input that
    /// returns the value.
    static func asksSentence(_ member: String, reasons: String) -> String {
        "`\(member)` (\(reasons)) must answer at once and only reads local storage, so it stays in the view and asks for the stored value through an input that returns it synchronously (`interactor` until the builder's PR, then `presenter`, which passes the answer through): only the reads move, and it answers as today, also when the stored value changes elsewhere (a value precomputed for it would go stale)."
    }

    /// Whether any of the finding's sites is inside a closure of `member` (code that runs later,
    /// when whoever holds the closure calls it).
    func readsInClosures(_ f: Finding, member: String, type: Int) -> Bool {
        let closures = index.declarations(of: type).flatMap { d in d.decl.closures.filter { $0.member == member }.map { (d.path, $0) } }
        return f.evidence.contains { e in
            closures.contains { path, c in path == e.file && (c.position.line...max(c.position.line, c.endLine)).contains(e.line) }
        }
    }

    /// Reasons that include a returned value: an interactor call would answer later, through the
    /// presenter, so the member cannot become a forward.
    static func answersAtOnce(_ reasons: String) -> Bool {
        reasons.components(separatedBy: "; ").contains { $0.hasPrefix(returnsReason + "`") }
    }

    /// Values that hold actions (`UIAction`, a swipe configuration): the member builds them at once,
    /// and their handlers run when the user picks one, so those may call the interactor.
    static let actionValues: Set<String> = ["UIAction", "UIMenu", "UIMenuElement", "UIContextMenuConfiguration", "UISwipeActionsConfiguration",
                                            "UIContextualAction", "UIAlertAction", "UIAlertController"]

    static func buildsActions(_ reasons: String) -> Bool {
        reasons.components(separatedBy: "; ").contains { r in actionValues.contains { r == returnsReason + "`\($0)`" } }
    }

    /// "`a` stays in the view as a forward (why) that …", for one member or several; members that
    /// answer at once get their own sentence.
    static func forwardsSentence(_ members: [(name: String, reasons: String)]) -> String {
        let forwards = members.filter { !answersAtOnce($0.reasons) }, answering = members.filter { answersAtOnce($0.reasons) }
        var out: [String] = []
        if forwards.count == 1 {
            out.append("`\(forwards[0].name)` stays in the view as a forward (\(forwards[0].reasons)) that keeps its signature and only calls `interactor`.")
        } else if forwards.count > 1 {
            out.append(TaskGrouping.list(forwards.map { "`\($0.name)` (\($0.reasons))" }) + " stay in the view as forwards that keep their signatures and only call `interactor`.")
        }
        if !answering.isEmpty {
            let one = answering.count == 1
            out.append(TaskGrouping.list(answering.map { "`\($0.name)` (\($0.reasons))" })
                + (one ? " must answer at once, so it stays in the view and keeps building its value" : " must answer at once, so they stay in the view and keep building their values")
                + " synchronously from the view state the presenter has already delivered: the interactor loads or computes what \(one ? "it reads" : "they read") ahead (when the screen loads or the data changes), the presenter hands the ready values to the view, and only the I/O moves (a call to `interactor` here would answer later, through the presenter).")
            let builders = answering.filter { buildsActions($0.reasons) }
            if !builders.isEmpty {
                out.append("The actions " + TaskGrouping.list(builders.map { "`\($0.name)`" }) + " \(builders.count == 1 ? "builds" : "build") call `interactor` from their handlers, which run when the user picks one.")
            }
        }
        return out.joined(separator: " ")
    }
}
