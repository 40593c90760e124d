/// The words of a PR slice: its title, files, ordered changes and verification checklist.
extension PRSlicer {
    /// A slice's words while they are written: the context every phase reads and what it adds.
    struct SliceWords {
        let draft: Draft
        let owner: Owner?
        let cap: Int
        var title = ""
        var files: [String]
        var changes: [String] = []
        var checks: [String] = []
        var prefix: String { owner?.prefix ?? "" }
        var dir: String { owner?.folder ?? "" }
        var creates: [String] { draft.creates }
        var vcName: String { draft.vc ?? "the view controller" }
        /// One task: the first sentence of its Fix, as the PR's step (what the PR does; the task
        /// above the PR plan has the rest). Several: one step naming them, in order; each Fix is
        /// written once, in its task.
        var fixes: [String] {
            let ids = uniqued(draft.tasks.map(\.id))
            if ids.count <= 1 {
                // One part of a task names the members it moves; the Fix speaks of them all.
                let scope = draft.partMembers.isEmpty ? "" : ", for \(TaskGrouping.list(draft.partMembers)) in this PR"
                return draft.tasks.prefix(1).map { task in
                    // A run of the screen's state: the Fix's first sentence names every property.
                    if task.concern == ScreenStateOwner.concern, !draft.partMembers.isEmpty {
                        return "\(task.id)\(scope): move \(draft.partMembers.count == 1 ? "it" : "them") into `\(prefix)Presenter` as its Fix says, the view keeping a computed property of each name over the presenter's; the other parts move the rest."
                    }
                    let sentences = TaskGrouping.sentences(task.fix)
                    return "\(task.id)\(scope): " + (sentences.count > 1 ? sentences[0] + " The rest as its Fix says." : task.fix)
                }
            }
            return ["\(ids.joined(separator: ", ")): each as its task's Fix says, in this order."]
        }
        var memberList: String {
            // A task for several findings names each of their members; one part of it, its own.
            let members = !draft.partMembers.isEmpty ? draft.partMembers
                : uniqued(draft.tasks.flatMap { $0.members.isEmpty ? [$0.member].compactMap { $0 } : $0.members }).map { "`\($0)`" }
            return members.count > 3 ? members.prefix(3).joined(separator: ", ") + " and \(members.count - 3) more" : TaskGrouping.list(members)
        }

        /// Each PR names its tests: the unit tests of the type it creates or extends.
        mutating func tests(_ suffix: String, _ what: String) {
            let test = "\(prefix)\(suffix)Tests"
            files.append("\(owner?.testFolder ?? ProjectLayout.defaultTestFolder)\(test).swift")
            if creates.contains(suffix + "Tests") {
                let style = owner?.testFramework.map { " (\($0), like the tests beside it)" } ?? ""
                changes.append("Add `\(test)`\(style) with \(suffix == "Interactor" ? "doubles of the services" : "a double of the view") and one case \(what).")
            } else {
                changes.append("Extend `\(test)` with one case \(what).")
            }
            checks.append("`\(test)` passes, and fails when one of the moved branches is changed.")
        }
    }

