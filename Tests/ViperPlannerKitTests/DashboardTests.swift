import Testing
@testable import ViperPlannerKit

/// The parts of the plan `update` recomputes from the Markdown as it is.
struct DashboardTests {
    static func feature(_ name: String, tasks: String, table: String) -> String {
        """
        # Feature: \(name)

        > **Context**: x.
        > **Created**: 2026-11-21 | **Status**: Planned | **Last scan**: 2026-11-21 (aaaaaaa)

        ## Critical Safety Issues

        \(tasks)

        ## PR Plan

        | PR | Phase | Tasks | Files | Est. lines | Status |
        |----|-------|-------|-------|------------|--------|
        \(table)

        ### PR 1: Split `load()` first

        ### PR 2: Fix the crash

        ### PR 3: Fix the leak

        ## Notes

        """
    }

    @Test func rowsFollowThePlanOrderAndCountPeoplesTasks() {
        let a = Self.feature("Subscriptions", tasks: "- [x] **C1: A** <!-- vp:a -->\n- [ ] my own task", table: "| 1 | Critical safety | C1 | 1 | 3 / 50 | Planned |")
        let b = Self.feature("SubscriptionsList", tasks: "- [ ] **C1: B** <!-- vp:b -->", table: "| 1 | Critical safety | C1 | 1 | 3 / 50 | Planned |")
        let docs = ["subscriptions-list.md": b, "subscriptions.md": a, "cross-cutting.md": "# Cross-cutting\n", "discovered.md": "# Discovered\n"]
        let summary = Dashboard.summarize(docs.mapValues(PlanDocument.init(parsing:)), attention: [])
        #expect(summary.rows.map(\.file) == ["subscriptions.md", "subscriptions-list.md", "cross-cutting.md"])
        #expect(summary.rows.map(\.total) == [2, 1, 0] && summary.rows.map(\.status) == ["In Progress", "Planned", "Completed"])
        #expect(summary.total == 3 && summary.done == 1 && summary.pullRequests == 2)
    }

    @Test func prTableAndHeaderFollowTheCheckboxesButKeepAPersonsStatus() {
        let text = Self.feature("Cart", tasks: "- [x] **C1: A** <!-- vp:a -->\n- [ ] **C2: B** <!-- vp:b -->\n- [x] **C3: C** <!-- vp:c -->",
                                table: "| 1 | Critical safety | none (preparatory) | 1 | 90 / 50 | Planned |\n| 2 | Critical safety | C1, C2 | 1 | 6 / 50 | Planned |\n| 3 | Critical safety | C3 | 1 | 3 / 50 | In review (#12) |")
        var doc = PlanDocument(parsing: text)
        PlanMarkdown.refreshPRTable(&doc)
        PlanMarkdown.refreshHeader(&doc, scan: nil)
        let out = doc.render()
        #expect(out.contains("| 2 | Critical safety | C1, C2 | 1 | 6 / 50 | In Progress |"))
        #expect(out.contains("| 3 | Critical safety | C3 | 1 | 3 / 50 | In review (#12) |"))
        #expect(out.contains("| 1 | Critical safety | none (preparatory) | 1 | 90 / 50 | Planned |"))
        #expect(out.contains("> **Created**: 2026-11-21 | **Status**: In Progress | **Last scan**: 2026-11-21 (aaaaaaa)"))
        // The preparatory split counts as done once the PR after it has started.
        #expect(PlanMarkdown.nextPR(doc)?.number == 2 && PlanMarkdown.nextPR(doc)?.title == "Fix the crash")
        #expect(PlanMarkdown.nextPR(PlanDocument(parsing: text.replacingOccurrences(of: "- [x]", with: "- [ ]")))?.number == 1)
    }

    /// One rule for a done PR: its row says ✅ Done and its heading ends in the same mark; in a PR
    /// Plan a person edited both follow the tasks back when a task reopens (a still-detected tick is open).
    @Test func aDonePRIsMarkedInItsRowAndHeadingAlike() {
        let text = Self.feature("Cart", tasks: "- [x] **C1: A** <!-- vp:a -->\n- [x] **C2: B** <!-- vp:b -->\n  - **Still detected**: 2026-11-22\n- [x] **C3: C** <!-- vp:c -->",
                                table: "| 1 | Critical safety | none (preparatory) | 1 | 90 / 50 | Planned |\n| 2 | Critical safety | C1, C2 | 1 | 6 / 50 | ✅ Done |\n| 3 | Critical safety | C3 | 1 | 3 / 50 | Done |")
            .replacingOccurrences(of: "### PR 2: Fix the crash", with: "### PR 2: Fix the crash — ✅ Done")
        var doc = PlanDocument(parsing: text)
        PlanMarkdown.refreshPRTable(&doc)
        let out = doc.render()
        #expect(out.contains("| 2 | Critical safety | C1, C2 | 1 | 6 / 50 | In Progress |\n| 3 | Critical safety | C3 | 1 | 3 / 50 | ✅ Done |"))
        #expect(out.contains("\n### PR 2: Fix the crash\n\n### PR 3: Fix the leak — ✅ Done\n"))
        #expect(PlanMarkdown.prTitles(doc)[3] == "Fix the leak" && PlanMarkdown.nextPR(doc)?.number == 2)
        // Re-planned by the tool, a done PR stays done: a task that came back goes into a new PR.
        var kept = PlanDocument(parsing: text)
        PlanMarkdown.refreshPRTable(&kept, keepDone: true)
        #expect(kept.render().contains("| 2 | Critical safety | C1, C2 | 1 | 6 / 50 | ✅ Done |\n| 3 | Critical safety | C3 | 1 | 3 / 50 | ✅ Done |"))
        #expect(kept.render().contains("\n### PR 2: Fix the crash — ✅ Done\n\n### PR 3: Fix the leak — ✅ Done\n"))
    }

    @Test func historyIsReadBackFromTheDashboard() {
        let readme = "# Refactoring Plan\n\n## Progress history\n\n| Date | Commit | Total | Done | Open critical | New | Resolved | Regressed |\n|------|--------|-------|------|---------------|-----|----------|-----------|\n| 2026-11-21 | — | 10 | 0 | 2 | 10 | 0 | 0 |\n| 2026-11-28 | abc1234 | 11 | 3 | 1 | 1 | 3 | 0 |\n\n## Navigation map\n| 2026-11-29 | x | 1 | 1 | 1 | 1 | 1 | 1 |\n"
        let rows = PlanMarkdown.parseHistory(readme)
        #expect(rows.count == 2 && rows[0].commit == nil && rows[1].commit == "abc1234" && rows[1].resolved == 3)
    }
}
