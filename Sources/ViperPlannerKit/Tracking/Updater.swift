import Foundation

/// Everything `update` needs, as plain values: the plan directory as it is on disk, the fresh plan
/// (the new "ours") rendered with the same templates, and what structural tasks are checked against.
public struct UpdateInput: Sendable {
    /// The plan directory: file name → UTF-8 text.
    public var files: [String: String]
    /// Files in the plan directory that are not UTF-8 text (left untouched).
    public var unreadable: [String]
    public var fresh: Plan
    /// The fresh plan's task files as `PlanRenderer.renderTaskFiles` (or `render`) writes them; only
    /// the feature files, cross-cutting.md and discovered.md are read (none with `renderFresh`).
    public var freshFiles: [String: String]
    public var structure: StructureFacts
    public var date: String
    public var commit: String?
    /// Keep "Last Updated" (and every file) as it is when nothing else changed.
    public var noTouch: Bool
    /// Render each fresh task file with the renderer when it is needed, one at a time, instead of
    /// reading `freshFiles` (which may then be empty): the rendered plan is never all in memory.
    public var renderFresh = false
    /// Incremental runs. `settledSalt` (the tool's build) turns them on: a feature file whose merge
    /// inputs hash to one of `settled` (what an earlier run found to change nothing, its
    /// `UpdateResult.settled`) is not merged again — its merge is known to change nothing.
    public var settledSalt: String?
    public var settled: Set<String> = []

    public init(files: [String: String], unreadable: [String] = [], fresh: Plan, freshFiles: [String: String],
                structure: StructureFacts, date: String, commit: String?, noTouch: Bool = false) {
        self.files = files; self.unreadable = unreadable; self.fresh = fresh; self.freshFiles = freshFiles
        self.structure = structure; self.date = date; self.commit = commit; self.noTouch = noTouch
    }
}

public struct TaskRef: Sendable, Equatable, Codable {
    public var file: String
    public var id: String
    public var title: String
    public var fingerprint: String
    /// Needs attention: why.
    public var reason: String = ""
}

public struct UpdateResult: Sendable {
    /// The files to write: only those whose content changes.
    public var files: [String: String] = [:]
    public var resolved: [TaskRef] = []
    public var regressed: [TaskRef] = []
    public var new: [TaskRef] = []
    /// Tasks newly flagged as ticked by a person but still detected.
    public var flagged: [TaskRef] = []
    /// Everything listed under "Needs attention".
    public var attention: [TaskRef] = []
    public var warnings: [String] = []
    public var stateRebuilt = false
    public var dashboard = Dashboard.Summary()
    /// The merge-input hashes of the files whose merge changed nothing in this run (with
    /// `UpdateInput.settledSalt`), for the next run's `UpdateInput.settled`.
    public var settled: Set<String> = []
}

/// `update` as a pure function: the plan directory's text in, the files to write and a summary out.
public enum Updater {
    /// Why a task that the scan still detects is listed under "Needs attention" (nil: it is not).
    static func attentionReason(_ block: TaskBlock, date: String) -> String? {
        if block.header.checked {
            return "ticked, but the scan still detects it (since \(block.field("Still detected")?.first ?? date))"
        }
        return block.field("Regressed")?.first.map { "regressed on \($0)" }
    }

