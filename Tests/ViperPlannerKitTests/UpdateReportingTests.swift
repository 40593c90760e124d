import Foundation
import Testing
@testable import ViperPlannerKit

/// What a tech lead sees after making PRs by hand and editing the plan: a hand tick the scan
/// contradicts is open work everywhere, the counts `update` and `status` print are their lists'
/// (no "0 …" count), `--quiet` prints one line, a done PR looks the same in every feature, and the
/// Context line follows the scan unless a person wrote it. Two screens, two features.
struct UpdateReportingTests {
    static func sandbox() throws -> Sandbox {
        let box = try Sandbox(files: ["Cart/CartViewController.swift": CriticalReplanTests.screen("Cart"),
                                      "Store/StoreViewController.swift": CriticalReplanTests.screen("Store")])
        try box.makePlan(date: "2026-11-23")
        return box
    }

    /// store.md's PR Plan gets a person's note (so only its statuses follow the tasks); cart.md's stays the tool's.
    static func editStorePRPlan(_ box: Sandbox) throws {
        try box.write("store.md", try box.read("store.md").replacingOccurrences(of: "\n### PR 1: ", with: "\nReviewer: @kim.\n\n### PR 1: "))
    }

    static func fixCritical(_ box: Sandbox, _ name: String) throws {
        try box.editSource("\(name)/\(name)ViewController.swift", "onRefresh = { self.load() }", "onRefresh = { [weak self] in self?.load() }")
    }

    static func loud(_ request: PlanRequest) -> PlanRequest {
        var request = request
        request.scan.quiet = false
        return request
    }

    static func context(_ text: String) -> String? {
        text.components(separatedBy: "\n").first { $0.hasPrefix("> **Context**: ") }
    }

    /// C1 is ticked by hand in both features (one PR Plan edited) and the scan still finds both.
    @Test func aHandTickTheScanContradictsIsOpenInEveryTotal() throws {
        let box = try Self.sandbox()
        try Self.editStorePRPlan(box)
        for name in ["cart.md", "store.md"] { try box.write(name, Edit.tick("C1", in: try box.read(name))) }
        let result = try box.update(date: "2026-11-24")
        #expect(result.stillDetected.map { "\($0.file) \($0.id)" } == ["cart.md C1", "store.md C1"])
        #expect(result.dashboard.done == 0 && result.dashboard.total == 8 && result.dashboard.percent == 0 && result.dashboard.openCritical == 2)
        let readme = try box.read("README.md")
        #expect(readme.contains("| Cart | [cart.md](cart.md) | 4 | 0 | Planned |\n| Store | [store.md](store.md) | 4 | 0 | Planned |"))
        #expect(readme.contains("| **Total** | | **8** | **0** | **0%** |"))
        #expect(readme.contains("| 🔴 Critical | 2 |"))
        for name in ["cart.md", "store.md"] {
            let text = try box.read(name)
            #expect(text.contains("| **Status**: Planned | "), "\(name)")
            #expect(text.contains("| 1 | Critical safety | C1 | — | — | 1 | 3 / 50 | Planned |"), "\(name)")
            #expect(!text.contains("✅ Done"), "\(name)")
            #expect(Edit.block("C1", in: text).contains("  - **Still detected**: 2026-11-24"), "\(name)")
        }
        let status = try Commands.status(box.request(date: "2026-11-25"), format: .markdown).report
        #expect(status.contains("0 of 8 tasks done (0%)") && status.contains("| Cart | cart.md | 4 | 0 | Planned |"))
        let json = try Commands.status(box.request(date: "2026-11-25"), format: .json).report
        #expect(json.contains("\"done\" : 0,") && !json.contains("\"done\" : 1,"))
    }

