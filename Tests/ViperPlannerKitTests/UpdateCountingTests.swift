import Foundation
import Testing
@testable import ViperPlannerKit

/// What `update` and `status` count and print agree with the plan: a task ticked by hand that the
/// scan still detects is open work in every total, the count of such tasks is the list's, a done
/// PR looks the same in every feature, `--quiet` prints one line, and the Context line follows the
/// scan. On copies of ShopLegacy, through the commands.
struct UpdateCountingTests {
    /// C4 of cart.md is ticked by a person, but its finding is still there.
    static func falselyTicked() throws -> Sandbox {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        try box.write("cart.md", Edit.tick("C4", in: try box.read("cart.md")))
        return box
    }

    @Test func aTickedTaskStillDetectedIsOpenInEveryTotal() throws {
        let box = try Self.falselyTicked()
        let outcome = try Commands.update(box.request(date: "2026-11-22"))
        let result = try #require(outcome.update)
        #expect(result.flagged.map(\.id) == ["C4"] && result.attention.map(\.id) == ["C4"])
        #expect(result.dashboard.done == 0 && result.dashboard.total == 137)
        #expect(outcome.output.lines.last == "updated \(box.plan) (4 files written): 0 resolved, 0 regressed, 0 new, 1 ticked but still detected; 0/137 tasks done (0%)")
        let readme = try box.read("README.md")
        #expect(readme.contains("| Cart | [cart.md](cart.md) | 15 | 0 | Planned |"))
        #expect(readme.contains("| **Total** | | **137** | **0** | **0%** |"))
        #expect(readme.contains("| 🔴 Critical | 5 |"))
        #expect(readme.contains("| C — Critical safety | 11 |"))
        #expect(readme.contains("| 2026-11-22 | \(box.head ?? "—") | 137 | 0 | 5 | 0 | 0 | 0 |"))
        let state = try #require(PlanState.decode(try box.read(".state.json")))
        #expect(state.history.map(\.done) == [0, 0])
        let cart = try box.read("cart.md")
        #expect(cart.contains("| **Status**: Planned | "))
        // Still open work: the PR that fixes it is not started.
        #expect(cart.contains("| 1 | Critical safety | C1, C2, C3, C4 | — | — | 1 | 15 / 50 | Planned |"))
        #expect(Edit.block("C4", in: cart).contains("  - **Still detected**: 2026-11-22"))
    }

