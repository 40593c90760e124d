import Foundation

/// `update` as a pure function: the plan directory's text in, the files to write and a summary out.
public enum Updater {
    /// Why a task that the scan still detects is listed under "Needs attention" (nil: it is not).
    static func attentionReason(_ block: TaskBlock, date: String) -> String? {
        if block.header.checked {
            return "\(stillDetectedReason) (since \(block.field(stillDetectedField)?.first ?? date))"
        }
        return block.field("Regressed")?.first.map { "regressed on \($0)" }
    }

    /// The phases of an update, in order, each a function of the one `UpdateRun` value. The scan
    /// before them and the write after them are the command's (`Commands.update`).
    public static func update(_ input: UpdateInput, renderer: PlanRenderer) -> UpdateResult {
        var run = UpdateRun(input: input, renderer: renderer)
        readPlan(&run)
        readState(&run)
        matchFindings(&run)
        linkMovedCode(&run)
        verifyTracked(&run)
        fileNewFindings(&run)
        replan(&run)
        renderDashboardAndState(&run)
        return run.result
    }

    /// Reads the Markdown back (a file that does not round-trip byte for byte is left alone) and
    /// finds where each fingerprint lives; a task copied into a second file is tracked in the first.
    static func readPlan(_ run: inout UpdateRun) {
        let input = run.input
        for name in input.unreadable.sorted() where name != ".state.json" {
            run.result.warnings.append("\(name): not UTF-8 text; left untouched")
        }
        run.names = input.files.keys.filter { $0.hasSuffix(".md") && $0 != "README.md" }
            .sorted { ($0 == "discovered.md" ? 1 : 0, $0) < ($1 == "discovered.md" ? 1 : 0, $1) }
        for name in run.names {
            let doc = PlanDocument(parsing: input.files[name]!)
            // A task for several findings knows all of them.
            run.allFingerprints.formUnion(doc.tasks.flatMap { ($0.header.fingerprint.map { [$0] } ?? []) + $0.header.covers })
            if doc.render() == input.files[name]! { run.docs[name] = doc }
            else { run.result.warnings.append("\(name): cannot be read back byte for byte; left untouched") }
        }
        for name in run.names {
            guard let doc = run.docs[name] else { continue }
            for (i, segment) in doc.segments.enumerated() {
                guard case .task(let block) = segment, let fp = block.header.fingerprint else { continue }
                if let first = run.location[fp] {
                    run.result.warnings.append("\(name): task \(block.header.id ?? fp) is also in \(first.file); only the copy in \(first.file) is tracked")
                } else {
                    run.location[fp] = (name, i)
                    run.tracked[name, default: []].append(fp)
                }
            }
        }
    }

    /// The state: the merge bases and statuses; rebuilt from the hidden fingerprints when broken.
    static func readState(_ run: inout UpdateRun) {
        let input = run.input
        if let text = input.files[".state.json"], let decoded = PlanState.decode(text) {
            run.state = decoded
        } else {
            let why = input.files[".state.json"] == nil && !input.unreadable.contains(".state.json") ? "missing" : "unreadable"
            run.result.warnings.append(".state.json is \(why): rebuilt from the hidden fingerprints in the Markdown (a field that differs from the scan is kept and the scan's text suggested)")
            run.state = rebuildState(docs: run.docs, location: run.location, readme: input.files["README.md"], date: input.date)
            run.result.stateRebuilt = true
        }
        run.records = Dictionary(run.state.tasks.map { ($0.fingerprint, $0) }, uniquingKeysWith: { a, _ in a })
        run.result.scopeChange = ScopeChange(recorded: run.state.scope, current: input.scope?.current)
        run.knownBefore = Set(run.records.keys).union(run.allFingerprints)
    }

    /// Matches the fresh plan's tasks to fingerprints: each fresh task block exactly as the templates
    /// write it. A file whose merge is known to change nothing (`settledFile`) is skipped whole.
    static func matchFindings(_ run: inout UpdateRun) {
        var fileNameCount: [String: Int] = [:]
        for file in run.input.fresh.taskFiles { fileNameCount[file.fileName, default: 0] += 1 }
        for file in run.input.fresh.taskFiles {
            if fileNameCount[file.fileName] == 1,
               settleFile(&run, file: file, freshDigest: { $0.freshDigest(file.fileName) ?? ContentHash("").description }) { continue }
            let text = run.freshText(file.fileName) ?? ""
            // The first block with each fingerprint, looked up by fingerprint (not searched per task).
            var blocks: [String: TaskBlock] = [:]
            for case .task(let block) in PlanDocument(parsing: text).segments {
                if let fp = block.header.fingerprint, blocks[fp] == nil { blocks[fp] = block }
            }
            for task in file.tasks {
                guard run.fresh[task.fingerprint] == nil, !run.claimed.contains(task.fingerprint),
                      let block = blocks[task.fingerprint] else { continue }
                run.fresh[task.fingerprint] = (file.fileName, block, task)
                run.freshOrder.append(task.fingerprint)
            }
        }
    }