    func finish(_ draft: Draft, number: Int) -> PRSlice {
        var slice: PRSlice
        if draft.tasks.isEmpty, draft.creates == ["Characterization"] {
            // Characterization tests alone: no phase work to word.
            slice = PRSlice(number: number, phase: draft.phase, title: draft.title ?? "", taskIDs: [], files: [], estimate: draft.parts,
                            cap: draft.cap ?? Self.cap(for: draft.phase, configCap: configCap), changes: [],
                            checks: ["The app builds and the screen behaves as before."])
            slice.creates = draft.vc.map { typeNames("Characterization", vc: $0) } ?? []
        } else if draft.tasks.isEmpty, !draft.creates.isEmpty, let vc = draft.vc {
            // New types alone, ahead of the moves that fill them: nothing in the screen changes.
            let names = draft.creates.flatMap { typeNames($0, vc: vc) }
            slice = PRSlice(number: number, phase: draft.phase, title: draft.title ?? "Create \(TaskGrouping.list(names.map { "`\($0)`" }))", taskIDs: [], files: [],
                            estimate: draft.parts, cap: draft.cap ?? Self.cap(for: draft.phase, configCap: configCap),
                            changes: ["Create " + TaskGrouping.list(names.map { "`\($0)`" }) + " as the Target module section names them; `viper-planner scaffold` writes them from the plan.",
                                      "Nothing moves yet: \(vc) works as before, and the next PRs move its code into these types."],
                            checks: ["Compiles on its own: the new types are additive and nothing calls them yet.",
                                     "The app builds and the screen behaves as before."])
            slice.creates = names
            slice.part = draft.part?.text
        } else if draft.tasks.isEmpty, let vc = draft.vc, draft.part != nil {
            // The rest of a type too large for one PR.
            slice = PRSlice(number: number, phase: draft.phase, title: draft.title ?? "", taskIDs: [], files: [], estimate: draft.parts,
                            cap: draft.cap ?? Self.cap(for: draft.phase, configCap: configCap),
                            changes: ["Finish what the PR before started: \(draft.parts.map(\.label).joined(separator: "; ")). Nothing moves yet: \(vc) works as before."],
                            checks: ["The app builds and the screen behaves as before."])
            slice.part = draft.part?.text
        } else {
            slice = wordedSlice(draft, number: number)
        }
        characterize(&slice, draft: draft)
        listFiles(&slice, draft: draft)
        return slice
    }

    private func wordedSlice(_ draft: Draft, number: Int) -> PRSlice {
        if style == .swiftui, ![.C, .X, .D].contains(draft.phase) { return swiftUIFinish(draft, number: number) }
        var w = SliceWords(draft: draft, owner: draft.vc.flatMap { owners[$0] }, cap: draft.cap ?? Self.cap(for: draft.phase, configCap: configCap),
                           files: uniqued(draft.tasks.flatMap { [$0.file] + $0.moves.map(\.file) + $0.edits }))
        switch draft.phase {
        case .C: safetyWords(&w)
        case .I where draft.concern == "seam": seamWords(&w)
        case .I: interactorWords(&w)
        case .P where draft.concern == Planner.actionsConcern: actionWords(&w)
        case .P where draft.concern == ScreenStateOwner.concern: stateOwnerWords(&w)
        case .P where draft.tasks.contains { $0.category == .I }: drivenWords(&w)
        case .P: presenterWords(&w)
        case .R: routerWords(&w)
        case .B: builderWords(&w)
        case .T:
            w.title = draft.title ?? draft.tasks.map { $0.title }.joined(separator: "; ")
            w.files = ["\(w.owner?.testFolder ?? ProjectLayout.defaultTestFolder)\(w.prefix)ModuleTests.swift"]
            w.changes = w.fixes
            w.checks = ["Each new test fails when the behaviour it covers is broken (change one branch and watch it fail)."]
        case .X, .D, .V: crossCuttingWords(&w)
        }
        w.checks += findingChecks(draft)
        w.checks.append("The app builds and the screen behaves as before.")
        var slice = PRSlice(number: number, phase: draft.phase, title: w.title, taskIDs: uniqued(draft.tasks.map(\.id)), files: uniqued(w.files),
                            estimate: draft.parts, cap: w.cap, isPreparatory: draft.isPreparatory, changes: w.changes,
                            checks: uniqued(w.checks))   // two tasks on the same calls (networking and storage) give one check
        slice.creates = draft.vc.map { vc in draft.creates.flatMap { typeNames($0, vc: vc) } }
            ?? draft.tasks.compactMap { $0.sharedType.map(CrossCutting.protocolName(for:)) }
        if draft.concern == "seam" {
            slice.creates = slice.creates + draft.tasks.flatMap(\.wrappers).map(CrossCutting.protocolName(for:))
            slice.concern = "seam"
        }
        if draft.concern == ScreenStateOwner.concern { slice.concern = draft.concern }
        slice.part = draft.part?.text
        slice.severity = draft.tasks.map(\.severity).min() ?? .medium
        slice.hazards = draft.isPreparatory ? [] : PRHazards.of(draft.tasks)
        return slice
    }

