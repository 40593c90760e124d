/// What a person reads first: view controllers worst first, each with its chain, files,
/// families and findings; then findings on other types; AppKit ones under their own heading; then
/// the totals.
enum TextReporter {
    static func render(_ result: AuditResult, options: ReportOptions) -> String {
        let paint = Painter(enabled: options.color)
        var out = ""
        let s = result.summary
        out += paint.bold("viper-planner \(ToolInfo.version)") + " — \(s.files) files, \(s.lines) code lines, \(s.viewControllers) view controllers\n"
        if s.viewControllers > 0 { out += "architecture: \(result.architectureLine())\n" }
        let summaries = result.viewControllerSummaries().filter { !$0.findings.isEmpty }
        let shown = Set(summaries.flatMap { $0.findings.map(\.fingerprint) })
        let others = result.findings.filter { !shown.contains($0.fingerprint) }
        // AppKit screens and types (`platforms: [ios, macos]`) come last, under their own heading.
        let isMac = { (vc: ViewControllerSummary) in result.macOSFiles.contains(result.index.path(result.index.types[vc.type].decls[0])) }
        out += screens(summaries.filter { !isMac($0) }, others: others.filter { !result.macOSFiles.contains($0.file) }, result: result, paint: paint)
        let macScreens = summaries.filter(isMac), macOthers = others.filter { result.macOSFiles.contains($0.file) }
        if !macScreens.isEmpty || !macOthers.isEmpty {
            out += "\n" + paint.bold("macOS (AppKit)") + "\n" + screens(macScreens, others: macOthers, result: result, paint: paint)
        }
        out += "\n\(s.critical) critical, \(s.high) high, \(s.medium) medium\n"
        return out
    }

    /// View controllers worst first, each with its chain, files, families and findings; then the
    /// findings on other types, worst first, each with its role.
    static func screens(_ summaries: [ViewControllerSummary], others: [Finding], result: AuditResult, paint: Painter) -> String {
        var out = ""
        for vc in summaries {
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
        // Other types (VIPER roles, services, cells), worst first, each with its role.
        let roles = Dictionary(result.typeReports().map { ($0.name, $0.role) }, uniquingKeysWith: { a, _ in a })
        let byType = Dictionary(grouping: others, by: \.type).sorted {
            ($0.value.map(\.severity.rank).min() ?? 9, $0.key) < ($1.value.map(\.severity.rank).min() ?? 9, $1.key)
        }
        for (type, findings) in byType {
            let worst = findings.map(\.severity).min() ?? .medium
            let role = roles[type].map { $0 == "other" ? "" : "  (\($0))" } ?? ""
            out += "\n" + paint.severity(worst, "\(worst.emoji) \(type)") + role + "\n"
            for f in findings.sorted(by: order) { out += finding(f, paint: paint) }
        }
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

/// A Markdown report for pull-request comments and wikis.
enum MarkdownReporter {
    static func render(_ result: AuditResult) -> String {
        let s = result.summary
        var out = "# viper-planner audit\n\n"
        out += "\(s.files) files · \(s.lines) code lines · \(s.viewControllers) view controllers · "
        out += "🔴 \(s.critical) critical · 🟡 \(s.high) high · 🟢 \(s.medium) medium\n\n"
        if s.viewControllers > 0 { out += "Architecture: \(result.architectureLine())\n\n" }
        let summaries = result.viewControllerSummaries().filter { !$0.findings.isEmpty }
        let isMac = { (vc: ViewControllerSummary) in result.macOSFiles.contains(result.index.path(result.index.types[vc.type].decls[0])) }
        out += screens("View controllers", summaries.filter { !isMac($0) })
        out += findings("Findings", result.findings.filter { !result.macOSFiles.contains($0.file) }, always: true)
        // AppKit screens (`platforms: [ios, macos]`) under their own headings.
        out += screens("macOS (AppKit) view controllers", summaries.filter(isMac), before: "\n")
        out += findings("macOS (AppKit) findings", result.findings.filter { result.macOSFiles.contains($0.file) }, always: false)
        return out
    }

    static func screens(_ title: String, _ summaries: [ViewControllerSummary], before: String = "") -> String {
        guard !summaries.isEmpty else { return "" }
        var out = before + "## \(title)\n\n| View controller | Score | Lines | Files | Families | Worst |\n|---|---|---|---|---|---|\n"
        for vc in summaries {
            let families = vc.profile.families.map { "\($0.words) \(vc.profile.count($0))" }.joined(separator: ", ")
            out += "| `\(vc.name)` | \(vc.profile.score) | \(vc.profile.codeLines) | \(vc.profile.files.count) | \(families) | \(vc.worst.map { "\($0.emoji) \($0.label)" } ?? "") |\n"
        }
        return out + "\n"
    }

    static func findings(_ title: String, _ findings: [Finding], always: Bool) -> String {
        guard always || !findings.isEmpty else { return "" }
        var out = "## \(title)\n\n| Severity | Rule | Location | Message | Fix |\n|---|---|---|---|---|\n"
        for f in findings.sorted(by: TextReporter.order) {
            let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
            out += "| \(f.severity.emoji) \(f.severity.label) | `\(f.rule)` | `\(f.file):\(f.line)` | \(cell(f.message)) | \(cell(f.fix)) |\n"
        }
        return out
    }
}
