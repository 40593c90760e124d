import Foundation
import Testing
@testable import ViperPlannerKit

/// Plan → people edit the plan → code changes → update, on ShopLegacy in a
/// temporary git repository; every outcome asserted, every person-written line still present.
struct UpdateEndToEndTests {
    static let strongSink = ".sink { self.total = $0 }"
    static let weakSink = ".sink { [weak self] in self?.total = $0 }"

    @Test func planPeopleEditFixAndUpdate() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        defer { withExtendedLifetime(box) {} }
        try box.makePlan(date: "2026-11-21")
        box.commit("plan")

        // A code change adds one finding: it lands in discovered.md as D1 with its full description.
        try box.editSource("Cart/CartViewController.swift", "    @objc func localeDidChange(", """
            func recalculateLater() {
                DispatchQueue.global().async {
                    self.recalculate()
                }
            }

            @objc func localeDidChange(
        """)
        box.commit("recalculate later")
        let first = try box.update(date: "2026-11-22")
        #expect(first.new.map(\.id) == ["D1"] && first.resolved.isEmpty && first.regressed.isEmpty && first.flagged.isEmpty)
        let commitA = box.head
        let d1 = Edit.block("D1", in: try box.read("discovered.md"))
        #expect(d1.first?.contains("`recalculateLater()`") == true)
        #expect(d1.contains("  - **Found during**: scan of \(commitA ?? "the working tree") on 2026-11-22"))
        #expect(d1.contains("  - **Assign to**: cart.md"))
        #expect(d1.contains { $0.hasPrefix("  - **Fix**: ") } && d1.contains { $0.hasPrefix("  - **Estimate**: ") })

        // People edit the plan.
        var cart = try box.read("cart.md")
        cart = Edit.appendToTask("C3", ["  - **PR**: #12", "  - **Owner**: @dana"], in: cart)
        cart = Edit.appendToTask("C2", ["  Note: the coupon flow calls this too; pair with QA."], in: cart)
        cart = Edit.tick("C4", in: cart)                                   // a false tick: C4 is still there
        cart = cart.replacingOccurrences(of: "## Notes\n", with: "## Notes\n\nAsk design about the empty-cart state before PR 2.\n")
        var (discovered, moved) = Edit.removeTask("D1", from: try box.read("discovered.md"))
        cart = Edit.appendToTask("C4", moved, in: cart)                   // triaged into the feature file
        discovered += "- [ ] **D9: Check the analytics events of the cart screen**\n  - **Owner**: @sam\n"
        var orders = try box.read("orders.md")
        let personFix = "  - **Fix**: Move `loadOrders()` into the existing OrderService (agreed with @kim)."
        let toolFix = try #require(Edit.block("I1", in: orders).first { $0.hasPrefix("  - **Fix**: ") })
        orders = orders.replacingOccurrences(of: toolFix, with: personFix)
        let handLine = "Budget for the migration approved until March."
        try box.write("README.md", try box.read("README.md").replacingOccurrences(of: "## Open tasks\n", with: handLine + "\n\n## Open tasks\n")
                      + "Stakeholder sync every Friday; ask @lee before moving PR dates.\n")
        try box.write("cart.md", cart)
        try box.write("discovered.md", discovered)
        try box.write("orders.md", orders)
        let peoplesLines = ["  - **PR**: #12", "  - **Owner**: @dana", "  Note: the coupon flow calls this too; pair with QA.",
                            "Ask design about the empty-cart state before PR 2.", "- [ ] **D9: Check the analytics events of the cart screen**",
                            "  - **Owner**: @sam", personFix, moved[0], "Stakeholder sync every Friday; ask @lee before moving PR dates."]
        box.commit("people edit the plan")