    /// "No longer reports findings …" for the findings the PR resolves; a size finding it cannot
    /// bring under its threshold is said to stay (`withheld`).
    func findingChecks(_ draft: Draft) -> [String] {
        let fingerprints = uniqued(draft.tasks.filter { $0.rule != nil && draft.endsItsTasks && draft.withheld[$0.fingerprint] == nil }.map(\.fingerprint))
        return (fingerprints.isEmpty ? [] : ["`viper-planner audit` no longer reports \(fingerprints.count == 1 ? "finding" : "findings") \(fingerprints.map { "`\($0)`" }.joined(separator: ", "))."])
            + uniqued(draft.tasks.compactMap { draft.withheld[$0.fingerprint] })
    }

    func safetyWords(_ w: inout SliceWords) {
        let draft = w.draft
        // Deletions of what nothing calls share the first PR with the fixes: the title counts both.
        let deletions = draft.tasks.filter { $0.rule == UnusedMemberRule.id }.count, fixes = draft.tasks.count - deletions
        let methods = draft.tasks.filter { $0.rule == UnusedMemberRule.id && $0.member?.contains("(") != false }.count
        let unused = deletions == 0 ? "" : "Delete \(deletions) unused " + (methods == deletions ? "method" : "member") + (deletions == 1 ? "" : "s")
        let safety = fixes == 0 ? "" : "\(unused.isEmpty ? "Fix" : "fix") \(fixes) \(draft.tasks.contains { $0.severity == .critical } ? "critical " : "")safety issue\(fixes == 1 ? "" : "s")"
        w.title = draft.tasks.count == 1 ? (deletions == 1 ? draft.tasks[0].title : "Fix " + lowercasedFirstWord(draft.tasks[0].title))
            : [unused, safety].filter { !$0.isEmpty }.joined(separator: " and ") + (draft.vc.map { " in \($0)" } ?? "")
        w.changes = w.fixes
        w.checks = draft.tasks.map { safetyCheck($0) }
    }

    func seamWords(_ w: inout SliceWords) {
        let vcName = w.vcName, wrappers = uniqued(w.draft.tasks.flatMap(\.wrappers)), direct = uniqued(w.draft.tasks.flatMap(\.direct))
        w.title = w.draft.tasks[0].title
        w.changes = w.fixes + ["Nothing moves yet: \(vcName) calls the same services through the protocols."]
        w.changes.append("Add `\(w.prefix)ServiceDoubles.swift` with " + wrappers.map { "`\(CrossCutting.protocolName(for: $0))Double`" }.joined(separator: ", ") + " for the Interactor tests of the next PRs.")
        w.checks = ["Compiles on its own: the protocols are additive and the defaults keep every place that creates \(vcName) unchanged.",
                    "\(vcName) names " + wrappers.map { "`\($0)`" }.joined(separator: ", ") + " only as the default values of its dependencies"
                        + (direct.isEmpty ? "." : ", and in the navigation a Router PR takes over (\(TaskGrouping.list(direct))).")]
    }

