import Foundation
import Testing
@testable import ViperPlannerKit

/// What UIKit needs from a screen survives the plan: a member that must answer at once keeps
/// answering from the view state, and an action sheet keeps its iPad anchor.
struct UIKitBehaviourTests {
    static func plan(_ path: String, _ code: String) -> Plan {
        let result = Auditor.audit(sources: [(path, code)])
        return Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
    }

    /// `tableView(_:cellForRowAt:)` returns its cell at once: an interactor call would answer later,
    /// through the presenter, so the cell is built from the view state and only the read moves.
    @Test func aCellForRowThatReadsStorageKeepsAnsweringFromTheViewState() throws {
        let plan = Self.plan("Tags/TagsViewController.swift", """
        import UIKit
        final class TagsViewController: UIViewController, UITableViewDataSource {
            let tags = ["a", "b"]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tags.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Tag", for: indexPath)
                let tag = tags[indexPath.row]
                cell.textLabel?.text = tag
                cell.accessoryType = UserDefaults.standard.bool(forKey: "pinned." + tag) ? .checkmark : .none
                return cell
            }
        }
        """)
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "tableView(_:cellForRowAt:)" })
        #expect(!task.fix.contains("only calls `interactor`"), "\(task.fix)")
        #expect(task.fix.hasSuffix(" `tableView(_:cellForRowAt:)` (a UITableView callback (UITableViewDataSource); returns `UITableViewCell`) must answer at once, so it stays in the view and keeps building its value synchronously from the view state the presenter has already delivered: the interactor loads or computes what it reads ahead (when the screen loads or the data changes), the presenter hands the ready values to the view, and only the I/O moves (a call to `interactor` here would answer later, through the presenter)."), "\(task.fix)")
        #expect(task.estimate.map(\.label).contains(TaskFactory.answerLabel))
        #expect(!task.estimate.map(\.label).contains(TaskFactory.forwardLabel))
        let module = try #require(plan.features.flatMap(\.modules).first)
        let input = try #require(module.interactorInputs.first)
        #expect(input.name == "loadRow()")
        #expect(input.detail == "persistence (`UserDefaults`); run ahead of `tableView(_:cellForRowAt:)` (when the screen loads or the data changes), which answers from the view state the presenter delivers — \(task.id)", "\(input.detail)")
    }
}
