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

    @Option(name: .customLong("fail-on"), help: "Exit 2 when a finding at or above this severity exists: critical, high or medium.")
    var failOn: Severity?

    @Flag(name: .customLong("new-only"), help: "Report only findings the plan does not know yet (by fingerprint); for CI with --fail-on.")
    var newOnly = false

    @Option(help: "Plan directory for --new-only (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    func run() throws {
        let configuration: Configuration
        do { configuration = try scan.loadConfiguration() } catch { fail("\(error)") }
        var result: AuditResult
        do {
            result = try Auditor.audit(root: scan.path, configuration: configuration, jobs: scan.jobs ?? defaultJobCount)
        } catch { fail("\(error)") }
        if newOnly {
            let directory = dir ?? (scan.path as NSString).appendingPathComponent("refactoring")
            guard FileManager.default.fileExists(atPath: directory) else { fail("\(directory): no plan here; --new-only compares with a plan (run `viper-planner plan` first)") }
            let files: [String: String]
            do { files = try PlanReader.read(directory).files } catch { fail("\(error)") }
            let known = PlanKnowledge.fingerprints(files)
            result.findings.removeAll { known.contains($0.fingerprint) }
        }
        if !scan.quiet { for warning in result.warnings { warn(warning.description) } }
        let color = format == .text && output == nil && !scan.noColor
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0
        let report = Reporter.render(result, format: format, options: ReportOptions(color: color, displayRoot: scan.path))
        if let output {
            do { try Data(report.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) }
            catch { fail("\(output): cannot write the report (\(error.localizedDescription))") }
        } else {
            FileHandle.standardOutput.write(Data(report.utf8))
        }
        if let failOn, result.findings.contains(where: { $0.severity.meets(failOn) }) {
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

    func run() throws {
        let configuration: Configuration
        do { configuration = try scan.loadConfiguration() } catch { fail("\(error)") }
        let discovered: DiscoveryResult
        do { discovered = try Discovery.discover(root: scan.path, configuration: configuration) } catch { fail("\(error)") }
        let sources = discovered.sources
        let start = Date()
        let sizes = parallelMap(count: sources.count, jobs: scan.jobs ?? defaultJobCount) { i -> Int in
            guard case .source(let bytes) = SourceLoader.load(sources[i], maxBytes: configuration.maxFileBytes) else { return 0 }
            _ = FileParser.parseOnly(bytes: bytes)
            return bytes.count
        }
        let seconds = Date().timeIntervalSince(start)
        let mb = Double(sizes.reduce(0, +)) / 1_048_576
        print(String(format: "parsed %d files, %.1f MB in %.2f s (%.1f MB/s)", sources.count, mb, seconds, mb / max(seconds, 0.001)))
    }
}