    /// `status` after the update that flagged the tick: the count says what the list shows.
    @Test func statusCountsTheTicksItLists() throws {
        let box = try Self.falselyTicked()
        try box.update(date: "2026-11-22")
        let report = try Commands.status(box.request(date: "2026-11-23"), format: .text).report
        let lines = report.components(separatedBy: "\n")
        #expect(lines[0] == "\(box.plan): 0 resolved, 0 regressed, 0 new, 1 ticked but still detected; 0/137 tasks done (0%)")
        #expect(lines.filter { $0.hasPrefix("  needs attention: ") }
                == ["  needs attention: cart.md C4 — UI touched off the main thread in CartViewController (`fetchShippingQuote()`) (ticked, but the scan still detects it (since 2026-11-22))"])
    }

    /// `--quiet`: `plan` and `update` print their one summary line, no "next PR" line per feature.
    @Test func quietPrintsOnlyTheSummaryLine() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        let made = try Commands.plan(box.request(date: "2026-11-21"))
        #expect(made.output.lines.count == 1 && made.output.lines[0].hasPrefix("wrote \(box.plan): 9 feature files and cross-cutting.md, 137 tasks, 100 PRs"))
        let summary = "\(box.plan): 0 resolved, 0 regressed, 0 new; 0/137 tasks done (0%)"
        #expect(try Commands.update(box.request(date: "2026-11-22")).output.lines == ["updated \(box.plan) (1 file written): " + summary.dropFirst(box.plan.count + 2)])
        #expect(try Commands.plan(box.request(date: "2026-11-22")).output.lines == ["updated \(box.plan) (0 files written): " + summary.dropFirst(box.plan.count + 2)])
        // Without --quiet the next PRs follow the summary, one per feature.
        var loud = box.request(date: "2026-11-22")
        loud.scan.quiet = false
        let lines = try Commands.update(loud).output.lines.joined(separator: "\n").components(separatedBy: "\n")
        #expect(lines.count == 11 && lines[1] == "  next PR: account.md PR 1 — Fix force-unwrapped dependency `account` in EditAccountViewController (~8 / 50 lines)")
    }

    /// PR 1 of account.md and of catalog.md is done; a person edited catalog.md's PR Plan (so only
    /// its statuses follow the tasks) and not account.md's (re-planned). Both keep PR 1's section,
    /// its heading and its row marked done the same way.
    @Test func aDonePRLooksTheSameInEveryFeature() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        let note = "Reviewer for the Catalog PRs: @kim."
        try box.write("catalog.md", try box.read("catalog.md").replacingOccurrences(of: "\n### PR 1: ", with: "\n\(note)\n\n### PR 1: "))
        box.commit("plan")
        try box.editSource("Catalog/ProductListViewController+Networking.swift", "dataTask(with: request) { data, response, error in",
                           "dataTask(with: request) { [weak self] data, response, error in")
        try box.editSource("Account/EditAccountViewController.swift", "    var account: User!", "    private(set) var account: User!")
        box.commit("fix both PR 1s")
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.map { "\($0.file) \($0.id)" } == ["account.md C1", "catalog.md C1"])
        let account = try box.read("account.md"), catalog = try box.read("catalog.md")
        #expect(account.contains("| 1 | Critical safety | C1 | — | — | 1 | 8 / 50 | ✅ Done |"))
        #expect(catalog.contains("| 1 | Critical safety | C1 | — | — | 1 | 3 / 50 | ✅ Done |"))
        #expect(account.contains("\n### PR 1: Fix force-unwrapped dependency `account` in EditAccountViewController — ✅ Done\n\n- **Phase**: Critical safety\n"))
        #expect(catalog.contains("\n### PR 1: Fix strong `self` in an async completion of ProductListViewController (`fetchCategories()`) — ✅ Done\n\n- **Phase**: Critical safety\n"))
        #expect(catalog.contains("\n\(note)\n"))
        // The done PR keeps its number and title; the next PR is the first one not done.
        #expect(result.dashboard.next.filter { ["account.md", "catalog.md"].contains($0.file) }.map { "\($0.file) \($0.number)" } == ["account.md 2", "catalog.md 2"])
        #expect(PlanMarkdown.prTitles(PlanDocument(parsing: account))[1] == "Fix force-unwrapped dependency `account` in EditAccountViewController")
        // The next update changes neither file.
        let again = try box.update(date: "2026-11-23")
        #expect(again.files["account.md"] == nil && again.files["catalog.md"] == nil)
    }

    /// Code added to the cart screen changes its Context line on update, to what a new plan writes;
    /// a person's lines elsewhere in the file stay.
    @Test func theContextLineFollowsTheScan() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        let old = try #require(try box.read("cart.md").components(separatedBy: "\n").first { $0.hasPrefix("> **Context**: ") })
        #expect(old.hasPrefix("> **Context**: CartViewController: 164 code lines over 1 file;"))
        let mine = "Design review of the cart is on Tuesday."
        try box.write("cart.md", try box.read("cart.md").replacingOccurrences(of: "## Notes\n", with: "## Notes\n\n\(mine)\n"))
        try box.editSource("Cart/CartViewController.swift", "    @objc func localeDidChange(", """
            func saveDraft() {
                UserDefaults.standard.set(total, forKey: "cart.draft")
            }

            @objc func localeDidChange(
        """)
        try box.update(date: "2026-11-22")
        let cart = try box.read("cart.md")
        let fresh = try Sandbox(sample: "ShopLegacy")
        try FileManager.default.removeItem(atPath: fresh.root + "/Cart/CartViewController.swift")
        try FileManager.default.copyItem(atPath: box.root + "/Cart/CartViewController.swift", toPath: fresh.root + "/Cart/CartViewController.swift")
        try fresh.makePlan(date: "2026-11-22")
        let expected = try #require(try fresh.read("cart.md").components(separatedBy: "\n").first { $0.hasPrefix("> **Context**: ") })
        #expect(expected != old && expected.hasPrefix("> **Context**: CartViewController: 167 code lines over 1 file;"))
        #expect(cart.components(separatedBy: "\n").filter { $0.hasPrefix("> **Context**: ") } == [expected])
        #expect(cart.contains("## Notes\n\n\(mine)\n"))
    }
}
