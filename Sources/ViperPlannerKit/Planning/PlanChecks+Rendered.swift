import Foundation

/// Checks of the plan as a reader sees it: names a team is told to create are Swift identifiers,
/// no code span or title leaves a name empty, a title that says "critical" belongs to a Critical
/// PR, and the dashboard's counts agree with the rows it lists.
extension PlanChecks {
    public static func renderedProblems(_ plan: Plan, files: [String: String]) -> [String] {
        var found: [String] = []
        for file in plan.taskFiles {
            for slice in file.slices {
                let where_ = "\(file.fileName) PR \(slice.number)"
                for type in slice.creates where !isIdentifier(type) { found.append("\(where_): creates `\(type)`, which is not a Swift identifier") }
                if slice.title.contains("  ") { found.append("\(where_): its title has an empty name (\"\(slice.title)\")") }
                if slice.title.lowercased().contains("critical"), slice.severity != .critical {
                    found.append("\(where_): its title says critical, its severity is \(slice.severity.label)")
                }
            }
            for task in file.tasks where task.title.contains("  ") {
                found.append("\(file.fileName) \(task.id): its title has an empty name (\"\(task.title)\")")
            }
            for module in file.modules {
                for path in module.files {
                    let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".swift", with: "")
                    if !isIdentifier(name) { found.append("\(file.fileName): file to create `\(path)` is not named by a Swift identifier") }
                }
            }
        }
        for name in files.keys.sorted() where name.hasSuffix(".md") {
            if let line = emptyCodeSpanLine(files[name]!) { found.append("\(name):\(line): an empty code span (``)") }
        }
        if let readme = files["README.md"] { found += dashboardProblems(readme, plan: plan) }
        return found
    }

    static let keywords: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "init", "self", "Self",
                                        "extension", "import", "return", "in", "is", "as", "Any", "Type", "Protocol"]

    /// `CartPresenter` yes; `UIViewController.present(style:builder:)Protocol`, `` or `2Fast` no.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return !keywords.contains(name) && name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The first line (1-based) with two backticks that open and close nothing between them, outside
    /// code fences (a fence's three backticks are not a span).
    static func emptyCodeSpanLine(_ text: String) -> Int? {
        var inFence = false
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.contains("``") else { continue }
            let chars = Array(line)
            var j = 0
            while j + 1 < chars.count {
                if chars[j] == "`", chars[j + 1] == "`", (j == 0 || chars[j - 1] != "`"), (j + 2 >= chars.count || chars[j + 2] != "`") { return i + 1 }
                j += 1
            }
        }
        return nil
    }

    /// The dashboard's sentence and tables against its rows: feature files named as many as listed,
    /// the Total column the sum of its rows, the severity and phase tables summing to the open tasks,
    /// the PR count the PRs the files plan.
    static func dashboardProblems(_ readme: String, plan: Plan) -> [String] {
        var found: [String] = []
        let rows = tableRows(readme, header: "| Feature / Scope |")
        let featureRows = rows.filter { !$0[0].hasPrefix("**Total") && $0[0] != "Cross-cutting" }
        if featureRows.count != plan.features.count {
            found.append("README.md: says \(plan.features.count) feature files, lists \(featureRows.count)")
        }
        let listed = rows.filter { !$0[0].hasPrefix("**Total") }.reduce(0) { $0 + (Int($1[2]) ?? 0) }
        let total = rows.first { $0[0].hasPrefix("**Total") }.flatMap { Int($0[2].replacingOccurrences(of: "*", with: "")) }
        if let total, total != listed { found.append("README.md: Total \(total), its rows add up to \(listed)") }
        let done = rows.filter { !$0[0].hasPrefix("**Total") }.reduce(0) { $0 + (Int($1[3]) ?? 0) }
        for header in ["| Severity | Open |", "| Phase | Open |"] {
            let open = tableRows(readme, header: header).reduce(0) { $0 + (Int($1[1]) ?? 0) }
            if open != listed - done { found.append("README.md: the table `\(header)` adds up to \(open) open tasks, the features have \(listed - done)") }
        }
        let prs = plan.taskFiles.reduce(0) { $0 + $1.slices.count }
        if readme.contains("pull requests of at most"), !readme.contains("; \(prs) pull requests of at most") {
            found.append("README.md: the PR count differs from the \(prs) PRs the files plan")
        }
        return found
    }

    /// The cells of a Markdown table's body rows, found by its header line.
    static func tableRows(_ text: String, header: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { String($0).trimmingCharacters(in: .whitespaces) }
        }
    }
}
