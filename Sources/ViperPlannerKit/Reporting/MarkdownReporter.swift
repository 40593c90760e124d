/// A Markdown report for a pull-request comment: the totals, the worst-screens table, every
/// Critical finding on one line, then one collapsed `<details>` block per screen (and per other
/// type) with its findings. It always fits one comment: past `limit` it stops at a block boundary
/// and ends with a note of what it left out and how to see it.
enum MarkdownReporter {
    /// GitHub refuses a comment body over 65,536 characters; 60,000 leaves room for what a
    /// workflow adds around the report.
    static let limit = 60_000
    /// The Critical list's share of `limit`: the per-type blocks always get the rest.
    static let criticalShare = 3
    /// Findings listed in one block; a god view controller of a large app has hundreds.
    static let findingsPerSection = 40

    /// One `<details>` block: a screen, or another type, with its findings in `TextReporter.order`.
    struct Section {
        var name: String
        /// What the summary line says besides the name: "score 60/100, 412 lines" or a role.
        var detail: String
        var isScreen: Bool
        var findings: [Finding]
        /// In an AppKit-only file (`platforms: [ios, macos]`): listed after the others, under their own heading.
        var isMac = false
    }

    /// Everything the report shows, apart from the audit's index (tests build one directly).
    struct Input {
        /// The title and totals lines, with their blank lines.
        var headline: String
        var rows: [ScreenRow]
        /// Screens in table order, then other types worst first.
        var sections: [Section]
        /// The path as the user named it, for the command that shows what a comment cannot.
        var root: String
    }

    static func render(_ result: AuditResult, root: String) -> String { render(input(result, root: root)) }

    static func input(_ result: AuditResult, root: String) -> Input {
        let s = result.summary
        var headline = "# viper-planner audit\n\n"
        headline += "\(s.files) files · \(s.lines) code lines · \(s.viewControllers) view controllers · "
        headline += "🔴 \(s.critical) critical · 🟡 \(s.high) high · 🟢 \(s.medium) medium\n\n"
        if s.viewControllers > 0 { headline += "Architecture: \(result.architectureLine())\n\n" }
        let summaries = result.viewControllerSummaries().filter { !$0.findings.isEmpty }
        let screens = summaries.map { vc in
            Section(name: vc.name, detail: "score \(vc.profile.score)/100, \(vc.profile.codeLines) lines", isScreen: true,
                    findings: vc.findings.sorted(by: TextReporter.order),
                    isMac: result.macOSFiles.contains(result.index.path(result.index.types[vc.type].decls[0])))
        }
        let others = result.otherTypeGroups(besides: summaries).map { group in
            Section(name: group.type, detail: group.role == "other" ? "" : group.role, isScreen: false, findings: group.findings,
                    isMac: !group.findings.isEmpty && group.findings.allSatisfy { result.macOSFiles.contains($0.file) })
        }
        let sections = screens + others
        return Input(headline: headline, rows: ScreenTable.rows(summaries),
                     sections: sections.filter { !$0.isMac } + sections.filter(\.isMac), root: root)
    }

    /// Sizes are counted in UTF-16 code units, as GitHub (JavaScript) counts a comment's length: an
    /// emoji is two of them, so the count is never below the number of characters a person sees.
    static func render(_ input: Input, limit: Int = limit) -> String {
        var out = input.headline + "## Worst screens\n\n" + ScreenTable.markdown(input.rows)
        out += criticalList(input, budget: limit / criticalShare)
        guard !input.sections.isEmpty else { return out }
        out += "## Findings by type\n\n"
        var used = out.utf16.count
        var shown = 0
        // A block is added only when the note about the blocks after it still fits too.
        while shown < input.sections.count {
            let heading = input.sections[shown].isMac && (shown == 0 || !input.sections[shown - 1].isMac) ? "## macOS (AppKit)\n\n" : ""
            let block = heading + details(input.sections[shown], root: input.root)
            let rest = input.sections[(shown + 1)...]
            let size = block.utf16.count + (rest.isEmpty ? 0 : note(rest, root: input.root).utf16.count)
            guard used + size <= limit else { break }
            out += block
            used += block.utf16.count
            shown += 1
        }
        if shown < input.sections.count { out += note(input.sections[shown...], root: input.root) }
        return out
    }

    /// Every Critical finding, one line each, up to `budget` UTF-16 code units.
    static func criticalList(_ input: Input, budget: Int) -> String {
        let critical = input.sections.flatMap { $0.findings.filter { $0.severity == .critical } }.sorted(by: TextReporter.order)
        guard !critical.isEmpty else { return "" }
        var out = "## Critical findings\n\n"
        // Room for the line saying how many were left out.
        var used = out.utf16.count + 200 + input.root.utf16.count
        var listed = 0
        for f in critical {
            let line = "- `\(f.file):\(f.line)` `\(f.rule)` — \(inline(f.message))\n"
            guard used + line.utf16.count <= budget else { break }
            out += line
            used += line.utf16.count
            listed += 1
        }
        if listed < critical.count {
            out += "- _… and \(critical.count - listed) more critical findings: \(command(input.root)) lists them all._\n"
        }
        return out + "\n"
    }

    /// One collapsed block; its summary line names the type, its size or role and its findings.
    static func details(_ section: Section, root: String) -> String {
        let worst = section.findings.map(\.severity).min() ?? .medium
        let counts = Severity.allCases.compactMap { severity -> String? in
            let n = section.findings.filter { $0.severity == severity }.count
            return n == 0 ? nil : "\(n) \(severity.rawValue)"
        }
        let detail = section.detail.isEmpty ? "" : " (\(escaped(section.detail)))"
        var out = "<details><summary>\(worst.emoji) <code>\(escaped(section.name))</code>\(detail) — "
        out += "\(plural(section.findings.count, "finding")): \(counts.joined(separator: ", "))</summary>\n\n"
        for f in section.findings.prefix(findingsPerSection) {
            out += "- \(f.severity.emoji) `\(f.file):\(f.line)` `\(f.rule)` — \(inline(f.message))\n"
        }
        if section.findings.count > findingsPerSection {
            out += "- _… and \(section.findings.count - findingsPerSection) more: \(command(root)) lists them all._\n"
        }
        return out + "\n</details>\n\n"
    }

    /// The last line of a cut report: what was left out and the command that shows it.
    static func note(_ rest: ArraySlice<Section>, root: String) -> String {
        let screens = rest.filter(\.isScreen).count
        let others = rest.count - screens
        var what: [String] = []
        if screens > 0 { what.append("\(screens) more screen\(screens == 1 ? "" : "s")") }
        if others > 0 { what.append("\(others) \(screens > 0 ? "" : "more ")other type\(others == 1 ? "" : "s")") }
        let findings = rest.reduce(0) { $0 + $1.findings.count }
        return "_\(what.joined(separator: " and ")) with \(plural(findings, "finding")) not shown, to keep this comment "
            + "under GitHub's size limit: \(command(root)) lists every finding._\n"
    }

    static func command(_ root: String) -> String {
        let plain = root.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) }
        return "`viper-planner audit \(plain ? root : "'" + root.replacingOccurrences(of: "'", with: "'\\''") + "'") --format text`"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// A message on one line of Markdown: `<` outside code spans is escaped, so that a generic
    /// type (`Array<Item>`) is not taken for an HTML tag and dropped.
    static func inline(_ text: String) -> String {
        var out = ""
        var inCode = false
        for c in text {
            switch c {
            case "`": inCode.toggle(); out.append(c)
            case "\n", "\r": out.append(" ")
            case "<" where !inCode: out += "&lt;"
            default: out.append(c)
            }
        }
        return out
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