    /// Incremental runs: records the file's merge-input hash, and skips the file (true) when an
    /// earlier run found that merging these inputs changes nothing and every fresh task of the file
    /// is tracked in it and nowhere else needs its block.
    static func settleFile(_ run: inout UpdateRun, file: FeaturePlan, freshDigest: (UpdateRun) -> String) -> Bool {
        let name = file.fileName
        guard let salt = run.input.settledSalt, !run.result.stateRebuilt, name != "discovered.md", run.docs[name] != nil else { return false }
        let mine = run.tracked[name] ?? []
        let hash = mergeInputHash(salt: salt, name: name, text: run.input.files[name]!, freshDigest: freshDigest(run), tasks: file.tasks,
                                  tracked: mine, records: mine.map { run.records[$0] })
        run.inputHash[name] = hash
        let fps = file.tasks.map(\.fingerprint)
        guard run.input.settled.contains(hash), Set(fps) == Set(mine + mine.flatMap { run.records[$0]?.covers ?? [] }),
              fps.allSatisfy({ run.fresh[$0] == nil && !run.claimed.contains($0) && run.knownBefore.contains($0) }) else { return false }
        run.skipped.insert(name)
        run.claimed.formUnion(fps)
        return true
    }

    /// Every tracked task, wherever it lives now: ticked when no longer detected (or verified
    /// structurally), flagged when ticked by a person but still detected, reopened when it came back,
    /// and its tool-owned fields merged three-way with what people wrote.
    static func verifyTracked(_ run: inout UpdateRun) {
        for name in run.names {
            guard var doc = run.docs[name] else { continue }
            let skipped = run.skipped.contains(name)
            for i in doc.segments.indices {
                guard case .task(let block) = doc.segments[i], let fp = block.header.fingerprint,
                      let here = run.location[fp], here.file == name, here.segment == i else { continue }
                if skipped {
                    // Known to change nothing: every task is detected and open; only its "Needs attention" entry is read.
                    var ref = TaskRef(file: name, id: block.header.id ?? run.records[fp]?.id ?? "", title: block.header.title, fingerprint: fp)
                    if let reason = attentionReason(block, date: run.input.date) { ref.reason = reason; run.result.attention.append(ref) }
                    continue
                }
                let updated = verifyTask(&run, block: block, fingerprint: fp, file: name)
                if updated != block { run.tasksChanged.insert(name) }
                doc.segments[i] = .task(updated)
            }
            if !skipped { run.docs[name] = doc }
        }
    }

