import Foundation

/// The numbers `update` and `status` recompute from the Markdown as it is (people's own checkboxes
/// counted, but for a tick the scan contradicts: `TaskBlock.isDone`) and the dashboard's template context. Reading the Markdown is `PlanMarkdown`'s.
public enum Dashboard {
    public struct Row: Sendable, Equatable, Codable {
        public var name: String
        public var file: String
        public var total: Int
        public var done: Int
        public var status: String
    }

    public struct Count: Sendable, Equatable, Codable {
        public var label: String
        public var count: Int
    }

    public struct NextPR: Sendable, Equatable, Codable {
        public var name: String
        public var file: String
        public var number: Int
        public var title: String
        public var phase: String
        public var estimate: String
    }

    /// A PR that can be opened now: everything it depends on is done.
    public struct ReadyPR: Sendable, Equatable, Codable {
        public var name: String
        public var file: String
        public var number: Int
        public var title: String
        public var phase: String
        public var severity: String
        public var lines: Int
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var rows: [Row] = []
        public var total = 0
        public var done = 0
        public var openCritical = 0
        public var severities: [Count] = []
        public var phases: [Count] = []
        public var next: [NextPR] = []
        /// The next PRs across the files, in the order to take them (`nextUp`).
        public var nextUp: [ReadyPR] = []
        public var attention: [TaskRef] = []
        /// Rows of all PR tables.
        public var pullRequests = 0
        /// Tasks whose finding left the scope: in no total, never done.
        public var outOfScope = 0
        public var percent: Int { total == 0 ? 100 : done * 100 / total }
    }

    static func status(total: Int, done: Int) -> String {
        total == 0 || done == total ? "Completed" : done == 0 ? "Planned" : "In Progress"
    }

    /// (when it holds tasks) discovered.md.
    public static func summarize(_ docs: [String: PlanDocument], attention: [TaskRef]) -> Summary {
        var summary = Summary()
        // The plan's order: by slug (`subscriptions` before `subscriptions-list`), cross-cutting, discovered.
        let order = docs.keys.sorted { (rank($0), $0.dropLast(3)) < (rank($1), $1.dropLast(3)) }
        var severities: [Severity: Int] = [:], phases: [TaskCategory: Int] = [:]
        for file in order {
            let doc = docs[file]!
            let tasks = doc.tasks.filter { $0.field(Updater.outOfScopeField) == nil }
            let isFeature = { if case .text(let l)? = doc.segments.first { l.first?.hasPrefix(PlanMarkdown.featureTitle) == true } else { false } }()
            guard !tasks.isEmpty || isFeature || file == "cross-cutting.md" else { continue }
            let done = tasks.filter(\.isDone).count
            let left = doc.tasks.count - tasks.count
            summary.rows.append(Row(name: PlanMarkdown.name(of: file, doc: doc), file: file, total: tasks.count, done: done,
                                    status: tasks.isEmpty && left > 0 ? "Out of scope" : status(total: tasks.count, done: done)))
            summary.total += tasks.count
            summary.outOfScope += left
            summary.done += done
            for task in tasks where !task.isDone {
                if let text = task.field("Severity")?.first, let s = Severity.allCases.first(where: { foundationContains(text, $0.label) }) {
                    severities[s, default: 0] += 1
                }
                if let letter = task.header.id?.first, let c = TaskCategory(rawValue: String(letter)) { phases[c, default: 0] += 1 }
            }
            summary.pullRequests += PlanMarkdown.prRows(doc).count
            if let next = PlanMarkdown.nextPR(doc) {
                summary.next.append(NextPR(name: PlanMarkdown.name(of: file, doc: doc), file: file, number: next.number, title: next.title,
                                           phase: next.phase, estimate: next.estimate))
            }
        }
        summary.nextUp = nextUp(docs)
        summary.openCritical = severities[.critical, default: 0]
        summary.severities = Severity.allCases.map { Count(label: "\($0.emoji) \($0.label)", count: severities[$0, default: 0]) }
        summary.phases = TaskCategory.allCases.compactMap { c in phases[c].map { Count(label: "\(c.rawValue) — \(c.phase)", count: $0) } }
        summary.attention = attention
        return summary
    }

    static func rank(_ file: String) -> Int { file == "cross-cutting.md" ? 1 : file == "discovered.md" ? 2 : 0 }