    func interactorWords(_ w: inout SliceWords) {
        let draft = w.draft, prefix = w.prefix, dir = w.dir, vcName = w.vcName, memberList = w.memberList
        let services = draft.tasks.contains { $0.concern == "service" }
        // Moves no finding names (rules, the making of a service) are worded as what they move, never as I/O.
        let rulesOnly = !draft.tasks.isEmpty && draft.tasks.allSatisfy { $0.rule == nil && $0.concern == "rules" && $0.wrappers.isEmpty }
        let named = memberList.isEmpty && draft.tasks.count == 1 && draft.tasks[0].rule == nil ? draft.tasks[0].title : nil
        w.title = draft.title ?? named ?? (memberList.isEmpty && rulesOnly ? "Move the business rules of \(vcName) into \(prefix)Interactor"
            : "Extract \(memberList.isEmpty ? "the I/O" : memberList) into \(prefix)\(services ? "Interactor and its services" : "Interactor")")
        if w.creates.contains("Interactor") {
            w.files += ["\(dir)\(prefix)Interactor.swift"]
            w.changes.append("Create `\(prefix)Interactor`, `\(prefix)InteractorInput` and `\(prefix)InteractorOutput` with the Target module's use cases (as `viper-planner scaffold` writes them); inject the services this PR's use cases call through its initialiser. A use case a later PR moves stays an empty stub that nothing calls until that PR fills it and injects what it needs; its output methods get empty defaults in an extension of `\(prefix)InteractorOutput`, so \(vcName) conforms without stubs of its own, and the PR that moves each use case implements its output and deletes that default. \(vcName) holds `interactor: \(prefix)InteractorInput`, made in place until the module's builder injects it, and conforms to `\(prefix)InteractorOutput` until the presenter takes the output over: the view code that followed each call today runs in the output's methods. The interactor holds its output `weak` and hands each result to it on the main thread (`DispatchQueue.main.async`, or `await MainActor.run` in async code), as the view's code ran before."
                + (draft.tasks.contains { $0.fix.contains(LiveQuery.marker) } ? " A live query's change callbacks are the one exception: the interactor forwards them on the main thread from inside the callback, as its task says." : ""))
            w.checks.append("Compiles on its own: \(vcName) makes the interactor in place and receives its results through `\(prefix)InteractorOutput`, so nothing moved still touches the view.")
        }
        let newServices = w.creates.filter { !["Interactor", "Presenter", "Router", "Module", "InteractorTests", "PresenterTests"].contains($0) }
        if !newServices.isEmpty {
            w.files += newServices.map { "\(dir)\(prefix)\($0).swift" }
            w.changes.append("Create " + newServices.map { "`\(prefix)\($0)Protocol` and `\(prefix)\($0)`" }.joined(separator: ", ") + " around the system calls \(vcName) makes itself today.")
        }
        let handed = uniqued(draft.tasks.flatMap(\.handed)).filter { w in !draft.tasks.contains { $0.wrappers.contains(w) && !$0.handed.contains(w) } }
        let injected = uniqued(draft.tasks.flatMap(\.wrappers)).filter { !handed.contains($0) }
        // The first part of a task moved over several PRs, member by member, injects what all its parts call.
        if !injected.isEmpty, draft.partMembers.isEmpty || draft.part?.index == 1 {
            w.changes.append("Inject " + injected.map { "`\($0)`" }.joined(separator: ", ") + " into `\(prefix)Interactor` through the protocol \(vcName) already uses (no new wrapper around it).")
        }
        if !handed.isEmpty {
            w.changes.append("Pass " + handed.map { "the `\($0)`" }.joined(separator: ", ") + " each moved member is handed today to its use case as a parameter, typed by the protocol: there is no single one to inject.")
        }
        if draft.isPreparatory {
            w.changes.append(draft.splitsOneStatement
                ? "Its body is one statement (one `if`, `switch` or `do`): cut it branch by branch, in place, without changing behaviour. Each branch's body becomes a private method of one step and the statement keeps its shape, one call per branch; a closure stays whole with the statement that passes it, and the locals a branch uses become parameters."
                : "Cut the method into private methods of one step each, in place, without changing behaviour; the original method only calls them. Cut between its top-level statements: a closure stays whole with the statement that passes it, and the locals it captures become parameters.")
            if draft.splits?.split(separator: "|").last?.hasPrefix("init(") == true {
                w.changes.append("The code before `super.init(…)` assigns stored properties and cannot call instance methods: it stays, or what it computes moves into `static` helpers that return the values; only the work after `super.init(…)` becomes private methods.")
            }
            w.checks.append("No method of \(draft.vc ?? "the type") in this PR is longer than \(w.cap / 2) code lines.")
        } else {
            // The layer types an earlier PR created are edited here: each is one of its files.
            if w.owner?.existing.contains("Interactor") != true { w.files.append("\(dir)\(prefix)Interactor.swift") }
            for suffix in uniqued(draft.tasks.filter(\.rawIO).compactMap { RuleRegistry.planning(of: $0.rule)?.createsType })
            where newServicesOf[draft.vc ?? ""]?.contains(suffix) == true { w.files.append("\(dir)\(prefix)\(suffix).swift") }
            w.changes += w.fixes
            if rulesOnly {
                w.changes.append("The view controller asks the interactor where it decided itself and acts on the answer as before; it keeps none of the moved rules.")
                w.tests("Interactor", "per rule moved here, one for each answer it can give")
            } else {
                w.changes.append("The view controller forwards the user's action and renders the result; it keeps no reference to the moved I/O.")
                w.tests("Interactor", "per use case moved here (\(memberList.isEmpty ? "its I/O" : memberList))")
            }
            w.checks += draft.tasks.filter { !$0.apis.isEmpty && draft.endsItsTasks }.map(leftCheck)
            w.checks.append("`\(prefix)Interactor` does not import UIKit.")
        }
    }

