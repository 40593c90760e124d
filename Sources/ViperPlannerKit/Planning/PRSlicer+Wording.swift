/// The words of a PR slice: its title, files, ordered changes and verification checklist.
extension PRSlicer {
    func finish(_ draft: Draft, number: Int) -> PRSlice {
        let cap = draft.cap ?? Self.cap(for: draft.phase, configCap: configCap)
        let owner = draft.vc.flatMap { owners[$0] }
        let prefix = owner?.prefix ?? ""
        let dir = owner?.folder ?? ""
        let ids = draft.tasks.map(\.id)
        let members = uniqued(draft.tasks.compactMap(\.member)).map { "`\($0)`" }
        let memberList = members.count > 3 ? members.prefix(3).joined(separator: ", ") + " and \(members.count - 3) more" : members.joined(separator: ", ")
        var files = uniqued(draft.tasks.flatMap { [$0.file] + $0.moves.map(\.file) })
        var changes: [String] = []
        var checks: [String] = []
        let hasSkeleton = draft.parts.contains { isSkeletonPart($0) }
        let title: String
        switch draft.phase {
        case .C:
            title = draft.tasks.count == 1 ? "Fix " + lowercasedFirstWord(draft.tasks[0].title)
                : "Fix \(draft.tasks.count) critical safety issues" + (draft.vc.map { " in \($0)" } ?? "")
            changes = draft.tasks.map { "\($0.id): \($0.fix)" }
            checks = draft.tasks.map { safetyCheck($0) }
        case .I:
            let services = draft.tasks.contains { $0.concern == "service" }
            title = draft.title ?? "Extract \(memberList.isEmpty ? "the I/O" : memberList) into \(prefix)\(services ? "Interactor and its services" : "Interactor")"
            if hasSkeleton {
                files += ["\(dir)\(prefix)Interactor.swift"]
                files += RuleRegistry.createdTypes(for: draft.tasks.map(\.rule)).map { "\(dir)\(prefix)\($0).swift" }
                changes.append("Create `\(prefix)Interactor` and the service protocols it needs; inject them through its initialiser (tests pass doubles).")
            }
            if draft.isPreparatory {
                changes.append("Cut the method into private methods of one step each, in place, without changing behaviour; the original method only calls them.")
                checks.append("No method of \(draft.vc ?? "the type") in this PR is longer than \(cap / 2) code lines.")
            } else {
                changes += draft.tasks.map { "\($0.id): \($0.fix)" }
                changes.append("The view controller forwards the user's action and renders the result; it keeps no reference to the moved I/O.")
                checks += draft.tasks.filter { !$0.apis.isEmpty }.map(leftCheck)
                checks.append("`\(prefix)Interactor` does not import UIKit.")
            }
        case .P:
            title = draft.title ?? "Move the formatting of \(memberList) into \(prefix)Presenter"
            if hasSkeleton { files += ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)Contract.swift"] }
            changes = (hasSkeleton ? ["Create `\(prefix)Presenter` and `\(prefix)ViewProtocol`; the view controller holds `presenter`."] : [])
                + draft.tasks.map { "\($0.id): \($0.fix)" }
                + ["The view controller sets the presenter's display-ready strings and formats nothing."]
            checks = draft.tasks.filter { !$0.apis.isEmpty }.map { leftCheck($0) }
                + ["`\(prefix)Presenter` imports Foundation only (no UIKit)."]
        case .R:
            title = draft.title ?? "Route \(memberList) through \(prefix)Router"
            if hasSkeleton { files.append("\(dir)\(prefix)Router.swift") }
            changes = (hasSkeleton ? ["Create `\(prefix)Router` with a weak reference to the view controller."] : [])
                + draft.tasks.map { "\($0.id): \($0.fix)" }
                + ["The presenter decides and calls the router; the view controller no longer builds other screens."]
            checks = draft.tasks.filter { !$0.apis.isEmpty }.map { leftCheck($0) }
        case .B:
            title = draft.title ?? "Assemble \(prefix)Module: contract and builder"
            files += ["\(dir)\(prefix)Contract.swift", "\(dir)\(prefix)Module.swift"]
            changes = draft.tasks.map { "\($0.id): \($0.fix)" }
            checks = ["`\(prefix)Module.build()` is the only place that creates \(draft.vc ?? "the view controller")."]
        case .T:
            title = draft.title ?? draft.tasks.map { $0.title }.joined(separator: "; ")
            files = draft.tasks.map { t in "\(owner.map { _ in "Tests/" } ?? "")\(t.title.split(separator: " ").dropFirst(3).first.map(String.init) ?? prefix)Tests.swift" }
            changes = draft.tasks.map { "\($0.id): \($0.fix)" }
            checks = ["Each new test fails when the behaviour it covers is broken (change one branch and watch it fail)."]
        case .X, .D:
            title = draft.title ?? (draft.tasks.count == 1 ? (draft.tasks[0].rule == nil ? "" : "Fix ") + (draft.tasks[0].rule == nil ? draft.tasks[0].title : lowercasedFirstWord(draft.tasks[0].title))
                : "\(draft.tasks.count) cross-cutting changes")
            changes = draft.tasks.map { "\($0.id): \($0.fix)" }
            checks = draft.tasks.filter { !$0.apis.isEmpty }.map { leftCheck($0) }
                + draft.tasks.filter { $0.rule == nil }.map { "\($0.id): the existing callers still compile unchanged; the features adopt it in their own PRs." }
        }
        let fingerprints = draft.tasks.filter { $0.rule != nil }.map(\.fingerprint)
        if !fingerprints.isEmpty {
            checks.append("`viper-planner audit` no longer reports \(fingerprints.count == 1 ? "finding" : "findings") \(fingerprints.map { "`\($0)`" }.joined(separator: ", ")).")
        }
        checks.append("The app builds and the screen behaves as before.")
        return PRSlice(number: number, phase: draft.phase, title: title, taskIDs: ids, files: uniqued(files),
                       estimate: draft.parts, cap: cap, isPreparatory: draft.isPreparatory, changes: changes, checks: checks)
    }

    /// "Strong delegate" → "strong delegate"; "NotificationCenter observers" stays as written.
    func lowercasedFirstWord(_ text: String) -> String {
        let word = text.prefix { $0 != " " }
        guard let first = word.first, first.isUppercase, word.dropFirst().allSatisfy({ !$0.isUppercase }), word.count > 1 else { return text }
        return first.lowercased() + String(text.dropFirst())
    }

    /// "No `String(format:)`, `DateFormatter` left in `configure(_:with:)`."
    func leftCheck(_ task: PlanTask) -> String {
        let member = task.member.map { "`\($0)`" } ?? "the type"
        if task.member == "prepare(for:sender:)" {
            return "`prepare(for:sender:)` no longer branches on segue identifiers (or is gone); the router configures each destination."
        }
        let names = task.apis.map { api -> String in
            switch api {
            case "String": return "`String(format:)`"
            case "formatted": return "`.formatted(…)`"
            default: return "`\(api)`"
            }
        }
        return "No \(names.joined(separator: ", ")) left in \(member)\(task.viewController.map { " of \($0)" } ?? "")."
    }

    func isSkeletonPart(_ part: EstimatePart) -> Bool { part.label.hasPrefix("new `") }

    func safetyCheck(_ task: PlanTask) -> String {
        let member = task.member.map { "`\($0)`" } ?? "the type"
        return RuleRegistry.planning(of: task.rule)?.check?(task, member) ?? "\(task.id) is fixed as its Fix says."
    }
}
