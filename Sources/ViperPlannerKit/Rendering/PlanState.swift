import Foundation

/// `.state.json`, the tool's memory for `update`: every planned task with its fingerprint, id, file,
/// status, first-seen date and the text last written for each tool-owned field. Deterministic:
/// keys sorted, tasks sorted by file and id, one task per line.
public enum PlanState {
    public static let schemaVersion = 1

    struct TaskRecord: Encodable {
        var fingerprint: String
        var id: String
        var file: String
        var rule: String?
        var status = "open"
        var firstSeen: String
        var firstSeenCommit: String?
        var fields: [String: String]
    }

    public static func json(_ plan: Plan) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let renderer = try? PlanRenderer()
        var records: [TaskRecord] = []
        for file in plan.taskFiles {
            for task in file.tasks {
                let context = renderer?.taskContext(task) ?? [:]
                var fields: [String: String] = [:]
                for (key, field) in [("location", "Location"), ("severity", "Severity"), ("problem", "Problem"),
                                     ("fix", "Fix"), ("evidence", "Evidence")] {
                    if case .text(let t)? = context[key] { fields[field] = t.hasPrefix(" ") ? String(t.dropFirst()) : t }
                }
                if case .text(let n)? = context["estimate"], case .text(let parts)? = context["estimateParts"] {
                    fields["Estimate"] = "~\(n) changed lines (\(parts))"
                }
                records.append(TaskRecord(fingerprint: task.fingerprint, id: task.id, file: file.fileName, rule: task.rule,
                                          firstSeen: plan.date, firstSeenCommit: plan.scanCommit, fields: fields))
            }
        }
        records.sort { ($0.file, $0.id.first!, Int($0.id.dropFirst()) ?? 0) < ($1.file, $1.id.first!, Int($1.id.dropFirst()) ?? 0) }
        let lines = records.map { String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self) }
        let commit = plan.scanCommit.map { "\"\($0)\"" } ?? "null"
        return """
        {
          "createdAt": "\(plan.date)",
          "lastScanCommit": \(commit),
          "schemaVersion": \(schemaVersion),
          "tasks": [
        \(lines.map { "    " + $0 }.joined(separator: ",\n"))
          ],
          "tool": "viper-planner \(ToolInfo.version)"
        }

        """
    }
}

/// `progress.svg`: done and total tasks over time, linked from the dashboard.
enum ProgressChart {
    static func svg(points: [(date: String, done: Int, total: Int)]) -> String {
        let width = 480, height = 160, left = 40, bottom = 130
        let maxTotal = max(1, points.map(\.total).max() ?? 1)
        let step = points.count > 1 ? (width - left - 20) / (points.count - 1) : 0
        func y(_ v: Int) -> Int { bottom - v * 100 / maxTotal }
        let total = points.enumerated().map { "\(left + $0.offset * step),\(y($0.element.total))" }.joined(separator: " ")
        let done = points.enumerated().map { "\(left + $0.offset * step),\(y($0.element.done))" }.joined(separator: " ")
        let last = points.last
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="11">
          <rect width="\(width)" height="\(height)" fill="white"/>
          <line x1="\(left)" y1="\(bottom)" x2="\(width - 10)" y2="\(bottom)" stroke="#999"/>
          <polyline points="\(total)" fill="none" stroke="#c0392b" stroke-width="2"/>
          <polyline points="\(done)" fill="none" stroke="#27ae60" stroke-width="2"/>
          \(points.enumerated().map { "<circle cx=\"\(left + $0.offset * step)\" cy=\"\(y($0.element.total))\" r=\"3\" fill=\"#c0392b\"/>" }.joined(separator: "\n  "))
          <text x="\(left)" y="\(bottom + 18)">\(points.first?.date ?? "")</text>
          <text x="\(left)" y="14">tasks: \(last?.done ?? 0) done of \(last?.total ?? 0)</text>
        </svg>

        """
    }
}
