import ArgumentParser
import Foundation
import ViperPlannerKit

extension TargetStyle: ExpressibleByArgument {}

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

    @OptionGroup var strictOption: StrictOption

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Folder with readme.md, feature.md, cross-cutting.md, discovered.md, pr-slice.md overriding the built-in templates.",
            completion: .directory)
    var templates: String?

    @Option(help: "The date written in the plan, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    @Option(help: "The module style the plan aims for: uikit (classic VIPER) or swiftui (Swift 6 + SwiftUI); overrides `target:` of the configuration. An existing plan keeps the style it was made with.")
    var target: TargetStyle?

    func validate() throws {
        if let date, !isISODate(date) { throw ValidationError("--date must look like 2026-11-21 (got '\(date)').") }
    }

    func run() throws {
        var request = PlanRequest(scan: scan.request(cacheOptions, strict: strictOption), dir: dir, templates: templates, date: date)
        request.scan.target = target
        let outcome: PlanOutcome
        do { outcome = try Commands.plan(request) } catch { fail(error) }
        for warning in outcome.output.warnings { warn(warning) }
        for line in outcome.output.lines { print(line) }
    }
}
