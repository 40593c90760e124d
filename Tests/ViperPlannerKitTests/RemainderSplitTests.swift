import Foundation
import Testing
@testable import ViperPlannerKit

/// A long method whose view state the Presenter moves take out is not split in place first: each
/// move cuts what it takes, and only what stays in the view is split, after the moves, when it is
/// still over the limit.
struct RemainderSplitTests {
    static func screen(stateLines: Int, viewLines: Int) -> String {
        let state = (1...stateLines).map { "            rows.append(\"row \($0)\" + filter)" }.joined(separator: "\n")
        let view = (1...viewLines).map { "            titleLabel.alpha = \($0 % 2 == 0 ? "1" : "0.5")" }.joined(separator: "\n")
        return """
        import UIKit
        final class ReportViewController: UIViewController {
            @IBOutlet var titleLabel: UILabel!
            var rows: [String] = []
            var filter = ""
            @IBAction func reload(_ sender: Any) {
        \(state)
        \(view)
            }
            func loadReport() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/report")!) { _, _, _ in }.resume()
            }
        }
        """
    }

    /// The screen with `reload(_:)`'s body wrapped in one `if`: a method of one top-level statement.
    static func inOneIf(_ code: String) -> String {
        code.replacingOccurrences(of: "    @IBAction func reload(_ sender: Any) {\n", with: "    @IBAction func reload(_ sender: Any) {\n        if !filter.isEmpty {\n")
            .replacingOccurrences(of: "\n    }\n    func loadReport()", with: "\n        }\n    }\n    func loadReport()")
    }

    static func plan(_ code: String, configuration: Configuration = Configuration()) throws -> FeaturePlan {
        let result = Auditor.audit(sources: [("Reports/ReportViewController.swift", code)], configuration: configuration)
        let plan = Planner.plan(result, configuration: configuration, date: "2026-11-27")
        return try #require(plan.features.first)
    }

    @Test func movesShrinkingALongMethodUnderTheLimitLeaveNoSplit() throws {
        let feature = try Self.plan(Self.screen(stateLines: 70, viewLines: 40))
        let long = try #require(feature.tasks.first { $0.rule == LongMethodRule.id })
        #expect(long.category == .B && long.moves.isEmpty && long.estimatedLines == 0)
        #expect(long.fix.contains("the 42 that stay in the view are under the 100-line limit"), "\(long.fix)")
        #expect(!feature.slices.contains { $0.isPreparatory })
        // The split moves nothing out: the view state it holds still gets its own move.
        #expect(feature.tasks.contains { $0.title == "Move the view state assembled in `reload(_:)` into ReportPresenter" })
        #expect(feature.slices.contains { $0.taskIDs.contains(long.id) })
    }

    @Test func whatStaysOverTheLimitIsSplitAfterTheMoves() throws {
        let feature = try Self.plan(Self.screen(stateLines: 70, viewLines: 120))
        let long = try #require(feature.tasks.first { $0.rule == LongMethodRule.id })
        #expect(long.afterMoves && long.moves.first?.codeLines == 122)
        let split = try #require(feature.slices.firstIndex { $0.isPreparatory })
        #expect(feature.slices[split].title == "Split the 122 lines that stay in the view of `reload(_:)` into smaller methods (part 1 of 2: code lines 1–95)")
        let state = try #require(feature.tasks.first { $0.title.contains("view state assembled in `reload(_:)`") })
        let move = try #require(feature.slices.firstIndex { $0.taskIDs.contains(state.id) })
        #expect(move < split, "the split comes after the moves that shrink the method")
        // Its line ranges exist only once the move has landed: it depends on it, never "merged first".
        let byNumber = Dictionary(uniqueKeysWithValues: feature.slices.map { ($0.number, $0) })
        #expect(PlanChecks.ancestors(of: feature.slices[split].number, in: byNumber).contains(feature.slices[move].number), "\(feature.slices[split].dependsOn)")
    }

