import Foundation
import Testing
@testable import ViperPlannerKit

/// A rule's id, wording and task live in the rule's file: code elsewhere names a rule through its
/// description (`VCGodRule.description.id`), so renaming a rule is one edit and a search for the
/// rule finds every place that depends on it.
struct RuleOwnershipTests {
    @Test("No rule id is written as a string literal outside Sources/ViperPlannerKit/Rules")
    func ruleIDsStayInTheirRules() throws {
        let sources = SampleGoldenTests.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.subpaths(atPath: sources.path)).filter {
            $0.hasSuffix(".swift") && !$0.hasPrefix("ViperPlannerKit/Rules/")
        }
        #expect(files.count > 100)
        let quoted = RuleRegistry.all.map { "\"\($0.description.id)\"" }
        var offenders: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for literal in quoted where line.contains(literal) { offenders.append("\(file):\(n + 1) \(literal)") }
            }
        }
        #expect(offenders == [])
    }
}
