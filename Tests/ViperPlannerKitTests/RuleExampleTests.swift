import Testing
@testable import ViperPlannerKit

/// Runs every rule's triggering and non-triggering examples (the SwiftLint pattern): a triggering
/// example must yield findings exactly at its `↓` markers, a non-triggering one none at all.
struct RuleExampleTests {
    static let ruleIDs = RuleRegistry.all.map { $0.description.id }

    @Test("Triggering examples fire exactly at their markers", arguments: ruleIDs)
    func triggering(ruleID: String) throws {
        let rule = try #require(RuleRegistry.description(of: ruleID))
        #expect(!rule.triggering.isEmpty, "every rule needs a triggering example")
        for (n, example) in rule.triggering.enumerated() {
            let (code, expected) = Self.stripMarkers(example.code)
            #expect(!expected.isEmpty, "triggering example \(n) of \(ruleID) has no ↓ marker")
            let result = Auditor.audit(sources: [(example.path, code)] + example.support.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                       configuration: example.configuration)
            let findings = result.findings.filter { $0.rule == ruleID }
            var actual: Set<SourcePosition> = []
            for f in findings where f.file == example.path {
                actual.insert(SourcePosition(line: f.line, column: f.column))
                for e in f.evidence where e.file == example.path { actual.insert(SourcePosition(line: e.line, column: e.column)) }
            }
            #expect(actual == expected, "\(ruleID) triggering example \(n): expected \(expected.sorted()), got \(actual.sorted())\n\(findings.map(\.message))")
            if let fix = example.fix {
                for f in findings where f.file == example.path {
                    #expect(f.fix == fix, "\(ruleID) triggering example \(n): fix of \(f.member ?? f.type)")
                }
            }
            if let severity = example.severity {
                for finding in findings { #expect(finding.severity == severity, "\(ruleID) triggering example \(n): severity") }
            }
        }
    }

    @Test("Non-triggering examples stay silent", arguments: ruleIDs)
    func nonTriggering(ruleID: String) throws {
        let rule = try #require(RuleRegistry.description(of: ruleID))
        #expect(!rule.nonTriggering.isEmpty, "every rule needs a non-triggering example")
        for (n, example) in rule.nonTriggering.enumerated() {
            let (code, markers) = Self.stripMarkers(example.code)
            #expect(markers.isEmpty)
            let result = Auditor.audit(sources: [(example.path, code)] + example.support.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                       configuration: example.configuration)
            let findings = result.findings.filter { $0.rule == ruleID }
            #expect(findings.isEmpty, "\(ruleID) non-triggering example \(n) fired: \(findings.map { "\($0.line):\($0.column) \($0.message)" })")
        }
    }

    @Test("Every rule has an id, a problem and a fix, and ids are unique")
    func metadata() {
        let ids = Self.ruleIDs
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.all.map({ $0.description }) {
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id) is not kebab-case")
            #expect(rule.problem.count > 80 && rule.fix.count > 30, "\(rule.id) needs a real problem and fix text")
        }
    }

    /// Removes `↓` and returns the 1-based line and UTF-8 column of the character after each.
    static func stripMarkers(_ code: String) -> (String, Set<SourcePosition>) {
        var output = "", positions: Set<SourcePosition> = []
        var line = 1, column = 1
        for character in code {
            if character == "↓" { positions.insert(SourcePosition(line: line, column: column)); continue }
            output.append(character)
            if character == "\n" { line += 1; column = 1 } else { column += character.utf8.count }
        }
        return (output, positions)
    }
}
