/// What a person reads first: the worst-screens table, how it is sorted and the totals; then view
/// controllers worst first, each with its chain, files, families and findings; then findings on
/// other types; then the totals again, as the last line. `summaryOnly`: the table part alone.
enum TextReporter {
    static func render(_ result: AuditResult, options: ReportOptions) -> String {
        let paint = Painter(enabled: options.color)
        let s = result.summary
        let summaries = result.viewControllerSummaries().filter { !$0.findings.isEmpty }
        let overview = ScreenTable.text(ScreenTable.rows(summaries), totals: s, paint: paint)
        if options.summaryOnly { return overview }
        var out = paint.bold("viper-planner \(ToolInfo.version)") + " — \(s.files) files, \(s.lines) code lines, \(s.viewControllers) view controllers\n"
        if s.viewControllers > 0 { out += "architecture: \(result.architectureLine())\n" }
        out += "\n" + overview
        // AppKit screens (`platforms: [ios, macos]`) come after the iOS ones, under their own heading.
        let isMac = { (vc: ViewControllerSummary) in result.macOSFiles.contains(result.index.path(result.index.types[vc.type].decls[0])) }
        let ordered = summaries.filter { !isMac($0) } + summaries.filter(isMac)
        for vc in ordered {
            if isMac(vc), vc.type == ordered.first(where: isMac)?.type { out += "\n" + paint.bold("macOS (AppKit)") + "\n" }
            let p = vc.profile
            let headline = vc.findings.first { $0.rule == VCGodRule.id }.map { "\($0.severity.label) god view controller" }
                ?? (vc.worst.map { "worst: \($0.label)" } ?? "")
            out += "\n" + paint.severity(vc.worst ?? .medium, "\((vc.worst ?? .medium).emoji) \(vc.name)")
                + "  score \(p.score)/100  \(headline)\n"
            out += "   \(result.chainText(vc.type)) · \(ScreenArchitecture.of(vc.type, result.index).rawValue)\n"
            out += "   \(p.codeLines) code lines over \(p.files.count) file\(p.files.count == 1 ? "" : "s"): \(p.files.joined(separator: ", "))\n"
            if !p.families.isEmpty {
                out += "   families: " + p.families.map { "\($0.words) \(p.count($0))" }.joined(separator: ", ") + "\n"
            }
            if !p.unresolvedTypes.isEmpty {
                out += "   no source for: " + p.unresolvedTypes.prefix(5).map { "\($0.name) (\($0.calls) call\($0.calls == 1 ? "" : "s"))" }
                    .joined(separator: ", ") + " — name them in networking_types / persistence_types / formatting_types to judge them\n"
            }
            for f in vc.findings.sorted(by: order) { out += finding(f, paint: paint) }
        }
        let groups = result.otherTypeGroups(besides: summaries)
        for group in groups {
            let role = group.role == "other" ? "" : "  (\(group.role))"
            out += "\n" + paint.severity(group.worst, "\(group.worst.emoji) \(group.type)") + role + "\n"
            for f in group.findings { out += finding(f, paint: paint) }
        }
        // The totals again as the last line, after the details (a report without any has them once).
        if !summaries.isEmpty || !groups.isEmpty { out += "\n" + ScreenTable.totalsLine(s) + "\n" }
        return out
    }

    static func order(_ a: Finding, _ b: Finding) -> Bool {
        (a.severity.rank, a.file, a.line, a.rule) < (b.severity.rank, b.file, b.line, b.rule)
    }

    static func finding(_ f: Finding, paint: Painter) -> String {
        var out = "   " + paint.severity(f.severity, f.severity.label.uppercased()) + " \(f.rule)  \(f.file):\(f.line):\(f.column)\n"
        out += "      \(f.message)\n"
        let shown = f.evidence.filter { !($0.file == f.file && $0.line == f.line && f.evidence.count == 1) }
        for e in shown.prefix(8) {
            out += "      · \(e.file):\(e.line)  \(e.snippet)" + (e.note.map { "  [\($0)]" } ?? "") + "\n"
        }
        if shown.count > 8 { out += "      · … and \(shown.count - 8) more\n" }
        out += "      fix: \(f.fix)\n"
        return out
    }
}

struct Painter {
    var enabled: Bool
    func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { wrap("1", text) }
    func severity(_ s: Severity, _ text: String) -> String {
        let code = switch s { case .critical: "1;31"; case .high: "1;33"; case .medium: "32" }
        return wrap(code, text)
    }
}
