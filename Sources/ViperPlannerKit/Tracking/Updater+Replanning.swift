import Foundation

/// The update phases that follow the code as it changes: moved code linked to its task, and the PR
/// Plan cut again from what is still to do.
extension Updater {
    /// Per-file headers (the Context line from this scan, unless a person edited it) and PR tables
    /// are recomputed from what is still to do (the PR Plans side by side, first); only the files
    /// whose text changes are kept; `docs` keeps the new tables for the dashboard.
    static func replan(_ run: inout UpdateRun) {
        let replanned = replannedFiles(run)
        for (name, var doc) in run.docs where !run.skipped.contains(name) {
            PlanMarkdown.refreshHeader(&doc, scan: run.tasksChanged.contains(name) ? run.stamp : nil, context: context(&run, doc, name: name))
            let ownsPRPlan = replanPRsAndOutlineNote(&run, &doc, name: name, replanned: replanned[name])
            PlanMarkdown.refreshPRTable(&doc, keepDone: ownsPRPlan)
            // The dashboard's next PRs read the tables as re-planned here.
            run.docs[name] = doc
            let text = doc.render()
            // What the tool wrote, to tell a person's later edit of the PR Plan from its own.
            if ownsPRPlan, let hash = PlanMarkdown.prPlanHash(text) { run.state.prPlans?[name] = hash }
            if text != run.input.files[name] {
                run.newFiles[name] = text
            } else if let hash = run.inputHash[name], !run.tasksChanged.contains(name), !run.unsettled.contains(name) {
                run.result.settled.insert(hash)   // merged, and nothing changed: the next run may skip it
            }
        }
        for name in run.skipped { run.result.settled.insert(run.inputHash[name]!) }
    }

    /// `replanPRs`; then the header's note on outlined tasks goes once the file has none and a
    /// fresh plan of it would have none either (every PR written out, or the last ones came up).
    static func replanPRsAndOutlineNote(_ run: inout UpdateRun, _ doc: inout PlanDocument, name: String, replanned: Replanned??) -> Bool {
        let ownsPRPlan = replanPRs(&run, &doc, name: name, replanned: replanned)
        if !doc.tasks.contains(where: PlanMarkdown.isOutlined), run.freshText(name)?.contains(PlanRenderer.outlineNoteLead) == false {
            PlanMarkdown.dropOutlineNote(&doc)
        }
        return ownsPRPlan
    }

    /// Code that moved inside its view controller (a method split, renamed or moved to an extension)
    /// is the same work: a new finding of a rule on a view controller whose open task of that rule is
    /// no longer detected where it was becomes an alias of that task, which stays open and shows the
    /// new place, instead of a discovered task. Aliases found in earlier runs count the same way.
    static func linkMovedCode(_ run: inout UpdateRun) {
        let known = Set(run.records.keys).union(run.allFingerprints)
        var aliasOf: [String: String] = [:]
        for record in run.records.values { for alias in record.aliases ?? [] { aliasOf[alias] = record.fingerprint } }
        let fresh = run.fresh
        let detected = { (r: PlanState.Record) in
            fresh[r.fingerprint] != nil || ((r.aliases ?? []) + (r.covers ?? [])).contains { fresh[$0] != nil }
        }
        // Open tasks of findings (not in discovered.md) no longer detected, by rule and view controller.
        var vanished: [String: [String]] = [:]
        for record in run.records.values.sorted(by: { PlanState.idOrder($0.id) < PlanState.idOrder($1.id) })
        where record.status == "open" && record.rule != nil && record.file != "discovered.md" && !detected(record)
            && leftScope(run, record) == nil {
            guard let vc = record.viewController, let rule = record.rule else { continue }
            vanished["\(rule)|\(vc)", default: []].append(record.fingerprint)
        }
        for fp in run.freshOrder where !known.contains(fp) && aliasOf[fp] == nil {
            let task = run.fresh[fp]!.task
            guard let rule = task.rule, let vc = task.viewController, let origin = vanished["\(rule)|\(vc)"]?.first else { continue }
            run.records[origin]!.aliases = (run.records[origin]!.aliases ?? []) + [fp]
            aliasOf[fp] = origin
            run.moved[origin, default: []].append(fp)
        }
        // A task whose own finding is gone but an alias is detected is scanned as that alias.
        for (alias, origin) in aliasOf.sorted(by: { $0.key < $1.key }) where run.fresh[origin] == nil {
            if let entry = run.fresh[alias] { run.fresh[origin] = entry; run.aliasDetected.insert(origin) }
        }
        run.aliases = Set(aliasOf.keys)
    }