    public static func update(_ input: UpdateInput, renderer: PlanRenderer) -> UpdateResult {
        var result = UpdateResult()
        let date = input.date
        let stamp = date + (input.commit.map { " (\($0))" } ?? "")
        for name in input.unreadable.sorted() where name != ".state.json" {
            result.warnings.append("\(name): not UTF-8 text; left untouched")
        }
        // 1. Read the Markdown back; a file that does not round-trip byte for byte is left alone.
        let names = input.files.keys.filter { $0.hasSuffix(".md") && $0 != "README.md" }
            .sorted { ($0 == "discovered.md" ? 1 : 0, $0) < ($1 == "discovered.md" ? 1 : 0, $1) }
        var docs: [String: PlanDocument] = [:]
        var allFingerprints: Set<String> = []
        for name in names {
            let doc = PlanDocument(parsing: input.files[name]!)
            allFingerprints.formUnion(doc.tasks.compactMap(\.header.fingerprint))
            if doc.render() == input.files[name]! { docs[name] = doc }
            else { result.warnings.append("\(name): cannot be read back byte for byte; left untouched") }
        }
        var location: [String: (file: String, segment: Int)] = [:]
        for name in names {
            guard let doc = docs[name] else { continue }
            for (i, segment) in doc.segments.enumerated() {
                guard case .task(let block) = segment, let fp = block.header.fingerprint else { continue }
                if let first = location[fp] {
                    result.warnings.append("\(name): task \(block.header.id ?? fp) is also in \(first.file); only the copy in \(first.file) is tracked")
                } else {
                    location[fp] = (name, i)
                }
            }
        }
        // 2. The state: the merge bases and statuses; rebuilt from the hidden fingerprints when broken.
        var state: PlanState
        if let text = input.files[".state.json"], let decoded = PlanState.decode(text) {
            state = decoded
        } else {
            let why = input.files[".state.json"] == nil && !input.unreadable.contains(".state.json") ? "missing" : "unreadable"
            result.warnings.append(".state.json is \(why): rebuilt from the hidden fingerprints in the Markdown (a field that differs from the scan is kept and the scan's text suggested)")
            state = rebuildState(docs: docs, location: location, readme: input.files["README.md"], date: date)
            result.stateRebuilt = true
        }
        var records = Dictionary(state.tasks.map { ($0.fingerprint, $0) }, uniquingKeysWith: { a, _ in a })

        // The tracked fingerprints of each file, in order.
        var tracked: [String: [String]] = [:]
        for name in names {
            guard let doc = docs[name] else { continue }
            for (i, segment) in doc.segments.enumerated() {
                guard case .task(let block) = segment, let fp = block.header.fingerprint,
                      let here = location[fp], here.file == name, here.segment == i else { continue }
                tracked[name, default: []].append(fp)
            }
        }
        let lazyFresh = input.renderFresh ? renderer.lazyTaskFiles(input.fresh) : nil
        func freshText(_ name: String) -> String? { lazyFresh.map { $0[name] } ?? input.freshFiles[name] }

        // 3. The fresh plan's task blocks, exactly as the templates write them.
        var fresh: [String: (file: String, block: TaskBlock, task: PlanTask)] = [:]
        var freshOrder: [String] = []
        // Incremental runs: files whose merge is known to change nothing (see `settledFile`), the
        // fingerprints they own in the fresh plan, and every file's merge-input hash.
        var skipped: Set<String> = [], claimed: Set<String> = [], inputHash: [String: String] = [:]
        let knownBefore = Set(records.keys).union(allFingerprints)
        var fileNameCount: [String: Int] = [:]
        for file in input.fresh.taskFiles { fileNameCount[file.fileName, default: 0] += 1 }
        for file in input.fresh.taskFiles {
            let text = freshText(file.fileName) ?? ""
            let name = file.fileName
            if let salt = input.settledSalt, !result.stateRebuilt, name != "discovered.md", docs[name] != nil, fileNameCount[name] == 1 {
                let mine = tracked[name] ?? []
                let hash = Self.mergeInputHash(salt: salt, name: name, text: input.files[name]!, fresh: text, tasks: file.tasks,
                                               tracked: mine, records: mine.map { records[$0] })
                inputHash[name] = hash
                let fps = file.tasks.map(\.fingerprint)
                if input.settled.contains(hash), Set(fps) == Set(mine),
                   fps.allSatisfy({ fresh[$0] == nil && !claimed.contains($0) && knownBefore.contains($0) }) {
                    // Every task of this file's fresh plan is tracked here and nowhere else needs its block.
                    skipped.insert(name)
                    claimed.formUnion(fps)
                    continue
                }
            }
            // The first block with each fingerprint, looked up by fingerprint (not searched per task).
            var blocks: [String: TaskBlock] = [:]
            for case .task(let block) in PlanDocument(parsing: text).segments {
                if let fp = block.header.fingerprint, blocks[fp] == nil { blocks[fp] = block }
            }
            for task in file.tasks {
                guard fresh[task.fingerprint] == nil, !claimed.contains(task.fingerprint), let block = blocks[task.fingerprint] else { continue }
                fresh[task.fingerprint] = (file.fileName, block, task)
                freshOrder.append(task.fingerprint)
            }
        }

        // 4. Every tracked task, wherever it lives now.
        var tasksChanged: Set<String> = []
        var unsettled: Set<String> = []   // files whose merge changed a record or used a block from elsewhere
        let verifier = StructureVerifier(input.structure)
        for name in names {
            guard var doc = docs[name] else { continue }
            if skipped.contains(name) {
                // Known to change nothing: every task is detected (scanned from this file) and open,
                // so only what it contributes to "Needs attention" is read, as the merge reads it.
                for i in doc.segments.indices {
                    guard case .task(let block) = doc.segments[i], let fp = block.header.fingerprint,
                          let here = location[fp], here.file == name, here.segment == i else { continue }
                    var ref = TaskRef(file: name, id: block.header.id ?? records[fp]?.id ?? "", title: block.header.title, fingerprint: fp)
                    if let reason = attentionReason(block, date: date) { ref.reason = reason; result.attention.append(ref) }
                }
                continue
            }
            for i in doc.segments.indices {
                guard case .task(var block) = doc.segments[i], let fp = block.header.fingerprint,
                      let here = location[fp], here.file == name, here.segment == i else { continue }
                var record = records[fp] ?? PlanState.Record(fingerprint: fp, id: block.header.id ?? "", file: name,
                                                             rule: fresh[fp]?.task.rule, firstSeen: date, firstSeenCommit: input.commit)
                let before = records[fp]
                let structural = record.rule == nil ? StructuralTask(id: block.header.id ?? record.id, title: block.header.title) : nil
                let scanned = fresh[fp]
                if scanned?.file != name { unsettled.insert(name) }
                let subjectGone = structural != nil && record.viewController.map { !input.structure.typeNames.contains($0) } == true
                let verified = structural.map { subjectGone || verifier.isVerified($0) }
                let detected = scanned != nil || verified == false
                if let scanned {
                    mergeFields(&block, base: record.fields, ours: scanned.block)
                    record.fields = PlanState.ownedText(scanned.block)
                    record.rule = scanned.task.rule
                    record.viewController = scanned.task.rule == nil ? scanned.task.viewController : nil
                }
                let evidence = subjectGone ? "`\(record.viewController ?? "")` no longer exists" : structural?.evidence
                var ref = TaskRef(file: name, id: block.header.id ?? record.id, title: block.header.title, fingerprint: fp)
                if detected {
                    if record.status == "resolved" {
                        block.setChecked(false)
                        block.setField("Resolved", nil)
                        block.setField("Still detected", nil)
                        block.setField("Regressed", [stamp])
                        record.status = "open"; record.regressedOn = date; record.regressedCommit = input.commit
                        result.regressed.append(ref)
                    } else if block.header.checked {
                        if block.field("Still detected") == nil {
                            block.setField("Still detected", [date])
                            result.flagged.append(ref)
                        }
                    } else if block.field("Still detected") != nil {
                        block.setField("Still detected", nil)
                    }
                    if let reason = attentionReason(block, date: date) { ref.reason = reason; result.attention.append(ref) }
                } else if record.status != "resolved" {
                    block.setChecked(true)
                    block.setField("Still detected", nil)
                    block.setField("Resolved", [stamp + ", " + (evidence.map { "verified structurally: \($0)" } ?? "verified by scan")])
                    record.status = "resolved"; record.resolvedOn = date; record.resolvedCommit = input.commit
                    result.resolved.append(ref)
                }
                record.file = name
                record.id = block.header.id ?? record.id
                if record != before { unsettled.insert(name) }
                records[fp] = record
                if case .task(let old) = doc.segments[i], old != block { tasksChanged.insert(name) }
                doc.segments[i] = .task(block)
            }
            docs[name] = doc
        }

        // 5. New findings → discovered.md, with ids never used before.
        let known = Set(records.keys).union(allFingerprints)
        let newOnes = freshOrder.filter { !known.contains($0) }
        assert(known == knownBefore)
        if !newOnes.isEmpty {
            if input.files["discovered.md"] != nil && docs["discovered.md"] == nil {
                result.warnings.append("discovered.md: left untouched, so \(newOnes.count) new finding\(newOnes.count == 1 ? " is" : "s are") not recorded yet")
            } else {
                var nextD = records.values.map(\.id).compactMap(Self.dNumber).max() ?? 0
                for doc in docs.values { nextD = max(nextD, doc.tasks.compactMap { $0.header.id.flatMap(Self.dNumber) }.max() ?? 0) }
                var blocks: [[String]] = []
                for fp in newOnes {
                    let entry = fresh[fp]!
                    nextD += 1
                    let id = "D\(nextD)"
                    let found = "scan of \(input.commit ?? "the working tree") on \(date)"
                    blocks.append(["- [ ] **\(id): \(entry.block.header.title)** <!-- vp:\(fp) -->"] + entry.block.body
                                  + ["  - **Found during**: \(found)", "  - **Assign to**: \(entry.file)"])
                    records[fp] = PlanState.Record(fingerprint: fp, id: id, file: "discovered.md", rule: entry.task.rule,
                                                   viewController: entry.task.rule == nil ? entry.task.viewController : nil, firstSeen: date,
                                                   firstSeenCommit: input.commit, fields: PlanState.ownedText(entry.block))
                    result.new.append(TaskRef(file: "discovered.md", id: id, title: entry.block.header.title, fingerprint: fp))
                }
                let base = docs["discovered.md"]?.render() ?? freshText("discovered.md") ?? "# Discovered\n\n## Inbox\n"
                docs["discovered.md"] = PlanDocument(parsing: appendTasks(blocks, to: base))
                tasksChanged.insert("discovered.md")
            }
        }

        // 6. Per-file headers and PR tables, then the dashboard, history, chart and state.
        // Only the files whose text changes are kept (the others are the files as they are).
        var newFiles: [String: String] = [:]
        for (name, var doc) in docs where !skipped.contains(name) {
            Dashboard.refreshHeader(&doc, scan: tasksChanged.contains(name) ? stamp : nil)
            Dashboard.refreshPRTable(&doc)
            let text = doc.render()
            if text != input.files[name] {
                newFiles[name] = text
            } else if let hash = inputHash[name], !tasksChanged.contains(name), !unsettled.contains(name) {
                result.settled.insert(hash)   // merged, and nothing changed: the next run may skip it
            }
        }
        for name in skipped { result.settled.insert(inputHash[name]!) }
        var counted = docs
        for name in names where counted[name] == nil { counted[name] = PlanDocument(parsing: input.files[name]!) }
        let summary = Dashboard.summarize(counted, attention: result.attention)
        result.dashboard = summary
        let markdownChanged = newFiles.contains { input.files[$0.key] != $0.value }
        var history = state.history
        let last = history.last
        let countsMoved = last.map { ($0.total, $0.done, $0.openCritical) != (summary.total, summary.done, summary.openCritical) } ?? true
        let hasOutcomes = !(result.resolved.isEmpty && result.regressed.isEmpty && result.new.isEmpty && result.flagged.isEmpty)
        if hasOutcomes || countsMoved {
            history.append(PlanState.HistoryRow(date: date, commit: input.commit, total: summary.total, done: summary.done,
                                                openCritical: summary.openCritical, new: result.new.count,
                                                resolved: result.resolved.count, regressed: result.regressed.count))
            state.lastScanCommit = input.commit
        }
        state.history = history
        state.tasks = Array(records.values)
        let tasksJSON = state.encodedTasks()   // the tasks do not change below: encoded once
        var stateText: String? = state.encoded(tasksJSON: tasksJSON)
        newFiles["progress.svg"] = ProgressChart.svg(points: history.map { ($0.date, $0.done, $0.total) })
        let changed = markdownChanged || result.stateRebuilt || stateText != input.files[".state.json"]
        if changed || !input.noTouch || input.files["README.md"] == nil {
            stateText = nil   // written again below with the new dashboard: one state text at a time
            let fresh = Dashboard.readme(summary, history: history, fresh: input.fresh, date: date, commit: input.commit, renderer: renderer)
            let (readme, moved) = Dashboard.keepPeoplesLines(of: input.files["README.md"], lastWritten: state.dashboard, in: fresh)
            if moved > 0 {
                result.warnings.append("README.md: \(moved) line\(moved == 1 ? "" : "s") written by hand above `## Notes` moved into `## Notes` (the dashboard above it is regenerated)")
            }
            newFiles["README.md"] = readme
            state.dashboard = Dashboard.aboveNotes(fresh)
            stateText = state.encoded(tasksJSON: tasksJSON)
        }
        newFiles[".state.json"] = stateText
        for name in input.unreadable where name != ".state.json" { newFiles[name] = nil }
        result.files = newFiles.filter { input.files[$0.key] != $0.value }
        return result
    }

