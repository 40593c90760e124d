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

    @Flag(help: "Print only the worst-screens table, its order and the totals (text format).")
    var summary = false

    @Option(help: "Report only findings whose fingerprint is not in this baseline file (written by --write-baseline); for CI with --fail-on, no plan needed.",
            completion: .file())
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write the fingerprints of every current finding to this file (JSON), for --baseline.",
            completion: .file())
    var writeBaseline: String?

    @OptionGroup var strictOption: StrictOption

    /// The build-tool plugin's declared output (`AuditRequest.stamp`).
    @Option(help: .hidden, completion: .file())
    var stamp: String?

    func validate() throws {
        if summary && format != .text { throw ValidationError(Commands.summaryFormatError + ".") }
        if writeBaseline != nil, baseline != nil || newOnly {
            throw ValidationError("--write-baseline records every current finding; use it without --baseline and --new-only.")
        }
    }

    func run() throws {
        Teardown.skipAtExit = true
        let color = format == .text && output == nil && !scan.noColor
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0
        var request = AuditRequest(scan: scan.request(cacheOptions, strict: strictOption), format: format, output: output, failOn: failOn,
                                   newOnly: newOnly, dir: dir, color: color, timings: timings, stamp: stamp,
                                   baseline: baseline, writeBaseline: writeBaseline)
        request.summary = summary
        let outcome: AuditOutcome
        do { outcome = try Commands.audit(request) } catch { fail(error) }
        for warning in outcome.warnings { warn(warning) }
        if var report = outcome.report {
            // Written from the report's own bytes: a large JSON report is not copied once more.
            report.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
            }
        }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
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
        let request = scan.announce(ScanRequest(path: scan.path, config: scan.config, jobs: scan.jobs))
        do { print(try Commands.parseOnly(request, unguarded: unguarded)) }
        catch { fail(error) }
    }
}
