import ArgumentParser
import Foundation
import ViperPlannerKit

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Write a planned Critical-safety PR into the sources: `[weak self]`, `weak` delegates, main-queue view updates.",
        discussion: """
        Rescans PATH, finds the findings of the PR's tasks and rewrites only the code they point at \
        (formatting and comments kept). A PR with a task no rule can rewrite safely (code that moves \
        into new types, a fix that needs judgement, a closure that returns a value) is refused with \
        each task's reason, and nothing is written. Run `viper-planner update` afterwards: it ticks \
        and verifies the PR's tasks. Exit codes: 0 applied, or nothing left to apply; 1 refused or a \
        runtime error; 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: ArgumentHelp("The PR: a feature file (or its title) and the PR number, e.g. `cart:1`.", valueName: "feature:n"))
    var pr: String

    @Flag(help: "Print the change as a unified diff (`git apply` reads it) and write nothing.")
    var patch = false

    func run() throws {
        let request = ApplyRequest(scan: scan.request(cacheOptions), dir: dir, pr: pr, patch: patch)
        let outcome: ApplyOutcome
        do { outcome = try Commands.apply(request) } catch { fail(error) }
        emit(patch: patch ? outcome.patch : nil, output: outcome.output, quiet: scan.quiet)
    }
}