        // A code change fixes two findings (C1, C2) and adds one.
        try box.editSource("Cart/CartViewController.swift", Self.strongSink, Self.weakSink)
        try box.editSource("Cart/CartViewController.swift", """
                DispatchQueue.global().async {
                    self.recalculate()
                }
            }

            func recalculateLater() {
        """, """
                DispatchQueue.global().async { [weak self] in
                    self?.recalculate()
                }
            }

            func recalculateLater() {
        """)
        try box.editSource("Orders/OrderHistoryViewController.swift", "    // MARK: - Lifecycle\n", """
            // MARK: - Lifecycle

            func resetLater() {
                DispatchQueue.global().async {
                    self.page = 1
                }
            }

        """)
        box.commit("fix two, add one")
        let commitB = box.head
        let stamp = "2026-11-23" + (commitB.map { " (\($0))" } ?? "")
        let second = try box.update(date: "2026-11-23")
        #expect(second.resolved.map { "\($0.file) \($0.id)" } == ["cart.md C1", "cart.md C2"])
        #expect(second.regressed.isEmpty)
        #expect(second.new.map { "\($0.file) \($0.id)" } == ["discovered.md D10"])      // D9 is a person's: never reused
        #expect(second.flagged.map { "\($0.file) \($0.id)" } == ["cart.md C4"])
        #expect(second.attention.map(\.id) == ["C4"])

