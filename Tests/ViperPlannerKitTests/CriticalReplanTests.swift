import Foundation
import Testing
@testable import ViperPlannerKit

/// Critical fixes land in the code, `update` runs: the critical PRs show done and the open tasks are
/// sliced again after them, whatever shape the file has.
struct CriticalReplanTests {
    static func screen(_ name: String) -> String {
        """
        import UIKit

        final class \(name)ViewController: UIViewController {
            private var onRefresh: (() -> Void)?

            override func viewDidLoad() {
                super.viewDidLoad()
                onRefresh = { self.load() }
                load()
            }

            func load() {
                UserDefaults.standard.set(1, forKey: "\(name)")
                title = UserDefaults.standard.string(forKey: "\(name)title")
            }
        }
        """
    }

    static func fix(_ box: Sandbox, _ name: String) throws {
        try box.editSource("Shop/\(name)ViewController.swift", "onRefresh = { self.load() }", "onRefresh = { [weak self] in self?.load() }")
    }

    static func sandbox(cap: Int? = nil) throws -> Sandbox {
        var files = ["Shop/CartViewController.swift": screen("Cart"), "Shop/StoreViewController.swift": screen("Store")]
        if let cap { files[".viper-planner.yml"] = "pr_line_cap: \(cap)\n" }
        let box = try Sandbox(files: files)
        try box.makePlan(date: "2026-11-23")
        return box
    }

    /// The critical fixes sit in two PRs and the second is merged first: it shows done under its own
    /// number, and the open PRs keep theirs (before, every open PR moved up past it and PR 1 vanished).
    @Test func aLaterCriticalPRMergedFirstKeepsEveryNumber() throws {
        let box = try Self.sandbox(cap: 5)
        let planned = PRSequenceUpdateTests.rows(try box.read("shop.md"))
        #expect(Array(planned.prefix(2)) == ["| 1 | Critical safety | C1 | — | — | 1 | 3 / 5 | Planned |",
                                            "| 2 | Critical safety | C2 | — | — | 1 | 3 / 5 | Planned |"])
        try Self.fix(box, "Store")
        box.commit("PR 2")
        let second = try box.update(date: "2026-11-24")
        #expect(second.resolved.map(\.id) == ["C2"])
        let rows = PRSequenceUpdateTests.rows(try box.read("shop.md"))
        #expect(Array(rows.prefix(2)) == ["| 1 | Critical safety | C1 | — | — | 1 | 3 / 5 | Planned |",
                                         "| 2 | Critical safety | C2 | — | — | 1 | 3 / 5 | ✅ Done |"])
        // The rest is sliced again under the numbers it had: same rows, same dependencies.
        #expect(Array(rows.dropFirst(2)) == Array(planned.dropFirst(2)))
        try Self.fix(box, "Cart")
        box.commit("PR 1")
        let first = try box.update(date: "2026-11-25")
        #expect(first.resolved.map(\.id) == ["C1"])
        let after = PRSequenceUpdateTests.rows(try box.read("shop.md"))
        #expect(Array(after.prefix(2)) == ["| 1 | Critical safety | C1 | — | — | 1 | 3 / 5 | ✅ Done |",
                                          "| 2 | Critical safety | C2 | — | — | 1 | 3 / 5 | ✅ Done |"])
        #expect(Array(after.dropFirst(2)) == Array(planned.dropFirst(2)))
    }
}