    func presenterWords(_ w: inout SliceWords) {
        let prefix = w.prefix, dir = w.dir
        // The view-state moves (no finding of their own) name no member.
        // Only a PR that moves formatting speaks of text; one that moves view state, of the state.
        let formats = w.draft.tasks.contains { $0.rule == VCFormattingRule.id }
        w.title = w.draft.title ?? (w.memberList.isEmpty ? "Move the view state of \(w.vcName) into \(prefix)Presenter"
            : "Move the \(formats ? "formatting" : "view state") of \(w.memberList) into \(prefix)Presenter")
        createPresenter(&w)
        if w.owner?.existing.contains("Presenter") != true { w.files.append("\(dir)\(prefix)Presenter.swift") }
        w.changes += w.fixes + [formats ? "The view controller sets the presenter's display-ready strings and formats nothing."
                                        : "The view controller applies the view state the presenter hands it and decides none of it itself."]
        w.tests("Presenter", formats ? "per output moved here, asserting the exact text" : "per output moved here, asserting the view state it hands the view")
        w.checks += w.draft.tasks.filter { !$0.apis.isEmpty && w.draft.endsItsTasks }.map { leftCheck($0) }
            + ["`\(prefix)Presenter` imports Foundation only (no UIKit)."]
    }

    /// The screen's state moves into the Presenter: no code moves, the owner of the values does.
    func stateOwnerWords(_ w: inout SliceWords) {
        let prefix = w.prefix
        w.title = w.draft.title ?? (w.draft.tasks.count == 1 ? w.draft.tasks[0].title : "Move the screen's state of \(w.vcName) into \(prefix)Presenter")
        createPresenter(&w)
        if w.owner?.existing.contains("Presenter") != true { w.files.append("\(w.dir)\(prefix)Presenter.swift") }
        w.changes += w.fixes
        w.tests("Presenter", "per property moved here: its initial value, and the value after the view reports a change")
        w.checks += ["\(w.vcName) no longer stores the moved properties: its computed forwards read and set the presenter's, and the use cases get them from the presenter.",
                     "`\(prefix)Presenter` imports Foundation only (no UIKit)."]
    }

    private func createPresenter(_ w: inout SliceWords) {
        guard w.creates.contains("Presenter") else { return }
        w.files += ["\(w.dir)\(w.prefix)Presenter.swift"]
        w.changes.append("Create `\(w.prefix)Presenter`, `\(w.prefix)PresenterProtocol` and `\(w.prefix)ViewProtocol`; \(w.vcName) conforms to `\(w.prefix)ViewProtocol` and holds `presenter`, made in place until the module's builder injects it.")
    }

    /// The I/O of members that build the view or answer at once: it moves once the presenter
    /// exists, which then drives those views.
    func drivenWords(_ w: inout SliceWords) {
        createPresenter(&w)
        interactorWords(&w)
        if w.owner?.existing.contains("Presenter") != true { w.files.append("\(w.dir)\(w.prefix)Presenter.swift") }
        // The view controller stays the interactor's output until the module's builder makes the
        // presenter the output: until then it hands the results on.
        w.changes.append("\(w.vcName), still the interactor's output until the module's builder wires `\(w.prefix)Presenter` in its place, hands these use cases' results to `presenter`, which hands the view ready values through `\(w.prefix)ViewProtocol`; the members that build views or answer at once read only those.")
        w.checks.append("Compiles in order: `\(w.prefix)Presenter` and `\(w.prefix)Interactor` exist from earlier PRs (or this one).")
    }

