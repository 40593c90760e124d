import Foundation

/// The parts of the plan's Markdown that `update` reads back or refreshes outside task blocks: a
/// file's title, the `## PR Plan` table and its PR headings, the feature header line, the
/// dashboard's `## Notes` and `## Progress history`. Every heading and marker these readers look
/// for is named here, next to the templates that write them.
public enum PlanMarkdown {
    static let featureTitle = "# Feature: "
    static let prPlanHeading = "## PR Plan"
    static let prHeading = "### PR "
    /// A PR whose tasks are all done: its status in the PR table, and the end of its `### PR n:`
    /// heading. Its section stays in the file (what was done, and how), in every feature.
    static let doneStatus = "✅ Done"
    static let doneMark = " — ✅ Done"
    static let headerCreated = "> **Created**:"
    static let headerStatus = " | **Status**: "
    static let headerLastScan = "**Last scan**: "
    static let notesHeading = "\n## Notes\n"
    static let lastUpdated = "Last Updated: "
    static let historyHeading = "## Progress history"
    /// The line discovered.md holds while its inbox is empty.
    static let emptyInbox = "_Empty: nothing discovered"
    /// discovered.md when neither the file nor its template is at hand.
    static let discoveredFallback = "# Discovered\n\n## Inbox\n"

    public static func name(of file: String, doc: PlanDocument) -> String {
        guard case .text(let lines)? = doc.segments.first, let first = lines.first else { return file }
        if first.hasPrefix(featureTitle) { return String(first.dropFirst(featureTitle.count)) }
        if first.hasPrefix("# ") { return String(first.dropFirst(2)) }
        return file
    }

    /// Counts every checkbox in every plan file; the rows are the feature files, cross-cutting.md and