    /// What stays of a method whose body is one statement (one `if`) cannot be cut between
    /// statements or at a line number: its split goes branch by branch, and says so.
    @Test func aOneStatementRemainderIsSplitBranchByBranch() throws {
        let code = Self.inOneIf(Self.screen(stateLines: 70, viewLines: 120))
        let feature = try Self.plan(code)
        let split = try #require(feature.slices.first { $0.isPreparatory }, "\(feature.slices.map(\.title))")
        #expect(split.title.hasSuffix("into smaller methods (part 1 of 2: its next branches, about 95 code lines)"), "\(split.title)")
        #expect(split.changes.contains { $0.hasPrefix("Its body is one statement (one `if`, `switch` or `do`): cut it branch by branch") }, "\(split.changes)")
    }

    /// The view state a coverage task moves out of a method whose body is one statement (one `if`)
    /// cannot be cut at a line number: too large for one PR, it moves in one PR over the cap that
    /// says why, never in "code lines 1–n" parts.
    @Test func aCoverageMoveOfOneStatementIsNotCutByLines() throws {
        let code = Self.inOneIf(Self.screen(stateLines: 110, viewLines: 40))
        let feature = try Self.plan(code)
        let state = try #require(feature.tasks.first { $0.title.contains("view state assembled in `reload(_:)`") }, "\(feature.tasks.map(\.title))")
        let slices = feature.slices.filter { $0.taskIDs.contains(state.id) }
        #expect(slices.count == 1 && slices[0].title.hasSuffix(PRSlicer.uncuttable), "\(slices.map(\.title))")
    }

    /// The size task says, with the plan's own numbers, how much the PRs move out, whether what
    /// stays is under the threshold, and which of the screen's members keep the most of it.
    @Test func theSizeTaskIsMeasuredAgainstThePlan() throws {
        var configuration = Configuration()
        configuration.thresholds.review = 50
        let feature = try Self.plan(Self.screen(stateLines: 70, viewLines: 40), configuration: configuration)
        let size = try #require(feature.tasks.first { $0.rule == VCSizeRule.id })
        #expect(size.fix == "No change of its own: the PRs of this file move 73 of its 120 code lines out (Interactor 1, Presenter 72, Router 0); the 47 that stay in the view are under the 50-line threshold. Tick it when `viper-planner audit` stops reporting it.")
        #expect(size.estimate == [EstimatePart(0, "none of its own: 47 of 120 code lines stay in the view after the moves")])
        configuration.thresholds.review = 40
        let over = try #require(try Self.plan(Self.screen(stateLines: 70, viewLines: 40), configuration: configuration).tasks.first { $0.rule == VCSizeRule.id })
        #expect(over.fix.hasSuffix("the 47 that stay in the view are still over the 40-line threshold: after the moves, split the view's largest pieces (`reload(_:)`, 42 lines) into views or child view controllers of their own."), "\(over.fix)")
    }

    /// A screen whose `sync()` is one statement of 134 code lines (a request whose completion
    /// builds and stores a payload), then `after` inside that completion.
    static func syncScreen(after: String) -> String {
        let body = (1...130).map { "            payload[\"key\($0)\"] = \($0) * self.factor" }.joined(separator: "\n")
        return """
        import UIKit
        final class SyncViewController: UIViewController {
            var factor = 2
            func sync() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/sync")!) { _, _, _ in
                    var payload: [String: Int] = [:]
        \(body)
                    UserDefaults.standard.set(payload, forKey: "payload")
        \(after)        }.resume()
            }
        }
        """
    }