        cart = try box.read("cart.md")
        discovered = try box.read("discovered.md")
        orders = try box.read("orders.md")
        let c1 = Edit.block("C1", in: cart), c2 = Edit.block("C2", in: cart), c4 = Edit.block("C4", in: cart)
        #expect(c1.first?.hasPrefix("- [x] **C1: ") == true && c1.last == "  - **Resolved**: \(stamp), verified by scan")
        #expect(c2.first?.hasPrefix("- [x] **C2: ") == true && c2.contains("  Note: the coupon flow calls this too; pair with QA."))
        #expect(c2.last == "  - **Resolved**: \(stamp), verified by scan")
        #expect(c4.first?.hasPrefix("- [x] **C4: ") == true && c4.contains("  - **Still detected**: 2026-11-23"))
        #expect(!c4.contains { $0.hasPrefix("  - **Resolved**") })
        // The moved task is tracked where it now lives, not filed again.
        #expect(Edit.block("D1", in: cart).first == moved[0] && !discovered.contains("**D1: "))
        let d10 = Edit.block("D10", in: discovered)
        #expect(d10.first?.contains("`resetLater()`") == true && d10.contains("  - **Assign to**: orders.md"))
        #expect(d10.contains("  - **Found during**: scan of \(commitB ?? "the working tree") on 2026-11-23"))
        // The person's Fix stays; the tool refreshed the fields nobody touched (the line moved).
        let i1 = Edit.block("I1", in: orders)
        #expect(i1.contains(personFix) && !i1.contains { $0.hasPrefix("  - **Tool suggests**") })
        // A line written above the Notes is moved into them, with a warning; the Notes stay as written.
        #expect(try box.read("README.md").hasSuffix("## Notes\n\n\(handLine)\n\nStakeholder sync every Friday; ask @lee before moving PR dates.\n"))
        #expect(second.warnings == ["README.md: 1 line written by hand above `## Notes` moved into `## Notes` (the dashboard above it is regenerated)"])
        let all = try ["cart.md", "discovered.md", "orders.md", "README.md"].map(box.read).joined(separator: "\n")
        for line in peoplesLines { #expect(all.components(separatedBy: "\n").contains(line), "lost: \(line)") }

        let readme = try box.read("README.md")
        #expect(readme.contains("| Cart | [cart.md](cart.md) | 16 | 2 | In Progress |"))
        #expect(readme.contains("| Discovered | [discovered.md](discovered.md) | 2 | 0 | Planned |"))
        #expect(readme.contains("- [cart.md](cart.md) **C4**: "))
        #expect(readme.contains("| 2026-11-23 | \(commitB ?? "—") | 140 | 2 | 4 | 1 | 2 | 0 |"))
        #expect(cart.contains("| **Status**: In Progress | **Last scan**: \(stamp)"))
        // Re-planned from what is still to do: the done tasks (C1, C2) leave the open PR, the falsely
        // ticked one (C4) is still open work and stays; the critical that a person moved in from
        // discovered.md (D1) joins it.
        #expect(cart.contains("| 1 | Critical safety | D1, C3, C4 | — | — | 1 | 12 / 50 | Planned |"))

        // A second update with no code change, with --no-touch: byte-identical tree.
        let before = try box.snapshot()
        let third = try box.update(date: "2026-11-24", noTouch: true)
        #expect(third.files.isEmpty && third.resolved.isEmpty && third.new.isEmpty && third.flagged.isEmpty)
        #expect(try box.snapshot() == before)
        // Without --no-touch only the Last Updated line moves.
        let touched = try box.update(date: "2026-11-24", write: false)
        #expect(touched.files.keys.sorted() == ["README.md"])

        // A fixed smell comes back; a builder and the screen tests appear.
        try box.editSource("Cart/CartViewController.swift", Self.weakSink, Self.strongSink)
        try box.addSource("Cart/CartModule.swift", "import UIKit\n\nenum CartModule {\n    static func build() -> UIViewController { CartViewController() }\n}\n")
        try box.addSource("Tests/CartModuleTests.swift", "import XCTest\n\nfinal class CartModuleTests: XCTestCase {\n    func testTotal() {}\n}\n")
        box.commit("regress C1, add the builder and the screen tests")
        let fourth = try box.update(date: "2026-11-25")
        let stampC = "2026-11-25" + (box.head.map { " (\($0))" } ?? "")
        #expect(fourth.regressed.map(\.id) == ["C1"])
        #expect(fourth.resolved.map(\.id) == ["B1", "T1"])
        cart = try box.read("cart.md")
        let regressed = Edit.block("C1", in: cart)
        #expect(regressed.first?.hasPrefix("- [ ] **C1: ") == true && regressed.last == "  - **Regressed**: \(stampC)")
        #expect(!regressed.contains { $0.hasPrefix("  - **Resolved**") })
        #expect(Edit.block("B1", in: cart).last == "  - **Resolved**: \(stampC), verified structurally: `CartModule`/`CartBuilder` with a build function exists")
        #expect(Edit.block("T1", in: cart).last == "  - **Resolved**: \(stampC), verified structurally: a test file for `CartModule` exists")
        #expect(try box.read("README.md").contains("- [cart.md](cart.md) **C1**: "))

        // A view controller is deleted: its findings are resolved by scan, its structural tasks because
        // there is nothing left to build or test.
        try FileManager.default.removeItem(atPath: box.root + "/Orders/OrderHistoryViewController.swift")
        box.commit("drop the order history screen")
        let fifth = try box.update(date: "2026-11-26")
        orders = try box.read("orders.md")
        #expect(fifth.new.isEmpty && fifth.regressed.isEmpty)
        // orders.md also plans OrderDetailViewController (same feature folder): its tasks stay open.
        let orderTasks = PlanDocument(parsing: orders).tasks
        let history = orderTasks.filter {
            $0.header.title.contains("OrderHistory") || ($0.field("Location")?.first?.contains("OrderHistoryViewController") ?? false)
        }
        #expect(history.count >= 5 && history.allSatisfy { $0.header.checked })
        #expect(orderTasks.contains { !$0.header.checked && $0.header.title.contains("OrderDetail") })
        let wire = try #require(history.first { $0.header.title == "Wire OrderHistoryModule" })
        #expect(wire.body.last?.hasSuffix("verified structurally: `OrderHistoryViewController` no longer exists") == true)
        #expect(Edit.block("I1", in: orders).contains(personFix), "a resolved task keeps the person's text")
        discovered = try box.read("discovered.md")
        #expect(Edit.block("D10", in: discovered).first?.hasPrefix("- [x] ") == true)
        let final = try ["cart.md", "discovered.md", "orders.md", "README.md"].map(box.read).joined(separator: "\n")
        for line in peoplesLines { #expect(final.components(separatedBy: "\n").contains(line), "lost: \(line)") }
    }
}
