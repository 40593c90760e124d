import Foundation

public enum StatusFormat: String, CaseIterable, Sendable {
    case text, json, markdown
}

extension Commands {
    /// `viper-planner status`: what `update` would do, as text, JSON or Markdown; writes nothing.
    public static func status(_ request: PlanRequest, format: StatusFormat) throws -> (report: String, warnings: [String]) {
        var plan = request
        plan.noTouch = true
        plan.templates = nil
        plan.date = nil
        let session = PlanSession(plan)
        var warnings: [String] = []
        let result = try session.compute(settled: session.readSettled(), warnings: &warnings).result
        // What the run could not do to the plan's files is said with --quiet too, as `update` says it.
        warnings += result.warnings.map { "warning: \($0)" }
        switch format {
        case .text: return (summaryText(result, directory: session.directory, wrote: nil) + "\n", warnings)
        case .json: return (statusJSON(result), warnings)
        case .markdown: return (statusMarkdown(result) + "\n", warnings)
        }
    }

    struct StatusReport: Encodable {
        var dashboard: Dashboard.Summary
        var resolved: [TaskRef]
        var regressed: [TaskRef]
        var new: [TaskRef]
        var stillDetected: [TaskRef]
        var outOfScope: [TaskRef]
        var backInScope: [TaskRef]
        var configurationChange: ScopeChange?
        var filesAnUpdateWouldChange: [String]
        var warnings: [String]
    }

    static func statusJSON(_ r: UpdateResult) -> String {
        PrettyJSON.encode(StatusReport(dashboard: r.dashboard, resolved: r.resolved, regressed: r.regressed, new: r.new,
                                       stillDetected: r.stillDetected,
                                       outOfScope: r.outOfScope, backInScope: r.backInScope, configurationChange: r.scopeChange,
                                       filesAnUpdateWouldChange: r.files.keys.sorted(), warnings: r.warnings))
    }

    static func statusMarkdown(_ r: UpdateResult) -> String {
        let d = r.dashboard
        var lines = ["## Refactoring status", "",
                     "\(d.done) of \(d.total) tasks done (\(d.percent)%); a fresh scan would resolve \(r.resolved.count), reopen \(r.regressed.count) and add \(r.new.count)"
                        + (r.outOfScope.isEmpty ? "" : ", and move \(r.outOfScope.count) out of scope") + "."
                        + (d.outOfScope == 0 ? "" : " \(d.outOfScope) tasks out of scope are not counted.")
                        + (r.scopeChange.map { " The \($0.description)." } ?? ""), "",
                     "| Feature / Scope | File | Total | Done | Status |", "|---|---|---|---|---|"]
        lines += d.rows.map { "| \($0.name) | \($0.file) | \($0.total) | \($0.done) | \($0.status) |" }
        func section(_ title: String, _ refs: [TaskRef]) {
            guard !refs.isEmpty else { return }
            lines += ["", "### \(title)", ""] + refs.map { "- \($0.file) **\($0.id)**: \($0.title)\($0.reason.isEmpty ? "" : " — \($0.reason)")" }
        }
        section("Resolved since the last update", r.resolved)
        section("Regressed", r.regressed)
        section("New findings", r.new)
        section("Out of scope (left the scope, not fixed)", r.outOfScope)
        section("Back in scope", r.backInScope)
        section("Needs attention", r.attention)
        if !d.next.isEmpty {
            lines += ["", "### Next PR per feature", ""] + d.next.map { "- \($0.file): PR \($0.number) — \($0.title) (~\($0.estimate) lines)" }
        }
        return lines.joined(separator: "\n")
    }
}
