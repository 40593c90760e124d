/// One row of the worst-screens table that opens the text and Markdown reports: a view controller
/// with at least one finding.
struct ScreenRow: Sendable, Equatable {
    var name: String
    /// God-VC score, 0–100.
    var score: Int
    var lines: Int
    /// Family words ("networking", "business logic") in family order.
    var families: [String]
    var worst: Severity
}

/// The worst-screens table, the line that says how it is sorted, and the totals line: what a
/// person reads first (and all `audit --summary` prints).
enum ScreenTable {
    /// Rows shown; the rest of the screens follow in the report's details.
    static let maxRows = 10

    /// Rows for the screens with findings, in the order of `viewControllerSummaries()`.
    static func rows(_ summaries: [ViewControllerSummary]) -> [ScreenRow] {
        summaries.compactMap { vc in
            vc.worst.map { ScreenRow(name: vc.name, score: vc.profile.score, lines: vc.profile.codeLines,
                                     families: vc.profile.families.map(\.words), worst: $0) }
        }
    }

    /// "Top 10 of 15 screens with findings, sorted by …": the order is said, since a screen of
    /// score 19 above one of 84 looks like a mistake until the reader knows severity comes first.
    static func orderLine(shown: Int, total: Int) -> String {
        let count = shown < total ? "Top \(shown) of \(total) screens with findings" : "\(total) screen\(total == 1 ? "" : "s") with findings"
        return count + ", sorted by worst severity, then god-VC score (0–100), then name."
    }

    static func totalsLine(_ s: AuditSummary) -> String { "\(s.critical) critical, \(s.high) high, \(s.medium) medium" }

    /// Plain columns for a terminal; the severity last, where an emoji's width cannot shift the others.
    static func text(_ rows: [ScreenRow], totals: AuditSummary, paint: Painter) -> String {
        guard !rows.isEmpty else { return "No screen has findings.\n" + totalsLine(totals) + "\n" }
        let shown = rows.prefix(maxRows)
        let nameWidth = max("screen".count, shown.map(\.name.count).max() ?? 0)
        let familyTexts = shown.map { $0.families.isEmpty ? "—" : $0.families.joined(separator: ", ") }
        let familyWidth = max("families".count, familyTexts.map(\.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var out = pad("screen", nameWidth) + "  score  lines  " + pad("families", familyWidth) + "  worst\n"
        for (row, families) in zip(shown, familyTexts) {
            out += pad(row.name, nameWidth) + "  " + right("\(row.score)", 5) + "  " + right("\(row.lines)", 5) + "  "
                + pad(families, familyWidth) + "  " + paint.severity(row.worst, "\(row.worst.emoji) \(row.worst.label)") + "\n"
        }
        out += orderLine(shown: shown.count, total: rows.count) + "\n"
        out += totalsLine(totals) + "\n"
        return out
    }

    /// The same table in Markdown, with its order line.
    static func markdown(_ rows: [ScreenRow]) -> String {
        guard !rows.isEmpty else { return "No screen has findings.\n\n" }
        let shown = rows.prefix(maxRows)
        var out = "| Screen | Score | Lines | Families | Worst |\n|---|--:|--:|---|---|\n"
        for row in shown {
            let families = row.families.isEmpty ? "—" : row.families.joined(separator: ", ")
            out += "| `\(row.name)` | \(row.score) | \(row.lines) | \(families) | \(row.worst.emoji) \(row.worst.label) |\n"
        }
        return out + "\n" + orderLine(shown: shown.count, total: rows.count) + "\n\n"
    }
}