    /// A long method a use case moves almost whole is not split in place first (the split would be
    /// churned again by the move): the move goes in steps, each PR a run of whole statements.
    /// A method of one statement (a closure chain) cannot be cut: no step would compile, so it
    /// moves whole in one PR over the cap, which says so; statements are cut where they end.
    @Test func aMethodOfOneStatementMovesWholeOverTheCap() throws {
        let code = Self.syncScreen(after: "")
        let result = Auditor.audit(sources: [("Sync/SyncViewController.swift", code)], configuration: Configuration())
        let feature = try #require(Planner.plan(result, configuration: Configuration(), date: "2026-11-27").features.first)
        let move = try #require(feature.tasks.first { $0.category == .I && $0.moves.contains { $0.name == "sync()" } })
        #expect(move.moves.first?.statements == [134])
        let prs = feature.slices.filter { $0.taskIDs.contains(move.id) }
        #expect(prs.map(\.title) == ["\(move.id): move `sync()` whole \(PRSlicer.uncuttable)"], "\(prs.map(\.title))")
        #expect(prs.first?.part == nil && (prs.first?.estimate.last?.label.contains("its one statement (134 code lines) is larger than a PR and no step can cut it") ?? false))
        #expect(PlanChecks.problems(in: feature, existingTypes: []).filter { $0.contains("over its cap") } == [])
        // Runs are as full as their PR allows; a statement larger than a PR cuts nothing.
        #expect(PRSlicer.statementRuns([10, 50, 10, 10, 50], scale: 2, firstRoom: 120, room: 200) == [0...1, 2...4])
        // A statement larger than a PR is a run of its own, tiny neighbours joining it.
        #expect(PRSlicer.statementRuns([1, 1, 79], scale: 2.5, firstRoom: 150, room: 180) == [0...2])
        #expect(PRSlicer.statementRuns([30, 30, 100, 30], scale: 2, firstRoom: 150, room: 180) == [0...1, 2...2, 3...3])
        #expect(PRSlicer.statementRuns([], scale: 1, firstRoom: 100, room: 100) == nil)
    }

    /// Such a method whose UIKit stays in the view (an alert it presents, what runs once it is on
    /// screen) moves its data work, not itself: the PR's title and estimate say so.
    @Test func aMethodOfOneStatementWithUIKitMovesOnlyItsDataWork() throws {
        let code = Self.syncScreen(after: """
                    DispatchQueue.main.async {
                        let alert = UIAlertController(title: "Synced", message: nil, preferredStyle: .alert)
                        self.present(alert, animated: true, completion: {
                            let shown = payload.count
                            self.factor = shown
                        })
                    }

        """)
        let result = Auditor.audit(sources: [("Sync/SyncViewController.swift", code)], configuration: Configuration())
        let feature = try #require(Planner.plan(result, configuration: Configuration(), date: "2026-11-27").features.first)
        let move = try #require(feature.tasks.first { $0.category == .I && $0.moves.contains { $0.name == "sync()" } })
        #expect(move.fix.contains("`sync()` does not move whole: its "), "\(move.fix)")
        let prs = feature.slices.filter { $0.taskIDs.contains(move.id) }
        #expect(prs.map(\.title) == ["\(move.id): move the data work of `sync()` in one PR \(PRSlicer.uncuttable)"], "\(prs.map(\.title))")
        #expect(prs.first?.estimate.last?.label.hasPrefix("\(move.id): the data work of `sync()` moved in one PR: its one statement") == true, "\(prs.first?.estimate.last?.label ?? "")")
        // What runs once the alert is on screen is the view's, as the alert is.
        let t = try #require(result.index.resolve("SyncViewController"))
        let (path, decl) = try #require(result.index.declarations(of: t).first)
        let fn = try #require(decl.functions.first { $0.name == "sync()" })
        let ui = ScreenSplit.uikitLines(of: fn, path: path, decl: decl, index: result.index)
        #expect([139, 140, 141, 142, 143].allSatisfy(ui.contains), "\(ui.sorted())")
    }