    /// The PR Plan of a file cut again from what is still to do, when nobody has edited it since the
    /// tool wrote it: PRs whose tasks are all done stay as ✅ rows with their numbers, and their
    /// sections (marked done) above the open ones; the open tasks (each under its id in the file) are
    /// sliced again into PRs that take the numbers the done ones leave free. An edited section keeps its text; only its
    /// statuses and done marks follow the tasks (`PlanMarkdown.refreshPRTable`).
    /// Returns whether the section is the tool's (re-planned, or unchanged from what it wrote).
    @discardableResult
    static func replanPRs(_ run: inout UpdateRun, _ doc: inout PlanDocument, name: String, replanned: Replanned?? = nil) -> Bool {
        guard let replanned = replanned ?? Self.replanned(run, doc, name: name) else { return false }
        writeOutModules(&run, &doc, name: name, feature: replanned.feature)
        if let section = replanned.section, section != replanned.current, PlanMarkdown.replacePRPlan(&doc, with: section) { run.unsettled.insert(name) }
        return true
    }

    /// A file's PR Plan cut again: the open tasks and their new slices, and the section to write
    /// (nil: the renderer wrote none). Nil when the section is not the tool's to replace.
    struct Replanned: Sendable {
        var feature: FeaturePlan
        var section: String?
        var current: String
    }

    /// `replanned(_:_:name:)` for every file at once, side by side: each reads only its own
    /// document and the fresh plan. Keys are files whose PR Plan is the tool's; a file absent was
    /// checked and is not the tool's (nil inside).
    static func replannedFiles(_ run: UpdateRun) -> [String: Replanned?] {
        let names = run.docs.keys.filter { !run.skipped.contains($0) }.sorted()
        let results = parallelMap(count: names.count, jobs: defaultJobCount) { replanned(run, run.docs[names[$0]]!, name: names[$0]) }
        return Dictionary(uniqueKeysWithValues: zip(names, results))
    }

    static func replanned(_ run: UpdateRun, _ doc: PlanDocument, name: String) -> Replanned? {
        guard name != "discovered.md", let feature = run.input.fresh.taskFiles.first(where: { $0.fileName == name }),
              let current = PlanMarkdown.prPlanSection(doc.render()) else { return nil }
        let written = run.state.prPlans?[name]
        // A section a person edited (or one no state remembers) is kept as it is.
        guard written == ContentHash(current).description else { return nil }
        // The open tasks of this file, by the fresh plan's fingerprints (an alias stands for its task).
        var idOfFresh: [String: String] = [:]
        for case .task(let block) in doc.segments {
            guard let fp = block.header.fingerprint, let id = block.header.id, !block.isDone,
                  run.location[fp]?.file == name else { continue }
            idOfFresh[fp] = id
            for alias in (run.records[fp]?.aliases ?? []) + block.header.covers { idOfFresh[alias] = id }
        }
        let ids = PlanMarkdown.IDCounts(doc)
        var doneRows: [String] = []
        let done = PlanMarkdown.doneStatus
        for row in PlanMarkdown.prRows(doc) where row.cells.last == done || PlanMarkdown.sliceStatus(row.cells, ids: ids) == done {
            var cells = row.cells
            cells[cells.count - 1] = done
            doneRows.append("| " + cells.joined(separator: " | ") + " |")
        }
        var replanned = feature
        let numbers = Set(doneRows.compactMap { Int(components(Substring($0.dropFirst(2)), separatedBy: " | ")[0]) })
        replanned.slices = renumber(Planner.reslice(feature, ids: idOfFresh, firstNumber: 1), skipping: numbers)
        replanned.tasks = Planner.openTasks(feature, ids: idOfFresh)
        guard var section = run.renderer.prPlanSection(replanned, plan: run.input.fresh) else {
            return Replanned(feature: replanned, section: nil, current: current)
        }
        if !doneRows.isEmpty {
            var lines = newlineComponents(section)
            if let header = lines.firstIndex(where: { $0.hasPrefix("|--") }) {
                // One table in PR order: a done PR keeps its place among the open ones.
                let open = lines[(header + 1)...].prefix { $0.hasPrefix("| ") }
                let rows = (doneRows + open).sorted { rowNumber($0) < rowNumber($1) }
                lines.replaceSubrange((header + 1)..<(header + 1 + open.count), with: rows)
            }
            insertDoneSections(PlanMarkdown.prSections(current, numbers: numbers), into: &lines)
            section = lines.joined(separator: "\n")
        }
        return Replanned(feature: replanned, section: section, current: current)
    }

    /// This scan's Context text for a file whose Context line is the tool's, recorded as written
    /// (nil: no fresh context, or a person's line, kept as it is).
    static func context(_ run: inout UpdateRun, _ doc: PlanDocument, name: String) -> String? {
        guard let fresh = run.input.fresh.taskFiles.first(where: { $0.fileName == name })?.context ?? run.input.contexts[name],
              let text = PlanMarkdown.context(of: doc),
              PlanMarkdown.contextIsTools(text, written: run.state.contexts?[name], fresh: fresh) else { return nil }
        run.state.contexts = (run.state.contexts ?? [:]).merging([name: ContentHash(fresh).description]) { _, new in new }
        return fresh
    }