    /// One tracked task: its outcome (resolved, regressed, flagged), merged fields and record.
    static func verifyTask(_ run: inout UpdateRun, block original: TaskBlock, fingerprint fp: String, file name: String) -> TaskBlock {
        let input = run.input, date = input.date
        var block = original
        var record = run.records[fp] ?? PlanState.Record(fingerprint: fp, id: block.header.id ?? "", file: name,
                                                         rule: run.fresh[fp]?.task.rule, firstSeen: date, firstSeenCommit: input.commit)
        let before = run.records[fp]
        // A task for several findings: the fresh plan holds the ones still detected under its
        // fingerprint (`TaskGrouping.Mode.tracked`); planned otherwise, under any of them.
        let covers = block.header.covers.isEmpty ? record.covers ?? [] : block.header.covers
        let scanned = run.fresh[fp] ?? covers.first(where: { run.fresh[$0] != nil }).flatMap { run.fresh[$0] }
        // The kind the state recorded; for a state without one, the fresh plan's task of this fingerprint.
        let structural = record.rule == nil ? record.kind.flatMap(StructuralTask.init(encoded:)) ?? scanned?.task.structural : nil
        if scanned?.file != name { run.unsettled.insert(name) }
        let subjectGone = structural != nil && record.viewController.map { !input.structure.typeNames.contains($0) } == true
        let verified = structural.map { subjectGone || run.verifier.isVerified($0) }
        if let scanned {
            mergeFields(&block, base: record.fields, ours: scanned.block)
            record.fields = PlanState.ownedText(scanned.block)
            record.rule = scanned.task.rule
            record.viewController = scanned.task.viewController
            record.kind = scanned.task.structural?.encoded
            record.sources = [scanned.task.file] + scanned.task.traced
            record.covers = covers.isEmpty ? nil : covers
        }
        let ref = TaskRef(file: name, id: block.header.id ?? record.id, title: block.header.title, fingerprint: fp)
        if let scanned, run.aliasDetected.contains(fp) {
            // Still open where the code went: say so once per new place.
            let place = "to \(scanned.task.location)\(scanned.task.member.map { " (`\($0)`)" } ?? ""): the task stays open until the code leaves \(scanned.task.viewController ?? "the view controller")"
            if block.field("Moved")?.first?.hasPrefix(place) != true { block.setField("Moved", [place + " (seen \(date))"]) }
        }
        if scanned == nil, markOutOfScope(&run, &block, &record, ref: ref) {
            // Left the scope without being fixed: neither open work nor done.
        } else if scanned != nil || verified == false {
            markDetected(&run, &block, &record, ref: ref)
        } else if record.status != "resolved" {
            let evidence = subjectGone ? "`\(record.viewController ?? "")` no longer exists" : structural?.evidence
            block.setChecked(true)
            block.setField(stillDetectedField, nil)
            block.setField(outOfScopeField, nil)
            block.setField("Resolved", [run.stamp + ", " + (evidence.map { "verified structurally: \($0)" } ?? "verified by scan")])
            record.status = "resolved"; record.resolvedOn = date; record.resolvedCommit = input.commit
            run.result.resolved.append(ref)
        }
        record.file = name
        record.id = block.header.id ?? record.id
        if record != before { run.unsettled.insert(name) }
        run.records[fp] = record
        return block
    }

    /// A task the scan still detects: reopened when it was resolved, flagged when a person ticked it.
    static func markDetected(_ run: inout UpdateRun, _ block: inout TaskBlock, _ record: inout PlanState.Record, ref: TaskRef) {
        let date = run.input.date
        returnToScope(&run, &block, &record, ref: ref)
        if record.status == "resolved" {
            block.setChecked(false)
            block.setField("Resolved", nil)
            block.setField(stillDetectedField, nil)
            block.setField("Regressed", [run.stamp])
            record.status = "open"; record.regressedOn = date; record.regressedCommit = run.input.commit
            run.result.regressed.append(ref)
        } else if block.header.checked {
            if block.field(stillDetectedField) == nil {
                block.setField(stillDetectedField, [date])
                run.result.flagged.append(ref)
            }
        } else if block.field(stillDetectedField) != nil {
            block.setField(stillDetectedField, nil)
        }
        var attention = ref
        if let reason = attentionReason(block, date: date) { attention.reason = reason; run.result.attention.append(attention) }
    }

    /// New findings go to discovered.md, with ids never used before.
    static func fileNewFindings(_ run: inout UpdateRun) {
        let input = run.input
        let known = Set(run.records.keys).union(run.allFingerprints).union(run.aliases)
        // The moves that cover what no finding names (view state, rules, seams) are the first plan's
        // structure: what a later scan would add there is left to the people who own the plan.
        let newOnes = run.freshOrder.filter { !known.contains($0) && !(run.fresh[$0]!.task.rule == nil && ["state", "rules", "seam", ScreenStateOwner.concern].contains(run.fresh[$0]!.task.concern)) }
        guard !newOnes.isEmpty else { return }
        if input.files["discovered.md"] != nil && run.docs["discovered.md"] == nil {
            run.result.warnings.append("discovered.md: left untouched, so \(newOnes.count) new finding\(newOnes.count == 1 ? " is" : "s are") not recorded yet")
            return
        }
        var nextD = run.records.values.map(\.id).compactMap(dNumber).max() ?? 0
        for doc in run.docs.values { nextD = max(nextD, doc.tasks.compactMap { $0.header.id.flatMap(dNumber) }.max() ?? 0) }
        var blocks: [[String]] = []
        for fp in newOnes {
            let entry = run.fresh[fp]!
            nextD += 1
            let id = "D\(nextD)"
            let found = "scan of \(input.commit ?? "the working tree") on \(input.date)"
            // Written out in full even when its feature file outlines it: the inbox is read to triage.
            let block = run.renderer.fullBlock(entry.task) ?? entry.block
            blocks.append([TaskBlock.headerLine(checked: false, id: id, title: block.header.title, fingerprint: fp)] + block.body
                          + TaskBlock.fieldLines("Found during", [found]) + TaskBlock.fieldLines("Assign to", [entry.file]))
            run.records[fp] = PlanState.Record(fingerprint: fp, id: id, file: "discovered.md", rule: entry.task.rule,
                                               viewController: entry.task.viewController,
                                               kind: entry.task.structural?.encoded, firstSeen: input.date,
                                               firstSeenCommit: input.commit, fields: PlanState.ownedText(block),
                                               sources: [entry.task.file] + entry.task.traced)
            run.result.new.append(TaskRef(file: "discovered.md", id: id, title: block.header.title, fingerprint: fp))
        }
        let base = run.docs["discovered.md"]?.render() ?? run.freshText("discovered.md") ?? PlanMarkdown.discoveredFallback
        run.docs["discovered.md"] = PlanDocument(parsing: appendTasks(blocks, to: base))
        run.tasksChanged.insert("discovered.md")
    }

