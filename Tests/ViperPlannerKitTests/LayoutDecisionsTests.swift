import Foundation
import Testing
@testable import ViperPlannerKit

/// A method that lays out the screen's sections and rows, deciding on the screen's state which of
/// them show, with one string formatted for display among them: the formatting finding's P task
/// moves the lines around its site; the decisions still move to the Presenter, in a task of their
/// own, while the method keeps inserting and removing the views.
struct LayoutDecisionsTests {
    static let code = """
    import UIKit
    final class AccountFormViewController: UITableViewController {
        @IBOutlet var nameLabel: UILabel!
        @IBOutlet var tokenLabel: UILabel!
        @IBOutlet var saveButton: UIBarButtonItem!
        @IBOutlet var continueButton: UIBarButtonItem!
        var account: Account?
        var isCreating = true
        var showsHelp = false
        var usesToken = false
        var userName = ""
        var methodName = ""

        func composeRows() {
            let hasName = account?.name != nil
            let hasURL = account?.url != nil
            let hasToken = account?.token != nil
            if hasName || hasURL {
                nameLabel.isHidden = false
                nameLabel.alpha = 1
            } else {
                nameLabel.isHidden = true
                nameLabel.alpha = 0
            }
            if usesToken && hasToken {
                tokenLabel.text = String(format: "Signed in as %@ via %@", userName, methodName)
                tokenLabel.isHidden = false
                showsHelp = false
            } else if usesToken {
                tokenLabel.isHidden = true
                showsHelp = true
            } else {
                tokenLabel.isHidden = true
                showsHelp = false
            }
            let complete = account?.isComplete == true
            let creating = isCreating
            if complete && !creating {
                navigationItem.rightBarButtonItem = saveButton
            } else {
                navigationItem.rightBarButtonItem = continueButton
                continueButton.isEnabled = complete
            }
            tableView.reloadData()
        }

        func load() {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/account")!) { _, _, _ in }.resume()
        }
    }
    struct Account { var name: String?; var url: URL?; var token: String?; var isComplete: Bool }
    """

    static func feature() throws -> FeaturePlan {
        let result = Auditor.audit(sources: [("Account/AccountFormViewController.swift", code)], configuration: Configuration())
        return try #require(Planner.plan(result, configuration: Configuration(), date: "2026-11-29").features.first)
    }

    @Test func theDecisionsAroundAFormattedStringMoveInATaskOfTheirOwn() throws {
        let feature = try Self.feature()
        let formatting = try #require(feature.tasks.first { $0.rule == "vc-formatting" && $0.member == "composeRows()" }, "\(feature.tasks.map(\.title))")
        #expect(formatting.partialLines == 3)
        let layout = try #require(feature.tasks.first { $0.title == "Move the view state assembled in `composeRows()` into AccountFormPresenter" },
                                  "\(feature.tasks.map(\.title))")
        #expect(layout.category == .P)
        #expect(layout.moves.map(\.codeLines) == [16], "\(layout.moves)")
        #expect(layout.evidence == ["`AccountFormViewController.swift:14` `composeRows()` — 16 of 32 lines"], "\(layout.evidence)")
        #expect(layout.fix.contains("`composeRows()` keeps its UIKit (inserting, removing and configuring sections, rows and controls); the Presenter decides from the screen's state which of them show, in what order and with what values, and hands that in the view state, which it applies."), "\(layout.fix)")
    }
}
