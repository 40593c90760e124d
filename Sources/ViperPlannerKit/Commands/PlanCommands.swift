import Foundation

/// `viper-planner plan` and `update`: everything but argument parsing and printing.
public struct PlanRequest: Sendable {
    public var scan: ScanRequest
    /// The plan directory; nil: `PATH/refactoring`.
    public var dir: String?
    /// A folder of templates overriding the built-in ones (else `templates:` of the configuration).
    public var templates: String?
    /// The date written in the plan; nil: today (UTC).
    public var date: String?
    /// `update` only: report what would change and write nothing.
    public var dryRun: Bool
    /// `update` only: when nothing else changed, keep "Last Updated" too.
    public var noTouch: Bool

    public init(scan: ScanRequest, dir: String? = nil, templates: String? = nil, date: String? = nil,
                dryRun: Bool = false, noTouch: Bool = false) {
        self.scan = scan; self.dir = dir; self.templates = templates; self.date = date
        self.dryRun = dryRun; self.noTouch = noTouch
    }

    public var directory: String { scan.planDirectory(dir) }
}

public struct PlanOutcome: Sendable {
    public var output = CommandOutput()
    /// The merge's outcome (nil when `plan` wrote a new plan).
    public var update: UpdateResult?
}

extension Commands {
    /// Writes a new plan, or updates the existing one exactly as `update` does.
    public static func plan(_ request: PlanRequest) throws -> PlanOutcome {
        let directory = request.directory
        if FileManager.default.fileExists(atPath: directory) {
            var outcome = try update(request)
            if !request.scan.quiet {
                outcome.output.lines.insert("\(directory): a plan already exists; updating it (the same as `viper-planner update`)", at: 0)
            }
            return outcome
        }
        try PlanWriter.checkParent(of: directory)
        let configuration = try request.scan.loadConfiguration()
        let renderer = try PlanRenderer(overrides: loadTemplates(request, configuration: configuration), prsWrittenOut: configuration.prsWrittenOut)
        let start = Date()
        let git = GitCommit(request.scan.path)   // runs while the sources are scanned
        var outcome = PlanOutcome()
        // The audit result is released once the plan is made (it is the largest thing a run holds).
        let (plan, existingTypes) = try { () throws -> (Plan, Set<String>) in
            let result = try Auditor.audit(root: request.scan.path, configuration: configuration, jobs: request.scan.jobCount,
                                           cache: request.scan.factCache(configuration))
            try request.scan.check(result.scope, warnings: &outcome.output.warnings)
            if !request.scan.quiet { outcome.output.warnings += result.warnings.map(\.description) }
            var plan = Planner.plan(result, configuration: configuration, date: request.date ?? todayISODate(), scanCommit: git.wait())
            plan.scope = PlanScope(result, configuration: configuration)
            return (plan, Set(result.index.types.filter(\.isDeclaredInSources).map { String($0.name.split(separator: ".").last ?? "") }))
        }()
        returnFreedMemory()
        let files = renderer.render(plan)
        // The plan checks itself: a breach is a bug in the tool, reported so that nobody merges blindly.
        outcome.output.warnings += (PlanChecks.problems(plan, existingTypes: existingTypes) + PlanChecks.brokenLinks(files)
                                    + PlanChecks.renderedProblems(plan, files: files)).map { "plan self-check: \($0)" }
        try PlanWriter.writeNew(files, to: directory)
        let slices = plan.taskFiles.flatMap(\.slices)
        let tasks = plan.taskFiles.reduce(0) { $0 + $1.tasks.count }
        let largest = slices.map(\.estimatedLines).max() ?? 0
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        outcome.output.lines.append("wrote \(directory): \(plan.features.count) feature file\(plan.features.count == 1 ? "" : "s") and cross-cutting.md, \(tasks) tasks, \(slices.count) PRs (largest ~\(largest) lines) in \(seconds) s")
        // --quiet: the summary line alone (the dashboard lists the next PRs).
        for feature in plan.taskFiles where !request.scan.quiet {
            guard let next = feature.slices.first else { continue }
            outcome.output.lines.append("  \(feature.fileName): next PR \(next.number) — \(next.title) (~\(next.estimatedLines) lines)")
        }
        return outcome
    }