    /// The PRs that can be opened now across all files — not done, and every PR they depend on (in
    /// their file or in cross-cutting.md) done — critical fixes first, then by severity, then the
    /// smallest; at most `limit`. AppKit features ("… (macOS)") are planned apart and never queued.
    public static func nextUp(_ docs: [String: PlanDocument], limit: Int = 10) -> [ReadyPR] {
        var done: [String: Set<Int>] = [:]
        var rowsByFile: [String: [(segment: Int, line: Int, cells: [String])]] = [:]
        for (file, doc) in docs {
            let rows = PlanMarkdown.prRows(doc)
            let ids = PlanMarkdown.IDCounts(doc)
            rowsByFile[file] = rows
            // A PR whose tasks all left the scope waits for nothing and is no work: as good as done here.
            done[file] = Set(rows.filter { $0.cells.last == PlanMarkdown.doneStatus || [PlanMarkdown.doneStatus, "Out of scope"].contains(PlanMarkdown.sliceStatus($0.cells, ids: ids)) }
                .compactMap { Int($0.cells[0]) })
        }
        var ready: [ReadyPR] = []
        for (file, rows) in rowsByFile {
            let doc = docs[file]!
            guard !FeatureGrouping.isMacOS(feature: PlanMarkdown.name(of: file, doc: doc)) else { continue }
            let titles = PlanMarkdown.prTitles(doc)
            var severityOfID: [String: Severity] = [:]
            for task in doc.tasks {
                guard let id = task.header.id, let text = task.field("Severity")?.first else { continue }
                severityOfID[id] = Severity.allCases.first { foundationContains(text, $0.label) }
            }
            for row in rows {
                guard let n = Int(row.cells[0]), done[file]?.contains(n) != true else { continue }
                let dependencies = row.cells.count == 8 ? components(Substring(row.cells[4]), separatedBy: ", ") : []
                let waiting = dependencies.contains { d in
                    let parts = d.components(separatedBy: " PR ")
                    let (other, number) = parts.count == 2 ? (parts[0], Int(parts[1])) : (file, d.hasPrefix("PR ") ? Int(d.dropFirst(3)) : nil)
                    guard let number else { return false }
                    return done[other]?.contains(number) != true && rowsByFile[other] != nil
                }
                guard !waiting else { continue }
                let ids = components(Substring(row.cells[2]), separatedBy: ", ").map { String($0.prefix { $0 != " " }) }
                let severity = ids.compactMap { severityOfID[$0] }.min() ?? .medium
                let lines = Int(row.cells[row.cells.count - 2].prefix { $0 != " " }) ?? 0
                // A PR not written out yet (outlined) has no heading: its tasks name it.
                ready.append(ReadyPR(name: PlanMarkdown.name(of: file, doc: doc), file: file, number: n, title: titles[n] ?? "tasks \(row.cells[2])",
                                     phase: row.cells[1], severity: "\(severity.emoji) \(severity.label)", lines: lines))
            }
        }
        func key(_ r: ReadyPR) -> (Int, Int, Int, Int, String, Int) {
            let severity = Severity.allCases.firstIndex { r.severity.hasSuffix($0.label) } ?? 2
            return (r.phase == TaskCategory.C.phase ? 0 : 1, severity, r.lines, rank(r.file), r.file, r.number)
        }
        return Array(ready.sorted { key($0) < key($1) }.prefix(limit))
    }


    public static func readme(_ s: Summary, history: [PlanState.HistoryRow], fresh: Plan, date: String, commit: String?,
                              renderer: PlanRenderer) -> String {
        var context = renderer.dashboardContext(fresh)
        func text(_ n: Int) -> TemplateValue { .text("\(n)") }
        context["summary"] = .text(renderer.summaryText(fresh, pullRequests: s.pullRequests))
        context["date"] = .text(date)
        context["scan"] = .text(date + (commit.map { " (\($0))" } ?? ""))
        context["rows"] = .list(s.rows.map { ["name": .text($0.name), "file": .text($0.file), "total": text($0.total), "done": text($0.done), "status": .text($0.status)] })
        context["total"] = text(s.total)
        context["done"] = text(s.done)
        context["percent"] = .text("\(s.percent)%")
        context["outOfScope"] = .list(s.outOfScope == 0 ? [] : [["count": text(s.outOfScope), "plural": .text(s.outOfScope == 1 ? "" : "s"),
                                                                  "pronoun": .text(s.outOfScope == 1 ? "its" : "their")]])
        context["severities"] = .list(s.severities.map { ["label": .text($0.label), "count": text($0.count)] })
        context["phases"] = .list(s.phases.map { ["label": .text($0.label), "count": text($0.count)] })
        context["next"] = .list(s.next.map { ["name": .text($0.name), "file": .text($0.file), "number": text($0.number), "title": .text($0.title),
                                              "phase": .text($0.phase), "estimate": .text($0.estimate.components(separatedBy: " / ").first ?? $0.estimate),
                                              "cap": .text($0.estimate.components(separatedBy: " / ").last ?? "")] })
        context["nextUp"] = nextUpContext(s.nextUp)
        context["attention"] = .list(s.attention.map { ["file": .text($0.file), "id": .text($0.id), "title": .text($0.title), "reason": .text($0.reason)] })
        context["history"] = .list(history.map { h in
            ["date": .text(h.date), "commit": .text(h.commit ?? "—"), "total": text(h.total), "done": text(h.done),
             "openCritical": text(h.openCritical), "new": text(h.new), "resolved": text(h.resolved), "regressed": text(h.regressed)]
        })
        return renderer.readme(context)
    }

    static func nextUpContext(_ ready: [ReadyPR]) -> TemplateValue {
        .list(ready.enumerated().map { i, r in
            ["n": .text("\(i + 1)"), "name": .text(r.name), "file": .text(r.file), "number": .text("\(r.number)"), "title": .text(r.title),
             "phase": .text(r.phase), "severity": .text(r.severity), "lines": .text("\(r.lines)")]
        })
    }
}

extension TaskBlock {
    /// Done work: ticked, and not flagged as ticked while the scan still detects it (such a task is
    /// open in every count — totals, PR statuses, the PR Plan — and listed under "Needs attention").
    var isDone: Bool { header.checked && field(Updater.stillDetectedField) == nil }
}
