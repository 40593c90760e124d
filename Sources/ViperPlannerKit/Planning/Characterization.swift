/// Behaviour of a screen that a reader would not expect and a move could silently change: work
/// still in flight when the screen closes, an alert nobody can see. Each is pinned down by a
/// characterization test before the first PR that moves code out of the screen, so the moves keep
/// today's behaviour (or change it on purpose, in a PR that says so).
enum Characterization {
    /// What the tests pin down, one sentence per surprise ("`save(_:)`: the screen closes before
    /// `saveProfile` answers; the completion's alert is never shown").
    static func surprises(of type: Int, index: TypeIndex, profile: ResponsibilityProfile?) -> [String] {
        var found: [String] = []
        for (path, decl) in index.declarations(of: type) {
            let exits = decl.references.filter { isOwnExit($0, in: decl) }
            guard !exits.isEmpty else { continue }
            let alerts = alertLines(decl)
            for member in uniqued(exits.compactMap(\.member)) {
                let exitLines = exits.filter { $0.member == member }.map(\.position.line)
                let closures = decl.closures.filter { $0.member == member && !$0.inDebugBlock }
                if let text = inFlight(member, closures: closures, exitLines: exitLines, alerts: alerts[member] ?? [], path: path, profile: profile) {
                    found.append(text)
                } else if let text = deadAlert(member, closures: closures, exitLines: exitLines, alerts: alerts[member] ?? []) {
                    found.append(text)
                }
            }
        }
        return uniqued(found)
    }

    /// A close after the method started asynchronous work whose completion touches the screen.
    private static func inFlight(_ member: String, closures: [ClosureFact], exitLines: [Int], alerts: [Int],
                                 path: String, profile: ResponsibilityProfile?) -> String? {
        for closure in closures where closure.usesSelf || closure.capture != .none || !closure.uiTouches.isEmpty {
            guard let work = asyncWork(closure, member: member, path: path, profile: profile),
                  exitLines.contains(where: { $0 > closure.endLine }) else { continue }
            let alertInside = alerts.contains { closure.position.line <= $0 && $0 <= closure.endLine }
            return "`\(member)`: the screen closes before \(work) answers; "
                + (alertInside ? "the completion's alert is never shown" : "the completion still updates the closed screen")
        }
        return nil
    }

    /// An alert presented and the screen closed one right after the other (in the same completion
    /// or outside any): the alert is dismissed at once, or never appears on a screen on its way out.
    private static func deadAlert(_ member: String, closures: [ClosureFact], exitLines: [Int], alerts: [Int]) -> String? {
        func container(_ line: Int) -> SourcePosition? {
            closures.filter { $0.position.line <= line && line <= $0.endLine }.map(\.position).max()
        }
        for alert in alerts {
            // On adjacent lines only: an `if`/`else` that closes in one branch and alerts in the
            // other has a line between them, and is not a surprise.
            for exit in exitLines where abs(exit - alert) == 1 && container(exit) == container(alert) {
                return exit > alert
                    ? "`\(member)`: the alert it presents is dismissed at once by the close that follows; the user never reads it"
                    : "`\(member)`: the alert is presented on a screen already closing; UIKit drops it and it is never shown"
            }
        }
        return nil
    }

    /// The request or call whose completion the closure is: "`saveProfile`", "the URLSession request".
    private static func asyncWork(_ closure: ClosureFact, member: String, path: String, profile: ResponsibilityProfile?) -> String? {
        switch closure.context {
        case .urlSessionCompletion: return "the URLSession request"
        case .backgroundQueue: return "the background work"
        case .callArgument(_, _, let name):
            // A completion of I/O the screen does (a networking or storage site on the call's lines).
            let io = profile?.sites.contains { site in
                site.member == member && site.file == path && (site.family == .networking || site.family == .persistence)
                    && (closure.position.line - 2...closure.position.line).contains(site.position.line)
            } ?? false
            return io ? "`\(name)`" : nil
        default: return nil
        }
    }

