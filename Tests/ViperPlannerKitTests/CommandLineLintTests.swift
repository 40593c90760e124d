import Foundation
import Testing
@testable import ViperPlannerKit

/// The lint features through the built `viper-planner`: exit codes, and what goes to standard
/// error (messages) and standard output (the report only).
@Suite(.serialized) struct CommandLineLintTests {
    let project: TemporaryProject

    init() throws {
        project = try TemporaryProject("cli-lint")
        try project.write("audt/FeedViewController.swift", "class FeedViewController: UIViewController {\n  var product: Product!\n}\n")
    }

    @Test func aMistypedCommandIsABadArgumentAndAnExistingFolderIsAudited() throws {
        let mistyped = try ToolProcess.run(["audt", project.root, "--no-cache"])
        #expect(mistyped.status == 64 && mistyped.stdout.isEmpty)
        #expect(mistyped.stderr == "error: unknown command 'audt' (did you mean 'audit'?)\n")
        // In the project folder `audt` is a folder: the default command audits it.
        let folder = try ToolProcess.run(["audt", "--no-cache", "--format", "json"], in: project.root)
        #expect(folder.status == 0 && folder.stderr.isEmpty, "\(folder.stderr)")
        #expect(try JSONReport(folder.stdout).typeNames == ["FeedViewController"])
    }

    @Test func rulesAndAnUnknownRule() throws {
        let list = try ToolProcess.run(["rules"])
        let expectedList = try Commands.rules(id: nil)
        #expect(list.status == 0 && list.stdout == expectedList)
        let one = try ToolProcess.run(["rules", "vc-god", "--format", "json"])
        let expectedOne = try Commands.rules(id: "vc-god", format: .json)
        #expect(one.status == 0 && one.stdout == expectedOne)
        let unknown = try ToolProcess.run(["rules", "vc-sise"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "error: unknown rule 'vc-sise' (did you mean 'vc-size'?)\n")
    }

    @Test func initWritesOnceThenRefuses() throws {
        let first = try ToolProcess.run(["init", project.root])
        let path = project.root + "/.viper-planner.yml"
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(first.stdout == "wrote \(path): every key commented out with its default; uncomment a line to change it\n")
        let again = try ToolProcess.run(["init"], in: project.root)
        #expect(again.status == 1 && again.stdout.isEmpty)
        #expect(again.stderr == "error: .viper-planner.yml: already exists; not overwritten (edit it, or remove it first)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Configuration.starterText)
    }

    /// The configuration is named once on standard error; standard output stays the JSON report.
    @Test func theConfigurationIsNamedOnStandardErrorOnly() throws {
        try project.write(".viper-planner.yml", "disabled_rules: [vc-sise]\n")
        let root = project.root + "/audt"
        try project.write("audt/.viper-planner.yml", "disabled_rules: [vc-sise]\n")
        let run = try ToolProcess.run(["audit", root, "--no-cache", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stderr == """
            Using configuration \(root)/.viper-planner.yml
            warning: \(root)/.viper-planner.yml: disabled_rules: unknown rule 'vc-sise' (did you mean 'vc-size'?)

            """)
        #expect(try JSONReport(run.stdout).files == 1)
        let quiet = try ToolProcess.run(["audit", root, "--no-cache", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let named = try ToolProcess.run(["audit", ".", "--no-cache", "--config", "../.viper-planner.yml"], in: root)
        #expect(named.stderr.hasPrefix("Using configuration ../.viper-planner.yml\nwarning: ../.viper-planner.yml: disabled_rules: "))
        let implicit = try ToolProcess.run(["audit", ".", "--no-cache"], in: root)
        #expect(implicit.stderr.hasPrefix("Using configuration .viper-planner.yml\nwarning: .viper-planner.yml: disabled_rules: "))
    }

    @Test func strictFailsTheScanningCommandsBeforeTheyWrite() throws {
        let root = project.root + "/audt"
        let error = "error: \(root)/.viper-planner.yml: excluded: 'Gone' matches no file or folder\n"
        try project.write("audt/.viper-planner.yml", "excluded: [Gone]\n")
        for command in ["audit", "plan"] {
            let run = try ToolProcess.run([command, root, "--no-cache", "--quiet", "--strict"])
            #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == error, "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/refactoring"))
        let plan = try ToolProcess.run(["plan", root, "--no-cache", "--quiet", "--date", "2026-11-21"])
        #expect(plan.status == 0 && plan.stderr.isEmpty, "\(plan.stderr)")
        let readme = try String(contentsOfFile: root + "/refactoring/README.md", encoding: .utf8)
        for command in ["status", "update"] {
            let run = try ToolProcess.run([command, root, "--no-cache", "--quiet", "--strict"])
            #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == error, "\(command): \(run.stderr)")
        }
        #expect(try String(contentsOfFile: root + "/refactoring/README.md", encoding: .utf8) == readme)
    }

    @Test func noSwiftFilesAndBaselineErrorsExitOne() throws {
        try project.write("Docs/README.md", "# notes\n")
        let empty = try ToolProcess.run(["audit", project.root + "/Docs", "--no-cache"])
        #expect(empty.status == 1 && empty.stdout.isEmpty)
        #expect(empty.stderr == "error: no Swift files found under \(project.root)/Docs (after included/excluded)\n")
        let missing = try ToolProcess.run(["audit", project.root, "--no-cache", "--baseline", project.root + "/none.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(project.root)/none.json: no such baseline file (write one with `audit --write-baseline`)\n")
        let both = try ToolProcess.run(["audit", project.root, "--baseline", "a.json", "--write-baseline", "b.json"])
        #expect(both.status == 64)
        let baseline = project.root + "/Docs/baseline.json"
        let write = try ToolProcess.run(["audit", project.root, "--no-cache", "--quiet", "--write-baseline", baseline, "--fail-on", "medium"])
        #expect(write.status == 2)
        let clean = try ToolProcess.run(["audit", project.root, "--no-cache", "--quiet", "--baseline", baseline, "--fail-on", "medium"])
        #expect(clean.status == 0, "\(clean.stdout)")
    }
}