    /// Everything the merge of one feature file reads, hashed: the tool's build, the file's name and
    /// text, its fresh text and tasks (fingerprint, rule, view controller), the tasks tracked in it and
    /// their records. When a run merged a file with these inputs, every task being detected in this
    /// same file, and nothing changed (no block, no record, no header or PR table), no branch that
    /// writes a date, a commit or a suggestion ran; merging the same inputs again changes nothing
    /// either (the scan date, commit and structure facts are only read by those branches).
    static func mergeInputHash(salt: String, name: String, text: String, fresh: String, tasks: [PlanTask], tracked: [String],
                               records: [PlanState.Record?]) -> String {
        var bytes: [UInt8] = []
        func add(_ value: String?) {
            guard let value else { bytes.append(UInt8(ascii: "-")); return }
            bytes += "\(value.utf8.count):".utf8
            bytes += value.utf8
        }
        add(salt); add(name); add(ContentHash(text).description); add(ContentHash(fresh).description)
        for task in tasks { add(task.fingerprint); add(task.rule); add(task.viewController) }
        bytes.append(UInt8(ascii: "|"))
        for fp in tracked { add(fp) }
        bytes.append(UInt8(ascii: "|"))
        for record in records {
            guard let r = record else { add(nil); continue }
            for value in [r.fingerprint, r.id, r.file, r.rule, r.viewController, r.status, r.firstSeen, r.firstSeenCommit,
                          r.resolvedOn, r.resolvedCommit, r.regressedOn, r.regressedCommit] { add(value) }
            for key in r.fields.keys.sorted() { add(key); add(r.fields[key]) }
            bytes.append(UInt8(ascii: ";"))
        }
        return ContentHash(bytes).description
    }

