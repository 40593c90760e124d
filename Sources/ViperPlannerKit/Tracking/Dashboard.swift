import Foundation

/// The numbers `update` and `status` recompute from the Markdown as it is (people's own checkboxes
/// counted), and the small tool-owned parts of a feature file it refreshes: the Status in the header
/// line and the Status column of the PR table.
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

    public struct Summary: Sendable, Equatable, Codable {
        public var rows: [Row] = []
        public var total = 0
        public var done = 0
        public var openCritical = 0
        public var severities: [Count] = []
        public var phases: [Count] = []
        public var next: [NextPR] = []
        public var attention: [TaskRef] = []
        /// Rows of all PR tables.
        public var pullRequests = 0
        public var percent: Int { total == 0 ? 100 : done * 100 / total }
    }

    static func status(total: Int, done: Int) -> String {
        total == 0 || done == total ? "Completed" : done == 0 ? "Planned" : "In Progress"
    }

    static func name(of file: String, doc: PlanDocument) -> String {
        guard case .text(let lines)? = doc.segments.first, let first = lines.first else { return file }
        if first.hasPrefix("# Feature: ") { return String(first.dropFirst("# Feature: ".count)) }
        if first.hasPrefix("# ") { return String(first.dropFirst(2)) }
        return file
    }

    /// Counts every checkbox in every plan file; the rows are the feature files, cross-cutting.md and
    /// (when it holds tasks) discovered.md.
    public static func summarize(_ docs: [String: PlanDocument], attention: [TaskRef]) -> Summary {
        var summary = Summary()
        // The plan's order: by slug (`subscriptions` before `subscriptions-list`), cross-cutting, discovered.
        let order = docs.keys.sorted { (rank($0), $0.dropLast(3)) < (rank($1), $1.dropLast(3)) }
        var severities: [Severity: Int] = [:], phases: [TaskCategory: Int] = [:]
        for file in order {
            let doc = docs[file]!
            let tasks = doc.tasks
            let isFeature = { if case .text(let l)? = doc.segments.first { l.first?.hasPrefix("# Feature: ") == true } else { false } }()
            guard !tasks.isEmpty || isFeature || file == "cross-cutting.md" else { continue }
            let done = tasks.filter(\.header.checked).count
            summary.rows.append(Row(name: name(of: file, doc: doc), file: file, total: tasks.count, done: done,
                                    status: status(total: tasks.count, done: done)))
            summary.total += tasks.count
            summary.done += done
            for task in tasks where !task.header.checked {
                if let text = task.field("Severity")?.first, let s = Severity.allCases.first(where: { foundationContains(text, $0.label) }) {
                    severities[s, default: 0] += 1
                }
                if let letter = task.header.id?.first, let c = TaskCategory(rawValue: String(letter)) { phases[c, default: 0] += 1 }
            }
            summary.pullRequests += prRows(doc).count
            if let next = nextPR(doc) {
                summary.next.append(NextPR(name: name(of: file, doc: doc), file: file, number: next.number, title: next.title,
                                           phase: next.phase, estimate: next.estimate))
            }
        }
        summary.openCritical = severities[.critical, default: 0]
        summary.severities = Severity.allCases.map { Count(label: "\($0.emoji) \($0.label)", count: severities[$0, default: 0]) }
        summary.phases = TaskCategory.allCases.compactMap { c in phases[c].map { Count(label: "\(c.rawValue) — \(c.phase)", count: $0) } }
        summary.attention = attention
        return summary
    }

    static func rank(_ file: String) -> Int { file == "cross-cutting.md" ? 1 : file == "discovered.md" ? 2 : 0 }

    /// The rows of the `## PR Plan` table: (segment, line, cells).
    static func prRows(_ doc: PlanDocument) -> [(segment: Int, line: Int, cells: [String])] {
        var rows: [(Int, Int, [String])] = []
        var inTable = false
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(let lines) = segment else { continue }
            for (l, line) in lines.enumerated() {
                if line.hasPrefix("## ") { inTable = line == "## PR Plan"; continue }
                guard inTable, line.hasPrefix("| "), line.hasSuffix(" |") else { continue }
                let cells = components(line.dropFirst(2).dropLast(2), separatedBy: " | ")
                if cells.count == 6, Int(cells[0]) != nil { rows.append((s, l, cells)) }
            }
        }
        return rows
    }

    /// Tasks and ticked tasks per id in one document (people may give two tasks one id).
    struct IDCounts {
        var counts: [String: (tasks: Int, done: Int)] = [:]
        init(_ doc: PlanDocument) {
            for case .task(let task) in doc.segments {
                guard let id = task.header.id else { continue }
                var entry = counts[id] ?? (0, 0)
                entry.tasks += 1
                if task.header.checked { entry.done += 1 }
                counts[id] = entry
            }
        }
    }

    static func sliceStatus(_ cells: [String], doc: PlanDocument) -> String? { sliceStatus(cells, ids: IDCounts(doc)) }

    /// Of the tasks whose id the row lists (each task once, however often the row names its id).
    static func sliceStatus(_ cells: [String], ids index: IDCounts) -> String? {
        var seen: Set<String> = [], total = 0, done = 0
        for id in components(Substring(cells[2]), separatedBy: ", ") where seen.insert(id).inserted {
            guard let entry = index.counts[id] else { continue }
            total += entry.tasks
            done += entry.done
        }
        guard total > 0 else { return nil }
        return done == total ? "Done" : done == 0 ? "Planned" : "In Progress"
    }

    /// The Status column of the PR table follows the tasks; a status a person typed is kept.
    public static func refreshPRTable(_ doc: inout PlanDocument) {
        let rows = prRows(doc)
        guard !rows.isEmpty else { return }
        let ids = IDCounts(doc)   // the rows change text segments only, never tasks
        for row in rows {
            guard ["Planned", "In Progress", "Done"].contains(row.cells[5]), let status = sliceStatus(row.cells, ids: ids),
                  status != row.cells[5], case .text(var lines) = doc.segments[row.segment] else { continue }
            lines[row.line] = "| " + (row.cells.dropLast() + [status]).joined(separator: " | ") + " |"
            doc.segments[row.segment] = .text(lines)
        }
    }

    /// The first PR not done (a preparatory split is done once the PR after it has started).
    static func nextPR(_ doc: PlanDocument) -> (number: Int, title: String, phase: String, estimate: String)? {
        let rows = prRows(doc)
        var titles: [Int: String] = [:]
        for case .text(let lines) in doc.segments {
            for line in lines where line.hasPrefix("### PR ") {
                let rest = line.dropFirst("### PR ".count)
                if let colon = rest.firstIndex(of: ":"), let n = Int(rest[..<colon]) {
                    titles[n] = trimmingWhitespace(rest[rest.index(after: colon)...])
                }
            }
        }
        let ids = IDCounts(doc)
        for (i, row) in rows.enumerated() {
            let own = sliceStatus(row.cells, ids: ids)
            let status = own ?? row.cells[5]
            if status == "Done" { continue }
            if own == nil, i + 1 < rows.count, (sliceStatus(rows[i + 1].cells, ids: ids) ?? "Planned") != "Planned" { continue }
            let n = Int(row.cells[0])!
            return (n, titles[n] ?? "", row.cells[1], row.cells[4])
        }
        return nil
    }

    /// `> **Created**: … | **Status**: … | **Last scan**: …`: the Status follows the checkboxes; the
    /// Last scan moves only when `scan` is given (the file's tasks changed).
    public static func refreshHeader(_ doc: inout PlanDocument, scan: String?) {
        let tasks = doc.tasks
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment,
                  let l = lines.firstIndex(where: { $0.hasPrefix("> **Created**:") && $0.contains(" | **Status**: ") }) else { continue }
            var line = lines[l]
            if !tasks.isEmpty, let start = line.range(of: " | **Status**: "), let end = line.range(of: " | ", range: start.upperBound..<line.endIndex) {
                line.replaceSubrange(start.upperBound..<end.lowerBound, with: status(total: tasks.count, done: tasks.filter(\.header.checked).count))
            }
            if let scan, let start = line.range(of: "**Last scan**: ") { line.replaceSubrange(start.upperBound..., with: scan) }
            lines[l] = line
            doc.segments[s] = .text(lines)
            return
        }
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
        context["severities"] = .list(s.severities.map { ["label": .text($0.label), "count": text($0.count)] })
        context["phases"] = .list(s.phases.map { ["label": .text($0.label), "count": text($0.count)] })
        context["next"] = .list(s.next.map { ["name": .text($0.name), "file": .text($0.file), "number": text($0.number), "title": .text($0.title),
                                              "phase": .text($0.phase), "estimate": .text($0.estimate.components(separatedBy: " / ").first ?? $0.estimate),
                                              "cap": .text($0.estimate.components(separatedBy: " / ").last ?? "")] })
        context["attention"] = .list(s.attention.map { ["file": .text($0.file), "id": .text($0.id), "title": .text($0.title), "reason": .text($0.reason)] })
        context["history"] = .list(history.map { h in
            ["date": .text(h.date), "commit": .text(h.commit ?? "—"), "total": text(h.total), "done": text(h.done),
             "openCritical": text(h.openCritical), "new": text(h.new), "resolved": text(h.resolved), "regressed": text(h.regressed)]
        })
        return renderer.readme(context)
    }

    /// The dashboard without its `## Notes` section and its "Last Updated" line: what the state
    /// remembers of it (so a run that changes nothing else leaves the state as it was).
    public static func aboveNotes(_ readme: String) -> String {
        let head = readme.range(of: "\n## Notes\n").map { String(readme[..<$0.lowerBound]) } ?? readme
        return head.components(separatedBy: "\n").filter { !$0.hasPrefix("Last Updated: ") }.joined(separator: "\n")
    }

    /// The dashboard is the tool's, except its `## Notes` section, carried over byte for byte. Lines a
    /// person wrote above it (not in what the tool wrote last time) are moved to the top of the Notes.
    /// Returns the README and how many lines were moved.
    public static func keepPeoplesLines(of old: String?, lastWritten: String?, in new: String) -> (String, Int) {
        guard let old else { return (new, 0) }
        var moved: [String] = []
        if let lastWritten {
            var written: [String: Int] = [:]
            for line in lastWritten.components(separatedBy: "\n") { written[line, default: 0] += 1 }
            for line in aboveNotes(old).components(separatedBy: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                if let n = written[line], n > 0 { written[line] = n - 1 } else { moved.append(line) }
            }
        }
        let notes = old.range(of: "\n## Notes\n").map { String(old[$0.upperBound...]) } ?? "\n"
        guard let target = new.range(of: "\n## Notes\n") else { return (new, 0) }
        let head = String(new[..<target.upperBound])
        guard !moved.isEmpty else { return (old.contains("\n## Notes\n") ? head + notes : new, 0) }
        let body = notes.hasPrefix("\n") ? String(notes.dropFirst()) : notes
        return (head + "\n" + moved.joined(separator: "\n") + "\n" + (body.isEmpty ? "" : "\n" + body), moved.count)
    }

    /// The history table of a dashboard (used when `.state.json` has to be rebuilt).
    public static func parseHistory(_ readme: String) -> [PlanState.HistoryRow] {
        var rows: [PlanState.HistoryRow] = []
        var inHistory = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { inHistory = line == "## Progress history"; continue }
            guard inHistory, line.hasPrefix("| "), line.hasSuffix(" |") else { continue }
            let c = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard c.count == 8, c[0].count == 10, c[0].first?.isNumber == true else { continue }
            let n = c[2...].compactMap { Int($0) }
            guard n.count == 6 else { continue }
            rows.append(PlanState.HistoryRow(date: c[0], commit: c[1] == "—" ? nil : c[1], total: n[0], done: n[1],
                                             openCritical: n[2], new: n[3], resolved: n[4], regressed: n[5]))
        }
        return rows
    }
}