    @Test func aMethodMovedWholeGoesInStepsWithNoSplitFirst() throws {
        let body = (1...200).map { "        payload[\"key\($0)\"] = \($0) * factor" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class SyncViewController: UIViewController {
            var factor = 2
            func sync() {
                var payload: [String: Int] = [:]
        \(body)
                URLSession.shared.dataTask(with: URL(string: "https://example.com/sync?n=\\(payload.count)")!) { _, _, _ in }.resume()
            }
        }
        """
        let result = Auditor.audit(sources: [("Sync/SyncViewController.swift", code)], configuration: Configuration())
        let feature = try #require(Planner.plan(result, configuration: Configuration(), date: "2026-11-27").features.first)
        let long = try #require(feature.tasks.first { $0.rule == LongMethodRule.id })
        #expect(long.category == .B && long.moves.isEmpty && long.estimatedLines == 0, "\(long.fix)")
        #expect(!feature.slices.contains { $0.isPreparatory })
        let move = try #require(feature.tasks.first { $0.category == .I && $0.moves.contains { $0.name == "sync()" } })
        let parts = feature.slices.filter { $0.taskIDs == [move.id] }
        // Each step is a run of the method's top-level statements, as full as its PR allows (the
        // first beside the new types).
        #expect(parts.map(\.title) == ["\(move.id) part 1 of 3: move `sync()` in steps (statements 1–60 of its 202, body code lines 1–60 of 202)",
                                        "\(move.id) part 2 of 3: move `sync()` in steps (statements 61–156 of its 202, body code lines 61–156 of 202)",
                                        "\(move.id) part 3 of 3: move `sync()` in steps (statements 157–202 of its 202, body code lines 157–202 of 202)"])
        #expect(parts.allSatisfy { $0.estimatedLines <= $0.cap }, "\(parts.map(\.estimatedLines))")
        #expect(parts[0].estimate.last?.label.contains("up to a top-level statement (a closure chain is never cut)") == true, "\(parts[0].estimate)")
        // The task's estimate is quoted part by part, each label before its lines, no empty part.
        let quoted = try #require(parts[0].estimate.last?.label.components(separatedBy: "estimated lines: ").last)
        #expect(quoted.hasPrefix("2 × 204 code lines") && !quoted.contains("(0)") && !quoted.hasPrefix("408"), "\(quoted)")
        #expect(parts[1].dependsOn.contains("PR \(parts[0].number)") && parts[2].dependsOn.contains("PR \(parts[1].number)"))
        #expect(parts[2].estimate.last?.label.contains("the last run of top-level statements: the view's `sync()` is left a forward") == true)
        // What the move leaves behind is checked once all of it has moved, in its last part.
        let done = { (slice: PRSlice) in slice.checks.contains { $0.hasPrefix("`viper-planner audit` no longer reports") || $0.contains("no longer calls") } }
        #expect(!done(parts[0]) && !done(parts[1]) && done(parts[2]), "\(parts.map(\.checks))")
    }

    /// A task of several methods too large for one PR moves whole methods per PR; only a method
    /// larger than a PR of its own is cut (in steps).
    @Test func severalMethodsMoveWholePerPR() {
        let parts = [EstimatePart(42, "`requestCode()`"), EstimatePart(24, "`resendCode()`"), EstimatePart(19, "`logIn()`"), EstimatePart(19, "`signUp()`")]
        #expect(PRSlicer.wholeMembers(parts, firstRoom: 101, cap: 200)?.map { $0.map(\.label) } == [["`requestCode()`", "`resendCode()`", "`logIn()`"], ["`signUp()`"]])
        #expect(PRSlicer.wholeMembers([EstimatePart(150, "`a()`"), EstimatePart(90, "`b()`")], firstRoom: 120, cap: 200) == nil, "the first does not fit beside the new types")
        #expect(PRSlicer.wholeMembers([EstimatePart(240, "2 × 120 code lines moved"), EstimatePart(8, "a case in the tests")], firstRoom: 150, cap: 200) == nil, "one method: it moves in steps")
    }
}