    /// The summary counts what it lists: no "0 ticked but still detected", and two listed, two counted.
    @Test func theTickedCountIsTheListsAndNeverZero() throws {
        let box = try Self.sandbox()
        let first = try Commands.update(Self.loud(box.request(date: "2026-11-24"))).output.lines.joined(separator: "\n")
        #expect(first.components(separatedBy: "\n").first == "updated \(box.plan) (1 file written): 0 resolved, 0 regressed, 0 new; 0/8 tasks done (0%)")
        #expect(!first.contains("ticked"))
        for name in ["cart.md", "store.md"] { try box.write(name, Edit.tick("C1", in: try box.read(name))) }
        let report = try Commands.status(box.request(date: "2026-11-25"), format: .text).report.components(separatedBy: "\n")
        #expect(report[0] == "\(box.plan): 0 resolved, 0 regressed, 0 new, 2 ticked but still detected; 0/8 tasks done (0%)")
        #expect(report.filter { $0.hasPrefix("  needs attention: ") }.count == 2)
    }

    /// `--quiet`: one summary line, with `--dry-run` and `--check` too; a warning about a plan file is
    /// still printed (by `status` as by `update`).
    @Test func quietIsOneLineAfterTheWarnings() throws {
        let box = try Self.sandbox()
        try Self.fixCritical(box, "Cart")
        let before = try box.snapshot()
        let dry = try Commands.update(box.request(date: "2026-11-24", dryRun: true))
        #expect(dry.output.lines == ["\(box.plan) (dry run: nothing written; 4 files would change): 1 resolved, 0 regressed, 0 new; 1/8 tasks done (12%)"])
        let check = try Commands.update(box.request(date: "2026-11-24", noTouch: true, dryRun: true))
        #expect(check.output.lines.count == 1 && check.output.warnings.isEmpty)
        #expect(try box.snapshot() == before)
        // Without --quiet a dry run lists the files and tasks.
        let loud = try Commands.update(Self.loud(box.request(date: "2026-11-24", dryRun: true))).output.lines.joined(separator: "\n")
        #expect(loud.contains("\n  would tick: cart.md C1 — ") && loud.contains("\n  next PR: cart.md PR 2 — "))
        // A plan file that is not UTF-8 is left untouched: said with --quiet too.
        try Data([0xff, 0xfe, 0x00]).write(to: URL(fileURLWithPath: box.plan + "/notes.md"))
        let warning = "warning: notes.md: not UTF-8 text; left untouched"
        #expect(try Commands.status(box.request(date: "2026-11-24"), format: .text).warnings == [warning])
        let update = try Commands.update(box.request(date: "2026-11-24"))
        #expect(update.output.warnings == [warning] && update.output.lines.count == 1)
    }

    /// PR 1 is merged in both features: cart.md's PR Plan is the tool's (re-planned), store.md's was
    /// edited and its row typed "Done" by hand. Both keep PR 1's section, marked done the same way.
    @Test func aDonePRIsKeptAndMarkedTheSameWayInEveryFeature() throws {
        let box = try Self.sandbox()
        try Self.editStorePRPlan(box)
        try box.write("store.md", try box.read("store.md").replacingOccurrences(of: "| 3 / 50 | Planned |", with: "| 3 / 50 | Done |"))
        box.commit("plan")
        try Self.fixCritical(box, "Cart")
        try Self.fixCritical(box, "Store")
        box.commit("PR 1 of both")
        let result = try box.update(date: "2026-11-24")
        #expect(result.resolved.map { "\($0.file) \($0.id)" } == ["cart.md C1", "store.md C1"])
        for (name, screen) in [("cart.md", "Cart"), ("store.md", "Store")] {
            let text = try box.read(name)
            #expect(text.contains("| 1 | Critical safety | C1 | — | — | 1 | 3 / 50 | ✅ Done |"), "\(name)")
            #expect(text.contains("\n### PR 1: Fix strong `self` in a stored closure of \(screen)ViewController (`viewDidLoad()`) — ✅ Done\n\n- **Phase**: Critical safety\n"), "\(name)")
            // The re-planned file writes out the done PR and the next 3 open ones; the PR Plan edited by
            // hand keeps the sections it had (PRs 1–3).
            #expect(text.components(separatedBy: "### PR ").count == (name == "cart.md" ? 5 : 4), "\(name): the done PR's section and the open ones'")
            #expect(!text.contains("| Done |") && !text.contains("— Done"), "\(name)")
        }
        #expect(try box.read("store.md").contains("\nReviewer: @kim.\n"))
        let again = try box.update(date: "2026-11-25")
        #expect(again.files["cart.md"] == nil && again.files["store.md"] == nil)
    }

