import ArgumentParser
import Foundation
import ViperPlannerKit

struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Rescan and update an existing refactoring/ plan: tick what is fixed, reopen what came back, file new findings in discovered.md.",
        discussion: """
        Everything people wrote (PR links, owners, notes, their own tasks, moved tasks) is kept byte for \
        byte; tool-owned fields are merged three-way against .state.json. A task whose file left the \
        configuration's scope (excluded:, included:, analysis_excluded:, platforms:) is marked out of \
        scope, not ticked, and counted in no total. Exit codes: 0 success; 1 a \
        runtime error (another run holds refactoring/.lock, a write failed); 2 with --check, the plan \
        is stale; 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @OptionGroup var strictOption: StrictOption

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Folder of templates overriding the built-ins (as for `plan`).", completion: .directory)
    var templates: String?

    @Option(help: "The date written in the plan, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    @Flag(help: "Print what would change (each task it would tick, reopen, add or move out of scope) and write nothing.")
    var dryRun = false

    @Flag(help: "When nothing else changed, keep \"Last Updated\" too: the plan stays byte-identical.")
    var noTouch = false

    @Flag(help: "Write nothing; exit 2 when the plan is stale (an update would change a file other than its date), for CI.")
    var check = false

    func validate() throws {
        if let date, !isISODate(date) { throw ValidationError("--date must look like 2026-11-21 (got '\(date)').") }
    }

    func run() throws {
        // `--check` is a dry run that ignores the date alone: a plan is stale when a scan would
        // change what it says, not because a day has passed.
        let request = PlanRequest(scan: scan.request(cacheOptions, strict: strictOption), dir: dir, templates: templates, date: date,
                                  dryRun: dryRun || check, noTouch: noTouch || check)
        let outcome: PlanOutcome
        do { outcome = try Commands.update(request) } catch { fail(error) }
        for warning in outcome.output.warnings { warn(warning) }
        for line in outcome.output.lines { print(line) }
        if check, let update = outcome.update, !update.files.isEmpty {
            warn("the plan is stale: run `viper-planner update` and commit refactoring/")
            throw ExitCode(2)
        }
    }
}