    func routerWords(_ w: inout SliceWords) {
        let prefix = w.prefix, dir = w.dir, vcName = w.vcName
        // A Router task without a member is the screen's exits alone: its title says so.
        w.title = w.draft.title ?? (w.memberList.isEmpty && w.draft.tasks.count == 1 ? w.draft.tasks[0].title
            : "Route \(w.memberList.isEmpty ? "the navigation of \(vcName)" : w.memberList) through \(prefix)Router")
        if w.creates.contains("Presenter") {
            w.files += ["\(dir)\(prefix)Presenter.swift"]
            w.changes.append("Create `\(prefix)Presenter` and `\(prefix)PresenterProtocol`, which take the user's choices from \(vcName), and `\(prefix)ViewProtocol`; \(vcName) holds `presenter`, made in place until the module's builder injects it.")
        }
        if w.creates.contains("Router") {
            w.files.append("\(dir)\(prefix)Router.swift")
            w.changes.append("Create `\(prefix)Router` and `\(prefix)RouterProtocol`, with a weak reference to \(vcName); `\(prefix)Presenter` holds `router`.")
            let exits = w.owner?.exits ?? [:]
            w.changes += exits.keys.sorted().map { route in
                "Add `\(route)` to `\(prefix)Router` for the screen's own exits in " + exits[route]!.map { "`\($0)`" }.joined(separator: ", ")
                    + ": the view tells the presenter, which calls the router; the module no longer closes itself."
            }
            let closers = exits.keys.sorted().flatMap { exits[$0]! }
            if !closers.isEmpty {
                w.checks.append("\(vcName) no longer calls `dismiss` or `pop…` on itself in \(uniqued(closers).map { "`\($0)`" }.joined(separator: ", ")): `\(prefix)Router` closes it.")
            }
        }
        w.changes += w.fixes + ["The presenter decides and calls the router; the view controller no longer builds other screens."]
        // Each route is a method of the router and a forward of the presenter, whichever PR made them.
        w.files += ["\(dir)\(prefix)Router.swift", "\(dir)\(prefix)Presenter.swift"]
        w.tests("Presenter", "per route moved here, asserting the router double's call")
        w.checks += w.draft.tasks.filter { !$0.apis.isEmpty && w.draft.endsItsTasks }.map { leftCheck($0) }
    }

    func builderWords(_ w: inout SliceWords) {
        let prefix = w.prefix, dir = w.dir, vcName = w.vcName
        w.title = w.draft.title ?? (w.creates.contains("Module") ? "Assemble \(prefix)Module"
            : w.owner?.isBase == true ? "Share the \(prefix) pieces with the subclasses" : "Finish the \(prefix) module")
        // A builder in parts: the presenter takes the interactor's output over after the assembly.
        if w.draft.concern == Self.handoverConcern, let part = w.draft.part {
            w.files += ["\(dir)\(prefix)Presenter.swift"]
            w.changes = ["`\(prefix)Presenter` implements the interactor's output for the use cases this part takes: each output method moves from \(vcName) into the presenter, which hands each outcome to the view through `\(prefix)ViewProtocol`, and \(vcName)'s method only calls the presenter's"
                + (part.isLast ? ". Then `\(prefix)Module` sets `interactor.output = presenter`, and \(vcName)'s forwarding methods and its conformance are deleted: the view controller keeps only `presenter`." : ", until the last part makes the presenter the output.")]
            w.tests("Presenter", "per use case whose result it now hands the view")
            return
        }
        if w.creates.contains("Presenter") {
            w.files += ["\(dir)\(prefix)Presenter.swift"]
            w.changes.append("Create `\(prefix)Presenter`, `\(prefix)PresenterProtocol` and `\(prefix)ViewProtocol`: the presenter passes \(vcName)'s actions to the interactor and its results back.")
            w.tests("Presenter", "per action it forwards")
        }
        if w.creates.contains("Module") {
            w.files.append("\(dir)\(prefix)Module.swift")
            if w.draft.part == nil, w.owner?.existing.contains("Presenter") != true, let vc = w.draft.vc, phasesOf[vc]?.contains(.I) == true {
                w.changes.append("`\(prefix)Presenter` takes over \(vcName)'s calls to `interactor` and becomes the interactor's output; the view controller keeps only `presenter`.")
                // The output's methods move into the presenter, with a test case each.
                if !w.creates.contains("Presenter") { w.files.append("\(dir)\(prefix)Presenter.swift") }
                w.tests("Presenter", "per use case whose result it now hands the view")
            }
        }
        if w.draft.part?.index == 1, w.draft.tasks.contains(where: { $0.estimate.contains(where: ModulePlanner.isHandover) }) {
            w.changes.append("Until the next parts, `\(prefix)Module` makes \(vcName) the interactor's output, as it is today.")
        }
        w.changes += w.fixes
        let parameters = w.owner?.typeParameters ?? []
        if w.owner?.isBase == true {
            w.checks += ["\(vcName) is still created by no code of its own: only its subclasses are shown."]
        } else {
            w.checks += ["`\(prefix)Module.\(parameters.isEmpty ? "build()" : "build<\(parameters.joined(separator: ", "))>(…)")` is the only place that creates \(w.draft.vc ?? "the view controller")."]
        }
    }

