import Testing
@testable import ViperPlannerKit

/// Runs every rule's corrections: each of its findings in `before` is rewritten, and the files
/// must read exactly as `after`, parse, and audit again without that rule's findings and without
/// any finding that was not there before; or the rewrite is refused with the expected reason.
struct RuleCorrectionTests {
    static let ruleIDs = RuleRegistry.all.filter { !$0.corrections.isEmpty }.map { $0.description.id }

    @Test("Every rule that rewrites has corrections, and only those")
    func rewritingRulesShowTheirRewrite() {
        let rewriting = Set(RuleRegistry.rewrites.keys)
        #expect(Set(Self.ruleIDs) == rewriting)
        #expect(rewriting == ["strong-self-in-stored-closure", "strong-self-in-async-callback", "ui-off-main-thread",
                              "strong-delegate", "strong-back-reference", "force-unwrapped-dependency", "weak-protocol-not-class-bound", "observer-not-removed"])
    }

    @Test("Corrections rewrite exactly as shown", arguments: ruleIDs)
    func corrections(ruleID: String) throws {
        let rule = try #require(RuleRegistry.all.first { $0.description.id == ruleID })
        for (n, correction) in rule.corrections.enumerated() {
            let files = [("Example.swift", correction.before)] + correction.support.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let result = Auditor.audit(sources: files)
            let findings = result.findings.filter { $0.rule == ruleID }
            #expect(!findings.isEmpty, "\(ruleID) correction \(n): no finding to rewrite")
            let contents = Dictionary(files.map { ($0.0, Array($0.1.utf8)) }, uniquingKeysWith: { a, _ in a })
            let context = RewriteContext(index: result.index) { contents[$0] }
            switch context.rewrite(findings.map { ("C\(n)", $0) }) {
            case .failure(let refusal):
                let reasons = refusal.reasons.joined(separator: "\n")
                #expect(correction.refusal.map(reasons.contains) == true, "\(ruleID) correction \(n) refused: \(reasons)")
            case .success(let changed):
                #expect(correction.refusal == nil, "\(ruleID) correction \(n) was not refused")
                var after = Dictionary(files.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
                for file in changed { after[file.path] = String(decoding: file.new, as: UTF8.self) }
                #expect(after["Example.swift"] == correction.after, "\(ruleID) correction \(n):\n\(after["Example.swift"] ?? "")")
                for (path, text) in correction.supportAfter { #expect(after[path] == text, "\(ruleID) correction \(n): \(path)") }
                for file in changed { #expect(SourceText.parses(file.new), "\(ruleID) correction \(n): \(file.path) does not parse") }
                let again = Auditor.audit(sources: after.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                #expect(again.findings.filter { $0.rule == ruleID }.isEmpty, "\(ruleID) correction \(n): still found after the rewrite")
                let before = Set(result.findings.map(\.fingerprint))
                let new = again.findings.filter { !before.contains($0.fingerprint) }
                #expect(new.isEmpty, "\(ruleID) correction \(n): new findings \(new.map { "\($0.rule) \($0.line)" })")
            }
        }
    }

    @Test("Edits that overlap are refused; insertions at one place keep their order")
    func overlappingEdits() {
        let bytes = Array("let a = 1\n".utf8)
        #expect(SourceEdit.apply([SourceEdit(offset: 4, length: 1, text: "b"), SourceEdit(offset: 4, length: 2, text: "c")], to: bytes) == nil)
        let ordered = SourceEdit.apply([SourceEdit(offset: 0, text: "B", order: 2), SourceEdit(offset: 0, text: "A", order: 1)], to: bytes)
        #expect(ordered.map { String(decoding: $0, as: UTF8.self) } == "ABlet a = 1\n")
    }

    @Test("A unified diff gives hunks with three lines of context, and `git apply` form")
    func unifiedDiff() {
        let old = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 2\n", with: "line 2\nadded\n").replacingOccurrences(of: "line 11\n", with: "")
        #expect(UnifiedDiff.diff(path: "A.swift", old: old, new: new) == """
        --- a/A.swift
        +++ b/A.swift
        @@ -1,5 +1,6 @@
         line 1
         line 2
        +added
         line 3
         line 4
         line 5
        @@ -8,5 +9,4 @@
         line 8
         line 9
         line 10
        -line 11
         line 12

        """)
        #expect(UnifiedDiff.diff(path: "A.swift", old: "a", new: "b") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n")
        #expect(UnifiedDiff.diff(path: "A.swift", old: old, new: old).isEmpty)
    }
}
