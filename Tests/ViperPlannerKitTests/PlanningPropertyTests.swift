import Foundation
import Testing
@testable import ViperPlannerKit

/// Invariants over every sample and several caps: no slice above its cap, one task per finding,
/// dashboard and feature files agreeing, phases in their fixed order.
struct PlanningPropertyTests {
    static let samples = SampleGoldenTests.samples
    static let phaseCaps: [TaskCategory: Int] = [.C: 50, .P: 100]

    @Test("Every slice respects its cap; every finding is exactly one task", arguments: samples, [200, 120, 40])
    func capsAndFindings(sample: String, cap: Int) throws {
        try checkCapsAndFindings(sample: sample, cap: cap, style: .uikit)
    }

    /// The same invariants for plans aimed at the Swift 6 + SwiftUI target (View conversion PRs included).
    @Test("Swift 6 + SwiftUI plans: caps, PlanChecks, every task in one PR", arguments: samples, [200, 120, 40])
    func swiftUICapsAndFindings(sample: String, cap: Int) throws {
        try checkCapsAndFindings(sample: sample, cap: cap, style: .swiftui)
    }

    /// Under a cap so low that a screen's own edits around its new types (it holds the interactor)
    /// fill half of it, the slicer still ends, and every task is in a PR.
    @Test("A tiny cap still plans every task")
    func tinyCap() throws {
        var configuration = Configuration()
        configuration.prLineCap = 4
        let plan = Planner.plan(try SampleGoldenTests.audit("NewsReader"), configuration: configuration, date: "2026-11-21")
        for file in plan.taskFiles {
            #expect(Set(file.tasks.map(\.id)) == Set(file.slices.flatMap(\.taskIDs)), "\(file.fileName)")
        }
    }