    func crossCuttingWords(_ w: inout SliceWords) {
        let tasks = w.draft.tasks
        w.title = w.draft.title ?? (tasks.count == 1 ? (tasks[0].rule == nil ? tasks[0].title : "Fix " + lowercasedFirstWord(tasks[0].title))
            : tasks.allSatisfy({ $0.rule != nil }) ? sweepTitle(tasks)
            : tasks.allSatisfy({ !$0.sharedCopies.isEmpty }) ? "Share \(tasks.count) helpers copied into several screens"
            : tasks.allSatisfy({ $0.sharedType != nil }) ? "Put \(tasks.count) shared types behind protocols"
            : "\(tasks.count) cross-cutting changes")
        w.changes = w.fixes
        // A protocol declared in a new file of its own edits no screen: its location only names the first user.
        let placed = Set(tasks.filter { $0.sharedType != nil && !$0.newFiles.isEmpty }.map(\.file))
        w.files.removeAll { file in placed.contains(file) && !tasks.contains { $0.file == file && $0.newFiles.isEmpty } }
        w.checks = tasks.filter { !$0.apis.isEmpty && w.draft.endsItsTasks }.map { leftCheck($0) }
            + tasks.filter { $0.rule == nil }.map { "\($0.id): the existing callers still compile unchanged; the features adopt it in their own PRs." }
    }

    /// "Fix `presenter-imports-uikit` in 12 files (14 findings)"; several rules are named, up to three.
    func sweepTitle(_ tasks: [PlanTask]) -> String {
        let rules = uniqued(tasks.compactMap(\.rule)), files = Set(tasks.map(\.file)).count
        let named = rules.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (rules.count > 3 ? " and \(rules.count - 3) more rules" : "")
        return "Fix \(named) in \(files) file\(files == 1 ? "" : "s") (\(tasks.count) findings)"
    }

    /// "Strong delegate" → "strong delegate"; "NotificationCenter observers" stays as written.
    func lowercasedFirstWord(_ text: String) -> String {
        let word = text.prefix { $0 != " " }
        guard let first = word.first, first.isUppercase, word.dropFirst().allSatisfy({ !$0.isUppercase }), word.count > 1 else { return text }
        return first.lowercased() + String(text.dropFirst())
    }

    /// "No `String(format:)`, `DateFormatter` left in `configure(_:with:)`."
    func leftCheck(_ task: PlanTask) -> String {
        // A task for several findings is checked in each of their members.
        let members = uniqued(task.members.isEmpty ? [task.member].compactMap { $0 } : task.members)
        let member = members.isEmpty ? "the type" : TaskGrouping.list(members.map { "`\($0)`" })
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
