import ArgumentParser
import Foundation
import ViperPlannerKit

enum StatusFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, markdown
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Compare the plan with a fresh scan and print the summary `update` would write (writes nothing).",
        discussion: "Exit codes: 0 success; 1 a runtime error; 64 bad arguments.")

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Output format: text, json or markdown.")
    var format: StatusFormat = .text

    func run() throws {
        let session = PlanSession(scan: scan, cache: cacheOptions, dir: dir, templates: nil, date: nil)
        let result: UpdateResult
        do { result = try session.compute(noTouch: true, settled: session.readSettled()).result } catch { fail("\(error)") }
        if !scan.quiet { for warning in result.warnings { warn("warning: \(warning)") } }
        switch format {
        case .text:
            print(PlanSession.summaryText(result, directory: session.directory, wrote: nil))
        case .json:
            print(Self.json(result))
        case .markdown:
            print(Self.markdown(result))
        }
    }

    struct Report: Encodable {
        var dashboard: Dashboard.Summary
        var resolved: [TaskRef]
        var regressed: [TaskRef]
        var new: [TaskRef]
        var stillDetected: [TaskRef]
        var filesAnUpdateWouldChange: [String]
        var warnings: [String]
    }

    static func json(_ r: UpdateResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let report = Report(dashboard: r.dashboard, resolved: r.resolved, regressed: r.regressed, new: r.new,
                            stillDetected: r.attention.filter { $0.reason.hasPrefix("ticked") },
                            filesAnUpdateWouldChange: r.files.keys.sorted(), warnings: r.warnings)
        return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self)
    }

    static func markdown(_ r: UpdateResult) -> String {
        let d = r.dashboard
        var lines = ["## Refactoring status", "",
                     "\(d.done) of \(d.total) tasks done (\(d.percent)%); a fresh scan would resolve \(r.resolved.count), reopen \(r.regressed.count) and add \(r.new.count).", "",
                     "| Feature / Scope | File | Total | Done | Status |", "|---|---|---|---|---|"]
        lines += d.rows.map { "| \($0.name) | \($0.file) | \($0.total) | \($0.done) | \($0.status) |" }
        func section(_ title: String, _ refs: [TaskRef]) {
            guard !refs.isEmpty else { return }
            lines += ["", "### \(title)", ""] + refs.map { "- \($0.file) **\($0.id)**: \($0.title)\($0.reason.isEmpty ? "" : " — \($0.reason)")" }
        }
        section("Resolved since the last update", r.resolved)
        section("Regressed", r.regressed)
        section("New findings", r.new)
        section("Needs attention", r.attention)
        if !d.next.isEmpty {
            lines += ["", "### Next PR per feature", ""] + d.next.map { "- \($0.file): PR \($0.number) — \($0.title) (~\($0.estimate) lines)" }
        }
        return lines.joined(separator: "\n")
    }
}
