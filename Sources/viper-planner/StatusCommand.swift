import ArgumentParser
import Foundation
import ViperPlannerKit

extension StatusFormat: ExpressibleByArgument {}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Compare the plan with a fresh scan and print the summary `update` would write (writes nothing).",
        discussion: "Exit codes: 0 success; 1 a runtime error; 64 bad arguments.")

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @OptionGroup var strictOption: StrictOption

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Output format: text, json or markdown.")
    var format: StatusFormat = .text

    func run() throws {
        let status: (report: String, warnings: [String])
        do { status = try Commands.status(PlanRequest(scan: scan.request(cacheOptions, strict: strictOption), dir: dir), format: format) }
        catch { fail(error) }
        for warning in status.warnings { warn(warning) }
        print(status.report, terminator: "")
    }
}
