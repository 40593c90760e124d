import Foundation
import Testing
@testable import ViperPlannerKit

/// A feature file writes out the tasks of its next PRs in full and outlines the rest; `update`
/// writes a task out when its PR comes up, with its fields where the template puts them.
struct OutlinedTaskTests {
    /// Six members, each reading twenty-five settings: one storage task per member, seven PRs.
    static var screen: String {
        let members = ["loadA", "loadB", "loadC", "loadD", "loadE", "loadF"].map { name in
            let reads = (0..<25).map { "        let v\($0) = UserDefaults.standard.integer(forKey: \"\(name)\($0)\")\n        total += v\($0)" }
            return (["    func \(name)() {", "        var total = 0"] + reads + ["        label.text = \"\\(total)\"", "    }"]).joined(separator: "\n")
        }
        return """
        import UIKit
        final class NotesViewController: UIViewController {
            let label = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                loadA(); loadB(); loadC(); loadD(); loadE(); loadF()
            }
        \(members.joined(separator: "\n"))
        }
        """
    }

    static func fields(_ id: String, in text: String) -> [String] {
        Edit.block(id, in: text).compactMap { TaskBlock.fieldParts($0).map { String($0.name) } }
    }

    @Test func laterTasksAreOutlinedUntilTheirPRComesUp() throws {
        let box = try Sandbox(files: ["Notes/NotesViewController.swift": Self.screen])
        try box.makePlan(date: "2026-11-26")
        let plan = try box.read("notes.md")
        #expect(plan.contains("> Tasks that only later PRs move are outlined"))
        #expect(Self.fields("I1", in: plan) == ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate"])
        #expect(Self.fields("I4", in: plan) == ["Location", "Severity", "Estimate"])
        #expect(Edit.block("I4", in: plan).last == "  - **Estimate**: ~118 changed lines")

        // The first member's reads are gone: its task is done, and the fourth storage task is now
        // among the next PRs, so it is written out, between Severity and Estimate.
        try box.editSource("Notes/NotesViewController.swift", "UserDefaults.standard.integer(forKey: \"loadA", "Int(\"loadA")
        let result = try box.update(date: "2026-11-27")
        #expect(result.resolved.map(\.id) == ["I1"] && result.new.isEmpty)
        let updated = try box.read("notes.md")
        #expect(Self.fields("I4", in: updated) == ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate"])
        #expect(Edit.block("I4", in: updated).last?.hasPrefix("  - **Estimate**: ~118 changed lines: 108 (2 × 54 code lines of `loadD()` moved)") == true)
        #expect(Self.fields("B1", in: updated) == ["Location", "Severity", "Estimate"], "its PR is still a later one")
        #expect(!updated.contains("Tool suggests"))
    }

    @Test func aNewFindingIsWrittenOutInTheInbox() throws {
        let box = try Sandbox(files: ["Notes/NotesViewController.swift": Self.screen])
        try box.makePlan(date: "2026-11-26")
        try box.editSource("Notes/NotesViewController.swift", "        label.text = \"\\(total)\"\n    }\n}",
                           "        label.text = \"\\(total)\"\n    }\n    func loadG() { _ = UserDefaults.standard.integer(forKey: \"g\") }\n}")
        let result = try box.update(date: "2026-11-27")
        #expect(result.new.count == 1)
        let inbox = try box.read("discovered.md")
        let id = try #require(result.new.first?.id)
        #expect(Self.fields(id, in: inbox) == ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate", "Found during", "Assign to"])
    }
}