    /// The Context text this scan gives each feature file of the plan that the fresh plan no longer
    /// has (its screens have no finding left, so it plans no file for them), as `plan` words it for
    /// those screens: the view controllers the state records for the file's tasks, found in this scan.
    public static func contextsOfFinishedFeatures(files: [String: String], fresh: Plan, audit: AuditResult) -> [String: String] {
        guard let text = files[".state.json"], let state = PlanState.decode(text) else { return [:] }
        let planned = Set(fresh.taskFiles.map(\.fileName)).union(["cross-cutting.md", "discovered.md"])
        var screens: [String: Set<String>] = [:]
        for record in state.tasks where !planned.contains(record.file) && files[record.file] != nil {
            if let vc = record.viewController { screens[record.file, default: []].insert(vc) }
        }
        guard !screens.isEmpty else { return [:] }
        var indexOf: [String: Int] = [:]
        for i in audit.profiles.keys.sorted() { indexOf[audit.index.types[i].name] = indexOf[audit.index.types[i].name] ?? i }
        var contexts: [String: String] = [:]
        for (file, names) in screens {
            let vcs = names.compactMap { indexOf[$0] }.sorted()
            if vcs.count == names.count { contexts[file] = Planner.context(vcs, result: audit) }
        }
        return contexts
    }

    /// A screen's Target module section that was outlined is written out when its first PR is among
    /// the next ones, from the fresh scan, if nobody has edited it since the tool wrote it (one a
    /// person edited is theirs, and no longer followed). One still outlined follows the new numbers.
    static func writeOutModules(_ run: inout UpdateRun, _ doc: inout PlanDocument, name: String, feature: FeaturePlan) {
        guard let recorded = run.state.outlinedModules?[name], !recorded.isEmpty else { return }
        let fresh = Dictionary(PlanMarkdown.moduleSections(run.renderer.featureText(feature, plan: run.input.fresh)).map { ($0.heading, $0.text) },
                               uniquingKeysWith: { first, _ in first })
        var still: [String: String] = [:]
        for (heading, text) in PlanMarkdown.moduleSections(doc.render()) {
            guard let hash = recorded[heading], hash == ContentHash(text).description, let new = fresh[heading] else { continue }
            if new != text, PlanMarkdown.replaceModuleSection(&doc, heading: heading, with: new) { run.unsettled.insert(name) }
            if PlanMarkdown.isOutlinedModule(new) { still[heading] = ContentHash(new).description }
        }
        run.state.outlinedModules?[name] = still.isEmpty ? nil : still
        if run.state.outlinedModules?.isEmpty == true { run.state.outlinedModules = nil }
    }

    /// The open PRs take the numbers no done PR holds, in order: a PR merged before the ones ahead
    /// of it keeps its number, and theirs stay as the team knows them instead of all moving up.
    static func renumber(_ slices: [PRSlice], skipping done: Set<Int>) -> [PRSlice] {
        var free: [Int] = [], n = 1
        while free.count < slices.count { if !done.contains(n) { free.append(n) }; n += 1 }
        var number: [Int: Int] = [:]
        for (i, slice) in slices.enumerated() { number[slice.number] = free[i] }
        var result = slices.map { slice -> PRSlice in
            var s = slice
            s.number = number[slice.number]!
            s.dependsOn = slice.dependsOn.map { d in
                guard d.hasPrefix("PR "), let k = Int(d.dropFirst(3)), let m = number[k] else { return d }
                return "PR \(m)"
            }
            return s
        }
        Planner.addNotInThisPR(&result)
        return result
    }

    /// The PR number a table row starts with.
    static func rowNumber(_ row: String) -> Int { Int(row.dropFirst(2).prefix { $0 != " " }) ?? 0 }

    /// The sections of done PRs, marked done, go after the table and before the first open PR's.
    static func insertDoneSections(_ sections: [[String]], into lines: inout [String]) {
        guard !sections.isEmpty else { return }
        let table = (lines.lastIndex { $0.hasPrefix("| ") } ?? lines.count - 1) + 1
        var at = lines[table...].firstIndex { $0.hasPrefix(PlanMarkdown.prHeading) || $0.hasPrefix("_") } ?? lines.count
        while at > table, lines[at - 1].isEmpty { at -= 1 }
        let marked = sections.map { s in [s[0].hasSuffix(PlanMarkdown.doneMark) ? s[0] : s[0] + PlanMarkdown.doneMark] + s.dropFirst() }
        lines.insert(contentsOf: marked.flatMap { [""] + $0 }, at: at)
    }
}
