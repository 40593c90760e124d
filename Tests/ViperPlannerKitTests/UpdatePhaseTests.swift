import Foundation
import Testing
@testable import ViperPlannerKit

/// The update's phases, each run alone on a hand-made `UpdateRun`.
struct UpdatePhaseTests {
    static func run(files: [String: String], structure: StructureFacts = UpdateFaultTests.structure) throws -> UpdateRun {
        let empty = Plan(date: "2026-11-28", scanCommit: "bbbbbbb", features: [],
                         crossCutting: FeaturePlan(name: "Cross-cutting", slug: "cross-cutting", viewControllers: [], context: "",
                                                   modules: [], tasks: [], slices: []),
                         navigation: [], viewControllerCount: 0, findingCount: 0, cap: 200)
        let input = UpdateInput(files: files, fresh: empty, freshFiles: [:], structure: structure,
                                date: "2026-11-28", commit: "bbbbbbb")
        return UpdateRun(input: input, renderer: try PlanRenderer())
    }

    static let task = "- [ ] **C1: Strong delegate in CartViewController** <!-- vp:0123abcd -->\n  - **Severity**: 🔴 Critical\n"

    @Test func readPlanTracksTheFirstCopyOfAMovedTask() throws {
        var run = try Self.run(files: ["cart.md": "# Feature: Cart\n\n" + Self.task, "discovered.md": "# Discovered\n\n" + Self.task,
                                       "README.md": "# Refactoring Plan\n"])
        Updater.readPlan(&run)
        #expect(run.names == ["cart.md", "discovered.md"])
        #expect(run.location["0123abcd"]?.file == "cart.md" && run.location["0123abcd"]?.segment == 1)
        #expect(run.tracked == ["cart.md": ["0123abcd"]])
        #expect(run.result.warnings == ["discovered.md: task C1 is also in cart.md; only the copy in cart.md is tracked"])
    }

    @Test func readStateRebuildsAMissingStateFromTheFingerprints() throws {
        var run = try Self.run(files: ["cart.md": "# Feature: Cart\n\n" + Self.task.replacingOccurrences(of: "[ ]", with: "[x]")
                                       + "  - **Resolved**: 2026-11-21 (aaaaaaa), verified by scan\n"])
        Updater.readPlan(&run)
        Updater.readState(&run)
        #expect(run.result.stateRebuilt)
        let record = try #require(run.records["0123abcd"])
        #expect(record.id == "C1" && record.file == "cart.md" && record.status == "resolved" && record.rule == nil)
        #expect(run.knownBefore == ["0123abcd"])
    }

    @Test func historyGrowsOnlyWhenSomethingHappened() {
        var state = PlanState(createdAt: "2026-11-21", lastScanCommit: "aaaaaaa", tasks: [],
                              history: [PlanState.HistoryRow(date: "2026-11-21", commit: "aaaaaaa", total: 3, done: 1, openCritical: 1,
                                                             new: 3, resolved: 0, regressed: 0)])
        var summary = Dashboard.Summary()
        summary.total = 3; summary.done = 1; summary.openCritical = 1
        Updater.appendHistory(&state, summary: summary, result: UpdateResult(), date: "2026-11-28", commit: "bbbbbbb")
        #expect(state.history.count == 1 && state.lastScanCommit == "aaaaaaa")
        summary.done = 2
        Updater.appendHistory(&state, summary: summary, result: UpdateResult(), date: "2026-11-28", commit: "bbbbbbb")
        #expect(state.history.count == 2 && state.history[1].done == 2 && state.lastScanCommit == "bbbbbbb")
    }

    /// The task's kind comes from the state, not from its title: a renamed builder task is still
    /// ticked when the builder exists.
    @Test func verifyTrackedReadsTheKindFromTheState() throws {
        var record = PlanState.Record(fingerprint: "0123abcd", id: "B2", file: "cart.md", rule: nil, viewController: "CartViewController",
                                      kind: StructuralTask.builder(prefix: "Cart").encoded, firstSeen: "2026-11-21", firstSeenCommit: nil)
        record.status = "open"
        let state = PlanState(createdAt: "2026-11-21", lastScanCommit: nil, tasks: [record], history: [])
        let task = "- [ ] **B2: Our own words for the builder** <!-- vp:0123abcd -->\n  - **Severity**: 🟢 Medium\n"
        var run = try Self.run(files: ["cart.md": "# Feature: Cart\n\n" + task, ".state.json": state.encoded()],
                               structure: StructureFacts(builders: ["CartModule"], typeNames: ["CartViewController", "CartModule"], testFiles: []))
        Updater.readPlan(&run)
        Updater.readState(&run)
        Updater.matchFindings(&run)
        Updater.verifyTracked(&run)
        #expect(run.result.resolved.map(\.id) == ["B2"])
        let block = try #require(run.docs["cart.md"]?.tasks.first)
        #expect(block.header.checked)
        #expect(block.field("Resolved") == ["2026-11-28 (bbbbbbb), verified structurally: `CartModule`/`CartBuilder` with a build function exists"])
    }
}