    static func dNumber(_ id: String) -> Int? { id.hasPrefix("D") ? Int(id.dropFirst()) : nil }

    /// The scan-owned fields, merged one by one (refactoring-directory.md, "Merging").
    /// A person's edit is kept; when the tool's text changed too, a `**Tool suggests**` line shows the
    /// tool's text, and stays on later runs while the tool still suggests the same.
    static func mergeFields(_ block: inout TaskBlock, base: [String: String], ours: TaskBlock) {
        var suggestions: [String] = []
        let shown = Set((block.field("Tool suggests") ?? []).map { $0.hasPrefix("    - ") ? String($0.dropFirst(6)) : $0 })
        let oursValues = ours.fieldValues(PlanState.scanFields)
        for name in PlanState.scanFields {
            let theirs = block.field(name), fresh = oursValues[name]
            // Made only when it is used: trimming every field of every task cost more than the merge.
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
        var lines = text.components(separatedBy: "\n")
        if let empty = lines.firstIndex(where: { $0.hasPrefix("_Empty: nothing discovered") }) {
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
                                            status: resolved ? "resolved" : "open", firstSeen: date, firstSeenCommit: nil))
        }
        let history = Dashboard.parseHistory(readme ?? "")
        return PlanState(createdAt: history.first?.date ?? date, lastScanCommit: history.last?.commit, tasks: records, history: history)
    }
}