    /// Rescans and merges into the existing plan; writes the changed files unless `dryRun`.
    public static func update(_ request: PlanRequest) throws -> PlanOutcome {
        let session = PlanSession(request)
        var lock: PlanLock?
        if !request.dryRun, FileManager.default.fileExists(atPath: session.directory) {
            lock = try PlanLock.acquire(directory: session.directory)
            PlanWriter.removeLeftovers(in: session.directory)
        }
        defer { lock?.release() }
        let settled = session.readSettled()
        var outcome = PlanOutcome()
        let (result, before) = try session.compute(settled: settled, warnings: &outcome.output.warnings)
        outcome.output.warnings += result.warnings.map { "warning: \($0)" }
        if request.dryRun, !request.scan.quiet {
            outcome.output.lines.append("dry run: nothing written; \(result.files.isEmpty ? "nothing would change" : "would write:")")
            for name in result.files.keys.sorted() {
                let (added, removed) = lineChanges(before[name] ?? "", result.files[name]!)
                outcome.output.lines.append("  \(name): +\(added) −\(removed) lines\(before[name] == nil ? " (new file)" : "")")
            }
        } else if !request.dryRun {
            if !result.files.isEmpty { try PlanWriter.writeFiles(result.files, in: session.directory) }
            session.writeSettled(result.settled, previous: settled)
        }
        // --quiet (a dry run and --check too): the warnings and this one summary line, nothing per
        // task, file or feature.
        let wrote = request.dryRun ? nil : result.files.count
        outcome.output.lines.append(request.scan.quiet
                                    ? summaryLine(result, directory: session.directory, wrote: wrote, wouldWrite: request.dryRun ? result.files.count : nil)
                                    : summaryText(result, directory: session.directory, wrote: wrote, dryRun: request.dryRun))
        outcome.update = result
        return outcome
    }

    /// `--templates DIR`, else `templates:` from the config (relative to PATH); missing files keep the built-ins.
    static func loadTemplates(_ request: PlanRequest, configuration: Configuration) throws -> [String: String] {
        try templateOverrides(request.templates, scan: request.scan, configuration: configuration,
                              files: PlanRenderer.templateNames.map { ($0, $0 + ".md") })
    }

    /// The templates a team's folder replaces: name → text, for each of `files` (name, file name)
    /// the folder holds. The folder is `option`, else `templates:` of the configuration.
    static func templateOverrides(_ option: String?, scan: ScanRequest, configuration: Configuration,
                                  files: [(name: String, file: String)]) throws -> [String: String] {
        let path = scan.path
        guard let folder = option ?? configuration.templates.map({ ($0 as NSString).isAbsolutePath ? $0 : (path as NSString).appendingPathComponent($0) })
        else { return [:] }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw CommandError("\(folder): the templates folder does not exist")
        }
        var overrides: [String: String] = [:]
        for (name, fileName) in files {
            let file = (folder as NSString).appendingPathComponent(fileName)
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            guard let text = String(data: data, encoding: .utf8) else { throw CommandError("\(file): the template is not UTF-8") }
            overrides[name] = text
        }
        return overrides
    }

    /// Lines added and removed between two texts (as a multiset of lines), for `--dry-run`.
    static func lineChanges(_ old: String, _ new: String) -> (Int, Int) {
        var counts: [Substring: Int] = [:]
        for line in old.split(separator: "\n", omittingEmptySubsequences: false) { counts[line, default: 0] += 1 }
        var added = 0
        for line in new.split(separator: "\n", omittingEmptySubsequences: false) {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { added += 1 }
        }
        return (added, counts.values.reduce(0, +))
    }

    /// The one line that sums up a run: what changed, and the tasks done. `wouldWrite`: a dry run's
    /// count of the files it would write.
    public static func summaryLine(_ r: UpdateResult, directory: String, wrote: Int?, wouldWrite: Int? = nil) -> String {
        let d = r.dashboard
        let files = { (n: Int) in "\(n) file\(n == 1 ? "" : "s")" }
        let head = wrote.map { "updated \(directory) (\(files($0)) written)" }
            ?? wouldWrite.map { "\(directory) (dry run: nothing written; \(files($0)) would change)" } ?? directory
        // Scope is not progress: tasks out of scope are named apart and counted in no total.
        let scoped = r.outOfScope.isEmpty && r.backInScope.isEmpty && d.outOfScope == 0 ? ""
            : ", \(r.outOfScope.count) out of scope" + (r.backInScope.isEmpty ? "" : ", \(r.backInScope.count) back in scope")
        let uncounted = d.outOfScope == 0 ? "" : "; \(d.outOfScope) task\(d.outOfScope == 1 ? "" : "s") out of scope, not counted"
        // The count of the tasks listed as ticked but still detected, when there are any (never "0 …").
        let ticked = r.stillDetected.isEmpty ? "" : ", \(r.stillDetected.count) ticked but still detected"
        return "\(head): \(r.resolved.count) resolved, \(r.regressed.count) regressed, \(r.new.count) new\(ticked)\(scoped); \(d.done)/\(d.total) tasks done (\(d.percent)%)\(uncounted)"
    }

    /// The run's summary as `update` and `status` print it: the configuration change, the summary
    /// line, each task that changed or needs attention, the next PRs; a dry run says what it would do
    /// to each task.
    public static func summaryText(_ r: UpdateResult, directory: String, wrote: Int?, dryRun: Bool = false) -> String {
        let d = r.dashboard
        var lines = r.scopeChange.map { [$0.description] } ?? []
        lines.append(summaryLine(r, directory: directory, wrote: wrote))
        func list(_ label: String, _ would: String, _ refs: [TaskRef]) {
            for ref in refs { lines.append("  \(dryRun ? would : label): \(ref.file) \(ref.id) — \(ref.title)\(ref.reason.isEmpty ? "" : " (\(ref.reason))")") }
        }
        list("resolved", "would tick", r.resolved)
        list("regressed", "would reopen", r.regressed)
        list("new", "would add", r.new)
        list("out of scope", "would move out of scope", r.outOfScope)
        list("back in scope", "would bring back into scope", r.backInScope)
        list("needs attention", "needs attention", r.attention)
        for next in d.next { lines.append("  next PR: \(next.file) PR \(next.number) — \(next.title) (~\(next.estimate) lines)") }
        return lines.joined(separator: "\n")
    }
}