    func checkCapsAndFindings(sample: String, cap: Int, style: TargetStyle) throws {
        var configuration = Configuration()
        configuration.prLineCap = cap
        configuration.target = style
        let result = try SampleGoldenTests.audit(sample)
        let plan = Planner.plan(result, configuration: configuration, date: "2026-11-21")
        for file in plan.taskFiles {
            for slice in file.slices {
                // Safety fixes outside view controllers (cross-cutting) keep the critical-fix cap.
                let safetyOnly = slice.taskIDs.allSatisfy { id in RuleRegistry.planning(of: file.tasks.first { $0.id == id }?.rule)?.category == .C }
                // Interactor moves the presenter drives come in the presenter phase with the Interactor's
                // cap, or the presenter's when they join a presenter PR.
                let moves = slice.phase == .P && slice.taskIDs.contains { id in file.tasks.first { $0.id == id }?.category == .I }
                let phase = slice.phase == .X && safetyOnly && !slice.taskIDs.isEmpty ? TaskCategory.C : slice.phase
                let phaseCap = min(cap, Self.phaseCaps[phase] ?? 200)
                // New types alone (a skeleton that changes no behaviour) get the cap of additive work.
                let skeleton = slice.taskIDs.isEmpty && !slice.isPreparatory && (!slice.creates.isEmpty || slice.part != nil)
                // A skeleton riding with the move that fills it: the move keeps within the phase's cap.
                let moved = slice.estimate.filter { part in slice.taskIDs.contains { part.label.hasPrefix($0 + ":") || part.label.hasPrefix($0 + ",") } }
                let carried = !slice.creates.isEmpty && moved.reduce(0) { $0 + $1.lines } <= phaseCap
                // One presenter task larger than the presenter's cap moves whole, under the general cap.
                let whole = slice.phase == .P && slice.taskIDs.count == 1 && slice.part == nil && slice.estimatedLines > phaseCap
                #expect(slice.cap == phaseCap || ((moves || skeleton || carried || whole) && slice.cap == min(cap, 200)), "\(file.fileName) PR \(slice.number)")
                // Over the cap only when it moves a statement larger than a PR, and it says so.
                #expect(slice.estimatedLines <= slice.cap || slice.title.hasSuffix(PRSlicer.uncuttable),
                        "\(file.fileName) PR \(slice.number) \(slice.title): \(slice.estimatedLines) > \(slice.cap)")
                #expect(slice.estimatedLines == slice.estimate.reduce(0) { $0 + $1.lines })
            }
            let sliced = Set(file.slices.flatMap(\.taskIDs))
            #expect(Set(file.tasks.map(\.id)) == sliced, "\(file.fileName): every task is in a PR, and only its tasks")
        }
        // Mergeable in order: every PR has lines, no two do the same work, each new type is created
        // once and used only after a PR it depends on has created it; every link resolves.
        let existing = Set(result.index.types.filter(\.isDeclaredInSources).map { String($0.name.split(separator: ".").last ?? "") })
        #expect(PlanChecks.problems(plan, existingTypes: existing) == [])
        let rendered = try PlanRenderer().render(plan)
        #expect(PlanChecks.brokenLinks(rendered) == [])
        #expect(PlanChecks.renderedProblems(plan, files: rendered) == [])
        let tasks = plan.taskFiles.flatMap(\.tasks)
        // A task for several findings carries the others' fingerprints.
        let fromFindings = tasks.filter { $0.rule != nil }.flatMap { [$0.fingerprint] + $0.covers }
        #expect(fromFindings.sorted() == result.findings.map(\.fingerprint).sorted())
        let all = tasks.flatMap { [$0.fingerprint] + $0.covers }
        #expect(Set(all).count == all.count, "fingerprints are unique across the plan")
    }

    @Test("Feature files, dashboard rows and the Total row agree; phases in fixed order", arguments: samples)
    func dashboardAgrees(sample: String) throws {
        let files = try PlanRenderer().render(Planner.plan(try SampleGoldenTests.audit(sample), configuration: Configuration(), date: "2026-11-21"))
        let readme = files["README.md"]!
        var sum = 0
        var rows = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| ") && line.contains("](") && line.contains(".md)") && !line.contains("PR ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let file = String(cells[1].split(separator: "(").last!.dropLast())
            let total = Int(cells[2])!
            let text = try #require(files[file], "row \(file) points to a file that exists")
            let checkboxes = text.split(separator: "\n").filter { $0.hasPrefix("- [ ] **") || $0.hasPrefix("- [x] **") }.count
            #expect(total == checkboxes, "\(file): dashboard says \(total), file has \(checkboxes)")
            sum += total
            rows += 1
        }
        #expect(rows == files.keys.filter { $0.hasSuffix(".md") && $0 != "README.md" && $0 != "discovered.md" }.count)
        let totalRow = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| **Total** |") })
        #expect(totalRow.contains("**\(sum)**"), "Total row \(totalRow) ≠ \(sum)")

        let order = TaskCategory.allCases
        for (name, text) in files where name.hasSuffix(".md") {
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
            let phases = headings.compactMap { h in order.first { $0.heading == h } }
            #expect(phases == phases.sorted(), "\(name): sections out of order \(phases)")
            let table = text.split(separator: "\n").filter { $0.range(of: #"^\| \d+ \| "#, options: .regularExpression) != nil }
            let tablePhases = table.map { row in order.first { row.contains("| \($0.phase) |") }! }
            #expect(tablePhases == tablePhases.sorted(), "\(name): PR table out of phase order")
            let numbers = table.map { Int($0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces))! }
            #expect(numbers == Array(1...max(1, numbers.count)).prefix(numbers.count).map { $0 })
        }
    }
}

extension PlanningPropertyTests {
    /// A PR that moves code into a layer type an earlier PR created edits that type's file: the
    /// file is in its list (a screen's second Interactor PR lists `…Interactor.swift`, a view-state
    /// PR `…Presenter.swift`).
    @Test("Every PR lists the layer files it edits", arguments: ["NewsReader", "ShopLegacy"])
    func prsListTheLayerFilesTheyEdit(sample: String) throws {
        let plan = Planner.plan(try SampleGoldenTests.audit(sample), configuration: Configuration(), date: "2026-11-21")
        var checked = 0
        for file in plan.taskFiles {
            for slice in file.slices where !slice.isPreparatory && slice.concern != "seam" && !slice.taskIDs.isEmpty {
                let categories = Set(slice.taskIDs.compactMap { id in file.tasks.first { $0.id == id }?.category })
                let moves = slice.taskIDs.contains { id in file.tasks.first { $0.id == id }.map { !$0.moves.isEmpty && $0.structural == nil } == true }
                guard moves, slice.phase == .I || slice.phase == .P else { continue }
                if categories.contains(.I) {
                    #expect(slice.files.contains { $0.hasSuffix("Interactor.swift") }, "\(file.fileName) PR \(slice.number): \(slice.files)")
                }
                if slice.phase == .P {
                    #expect(slice.files.contains { $0.hasSuffix("Presenter.swift") }, "\(file.fileName) PR \(slice.number): \(slice.files)")
                }
                checked += 1
            }
        }
        #expect(checked > 5)
    }
}
