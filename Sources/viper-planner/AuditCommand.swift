import ArgumentParser
import Foundation
import ViperPlannerKit
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

extension OutputFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scan the sources and report findings (writes nothing unless --output is given).",
        discussion: """
        Exit codes: 0 success; 2 a finding at or above --fail-on exists; 1 a runtime error \
        (the message names the file and the reason); 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @Option(help: "Report format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file instead of standard output.", completion: .file())
    var output: String?

    @OptionGroup var cacheOptions: CacheOptions

    @Flag(help: .hidden)
    var timings = false

    @Option(name: .customLong("fail-on"), help: "Exit 2 when a finding at or above this severity exists: critical, high or medium.")
    var failOn: Severity?

    @Flag(name: .customLong("new-only"), help: "Report only findings the plan does not know yet (by fingerprint); for CI with --fail-on.")
    var newOnly = false

    @Option(help: "Plan directory for --new-only (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    func run() throws {
        Teardown.skipAtExit = true
        let configuration: Configuration
        do { configuration = try scan.loadConfiguration() } catch { fail("\(error)") }
        var known: Set<String> = []
        if newOnly {
            let directory = dir ?? (scan.path as NSString).appendingPathComponent("refactoring")
            guard FileManager.default.fileExists(atPath: directory) else { fail("\(directory): no plan here; --new-only compares with a plan (run `viper-planner plan` first)") }
            let files: [String: String]
            do { files = try PlanReader.read(directory).files } catch { fail("\(error)") }
            known = PlanKnowledge.fingerprints(files)
        }
        let color = format == .text && output == nil && !scan.noColor
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0
        let outcome: ReportOutcome
        do {
            let cache = cacheOptions.factCache(configuration)
            outcome = try Auditor.report(root: scan.path, configuration: configuration, jobs: scan.jobs ?? defaultJobCount,
                                         cache: cache, format: format,
                                         options: ReportOptions(color: color, displayRoot: scan.path), excluding: known)
        } catch { fail("\(error)") }
        if !scan.quiet { for warning in outcome.report.warnings { warn(warning) } }
        let report = outcome.report.report
        if timings {
            for timing in outcome.timings {
                warn(timing.stage.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%7.3f s", timing.seconds))
            }
            warn(outcome.fromReportCache ? "report cache hit: nothing changed"
                 : "cache hits: \(outcome.cacheHits) of \(outcome.files) files")
        }
        // The report's bytes are written in place: a large JSON report is not copied once more.
        var text = report
        text.withUTF8 { bytes in
            let data = bytes.isEmpty ? Data() : Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!),
                                                    count: bytes.count, deallocator: .none)
            if let output {
                do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) }
                catch { fail("\(output): cannot write the report (\(error.localizedDescription))") }
            } else {
                FileHandle.standardOutput.write(data)
            }
        }
        if let failOn, outcome.report.severities.contains(where: { $0.meets(failOn) }) {
            throw ExitCode(2)
        }
    }
}

/// The benchmark floor: parse every file with SwiftParser and nothing else, on the same threads.
struct ParseOnly: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse-only", abstract: "Parse the sources with SwiftParser only (benchmark baseline).",
        shouldDisplay: false)

    @OptionGroup var scan: ScanOptions

    @Flag(help: .hidden)
    var unguarded = false

    func run() throws {
        let configuration: Configuration
        do { configuration = try scan.loadConfiguration() } catch { fail("\(error)") }
        let discovered: DiscoveryResult
        do { discovered = try Discovery.discover(root: scan.path, configuration: configuration) } catch { fail("\(error)") }
        let sources = discovered.sources
        let unguarded = unguarded
        let start = Date()
        let sizes = parallelMap(count: sources.count, jobs: scan.jobs ?? defaultJobCount) { i -> (bytes: Int, lines: Int) in
            // `--unguarded` parses every readable file, nested too deep or not: it measures the parser alone.
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
        print(String(format: "parsed %d files, %d lines, %.1f MB in %.2f s (%.1f MB/s)", sources.count, lines, mb, seconds,
                     mb / max(seconds, 0.001)))
    }
}

/// The tool version plus the size and modification time of this executable, so that a rebuilt
/// binary (new fact extraction, same version number) never reuses its predecessor's facts.
var buildIdentity: String {
    var identity = ToolInfo.version
    if let executable = Bundle.main.executablePath,
       let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        identity += "+\(size)-\(modified)"
    }
    return identity
}