    /// The dashboard, history, chart and state; the result's files are those whose text changes.
    static func renderDashboardAndState(_ run: inout UpdateRun) {
        let input = run.input
        var counted = run.docs
        for name in run.names where counted[name] == nil { counted[name] = PlanDocument(parsing: input.files[name]!) }
        let summary = Dashboard.summarize(counted, attention: run.result.attention)
        run.result.dashboard = summary
        let markdownChanged = run.newFiles.contains { input.files[$0.key] != $0.value }
        var state = run.state
        recordScope(run, in: &state, refresh: false)
        appendHistory(&state, summary: summary, result: run.result, date: input.date, commit: input.commit)
        state.tasks = Array(run.records.values)
        let tasksJSON = state.encodedTasks()   // the tasks do not change below: encoded once
        var stateText: String? = state.encoded(tasksJSON: tasksJSON)
        run.newFiles["progress.svg"] = ProgressChart.svg(points: state.history.map { ($0.date, $0.done, $0.total) })
        let changed = markdownChanged || run.result.stateRebuilt || stateText != input.files[".state.json"]
        if changed || !input.noTouch || input.files["README.md"] == nil {
            stateText = nil   // written again below with the new dashboard: one state text at a time
            let fresh = Dashboard.readme(summary, history: state.history, fresh: input.fresh, date: input.date, commit: input.commit,
                                         renderer: run.renderer)
            let (readme, moved) = PlanMarkdown.keepPeoplesLines(of: input.files["README.md"], lastWritten: state.dashboard, in: fresh)
            if moved > 0 {
                run.result.warnings.append("README.md: \(moved) line\(moved == 1 ? "" : "s") written by hand above `## Notes` moved into `## Notes` (the dashboard above it is regenerated)")
            }
            run.newFiles["README.md"] = readme
            state.dashboard = PlanMarkdown.aboveNotes(fresh)
            recordScope(run, in: &state, refresh: true)
            stateText = state.encoded(tasksJSON: tasksJSON)
        }
        run.newFiles[".state.json"] = stateText
        for name in input.unreadable where name != ".state.json" { run.newFiles[name] = nil }
        run.result.files = run.newFiles.filter { input.files[$0.key] != $0.value }
    }

    /// A history row when something happened or the counts moved.
    static func appendHistory(_ state: inout PlanState, summary: Dashboard.Summary, result: UpdateResult, date: String, commit: String?) {
        let last = state.history.last
        let countsMoved = last.map { ($0.total, $0.done, $0.openCritical) != (summary.total, summary.done, summary.openCritical) } ?? true
        let hasOutcomes = !(result.resolved.isEmpty && result.regressed.isEmpty && result.new.isEmpty && result.flagged.isEmpty)
        guard hasOutcomes || countsMoved else { return }
        state.history.append(PlanState.HistoryRow(date: date, commit: commit, total: summary.total, done: summary.done,
                                                  openCritical: summary.openCritical, new: result.new.count,
                                                  resolved: result.resolved.count, regressed: result.regressed.count))
        state.lastScanCommit = commit
    }

