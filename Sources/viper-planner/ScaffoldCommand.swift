import ArgumentParser
import Foundation
import ViperPlannerKit

struct ScaffoldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaffold",
        abstract: "Write a feature's new module files from its plan: contract, interactor, presenter, router, builder and tests.",
        discussion: """
        Rescans PATH and writes, next to each screen of the feature, the files its plan's Target \
        module section lists, with the plan's use cases, view states, routes and services (behind \
        their protocols where the sources have them), and unit tests with test doubles in the \
        project's test folder and framework. The screen itself is not touched: the plan's PRs move \
        its code into the new types. Never overwrites a file; a second run is a no-op. Exit codes: \
        0 written, or nothing to do; 1 a file or type already exists, or a runtime error; 64 bad arguments.
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

    @Flag(help: "Print the new files as a patch (`git apply` reads it) and write nothing.")
    var patch = false

    func run() throws {
        let request = ScaffoldRequest(scan: scan.request(cacheOptions), dir: dir, feature: feature, target: target,
                                      patch: patch, templates: templates)
        let outcome: ScaffoldOutcome
        do { outcome = try Commands.scaffold(request) } catch { fail(error) }
        emit(patch: patch ? outcome.patch : nil, output: outcome.output, quiet: scan.quiet)
    }
}