    /// The Context line follows the scan where it is the tool's; a person's wording of it stays,
    /// and stays on later runs.
    @Test func theContextLineIsRefreshedUnlessAPersonEditedIt() throws {
        let box = try Self.sandbox()
        let planned = try #require(Self.context(try box.read("cart.md")))
        #expect(planned == "> **Context**: CartViewController: 12 code lines over 1 file; persistence 2 evidence sites. God-VC score 9/100 (CartViewController). The work is small: fix the safety issues, then move what the view controller should not do.")
        let mine = "> **Context**: StoreViewController: the store front; its storage moves first (agreed with design)."
        try box.write("store.md", try box.read("store.md").replacingOccurrences(of: try #require(Self.context(try box.read("store.md"))), with: mine))
        for name in ["Cart", "Store"] {
            try box.editSource("\(name)/\(name)ViewController.swift", "        load()\n    }", "        load()\n        UserDefaults.standard.set(2, forKey: \"seen\")\n    }")
        }
        try box.update(date: "2026-11-24")
        let refreshed = "> **Context**: CartViewController: 13 code lines over 1 file; persistence 3 evidence sites. God-VC score 10/100 (CartViewController). The work is small: fix the safety issues, then move what the view controller should not do."
        #expect(Self.context(try box.read("cart.md")) == refreshed)
        #expect(Self.context(try box.read("store.md")) == mine)
        try box.editSource("Store/StoreViewController.swift", "        UserDefaults.standard.set(2, forKey: \"seen\")\n", "")
        try box.update(date: "2026-11-25")
        #expect(Self.context(try box.read("store.md")) == mine)
        #expect(Self.context(try box.read("cart.md")) == refreshed)
    }

    /// Every finding of the cart screen fixed: the fresh plan has no cart.md, and its Context line
    /// still follows the scan (its screen as this scan finds it), as a new plan would word it.
    @Test func aFeatureWithNoFindingLeftGetsThisScansContext() throws {
        let box = try Self.sandbox()
        try Self.fixCritical(box, "Cart")
        try box.editSource("Cart/CartViewController.swift", "        UserDefaults.standard.set(1, forKey: \"Cart\")\n        title = UserDefaults.standard.string(forKey: \"Carttitle\")\n", "")
        let result = try box.update(date: "2026-11-24")
        #expect(result.resolved.map(\.id) == ["C1", "I1"])
        #expect(Self.context(try box.read("cart.md")) == "> **Context**: CartViewController: 10 code lines over 1 file; no responsibility family found. God-VC score 1/100 (CartViewController). The work is small: fix the safety issues, then move what the view controller should not do.")
        #expect(try box.update(date: "2026-11-25").files["cart.md"] == nil)
    }

    /// A plan whose state keeps no Context hashes (made before it did): a line that differs from this
    /// scan's in its numbers alone is the tool's and refreshed; other wording is a person's.
    @Test func withoutARecordOnlyTheCountsTellTheToolsLine() throws {
        let box = try Self.sandbox()
        var state = try #require(PlanState.decode(try box.read(".state.json")))
        #expect(state.contexts?.keys.sorted() == ["cart.md", "cross-cutting.md", "store.md"])
        state.contexts = nil
        try box.write(".state.json", state.encoded())
        let store = try #require(Self.context(try box.read("store.md")))
        try box.write("store.md", try box.read("store.md").replacingOccurrences(of: store, with: store + " Owner: @kim."))
        for name in ["Cart", "Store"] {
            try box.editSource("\(name)/\(name)ViewController.swift", "        load()\n    }", "        load()\n        UserDefaults.standard.set(2, forKey: \"seen\")\n    }")
        }
        try box.update(date: "2026-11-24")
        #expect(Self.context(try box.read("cart.md"))?.hasPrefix("> **Context**: CartViewController: 13 code lines over 1 file; persistence 3 evidence sites.") == true)
        #expect(Self.context(try box.read("store.md")) == store + " Owner: @kim.")
        #expect(try #require(PlanState.decode(try box.read(".state.json"))).contexts?.keys.sorted() == ["cart.md", "cross-cutting.md"])
    }
}
