import ArgumentParser
import Foundation
import ViperPlannerKit

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Scan the sources and write the refactoring/ plan: feature files, PR slices, dashboard.",
        discussion: """
        Writes PATH/refactoring/ (or --dir): README.md (dashboard), one <feature>.md per feature, \
        cross-cutting.md, discovered.md, progress.svg and .state.json. On an existing plan it \
        updates it, exactly as `update` does. Exit codes: 0 success; 1 a runtime error; 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Folder with readme.md, feature.md, cross-cutting.md, discovered.md, pr-slice.md overriding the built-in templates.",
            completion: .directory)
    var templates: String?

    @Option(help: "The date written in the plan, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    func validate() throws {
        if let date, !Self.isISODate(date) { throw ValidationError("--date must look like 2026-11-21 (got '\(date)').") }
    }

    static func isISODate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    func run() throws {
        let configuration: Configuration
        do { configuration = try scan.loadConfiguration() } catch { fail("\(error)") }
        let directory = dir ?? (scan.path as NSString).appendingPathComponent("refactoring")
        if FileManager.default.fileExists(atPath: directory) {
            print("\(directory): a plan already exists; updating it (the same as `viper-planner update`)")
            PlanSession(scan: scan, cache: cacheOptions, dir: dir, templates: templates, date: date).update(dryRun: false, noTouch: false)
            return
        }
        let renderer: PlanRenderer
        do { renderer = try PlanRenderer(overrides: Self.loadTemplates(templates, configuration: configuration, path: scan.path)) }
        catch { fail("\(error)") }
        let start = Date()
        let git = GitCommit(scan.path)   // runs while the sources are scanned
        // The audit result is released once the plan is made (it is the largest thing a run holds).
        let plan = { () -> Plan in
            let result: AuditResult
            do {
                result = try Auditor.audit(root: scan.path, configuration: configuration, jobs: scan.jobs ?? defaultJobCount,
                                           cache: cacheOptions.factCache(configuration))
            } catch { fail("\(error)") }
            if !scan.quiet { for warning in result.warnings { warn(warning.description) } }
            return Planner.plan(result, configuration: configuration, date: date ?? Self.today(), scanCommit: git.wait())
        }()
        returnFreedMemory()
        do { try PlanWriter.writeNew(renderer.render(plan), to: directory) } catch { fail("\(error)") }
        let slices = plan.taskFiles.flatMap(\.slices)
        let tasks = plan.taskFiles.reduce(0) { $0 + $1.tasks.count }
        let largest = slices.map(\.estimatedLines).max() ?? 0
        print("wrote \(directory): \(plan.features.count) feature files, \(tasks) tasks, \(slices.count) PRs (largest ~\(largest) lines) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        for feature in plan.taskFiles {
            guard let next = feature.slices.first else { continue }
            print("  \(feature.fileName): next PR \(next.number) — \(next.title) (~\(next.estimatedLines) lines)")
        }
    }

    /// `--templates DIR`, else `templates:` from the config (relative to PATH); missing files keep the built-ins.
    static func loadTemplates(_ templates: String?, configuration: Configuration, path: String) -> [String: String] {
        guard let folder = templates ?? configuration.templates.map({ ($0 as NSString).isAbsolutePath ? $0 : (path as NSString).appendingPathComponent($0) })
        else { return [:] }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            fail("\(folder): the templates folder does not exist")
        }
        var overrides: [String: String] = [:]
        for name in PlanRenderer.templateNames {
            let path = (folder as NSString).appendingPathComponent(name + ".md")
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            guard let text = String(data: data, encoding: .utf8) else { fail("\(path): the template is not UTF-8") }
            overrides[name] = text
        }
        return overrides
    }
}
