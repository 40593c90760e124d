/// Reading back what `ScreenNeeds.sentence(interactor:)` wrote, and merging the needs of a
/// grouped task's parts.
extension ScreenNeeds {
    /// Reads back a sentence `sentence(interactor:)` wrote (to merge a grouped task's parts).
    init?(sentence: String) {
        guard sentence.hasPrefix(Self.lead) else { return nil }
        for clause in sentence.dropFirst(Self.lead.count).dropLast().components(separatedBy: "; ") {
            let head = clause.range(of: ": ").map { clause[..<$0.lowerBound] } ?? Substring(clause)
            let names = head.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            if clause.hasPrefix("it reads "), clause.contains("the screen-state PR") { ownedLater += names }
            else if clause.hasPrefix("it uses "), clause.contains("the Presenter owns from the screen-state PR") { owned += names }
            else if clause.hasPrefix("it uses "), clause.contains("which the screen keeps for that work") { handles += names }
            else if clause.hasPrefix("it uses "), clause.contains("which the screen inherits from its base class") { inherited += names }
            else if clause.hasPrefix("it sets "), clause.contains("the screen-state PR") { ownedWrites += names }
            else if clause.hasPrefix("it reads ") { reads += names }
            else if clause.hasPrefix("it sets ") { writes += names }
            else if clause.hasPrefix("it hands the view controller itself") { handsSelf += names.dropFirst() }
            else if clause.hasPrefix("it uses "), clause.contains(", app-wide state: ") { appState += names.dropLast(); appDelegate = names.last }
            else if clause.hasPrefix("it uses "), clause.contains("until the module's builder injects") { objects += names }
            else if clause.hasPrefix("it uses "), clause.contains("UIKit content") { views += names }
            else if clause.hasPrefix("it uses ") { constants += names }
            else if clause.contains("a later task moves") { later += names }
            else if clause.contains("arguments alone and an earlier move made") {
                pureMoved += names
                pureHome = clause.components(separatedBy: " of ").last?.components(separatedBy: ":").first ?? ""
            }
            else if clause.contains("from its arguments alone") || clause.contains("from their arguments alone") { pure += names }
            else if clause.contains("when its work comes back, which the Presenter takes over") { outcomes += names }
            else if clause.contains("which the Presenter takes over") { handedIn += names }
            else { stays += names }
        }
    }

    /// Both parts' needs, each name once, in order.
    func merged(with other: ScreenNeeds) -> ScreenNeeds {
        var out = ScreenNeeds()
        out.reads = uniqued(reads + other.reads); out.writes = uniqued(writes + other.writes)
        out.constants = uniqued(constants + other.constants); out.objects = uniqued(objects + other.objects); out.views = uniqued(views + other.views)
        out.later = uniqued(later + other.later); out.handedIn = uniqued(handedIn + other.handedIn)
        out.outcomes = uniqued(outcomes + other.outcomes).filter { !out.handedIn.contains($0) }
        out.stays = uniqued(stays + other.stays).filter { !out.later.contains($0) && !out.handedIn.contains($0) && !out.outcomes.contains($0) }
        out.appState = uniqued(appState + other.appState); out.appDelegate = appDelegate ?? other.appDelegate
        out.handsSelf = uniqued(handsSelf + other.handsSelf); out.pure = uniqued(pure + other.pure)
        out.pureMoved = uniqued(pureMoved + other.pureMoved).filter { !out.pure.contains($0) }; out.pureHome = pureHome.isEmpty ? other.pureHome : pureHome
        out.ownedLater = uniqued(ownedLater + other.ownedLater); out.owned = uniqued(owned + other.owned)
        out.handles = uniqued(handles + other.handles); out.ownedWrites = uniqued(ownedWrites + other.ownedWrites)
        out.inherited = uniqued(inherited + other.inherited)
        return out
    }
}