/// What `plan` (on an existing plan), `update` and `status` share: scan, plan afresh, merge.
struct PlanSession {
    let request: PlanRequest
    init(_ request: PlanRequest) { self.request = request }

    var directory: String { request.directory }

    /// Where the merge inputs of this plan directory's settled files are remembered: in the cache
    /// folder, by the directory's absolute path (nil without a cache). The entries are hashes of
    /// everything a file's merge reads, the tool's build included, so a stale or foreign entry
    /// simply matches nothing.
    var settledPath: String? {
        guard !request.scan.noCache else { return nil }
        let base = request.scan.cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultDirectory()
        let plan = URL(fileURLWithPath: directory).standardizedFileURL.path
        return base.appendingPathComponent("settled-v1").appendingPathComponent(ContentHash(plan).description).path
    }

    func readSettled() -> Set<String> {
        guard let path = settledPath, let data = FileManager.default.contents(atPath: path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Best effort: a run that cannot write it merges every file next time.
    func writeSettled(_ settled: Set<String>, previous: Set<String>) {
        guard let path = settledPath, settled != previous else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? AtomicFile.write(settled.sorted().joined(separator: "\n"), to: path)
    }

    /// Scans, plans afresh and merges with the plan on disk; nothing is written here.
    func compute(settled: Set<String>, warnings: inout [String]) throws -> (result: UpdateResult, files: [String: String]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw PlanWriteError(path: directory, reason: "no plan here; run `viper-planner plan` first (or pass --dir)")
        }
        let scan = request.scan
        var configuration = try scan.loadConfiguration()
        // The plan keeps the style it was made with (`.state.json`), whatever the configuration says now.
        let statePath = (directory as NSString).appendingPathComponent(".state.json")
        if let data = FileManager.default.contents(atPath: statePath), let style = PlanState.recordedStyle(String(decoding: data, as: UTF8.self)) {
            configuration.target = style
        }
        let renderer = try PlanRenderer(overrides: Commands.loadTemplates(request, configuration: configuration), prsWrittenOut: configuration.prsWrittenOut)
        let day = request.date ?? todayISODate()
        let git = GitCommit(scan.path)   // runs while the sources are scanned
        // The audit result (every file's facts, the index) is the largest thing a run holds: it
        // goes out of scope as soon as the plan and the structure facts are made from it.
        let (files, unreadable) = try PlanReader.read(directory)
        let (fresh, structure, commit, scope, contexts) = try { () throws -> (Plan, StructureFacts, String?, PlanScanScope, [String: String]) in
            let audit = try Auditor.audit(root: scan.path, configuration: configuration, jobs: scan.jobCount,
                                          cache: scan.factCache(configuration))
            try scan.check(audit.scope, warnings: &warnings)
            if !scan.quiet { warnings += audit.warnings.map(\.description) }
            let commit = git.wait()
            let scope = PlanScanScope(audit, configuration: configuration)
            // The findings a task of the plan holds are planned in it again; new ones alone.
            var plan = Planner.plan(audit, configuration: configuration, date: day, scanCommit: commit, grouping: .tracked(PlanGroups.holders(files)))
            plan.scope = scope.current
            return (plan, StructureFacts(audit), commit, scope, Updater.contextsOfFinishedFeatures(files: files, fresh: plan, audit: audit))
        }()
        returnFreedMemory()
        var input = UpdateInput(files: files, unreadable: unreadable, fresh: fresh, freshFiles: [:],
                                structure: structure, date: day, commit: commit, noTouch: request.noTouch)
        input.renderFresh = true   // one fresh file in memory at a time
        input.contexts = contexts
        input.scope = scope.facts(root: scan.path, files: files)
        if settledPath != nil {
            input.settledSalt = ToolInfo.buildIdentity
            input.settled = settled
        }
        return (Updater.update(input, renderer: renderer), files)
    }
}
