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
}
