import ArgumentParser
import Foundation
import ViperPlannerKit

struct ScaffoldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaffold",
        abstract: "Write the new module files of a feature's next PR from its plan: interactor, presenter, router, builder, services and tests.",
        discussion: """
        Rescans PATH and writes, next to each screen of the feature, the types the PR's row in \
        the PR Plan creates (its Creates column): by default the first PR not done that creates \
        one the sources lack, or the PR `--pr` names. Each role's file holds its protocols, with \
        the plan's use cases, view states, routes and services (behind their protocols where the \
        sources have them); unit tests with test doubles go to the project's test folder and \
        framework. A router or interactor that lands after the presenter is added to it. The \
        screen itself is not touched: the PR's moves are for a person. Never overwrites a file; \
        `--pr N` a second time, or a run when every PR's types are there, is a no-op. Exit codes: 0 written, or nothing to do; 1 a file or type already \
        exists, a PR it depends on is missing, or a runtime error; 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @Argument(help: "The feature: its plan file (`cart`, `cart.md`) or its title.")
    var feature: String

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "The module style: uikit or swiftui (default: the one the plan was made for).")
    var target: TargetStyle?

    @Option(help: "Folder with `uikit-*.mustache`/`swiftui-*.mustache` files overriding the built-in module templates.",
            completion: .directory)
    var templates: String?

    @Option(help: "The PR of the feature's PR Plan whose files to write (default: the next PR that creates any).")
    var pr: Int?

    @Flag(help: "Write every PR's files at once (a whole module skeleton, larger than one PR).")
    var all = false

    @Flag(help: "Print the new files as a patch (`git apply` reads it) and write nothing.")
    var patch = false

    func validate() throws {
        if all && pr != nil { throw ValidationError("--pr and --all name different things to write; give one") }
        if let pr, pr < 1 { throw ValidationError("--pr takes a PR number from the feature's PR Plan, 1 or more (got \(pr))") }
    }

    func run() throws {
        let request = ScaffoldRequest(scan: scan.request(cacheOptions), dir: dir, feature: feature, target: target,
                                      patch: patch, templates: templates, pr: pr, all: all)
        let outcome: ScaffoldOutcome
        do { outcome = try Commands.scaffold(request) } catch { fail(error) }
        emit(patch: patch ? outcome.patch : nil, output: outcome.output, quiet: scan.quiet)
    }
}
