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

        // The first two members' reads are gone: their tasks are done, and the fourth storage task
        // is now among the next PRs (after the one creating the interactor), so it is written out,
        // between Severity and Estimate.
        try box.editSource("Notes/NotesViewController.swift", "UserDefaults.standard.integer(forKey: \"loadA", "Int(\"loadA")
        try box.editSource("Notes/NotesViewController.swift", "UserDefaults.standard.integer(forKey: \"loadB", "Int(\"loadB")
        let result = try box.update(date: "2026-11-27")
        #expect(result.resolved.map(\.id) == ["I1", "I2"] && result.new.isEmpty)
        let updated = try box.read("notes.md")
        #expect(Self.fields("I4", in: updated) == ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate"])
        #expect(Edit.block("I4", in: updated).last?.hasPrefix("  - **Estimate**: ~118 changed lines: 108 (2 × 54 code lines of `loadD()` moved)") == true)
        #expect(Self.fields("B1", in: updated) == ["Location", "Severity", "Estimate"], "its PR is still a later one")
        #expect(!updated.contains("Tool suggests"))
    }

    /// `prs_written_out: all` writes every PR and task out for a lead's first review; set on a
    /// plan that outlined them, `update` writes them out and drops the header's outline note.
    @Test func everyPRIsWrittenOutWhenTheConfigurationAsks() throws {
        let box = try Sandbox(files: ["Notes/NotesViewController.swift": Self.screen])
        try box.makePlan(date: "2026-11-26")
        let outlined = try box.read("notes.md")
        #expect(outlined.components(separatedBy: "\n### PR ").count - 1 == 3)
        #expect(outlined.contains("`prs_written_out: all` in `.viper-planner.yml` writes every PR out now."))
        try box.addSource(".viper-planner.yml", "prs_written_out: all\n")
        try box.update(date: "2026-11-27")
        let all = try box.read("notes.md")
        let prs = all.components(separatedBy: "\n| ").filter { $0.first?.isNumber == true }.count
        #expect(prs == 9 && all.components(separatedBy: "\n### PR ").count - 1 == prs)
        #expect(!all.contains("Tasks that only later PRs move are outlined") && !all.contains("written out here when"))
        #expect(Self.fields("I4", in: all) == ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate"])
        let fresh = try Sandbox(files: ["Notes/NotesViewController.swift": Self.screen, ".viper-planner.yml": "prs_written_out: all\n"])
        try fresh.makePlan(date: "2026-11-26")
        // The same sections (the header's Last scan moved, and names another commit).
        func sections(_ text: String) -> Substring { text.range(of: "\n## ").map { text[$0.lowerBound...] } ?? "" }
        #expect(try sections(fresh.read("notes.md")) == sections(all) && !sections(all).isEmpty)
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

    /// A second screen of the feature whose PRs all come after the first screen's.
    static let detail = """
    import UIKit
    final class NotesDetailViewController: UIViewController {
        let dateLabel = UILabel()
        var created = Date()
        override func viewDidLoad() {
            super.viewDidLoad()
            let formatter = DateFormatter()
            formatter.dateStyle = .medium
            dateLabel.text = formatter.string(from: created)
        }
        @objc func showHistory() {
            navigationController?.pushViewController(NotesViewController(), animated: true)
        }
    }
    """

    static let detailHeading = "### NotesDetailViewController → NotesDetail module"

    static func section(_ text: String) -> String? {
        PlanMarkdown.moduleSections(text).first { $0.heading == detailHeading }?.text
    }

    /// A screen whose every PR is a later one has its Target module outlined; `update` writes its
    /// contract out when its first PR comes up, unless a person edited the section.
    @Test func aLaterScreensContractIsWrittenOutWhenItsPRComesUp() throws {
        let files = ["Notes/NotesViewController.swift": Self.screen, "Notes/NotesDetailViewController.swift": Self.detail]
        let box = try Sandbox(files: files)
        try box.makePlan(date: "2026-11-26")
        let outlined = try #require(Self.section(try box.read("notes.md")))
        #expect(outlined.hasSuffix("\n\nIts files and contract (1 view state and 1 route) are written out here when PR 8 is among the next 3 (`update`)."))
        #expect(!outlined.contains("Presenter outputs:"))
        #expect(try box.read("notes.md").contains("- `loadA()` — persistence (`UserDefaults`) — I1"), "the first screen's contract is written out")
        let state = try #require(PlanState.decode(try box.read(".state.json")))
        #expect(state.outlinedModules?["notes.md"]?.keys.sorted() == [Self.detailHeading])

        // Five of the first screen's six members no longer read settings: the second screen's PR is next but one.
        var code = Self.screen
        for member in ["loadA", "loadB", "loadC", "loadD", "loadE"] {
            code = code.replacingOccurrences(of: "UserDefaults.standard.integer(forKey: \"\(member)", with: "Int(\"\(member)")
        }
        try box.addSource("Notes/NotesViewController.swift", code)
        try box.update(date: "2026-11-27")
        let written = try #require(Self.section(try box.read("notes.md")))
        #expect(written.contains("\nPresenter outputs:\n- `displayState(_:)` — view state `NotesDetailViewState`, display-ready values built today in `viewDidLoad()`; a field for each value the screen shows from them: `dateText: String` (`dateLabel.text`) — P1\n"))
        #expect(written.contains("\nRouter routes:\n- `showNotes()` — builds `NotesViewController`\n"))
        #expect(!written.contains("Its files and contract") && written.contains("\nFiles to create in `Notes/`: `NotesDetail{"))
        #expect(try PlanState.decode(try box.read(".state.json"))?.outlinedModules == nil)

        // The same, with a person's line in the outlined section: it stays as they wrote it.
        let edited = try Sandbox(files: files)
        try edited.makePlan(date: "2026-11-26")
        let note = outlined + "\n\nAsk @lee before touching the date format."
        try edited.write("notes.md", try edited.read("notes.md").replacingOccurrences(of: outlined, with: note))
        try edited.addSource("Notes/NotesViewController.swift", code)
        try edited.update(date: "2026-11-27")
        #expect(Self.section(try edited.read("notes.md")) == note)
    }
}
