/// What `Auditor.report` did: the report, and where it came from.
public struct ReportOutcome: Sendable {
    public var report: CachedReport
    /// The project was unchanged since the stored report: nothing was parsed or analysed.
    public var fromReportCache: Bool
    /// Files whose facts came from the cache (when the report was not reused).
    public var cacheHits: Int
    public var files: Int
    public var timings: [StageTiming]
    /// The files in scope and the configuration's problems.
    public var scope: ScanScope
    /// Every finding before `known` ones are left out, when asked for (`keepFindings`).
    public var findings: [Finding]?
}

extension Auditor {
    /// The command line's audit: load (and hash) every file; if nothing changed since a stored
    /// report, that report; else facts (cached per file), analysis and rendering, then store.
    public static func report(root: String, configuration: Configuration, jobs: Int = defaultJobCount,
                              cache: FactCache?, format: OutputFormat, options: ReportOptions,
                              excluding known: Set<String> = [], keepFindings: Bool = false) throws -> ReportOutcome {
        let project = try load(root: root, configuration: configuration, jobs: jobs, cache: cache)
        let scope = ScanScope(configuration: configuration, discovered: project.discovered)
        // `--new-only`: findings the plan already knows are left out, and the stored report is
        // only reused for the same set of known fingerprints.
        let knownKey = known.isEmpty ? "" : FindingFingerprint.make(rule: "known", type: known.sorted().joined(separator: ","), member: nil, discriminator: "")
        let xcodeLevels = Severity.allCases.map { options.xcodeLevel($0).rawValue }.joined(separator: ",")
        let rendering = "\(format.rawValue)\u{1F}\(options.color)\u{1F}\(options.displayRoot)\u{1F}\(knownKey)\u{1F}\(options.errorsFrom?.rawValue ?? "")\u{1F}\(xcodeLevels)\u{1F}\(options.summaryOnly)"
        var clock = StageClock()
        let digest = cache?.reportDigest(project, rendering: rendering)
        // A stored report has no findings to hand out: `keepFindings` (`--write-baseline`) analyses.
        if !keepFindings, let cache, let digest, let stored = cache.loadReport(root: root, rendering: rendering, digest: digest) {
            clock.lap("report cache")
            return ReportOutcome(report: stored, fromReportCache: true, cacheHits: project.files.count,
                                 files: project.files.count, timings: project.timings + clock.laps, scope: scope)
        }
        if !keepFindings, let cache, let digest,
           let stored = reportWithUnchangedFacts(project, configuration: configuration, jobs: jobs, cache: cache,
                                                 root: root, rendering: rendering, digest: digest) {
            clock.lap("report cache (facts unchanged)")
            return ReportOutcome(report: stored, fromReportCache: true, cacheHits: project.files.count,
                                 files: project.files.count, timings: project.timings + clock.laps, scope: scope)
        }
        let keys = project.files.map(FactCache.reportKey)
        let discovered = project.discovered
        let context = cache?.reportContext(project, rendering: rendering) ?? ""
        var result = analyse(project, configuration: configuration, jobs: jobs, cache: cache, planning: false)
        let allFindings = keepFindings ? result.findings : nil
        if !known.isEmpty { result.findings.removeAll { known.contains($0.fingerprint) } }
        clock = StageClock()
        let rendered = Reporter.render(result, format: format, options: options)
        clock.lap("render")
        let severities = Severity.allCases.filter { severity in result.findings.contains { $0.severity == severity } }
        let report = CachedReport(report: rendered, warnings: result.warnings.map(\.description), severities: severities)
        if let cache, let digest, !result.changedDuringRun, !result.parseTimedOut {
            cache.storeReport(report, root: root, rendering: rendering, digest: digest)
            storeBasis(result, keys: keys, project: discovered, context: context, cache: cache, root: root, rendering: rendering, digest: digest)
        }
        Teardown.keep(result)
        return ReportOutcome(report: report, fromReportCache: false, cacheHits: result.cacheHits, files: result.files.count,
                             timings: result.timings + clock.laps, scope: scope, findings: allFindings)
    }
}

/// A command-line run ends right after its report: freeing millions of small fact values one by
/// one costs ~2% of a cold audit and frees nothing anyone uses (compilers skip it the same way).
/// Only the command-line tool turns this on; library users and tests get normal lifetimes.
public enum Teardown {
    nonisolated(unsafe) public static var skipAtExit = false
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` alive until the process exits when `skipAtExit` is on (main thread only).
    static func keep(_ value: Any) { if skipAtExit { kept.append(value) } }
}