    /// Lines presenting an alert, by member: `present(alert, …)` and the team's alert helpers.
    private static func alertLines(_ decl: TypeDeclFacts) -> [String: [Int]] {
        var lines: [String: [Int]] = [:]
        for usage in decl.usages where usage.api == "present(alert)" || usage.api == "present(actionSheet)" {
            if let member = usage.member { lines[member, default: []].append(usage.position.line) }
        }
        for reference in decl.references where reference.isCall && reference.name.containsIgnoringCase("alert")
            && (reference.name.hasPrefix("show") || reference.name.hasPrefix("present")) {
            if let member = reference.member { lines[member, default: []].append(reference.position.line) }
        }
        return lines
    }
}

/// `dismiss`/`pop…` of the screen itself: on `self`, implicitly, or on its navigation controller.
/// A bare `dismiss` in the callback of a controller the screen presented
/// (`imagePickerController(_:didFinishPickingMediaWithInfo:)`, `mailComposeController(_:didFinishWith:error:)`)
/// closes that controller, not the screen.
func isOwnExit(_ reference: MemberReference, in decl: TypeDeclFacts) -> Bool {
    guard reference.isCall, !reference.inDebugBlock,
          ["dismiss", "popViewController", "popToViewController", "popToRootViewController"].contains(reference.name) else { return false }
    if reference.name == "dismiss", reference.chain.isEmpty || reference.chain == ["self"],
       let member = reference.member, let function = decl.functions.first(where: { $0.name == member }),
       let first = function.parameterTypes.first, TypeIndex.isFrameworkName(first), first.hasSuffix("Controller") {
        return false
    }
    return reference.chain.isEmpty || ["self", "navigationController", "presentingViewController"].contains(reference.chain.last!)
        || reference.chain == ["self", "navigationController"]
}

extension PRSlicer {
    /// The phases whose PRs move code out of the screen: each waits for its characterization tests.
    static let movingPhases: Set<TaskCategory> = [.I, .P, .R, .V, .B]

    /// "Characterization" for a moving PR of a screen with surprises (it depends on the PR adding them).
    func pinned(_ draft: Draft) -> [String] {
        guard let vc = draft.vc, owners[vc]?.characterization.isEmpty == false, Self.movingPhases.contains(draft.phase) else { return [] }
        return ["Characterization"]
    }

    /// A PR adding the characterization tests of each screen with surprises, just before its first
    /// moving PR (too small to review alone, it joins that PR as its first step).
    func insertCharacterization(_ input: [Draft]) -> [Draft] {
        var drafts = input
        for (vc, owner) in owners.sorted(by: { $0.key < $1.key }) where !owner.characterization.isEmpty {
            guard let i = drafts.firstIndex(where: { $0.vc == vc && Self.movingPhases.contains($0.phase) }) else { continue }
            let count = owner.characterization.count
            let parts = [EstimatePart(10, "new `\(owner.prefix)CharacterizationTests`: the screen built as today, its services stubbed"),
                         EstimatePart(8 * count, "\(count) case\(count == 1 ? "" : "s") pinning down what the screen does today")]
                + projectEntries("Characterization", vc: vc)
            var draft = Draft(phase: drafts[i].phase, vc: vc, concern: drafts[i].concern, parts: parts,
                              title: "Pin down what \(vc) does today before anything moves (characterization tests)", cap: drafts[i].cap)
            draft.creates = ["Characterization"]; draft.creationParts = parts.count
            drafts.insert(draft, at: i)
        }
        return drafts
    }

    /// The first step and check of the PR that adds the characterization tests.
    func characterize(_ slice: inout PRSlice, draft: Draft) {
        guard draft.creates.contains("Characterization"), let vc = draft.vc, let owner = owners[vc] else { return }
        let test = "\(owner.prefix)CharacterizationTests"
        slice.files = uniqued(slice.files + ["\(owner.testFolder)\(test).swift"])
        slice.changes.insert("Before anything moves, add `\(test)`, which drives \(vc) as it is today. It pins down: "
                             + owner.characterization.joined(separator: "; ") + ". Later PRs keep it passing, or change it in the PR that changes the behaviour on purpose.", at: 0)
        slice.checks.insert(draft.tasks.isEmpty ? "`\(test)` passes against today's code; every later PR of \(vc) keeps it passing."
                            : "`\(test)` passes on the code before this PR's moves and after them.", at: 0)
    }
}
