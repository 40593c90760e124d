/// The words of a PR slice: its title, files, ordered changes and verification checklist.
extension PRSlicer {
    func finish(_ draft: Draft, number: Int) -> PRSlice {
        if style == .swiftui, ![.C, .X, .D].contains(draft.phase) { return swiftUIFinish(draft, number: number) }
        let cap = draft.cap ?? Self.cap(for: draft.phase, configCap: configCap)
        let owner = draft.vc.flatMap { owners[$0] }
        let prefix = owner?.prefix ?? ""
        let dir = owner?.folder ?? ""
        let ids = uniqued(draft.tasks.map(\.id))
        let members = uniqued(draft.tasks.compactMap(\.member)).map { "`\($0)`" }
        let memberList = members.count > 3 ? members.prefix(3).joined(separator: ", ") + " and \(members.count - 3) more" : members.joined(separator: ", ")
        var files = uniqued(draft.tasks.flatMap { [$0.file] + $0.moves.map(\.file) })
        var changes: [String] = []
        var checks: [String] = []
        let creates = draft.creates
        let vcName = draft.vc ?? "the view controller"
        // Each PR names its tests: the unit tests of the type it creates or extends.
        func tests(_ suffix: String, _ what: String) {
            let test = "\(prefix)\(suffix)Tests"
            files.append("Tests/\(test).swift")
            if creates.contains(suffix) {
                changes.append("Add `\(test)` with \(suffix == "Interactor" ? "doubles of the services" : "a double of the view") and one case \(what).")
            } else {
                changes.append("Extend `\(test)` with one case \(what).")
            }
            checks.append("`\(test)` passes, and fails when one of the moved branches is changed.")
        }
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
            if creates.contains("Interactor") {
                files += ["\(dir)\(prefix)Interactor.swift"]
                changes.append("Create `\(prefix)Interactor` and `\(prefix)InteractorInput`; inject the services it needs through its initialiser. \(vcName) holds `interactor: \(prefix)InteractorInput`, made in place until the module's builder injects it.")
            }
            let newServices = creates.filter { !["Interactor", "Presenter", "Router", "Module"].contains($0) }
            if !newServices.isEmpty {
                files += newServices.map { "\(dir)\(prefix)\($0).swift" }
                changes.append("Create " + newServices.map { "`\(prefix)\($0)Protocol` and `\(prefix)\($0)`" }.joined(separator: ", ") + " around the system calls \(vcName) makes itself today.")
            }
            let injected = uniqued(draft.tasks.flatMap(\.wrappers))
            if !injected.isEmpty {
                changes.append("Inject " + injected.map { "`\($0)`" }.joined(separator: ", ") + " into `\(prefix)Interactor` through the protocol \(vcName) already uses (no new wrapper around it).")
            }
            if draft.isPreparatory {
                changes.append("Cut the method into private methods of one step each, in place, without changing behaviour; the original method only calls them.")
                checks.append("No method of \(draft.vc ?? "the type") in this PR is longer than \(cap / 2) code lines.")
            } else {
                changes += draft.tasks.map { "\($0.id): \($0.fix)" }
                changes.append("The view controller forwards the user's action and renders the result; it keeps no reference to the moved I/O.")
                tests("Interactor", "per use case moved here (\(memberList.isEmpty ? "its I/O" : memberList))")
                checks += draft.tasks.filter { !$0.apis.isEmpty }.map(leftCheck)
                checks.append("`\(prefix)Interactor` does not import UIKit.")
            }
        case .P:
            title = draft.title ?? "Move the formatting of \(memberList) into \(prefix)Presenter"
            if creates.contains("Presenter") { files += ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)Contract.swift"] }
            changes = (creates.contains("Presenter") ? ["Create `\(prefix)Presenter`, `\(prefix)PresenterProtocol` and `\(prefix)ViewProtocol`; \(vcName) conforms to `\(prefix)ViewProtocol` and holds `presenter`, made in place until the module's builder injects it."] : [])
                + draft.tasks.map { "\($0.id): \($0.fix)" }
                + ["The view controller sets the presenter's display-ready strings and formats nothing."]
            tests("Presenter", "per output moved here, asserting the exact text")
            checks += draft.tasks.filter { !$0.apis.isEmpty }.map { leftCheck($0) }
                + ["`\(prefix)Presenter` imports Foundation only (no UIKit)."]
        case .R:
            title = draft.title ?? "Route \(memberList) through \(prefix)Router"
            if creates.contains("Presenter") { files += ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)Contract.swift"] }
            if creates.contains("Router") { files.append("\(dir)\(prefix)Router.swift") }
            changes = (creates.contains("Presenter") ? ["Create `\(prefix)Presenter` and `\(prefix)PresenterProtocol`, which take the user's choices from \(vcName), and `\(prefix)ViewProtocol`; \(vcName) holds `presenter`, made in place until the module's builder injects it."] : [])
                + (creates.contains("Router") ? ["Create `\(prefix)Router` and `\(prefix)RouterProtocol`, with a weak reference to \(vcName); `\(prefix)Presenter` holds `router`."] : [])
                + (creates.contains("Router") ? (owner?.exits ?? [:]).keys.sorted().map { route in
                    "Add `\(route)` to `\(prefix)Router` for the screen's own exits in " + owner!.exits[route]!.map { "`\($0)`" }.joined(separator: ", ")
                        + ": the view tells the presenter, which calls the router; the module no longer closes itself."
                } : [])
                + draft.tasks.map { "\($0.id): \($0.fix)" }
                + ["The presenter decides and calls the router; the view controller no longer builds other screens."]
            tests("Presenter", "per route moved here, asserting the router double's call")
            checks += draft.tasks.filter { !$0.apis.isEmpty }.map { leftCheck($0) }
        case .B:
            title = draft.title ?? (creates.contains("Module") ? "Assemble \(prefix)Module" : "Finish the \(prefix) module")
            if creates.contains("Presenter") {
                files += ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)Contract.swift"]
                changes.append("Create `\(prefix)Presenter`, `\(prefix)PresenterProtocol` and `\(prefix)ViewProtocol`: the presenter passes \(vcName)'s actions to the interactor and its results back.")
                tests("Presenter", "per action it forwards")
            }
            if creates.contains("Module") {
                files.append("\(dir)\(prefix)Module.swift")
                if owner?.existing.contains("Presenter") != true, let vc = draft.vc, phasesOf[vc]?.contains(.I) == true {
                    changes.append("`\(prefix)Presenter` takes over \(vcName)'s calls to `interactor` and becomes the interactor's output; the view controller keeps only `presenter`.")
                }
            }
            changes += draft.tasks.map { "\($0.id): \($0.fix)" }
            checks += ["`\(prefix)Module.build()` is the only place that creates \(draft.vc ?? "the view controller")."]
        case .T:
            title = draft.title ?? draft.tasks.map { $0.title }.joined(separator: "; ")
            files = ["Tests/\(prefix)ModuleTests.swift"]
            changes = draft.tasks.map { "\($0.id): \($0.fix)" }
            checks = ["Each new test fails when the behaviour it covers is broken (change one branch and watch it fail)."]
        case .X, .D, .V:
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
        var slice = PRSlice(number: number, phase: draft.phase, title: title, taskIDs: ids, files: uniqued(files),
                            estimate: draft.parts, cap: cap, isPreparatory: draft.isPreparatory, changes: changes, checks: checks)
        slice.creates = draft.vc.map { vc in draft.creates.flatMap { typeNames($0, vc: vc) } }
            ?? draft.tasks.compactMap { $0.sharedType.map { "\($0)Protocol" } }
        slice.part = draft.part
        slice.severity = draft.tasks.map(\.severity).min() ?? .medium
        return slice
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


    func safetyCheck(_ task: PlanTask) -> String {
        let member = task.member.map { "`\($0)`" } ?? "the type"
        return RuleRegistry.planning(of: task.rule)?.check?(task, member) ?? "\(task.id) is fixed as its Fix says."
    }
}
