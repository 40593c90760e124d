import Foundation

/// `viper-planner audit`: everything but argument parsing and printing.
public struct AuditRequest: Sendable {
    public var scan: ScanRequest
    public var format: OutputFormat
    /// Write the report to this file (atomically) instead of returning it.
    public var output: String?
    public var failOn: Severity?
    /// Leave out the findings the plan in `dir` (default `PATH/refactoring`) already knows.
    public var newOnly: Bool
    public var dir: String?
    public var color: Bool
    /// Add each stage's time to the warnings.
    public var timings: Bool
    /// A file to write once the audit has run: the output a build step declares (the build-tool
    /// plugin), since a build system runs a step again until the files it declares exist. A Swift
    /// comment, so that the target it is compiled into gains nothing.
    public var stamp: String?
    /// `--summary`: the text report's worst-screens table, order line and totals only.
    public var summary = false
    /// Leave out the findings whose fingerprints this baseline file holds (`--baseline`).
    public var baseline: String?
    /// Write the fingerprints of every current finding to this file (`--write-baseline`).
    public var writeBaseline: String?

    public init(scan: ScanRequest, format: OutputFormat = .text, output: String? = nil, failOn: Severity? = nil,
                newOnly: Bool = false, dir: String? = nil, color: Bool = false, timings: Bool = false, stamp: String? = nil,
                baseline: String? = nil, writeBaseline: String? = nil) {
        self.scan = scan; self.format = format; self.output = output; self.failOn = failOn
        self.newOnly = newOnly; self.dir = dir; self.color = color; self.timings = timings; self.stamp = stamp
        self.baseline = baseline; self.writeBaseline = writeBaseline
    }
}

public struct AuditOutcome: Sendable {
    /// The report, when it is not written to `output`.
    public var report: String?
    public var warnings: [String]
    /// 0, or 2 when a finding at or above `failOn` exists.
    public var exitCode: Int32
}

public enum Commands {
    /// `--summary` shapes the text report only; other formats are read by tools, which want all of it.
    public static let summaryFormatError = "--summary applies to --format text only"

    public static func audit(_ request: AuditRequest) throws -> AuditOutcome {
        if request.summary && request.format != .text { throw CommandError(summaryFormatError) }
        let configuration = try request.scan.loadConfiguration()
        let known = try knownFingerprints(request)
        // `--fail-on` on the command line, else `fail_on:` of the configuration.
        let failOn = request.failOn ?? configuration.failOn
        let outcome = try Auditor.report(root: request.scan.path, configuration: configuration, jobs: request.scan.jobCount,
                                         cache: request.scan.factCache(configuration), format: request.format,
                                         options: ReportOptions(color: request.color, displayRoot: request.scan.path, errorsFrom: failOn,
                                                                summaryOnly: request.summary, xcodeLevels: configuration.xcodeSeverity),
                                         excluding: known, keepFindings: request.writeBaseline != nil)
        var warnings: [String] = []
        try request.scan.check(outcome.scope, warnings: &warnings)
        if !request.scan.quiet { warnings += outcome.report.warnings }
        if request.timings {
            warnings += outcome.timings.map { $0.stage.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%7.3f s", $0.seconds) }
            warnings.append(outcome.fromReportCache ? "report cache hit: nothing changed" : "cache hits: \(outcome.cacheHits) of \(outcome.files) files")
        }
        var report: String? = outcome.report.report
        if let output = request.output {
            // Written from the report's own bytes: a large JSON report is not copied once more.
            var text = outcome.report.report
            try writing(output, "the report") { try text.withUTF8 { try AtomicFile.write(parts: [UnsafeRawBufferPointer($0)], to: output) } }
            report = nil
        }
        if let path = request.writeBaseline {
            try writing(path, "the baseline") { try AtomicFile.write(Baseline.render(outcome.findings ?? []), to: path) }
        }
        if let stamp = request.stamp {
            try writing(stamp, "the stamp file") {
                try AtomicFile.write("// viper-planner audit ran on this target; its findings are the build's warnings.\n", to: stamp, durable: false)
            }
        }
        let failed = failOn.map { failOn in outcome.report.severities.contains { $0.meets(failOn) } } ?? false
        return AuditOutcome(report: report, warnings: warnings, exitCode: failed ? 2 : 0)
    }

    /// The fingerprints to leave out: the plan's (`--new-only`) and the baseline's (`--baseline`).
    static func knownFingerprints(_ request: AuditRequest) throws -> Set<String> {
        var known: Set<String> = []
        if request.newOnly {
            let directory = request.scan.planDirectory(request.dir)
            guard FileManager.default.fileExists(atPath: directory) else {
                throw CommandError("\(directory): no plan here; --new-only compares with a plan (run `viper-planner plan` first)")
            }
            known = PlanKnowledge.fingerprints(try PlanReader.read(directory).files)
        }
        if let baseline = request.baseline { known.formUnion(try Baseline.fingerprints(atPath: baseline)) }
        return known
    }

    /// Runs one write of the command, its failure as one line naming the file and what it is.
    static func writing(_ path: String, _ what: String, _ write: () throws -> Void) throws {
        do { try write() } catch {
            throw CommandError("\(path): cannot write \(what) (\((error as? AtomicFile.WriteError)?.reason ?? "\(error)"))")
        }
    }

    /// `viper-planner audt path`: the first argument is taken for a mistyped command — rather than
    /// the folder to audit, `audit` being the default command — when it is no existing path, has
    /// no `/` (a path then, even a missing one) and is within `DidYouMean.maxDistance` of a
    /// command's name. The one-line error, or nil.
    public static func mistypedCommand(_ word: String, commands: [String], suggesting shown: [String]) -> String? {
        guard !word.hasPrefix("-"), !word.contains("/"), !commands.contains(word), FileIO.kind(word) == nil,
              let near = DidYouMean.nearest(to: word, in: shown) else { return nil }
        return "unknown command '\(word)' (did you mean '\(near)'?)"
    }

    /// The benchmark floor: every file parsed with SwiftParser and nothing else, on the same threads.
    /// `unguarded` parses every readable file, nested too deep or not: it measures the parser alone.
    public static func parseOnly(_ scan: ScanRequest, unguarded: Bool = false) throws -> String {
        let configuration = try scan.loadConfiguration()
        let sources = try Discovery.discover(root: scan.path, configuration: configuration).sources
        let start = Date()
        let sizes = parallelMap(count: sources.count, jobs: scan.jobCount) { i -> (bytes: Int, lines: Int) in
            let loaded = unguarded
                ? FileManager.default.contents(atPath: sources[i].absolutePath).map { SourceLoader.Outcome.source(Array($0)) } ?? .skipped("unreadable")
                : SourceLoader.load(sources[i], maxBytes: configuration.maxFileBytes)
            guard case .source(let bytes) = loaded, unguarded || SourceLoader.unparseable(bytes) == nil else { return (0, 0) }
            _ = FileParser.parseOnly(bytes: bytes)
            return (bytes.count, bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 })   // lines as `wc -l` counts them
        }
        let seconds = Date().timeIntervalSince(start)
        let mb = Double(sizes.reduce(0) { $0 + $1.bytes }) / 1_048_576
        let lines = sizes.reduce(0) { $0 + $1.lines }
        return String(format: "parsed %d files, %d lines, %.1f MB in %.2f s (%.1f MB/s)", sources.count, lines, mb, seconds,
                      mb / max(seconds, 0.001))
    }
}