    /// Everything the merge of one feature file reads, hashed: the tool's build, the file's name and
    /// text, its fresh text and tasks (fingerprint, rule, view controller), the tasks tracked in it and
    /// their records. When a run merged a file with these inputs, every task being detected in this
    /// same file, and nothing changed (no block, no record, no header or PR table), no branch that
    /// writes a date, a commit or a suggestion ran; merging the same inputs again changes nothing
    /// either (the scan date, commit and structure facts are only read by those branches).
    static func mergeInputHash(salt: String, name: String, text: String, freshDigest: String, tasks: [PlanTask], tracked: [String],
                               records: [PlanState.Record?]) -> String {
        var bytes: [UInt8] = []
        func add(_ value: String?) {
            guard let value else { bytes.append(UInt8(ascii: "-")); return }
            bytes += "\(value.utf8.count):".utf8
            bytes += value.utf8
        }
        add(salt); add(name); add(ContentHash(text).description); add(freshDigest)
        for task in tasks { add(task.fingerprint); add(task.rule); add(task.viewController) }
        bytes.append(UInt8(ascii: "|"))
        for fp in tracked { add(fp) }
        bytes.append(UInt8(ascii: "|"))
        for record in records {
            guard let r = record else { add(nil); continue }
            for value in [r.fingerprint, r.id, r.file, r.rule, r.viewController, r.kind, r.status, r.firstSeen, r.firstSeenCommit,
                          r.resolvedOn, r.resolvedCommit, r.regressedOn, r.regressedCommit] { add(value) }
            for key in r.fields.keys.sorted() { add(key); add(r.fields[key]) }
            bytes.append(UInt8(ascii: ";"))
        }
        return ContentHash(bytes).description
    }

    static func dNumber(_ id: String) -> Int? { id.hasPrefix("D") ? Int(id.dropFirst()) : nil }

    /// The scan-owned fields, merged one by one.
    /// A person's edit is kept; when the tool's text changed too, a `**Tool suggests**` line shows the
    /// tool's text, and stays on later runs while the tool still suggests the same.
    static func mergeFields(_ block: inout TaskBlock, base: [String: String], ours: TaskBlock) {
        var suggestions: [String] = []
        let shown = Set((block.field("Tool suggests") ?? []).map { $0.hasPrefix("    - ") ? String($0.dropFirst(6)) : $0 })
        let oursValues = ours.fieldValues(PlanState.scanFields)
        for name in PlanState.scanFields {
            let theirs = block.field(name), fresh = oursValues[name]
            // Made only when it is used: trimming every field of every task would cost more than the merge.
            var suggestion: String { "\(name): " + (fresh ?? []).map { trimmingWhitespace($0) }.filter { !$0.isEmpty }.joined(separator: " ") }
            switch FieldMerge.merge(base: base[name].map(newlineComponents), theirs: theirs, ours: fresh) {
            case .write(let value):
                if value != theirs { block.setField(name, value) }
                if value == theirs, theirs != fresh, fresh != nil, !shown.isEmpty, case let text = suggestion, shown.contains(text) { suggestions.append(text) }
            case .keepTheirsAndSuggest:
                suggestions.append(suggestion)
            }
        }
        let value = suggestions.isEmpty ? nil : [suggestions[0]] + suggestions.dropFirst().map { "    - " + $0 }
        if block.field("Tool suggests") != value { block.setField("Tool suggests", value) }
    }

    /// Appends task blocks at the end of discovered.md, dropping the template's "empty inbox" line.
    static func appendTasks(_ blocks: [[String]], to text: String) -> String {
        var lines = newlineComponents(text)
        if let empty = lines.firstIndex(where: { $0.hasPrefix(PlanMarkdown.emptyInbox) }) {
            lines.remove(at: empty)
            if empty < lines.count, lines[empty].isEmpty { lines.remove(at: empty) }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let doc = PlanDocument(parsing: lines.joined(separator: "\n"))
        let endsWithTask = { if case .task? = doc.segments.last { true } else { false } }()
        if !endsWithTask { lines.append("") }
        return (lines + blocks.flatMap { $0 }).joined(separator: "\n") + "\n"
    }

    /// A state made from the Markdown alone: ids, files and statuses from the hidden comments, the
    /// history from the dashboard's table; no merge bases (nothing a person wrote is overwritten).
    static func rebuildState(docs: [String: PlanDocument], location: [String: (file: String, segment: Int)],
                             readme: String?, date: String) -> PlanState {
        var records: [PlanState.Record] = []
        for (fp, place) in location {
            guard case .task(let block)? = docs[place.file]?.segments[place.segment] else { continue }
            let resolved = block.header.checked && block.field("Resolved") != nil
            records.append(PlanState.Record(fingerprint: fp, id: block.header.id ?? "", file: place.file, rule: nil,
                                            status: resolved ? "resolved" : "open", firstSeen: date, firstSeenCommit: nil,
                                            covers: block.header.covers.isEmpty ? nil : block.header.covers))
        }
        let history = PlanMarkdown.parseHistory(readme ?? "")
        return PlanState(createdAt: history.first?.date ?? date, lastScanCommit: history.last?.commit, tasks: records, history: history)
    }
}
