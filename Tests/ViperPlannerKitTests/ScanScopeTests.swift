import Foundation
import Testing
@testable import ViperPlannerKit

/// What a scan checks before any finding: Swift files in scope, and configuration values that
/// name nothing (warnings, errors with `--strict`).
@Suite(.serialized) struct ScanScopeTests {
    let project: TemporaryProject

    init() throws {
        project = try TemporaryProject("scope")
        try project.write("App/Feed/FeedViewController.swift", "class FeedViewController: UIViewController {\n  var product: Product!\n}\n")
        try project.write("App/Generated/Strings.swift", "enum Strings {}\n")
        try project.write("App/Assets/logo.png", [0x89, 0x50])
        try project.write(".build/debug/Cache.swift", "enum Cache {}\n")
        try project.write("Pods/Lib/Lib.swift", "class Lib {}\n")
    }

    func audit(_ config: String?, strict: Bool = false, quiet: Bool = false) throws -> AuditOutcome {
        let path = project.root + "/.viper-planner.yml"
        try? FileManager.default.removeItem(atPath: path)
        if let config { try project.write(".viper-planner.yml", config) }
        return try Commands.audit(AuditRequest(scan: ScanRequest(path: project.root, quiet: quiet, noCache: true, strict: strict)))
    }

    func error(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    static let mistakes = """
        disabled_rules: [vc-sise, long-method, made-up]
        severity: { vc-godd: high, vc-size: high }
        included: [App, Nowhere/**]
        excluded: [App/Generated, Gone, .build, "**/*.png"]
        features: { Feed: ["App/Feed/**"], Checkout: ["App/Chekout/**", "App/Feed"] }
        """

    @Test func configurationValuesThatNameNothingAreOneWarningEach() throws {
        let file = project.root + "/.viper-planner.yml"
        let outcome = try audit(Self.mistakes)
        #expect(outcome.warnings == [
            "warning: \(file): disabled_rules: unknown rule 'vc-sise' (did you mean 'vc-size'?)",
            "warning: \(file): disabled_rules: unknown rule 'made-up'",
            "warning: \(file): severity: unknown rule 'vc-godd' (did you mean 'vc-god'?)",
            "warning: \(file): included: 'Nowhere/**' matches no Swift file",
            "warning: \(file): excluded: 'Gone' matches no file or folder",
            "warning: \(file): features.Checkout: 'App/Chekout/**' matches no Swift file",
        ])
        #expect(outcome.exitCode == 0 && outcome.report?.contains("force-unwrapped-dependency") == true)
        #expect(try audit(Self.mistakes, quiet: true).warnings.isEmpty)
        #expect(try audit("disabled_rules: [long-method]\nexcluded: [.build]\n").warnings.isEmpty)
    }

    @Test func strictMakesThemErrorsOneLineEach() throws {
        let file = project.root + "/.viper-planner.yml"
        #expect(error { try audit("disabled_rules: [vc-sise]\nexcluded: [Gone]\n", strict: true) } == """
            \(file): disabled_rules: unknown rule 'vc-sise' (did you mean 'vc-size'?)
            \(file): excluded: 'Gone' matches no file or folder
            """)
        #expect(try audit("disabled_rules: [vc-size]\n", strict: true).warnings.isEmpty)
        // Before anything is written: no plan.
        let plan = PlanRequest(scan: ScanRequest(path: project.root, noCache: true, strict: true), date: "2026-11-21")
        try project.write(".viper-planner.yml", "severity: { made-up: high }\n")
        #expect(error { try Commands.plan(plan) } == "\(file): severity: unknown rule 'made-up'")
        #expect(!FileManager.default.fileExists(atPath: project.root + "/refactoring"))
    }

    @Test func noSwiftFileInScopeIsAnError() throws {
        #expect(error { try audit("included: [Docs]\n") } == "no Swift files found under \(project.root) (after included/excluded)")
        #expect(error { try audit("excluded: [App, Pods]\n") } == "no Swift files found under \(project.root) (after included/excluded)")
        #expect(error { try audit("excluded: [App]\n") }
                == "no Swift files found under \(project.root) outside vendored folders (include_vendored: true audits them)")
        #expect(try audit("excluded: [App]\ninclude_vendored: true\n").exitCode == 0)
        try TemporaryFolder.with("no-swift") { root in
            try "# notes\n".write(toFile: root + "/README.md", atomically: true, encoding: .utf8)
            let scan = ScanRequest(path: root, noCache: true)
            #expect(error { try Commands.audit(AuditRequest(scan: scan)) } == "no Swift files found under \(root) (after included/excluded)")
            #expect(error { try Commands.plan(PlanRequest(scan: scan, date: "2026-11-21")) } == "no Swift files found under \(root) (after included/excluded)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["README.md"])
            // A `--dir` whose folder does not exist fails before the scan, not after the analysis.
            #expect(error { try Commands.plan(PlanRequest(scan: scan, dir: root + "/nowhere/refactoring", date: "2026-11-21")) }
                    == "\(root)/nowhere: the folder for the plan does not exist")
        }
    }

    @Test func theConfigurationFileIsNamedAsItIsFound() throws {
        #expect(ScanRequest(path: project.root).configurationFile == nil)
        try project.write(".viper-planner.yml", "appkit: false\n")
        #expect(ScanRequest(path: project.root).configurationFile == project.root + "/.viper-planner.yml")
        #expect(ScanRequest(path: project.root, config: "other.yml").configurationFile == "other.yml")
    }

    @Test func discoveryTellsWhichGlobsMatchedNothing() throws {
        var config = Configuration()
        config.included = ["App/**/*.swift", "Pods", "Docs/**"]
        config.excluded = ["**/*.png", ".build", "App/Generated", "Nothing/*.swift"]
        let discovered = try Discovery.discover(root: project.root, configuration: config)
        // Excluded files are still read (their types resolve calls), only flagged out of the report.
        #expect(discovered.sources.filter { !$0.isExcluded }.map(\.path) == ["App/Feed/FeedViewController.swift", "Pods/Lib/Lib.swift"])
        #expect(discovered.unmatchedIncluded == ["Docs/**"])
        #expect(discovered.unmatchedExcluded == ["Nothing/*.swift"])
    }
}