    /// The rows of the `## PR Plan` table: (segment, line, cells).
    public static func prRows(_ doc: PlanDocument) -> [(segment: Int, line: Int, cells: [String])] {
        var rows: [(Int, Int, [String])] = []
        var inTable = false
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(let lines) = segment else { continue }
            for (l, line) in lines.enumerated() {
                if line.hasPrefix("## ") { inTable = line == prPlanHeading; continue }
                guard inTable, line.hasPrefix("| "), line.hasSuffix(" |") else { continue }
                let cells = components(line.dropFirst(2).dropLast(2), separatedBy: " | ")
                // Six columns in plans written before `Creates` and `Depends on`; the status is always last.
                if cells.count == 6 || cells.count == 8, Int(cells[0]) != nil { rows.append((s, l, cells)) }
            }
        }
        return rows
    }

    /// Tasks and done tasks (`TaskBlock.isDone`) per id in one document (people may give two tasks one id).
    public struct IDCounts {
        var counts: [String: (tasks: Int, done: Int)] = [:]
        /// Ids whose task left the scope: a PR listing only these is no work to do.
        var outOfScope: Set<String> = []
        init(_ doc: PlanDocument) {
            for case .task(let task) in doc.segments {
                guard let id = task.header.id else { continue }
                if task.field(Updater.outOfScopeField) != nil { outOfScope.insert(id); continue }
                var entry = counts[id] ?? (0, 0)
                entry.tasks += 1
                if task.isDone { entry.done += 1 }
                counts[id] = entry
            }
        }
    }

    public static func sliceStatus(_ cells: [String], doc: PlanDocument) -> String? { sliceStatus(cells, ids: IDCounts(doc)) }

    /// Of the tasks whose id the row lists (each task once, however often the row names its id).
    public static func sliceStatus(_ cells: [String], ids index: IDCounts) -> String? {
        var seen: Set<String> = [], total = 0, done = 0
        // A part of a task split over several PRs is listed as "I3 (part 1 of 2)": the id is the first word.
        for cell in components(Substring(cells[2]), separatedBy: ", ") {
            let id = String(cell.prefix { $0 != " " })
            guard seen.insert(id).inserted else { continue }
            guard let entry = index.counts[id] else { continue }
            total += entry.tasks
            done += entry.done
        }
        guard total > 0 else { return seen.contains(where: index.outOfScope.contains) ? "Out of scope" : nil }
        return done == total ? doneStatus : done == 0 ? "Planned" : "In Progress"
    }

    /// The `## PR Plan` section of a file: its lines from the heading up to the next `## ` heading.
    public static func prPlanSection(_ text: String) -> String? {
        let lines = newlineComponents(text)
        guard let start = lines.firstIndex(of: prPlanHeading) else { return nil }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }

    /// The `### PR n:` sections of a PR Plan section's text for these PR numbers, in order: each from
    /// its heading to the next heading or the note on later PRs, without the blank lines after it.
    static func prSections(_ section: String, numbers: Set<Int>) -> [[String]] {
        let lines = newlineComponents(section)
        var sections: [[String]] = []
        for (i, line) in lines.enumerated() where line.hasPrefix(prHeading) {
            let rest = line.dropFirst(prHeading.count)
            guard let colon = rest.firstIndex(of: ":"), let n = Int(rest[..<colon]), numbers.contains(n) else { continue }
            var end = lines[(i + 1)...].firstIndex { $0.hasPrefix("#") || $0.hasPrefix("_") } ?? lines.count
            while end > i + 1, lines[end - 1].isEmpty { end -= 1 }
            sections.append(Array(lines[i..<end]))
        }
        return sections
    }

    static let targetModuleHeading = "## Target module"

    /// The `### ` sections of a file's `## Target module` (one per screen), each from its heading
    /// to the next heading, without the blank lines after it.
    public static func moduleSections(_ text: String) -> [(heading: String, text: String)] {
        let lines = newlineComponents(text)
        guard let start = lines.firstIndex(of: targetModuleHeading) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var sections: [(heading: String, text: String)] = []
        var i = start + 1
        while i < end {
            guard lines[i].hasPrefix("### ") else { i += 1; continue }
            var j = lines[(i + 1)..<end].firstIndex { $0.hasPrefix("#") } ?? end
            let next = j
            while j > i + 1, lines[j - 1].isEmpty { j -= 1 }
            sections.append((lines[i], lines[i..<j].joined(separator: "\n")))
            i = next
        }
        return sections
    }

    /// Heading → hash of each screen's section that waits to be written out (it starts its contract
    /// with `PlanRenderer.outlinedModuleLead`), as `.state.json` keeps them.
    public static func outlinedModuleHashes(_ text: String) -> [String: String] {
        Dictionary(moduleSections(text).filter { isOutlinedModule($0.text) }.map { ($0.heading, ContentHash($0.text).description) },
                   uniquingKeysWith: { first, _ in first })
    }

    static func isOutlinedModule(_ section: String) -> Bool {
        newlineComponents(section).contains { $0.hasPrefix(PlanRenderer.outlinedModuleLead + " (") }
    }

    /// Replaces the screen's section under this heading (in a text segment) with `section`.
    @discardableResult
    public static func replaceModuleSection(_ doc: inout PlanDocument, heading: String, with section: String) -> Bool {
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment, let start = lines.firstIndex(of: heading) else { continue }
            var end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.count
            // A section running into a task segment is not the tool's layout: leave it alone.
            if end == lines.count, s + 1 < doc.segments.count { return false }
            while end > start + 1, lines[end - 1].isEmpty { end -= 1 }
            lines.replaceSubrange(start..<end, with: newlineComponents(section))
            doc.segments[s] = .text(lines)
            return true
        }
        return false
    }

    /// The hash `.state.json` keeps of each file's PR Plan as the tool wrote it, to tell whether a
    /// person has edited it since.
    public static func prPlanHash(_ text: String) -> String? { prPlanSection(text).map { ContentHash($0).description } }

    /// Replaces the `## PR Plan` section of a document (it holds no task) with `section`.
    public static func replacePRPlan(_ doc: inout PlanDocument, with section: String) -> Bool {
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment, let start = lines.firstIndex(of: prPlanHeading) else { continue }
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
            // A section running into a task segment is not the tool's layout: leave it alone.
            if end == lines.count, s + 1 < doc.segments.count { return false }
            lines.replaceSubrange(start..<end, with: newlineComponents(section))
            doc.segments[s] = .text(lines)
            return true
        }
        return false
    }

    /// The Status column of the PR table follows the tasks; a status a person typed is kept. With
    /// `keepDone` (a PR Plan the tool re-plans, where a task that came back goes into a new PR) a
    /// done PR stays done. Then each `### PR n:` heading is marked done as its row is.
    public static func refreshPRTable(_ doc: inout PlanDocument, keepDone: Bool = false) {
        let rows = prRows(doc)
        guard !rows.isEmpty else { return }
        let ids = IDCounts(doc)   // the rows change text segments only, never tasks
        var done: [Int: Bool] = [:]
        for row in rows {
            var cells = row.cells
            let written = cells.last!
            // "Done": the word of plans written before done PRs were marked ✅.
            if ["Planned", "In Progress", "Done", doneStatus, "Out of scope"].contains(written), !(keepDone && written == doneStatus),
               let status = sliceStatus(row.cells, ids: ids), status != written, case .text(var lines) = doc.segments[row.segment] {
                cells[cells.count - 1] = status
                lines[row.line] = "| " + cells.joined(separator: " | ") + " |"
                doc.segments[row.segment] = .text(lines)
            }
            if let n = Int(cells[0]) { done[n] = cells.last == doneStatus }
        }
        markDoneHeadings(&doc, done: done)
    }

    /// Adds or removes the done mark of each `### PR n:` heading of the PR Plan whose PR the table lists.
    static func markDoneHeadings(_ doc: inout PlanDocument, done: [Int: Bool]) {
        var inPlan = false
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment else { continue }
            var changed = false
            for (l, line) in lines.enumerated() {
                if line.hasPrefix("## ") { inPlan = line == prPlanHeading; continue }
                guard inPlan, line.hasPrefix(prHeading) else { continue }
                let rest = line.dropFirst(prHeading.count)
                guard let colon = rest.firstIndex(of: ":"), let n = Int(rest[..<colon]), let isDone = done[n] else { continue }
                let marked = line.hasSuffix(doneMark)
                if isDone && !marked { lines[l] = line + doneMark; changed = true }
                if !isDone && marked { lines[l] = String(line.dropLast(doneMark.count)); changed = true }
            }
            if changed { doc.segments[s] = .text(lines) }
        }
    }

    /// The first PR not done (a preparatory split is done once the PR after it has started).
    /// PR number → its title, from the `### PR n: title` headings.
    public static func prTitles(_ doc: PlanDocument) -> [Int: String] {
        var titles: [Int: String] = [:]
        for case .text(let lines) in doc.segments {
            for line in lines where line.hasPrefix(prHeading) {
                let rest = line.dropFirst(prHeading.count)
                if let colon = rest.firstIndex(of: ":"), let n = Int(rest[..<colon]) {
                    let title = rest[rest.index(after: colon)...]
                    titles[n] = trimmingWhitespace(title.hasSuffix(doneMark) ? title.dropLast(doneMark.count) : title)
                }
            }
        }
        return titles
    }

    public static func nextPR(_ doc: PlanDocument) -> (number: Int, title: String, phase: String, estimate: String)? {
        let rows = prRows(doc)
        let titles = prTitles(doc)
        let ids = IDCounts(doc)
        for (i, row) in rows.enumerated() {
            let own = sliceStatus(row.cells, ids: ids)
            let status = own ?? row.cells.last!
            if row.cells.last == doneStatus || status == doneStatus || status == "Out of scope" { continue }
            if own == nil, i + 1 < rows.count, (sliceStatus(rows[i + 1].cells, ids: ids) ?? "Planned") != "Planned" { continue }
            let n = Int(row.cells[0])!
            return (n, titles[n] ?? "", row.cells[1], row.cells[row.cells.count - 2])
        }
        return nil
    }

    /// `> **Context**: …`, the line above the Created line: what this scan found in the feature's screens.
    static let headerContext = "> **Context**: "

    /// `> **Created**: … | **Status**: … | **Last scan**: …`: the Status follows the checkboxes; the
    /// Last scan moves only when `scan` is given (the file's tasks changed). The Context line above
    /// it becomes `context` when given (the feature's counts as this scan found them).
    public static func refreshHeader(_ doc: inout PlanDocument, scan: String?, context: String? = nil) {
        if let context { refreshContext(&doc, context) }
        let tasks = doc.tasks
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment,
                  let l = lines.firstIndex(where: { $0.hasPrefix(headerCreated) && $0.contains(headerStatus) }) else { continue }
            var line = lines[l]
            if !tasks.isEmpty, let start = line.range(of: headerStatus), let end = line.range(of: " | ", range: start.upperBound..<line.endIndex) {
                line.replaceSubrange(start.upperBound..<end.lowerBound, with: Dashboard.status(total: tasks.count, done: tasks.filter(\.isDone).count))
            }
            if let scan, let start = line.range(of: headerLastScan) { line.replaceSubrange(start.upperBound..., with: scan) }
            lines[l] = line
            doc.segments[s] = .text(lines)
            return
        }
    }

    /// A task the plan wrote as an outline (location, severity, size): open, the tool's, no Problem.
    static func isOutlined(_ task: TaskBlock) -> Bool {
        !task.header.checked && task.header.fingerprint != nil && task.field("Problem") == nil
    }

    /// The header's note on outlined tasks and the blank line before it, once no task is outlined
    /// (every PR written out, or the outlined ones written out as their PRs came up).
    static func dropOutlineNote(_ doc: inout PlanDocument) {
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment else { continue }
            if lines.contains(where: { $0.hasPrefix("## ") }) && !lines.contains(where: { $0.hasPrefix(PlanRenderer.outlineNoteLead) }) { return }
            guard let l = lines.firstIndex(where: { $0.hasPrefix(PlanRenderer.outlineNoteLead) }) else { continue }
            lines.remove(at: l)
            if l > 0, lines[l - 1].isEmpty { lines.remove(at: l - 1) }
            doc.segments[s] = .text(lines)
            return
        }
    }

    /// The text of the first `> **Context**: ` line above the file's first `## ` heading (nil: none).
    static func context(of doc: PlanDocument) -> String? {
        for case .text(let lines) in doc.segments {
            for line in lines {
                if line.hasPrefix("## ") { return nil }
                if line.hasPrefix(headerContext) { return String(line.dropFirst(headerContext.count)) }
            }
        }
        return nil
    }

    /// Whether the Context text is the tool's, so `update` may write this scan's over it: the hash
    /// the state keeps of the text it last wrote (`PlanState.contexts`). A file the state has no hash
    /// for (a plan made before it kept them) counts as the tool's when its text differs from `fresh`
    /// in numbers alone, the counts the tool writes; any other wording is a person's and stays.
    static func contextIsTools(_ text: String, written: String?, fresh: String) -> Bool {
        if let written { return written == ContentHash(text).description }
        func words(_ s: String) -> [Substring] { s.split(whereSeparator: \.isNumber) }
        return words(text) == words(fresh)
    }

    /// The first `> **Context**: ` line above the file's first `## ` heading, replaced; nothing else changes.
    static func refreshContext(_ doc: inout PlanDocument, _ context: String) {
        for (s, segment) in doc.segments.enumerated() {
            guard case .text(var lines) = segment else { continue }
            for (l, line) in lines.enumerated() {
                if line.hasPrefix("## ") { return }
                guard line.hasPrefix(headerContext) else { continue }
                if line != headerContext + context {
                    lines[l] = headerContext + context
                    doc.segments[s] = .text(lines)
                }
                return
            }
        }
    }

    /// The dashboard without its `## Notes` section and its "Last Updated" line: what the state
    /// remembers of it (so a run that changes nothing else leaves the state as it was).
    public static func aboveNotes(_ readme: String) -> String {
        let head = readme.range(of: notesHeading).map { String(readme[..<$0.lowerBound]) } ?? readme
        return newlineComponents(head).filter { !$0.hasPrefix(lastUpdated) }.joined(separator: "\n")
    }

    /// The dashboard is the tool's, except its `## Notes` section, carried over byte for byte. Lines a
    /// person wrote above it (not in what the tool wrote last time) are moved to the top of the Notes.
    /// Returns the README and how many lines were moved.
    public static func keepPeoplesLines(of old: String?, lastWritten: String?, in new: String) -> (String, Int) {
        guard let old else { return (new, 0) }
        var moved: [String] = []
        if let lastWritten {
            var written: [String: Int] = [:]
            for line in newlineComponents(lastWritten) { written[line, default: 0] += 1 }
            for line in newlineComponents(aboveNotes(old)) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                if let n = written[line], n > 0 { written[line] = n - 1 } else { moved.append(line) }
            }
        }
        let notes = old.range(of: notesHeading).map { String(old[$0.upperBound...]) } ?? "\n"
        guard let target = new.range(of: notesHeading) else { return (new, 0) }
        let head = String(new[..<target.upperBound])
        guard !moved.isEmpty else { return (old.contains(notesHeading) ? head + notes : new, 0) }
        let body = notes.hasPrefix("\n") ? String(notes.dropFirst()) : notes
        return (head + "\n" + moved.joined(separator: "\n") + "\n" + (body.isEmpty ? "" : "\n" + body), moved.count)
    }

    /// The history table of a dashboard (used when `.state.json` has to be rebuilt).
    public static func parseHistory(_ readme: String) -> [PlanState.HistoryRow] {
        var rows: [PlanState.HistoryRow] = []
        var inHistory = false
        for line in newlineComponents(readme) {
            if line.hasPrefix("## ") { inHistory = line == historyHeading; continue }
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
