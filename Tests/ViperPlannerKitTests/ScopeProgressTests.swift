import Foundation
import Testing
@testable import ViperPlannerKit

/// Scope is not progress: a plan's findings that leave the scope of the configuration are "out of
/// scope" — listed, never ticked, never counted as done — and `status`/`update` say how the
/// configuration changed since the plan. Run on copies of the Samples, through the commands.
struct ScopeProgressTests {
    static let promotions = ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8",
                             "R1", "R2", "R3", "B1", "B2", "B3", "T1", "T2", "T3"]

    static func configure(_ box: Sandbox, _ yaml: String?) throws {
        let path = box.root + "/" + Configuration.fileName
        if let yaml { try Data(yaml.utf8).write(to: URL(fileURLWithPath: path)) } else { try FileManager.default.removeItem(atPath: path) }
    }

    static func status(_ box: Sandbox) throws -> String {
        try Commands.status(box.request(date: "2026-11-22"), format: .text).report
    }

    @Test func excludingAFolderMovesItsTasksOutOfScopeNotToDone() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        try Self.configure(box, "excluded: [Promotions]\n")
        let change = "configuration changed since the plan: excluded: [] → [Promotions]; files in scope: 5 removed, 0 added"

        // status: nothing resolved, 25 out of scope, the configuration change named.
        let status = try Self.status(box)
        let lines = status.components(separatedBy: "\n")
        #expect(lines[0] == change)
        #expect(lines[1] == "\(box.plan): 0 resolved, 0 regressed, 0 new, 25 out of scope; 0/112 tasks done (0%); 25 tasks out of scope, not counted")
        #expect(lines.filter { $0.hasPrefix("  out of scope: promotions.md ") }.count == 24)
        #expect(lines.contains("  out of scope: cross-cutting.md X8 — Share `expiryText(for:)`, copied into 2 screens (`Promotions/CouponsViewController.swift` is left out by `excluded:`)"))
        #expect(lines.contains("  out of scope: promotions.md I1 — Move the storage access of `loadPromotions()` into a Repository (`Promotions/PromotionsBaseViewController.swift` is left out by `excluded:`)"))

        // --dry-run lists each task it would move, and writes nothing.
        let before = try box.snapshot()
        var loud = box.request(date: "2026-11-22", dryRun: true)
        loud.scan.quiet = false
        let dry = try Commands.update(loud)
        #expect(try box.snapshot() == before)
        let wouldMove = dry.output.lines.joined(separator: "\n").components(separatedBy: "\n").filter { $0.hasPrefix("  would move out of scope: ") }
        #expect(Set(wouldMove.compactMap { $0.split(separator: " ").dropFirst(6).first.map(String.init) }) == Set(Self.promotions + ["X8"]))
        #expect(dry.output.lines.contains { $0.hasPrefix(change) })
        let dryResult = try #require(dry.update)
        #expect(dryResult.resolved.isEmpty && dryResult.outOfScope.count == 25 && dryResult.scopeChange?.keys == ["excluded: [] → [Promotions]"])

        // update: the tasks stay unticked, marked, and out of every total.
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.isEmpty && result.regressed.isEmpty && result.new.isEmpty && result.outOfScope.count == 25)
        #expect(result.dashboard.done == 0 && result.dashboard.total == 112 && result.dashboard.outOfScope == 25)
        let file = try box.read("promotions.md")
        #expect(!file.contains("- [x]"))
        #expect(Edit.block("I1", in: file).contains("  - **Out of scope**: since 2026-11-22\(box.head.map { " (\($0))" } ?? ""): `Promotions/PromotionsBaseViewController.swift` is left out by `excluded:`; not done, not counted"))
        #expect(file.contains("| 1 | Services & Interactors | I1, I2, I3 |") && file.contains("| 135 / 200 | Out of scope |"))
        let readme = try box.read("README.md")
        #expect(readme.contains("| Promotions | [promotions.md](promotions.md) | 0 | 0 | Out of scope |"))
        #expect(readme.contains("Not counted: 25 tasks out of scope"))
        #expect(!readme.contains("[Promotions](promotions.md) PR"))

        // The plan now records the new scope: no change to report, nothing moves again.
        let after = try Self.status(box).components(separatedBy: "\n")
        #expect(after[0] == "\(box.plan): 0 resolved, 0 regressed, 0 new, 0 out of scope; 0/112 tasks done (0%); 25 tasks out of scope, not counted")
        let state = try #require(PlanState.decode(try box.read(".state.json")))
        #expect(state.scope?.configuration == ["excluded": "[Promotions]"])
        #expect(state.tasks.filter { $0.status == PlanState.outOfScope }.count == 25)

        // Back in the scope: open again, as they were (not regressed, not new).
        try Self.configure(box, nil)
        let back = try box.update(date: "2026-11-23")
        #expect(back.backInScope.count == 25 && back.regressed.isEmpty && back.new.isEmpty && back.resolved.isEmpty)
        #expect(back.scopeChange?.description == "configuration changed since the plan: excluded: [Promotions] → []; files in scope: 0 removed, 5 added")
        #expect(back.dashboard.total == 137 && back.dashboard.outOfScope == 0)
        #expect(!(try box.read("promotions.md")).contains("Out of scope"))
    }

    /// The same configuration and a file deleted: its findings are gone for real (resolved as always).
    @Test func aDeletedFileWithTheSameConfigurationIsARealChange() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        try FileManager.default.removeItem(atPath: box.root + "/Promotions/DealsViewController.swift")
        let result = try box.update(date: "2026-11-22")
        #expect(result.outOfScope.isEmpty && result.scopeChange == nil)
        #expect(Set(result.resolved.map(\.id)).isSuperset(of: ["I6", "P5", "P6", "P7", "R2", "B2", "T2"]))
    }

    /// Code a finding was traced through that is no longer read (`analysis_excluded:`): the screens'
    /// networking tasks left the scope with `APIClient`; nothing is resolved, and the shared protocol
    /// over it stays.
    @Test func aFindingTracedThroughCodeNoLongerReadLeftTheScope() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        try Self.configure(box, "analysis_excluded: [Networking]\n")
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.isEmpty)
        #expect(result.outOfScope.count == 7, "\(result.outOfScope.map { "\($0.file) \($0.id)" })")
        #expect(result.scopeChange?.description == "configuration changed since the plan: analysis_excluded: [] → [Networking]; files in scope: 3 removed, 0 added")
        let orders = try #require(result.outOfScope.first { $0.file == "orders.md" && $0.id == "I2" })
        #expect(orders.reason == "it is traced through `Networking/APIClient.swift`, never read by `analysis_excluded:`")
        // The shared protocol over `APIClient` stays: the screens of several features still call it, now
        // a service whose code is not read, which gets one protocol in cross-cutting.md all the same.
        #expect(!result.outOfScope.contains { $0.file == "cross-cutting.md" } && result.resolved.isEmpty)
    }

    /// The app's own modules left out of the report: the tasks located there are out of scope, the
    /// App screens that call them keep every task open (the package is still read).
    @Test func excludingTheAppsModulesLeavesTheAppScreensTasksOpen() throws {
        let box = try Sandbox(sample: "ModularApp")
        try box.makePlan(date: "2026-11-21")
        try Self.configure(box, "excluded: [Modules]\n")
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.isEmpty && result.regressed.isEmpty && result.new.isEmpty)
        // The module screen's 6 tasks, and the 2 cross-cutting ones located in the package (like vendored code's).
        #expect(result.outOfScope.map { "\($0.file) \($0.id)" }.sorted()
                == ["cross-cutting.md X1", "cross-cutting.md X2"] + ["C1", "C2", "I1", "I2", "B1", "T1"].map { "trail-map-ui.md \($0)" }.sorted())
        #expect(result.outOfScope.allSatisfy { $0.reason.hasPrefix("`Modules/") && $0.reason.hasSuffix("` is left out by `excluded:`") })
        #expect(result.dashboard.total == 18 && result.dashboard.outOfScope == 8)
        let state = try #require(PlanState.decode(try box.read(".state.json")))
        let open = state.tasks.filter { $0.status == "open" }
        #expect(!open.isEmpty && open.allSatisfy { $0.sources?.first?.hasPrefix("App/") == true })
        #expect(state.tasks.filter { $0.status == PlanState.outOfScope }.count == result.outOfScope.count)
    }

    /// A plan from before the scope was recorded: its tasks' files come from their Location; there
    /// is no recorded configuration to compare, so no change is reported, and the scope is recorded.
    @Test func aPlanWithoutARecordedScopeStillTellsScopeFromProgress() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        var state = try #require(PlanState.decode(try box.read(".state.json")))
        state.scope = nil
        for i in state.tasks.indices { state.tasks[i].sources = nil }
        try box.write(".state.json", state.encoded())
        try Self.configure(box, "excluded: [Promotions]\n")
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.isEmpty && result.outOfScope.count == 25 && result.scopeChange == nil)
        #expect(PlanState.decode(try box.read(".state.json"))?.scope?.configuration == ["excluded": "[Promotions]"])
    }

    /// No state at all (rebuilt from the Markdown): the task blocks' Locations tell the files.
    @Test func aRebuiltStateGoesByTheLocationsTheBlocksShow() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: "2026-11-21")
        try FileManager.default.removeItem(atPath: box.plan + "/.state.json")
        try Self.configure(box, "excluded: [Promotions]\n")
        let result = try box.update(date: "2026-11-22")
        #expect(result.stateRebuilt && result.resolved.isEmpty && result.outOfScope.count == 25)
    }

    @Test func theRecordedConfigurationIsItsKeysThatAreNotTheDefault() throws {
        let config = try Configuration.parse("""
            excluded: [Mac, Modules, Widget]
            thresholds: {review: 300}
            platforms: [ios, macos]
            max_file_size_kb: 512
            severity: {vc-size: high}
            """, file: "c.yml")
        #expect(config.scopeEntries == [
            "excluded": "[Mac, Modules, Widget]", "platforms": "[ios, macos]", "max_file_size_kb": "512", "severity": "{vc-size: high}",
            "thresholds": "{review: 300, split: 700, must_address: 1000, god_high: 400, god_critical: 2000, long_method: 100}",
        ])
        #expect(Configuration().scopeEntries.isEmpty)
        let change = ScopeChange(recorded: PlanScope(configuration: [:], files: ["A.swift", "Mac/B.swift"]),
                                 current: PlanScope(configuration: ["excluded": "[Mac]"], files: ["A.swift", "C.swift"]))
        #expect(change?.description == "configuration changed since the plan: excluded: [] → [Mac]; files in scope: 1 removed, 1 added")
        #expect(ScopeChange(recorded: PlanScope(configuration: [:], files: []), current: PlanScope(configuration: [:], files: ["A.swift"])) == nil)
    }
}
