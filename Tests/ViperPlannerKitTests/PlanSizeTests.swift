import Foundation
import Testing
@testable import ViperPlannerKit

/// Plans a person reads: PRs packed toward the cap, small screens swept into cross-cutting, and the
/// plan's own checks of what a reader sees.
struct PlanSizeTests {
    func slice(_ n: Int, _ phase: TaskCategory, lines: Int, tasks: [String], creates: [String] = [], dependsOn: [String] = [],
               part: String? = nil, preparatory: Bool = false) -> PRSlice {
        var s = PRSlice(number: n, phase: phase, title: "Title \(n)", taskIDs: tasks, files: ["F\(n).swift"],
                        estimate: [EstimatePart(lines, "\(tasks.first ?? "x"): work")], cap: PRSlicer.cap(for: phase, configCap: 200),
                        isPreparatory: preparatory, changes: ["change \(n)"], checks: ["check"])
        s.creates = creates; s.dependsOn = dependsOn; s.part = part
        return s
    }

    @Test func neighbouringPRsOfOneConcernMergeUnderTheCap() {
        let packed = Planner.pack([
            slice(1, .C, lines: 6, tasks: ["C1"]),
            slice(2, .I, lines: 120, tasks: ["I1"], creates: ["AInteractor"]),
            slice(3, .I, lines: 70, tasks: ["I2"], creates: ["BInteractor"]),
            slice(4, .I, lines: 60, tasks: ["I3"], dependsOn: ["PR 2"]),
            slice(5, .R, lines: 60, tasks: ["R1"], creates: ["ARouter"], dependsOn: ["PR 2"]),
            slice(6, .B, lines: 25, tasks: ["B1"], creates: ["AModule"], dependsOn: ["PR 5", "PR 4"]),
            slice(7, .T, lines: 50, tasks: ["T1"], creates: ["AModuleTests"], dependsOn: ["PR 6"]),
        ])
        #expect(packed.map(\PRSlice.number) == [1, 2, 3, 4, 5, 6])
        // The routes and the builder (which makes the presenter the interactor's output) are two
        // concerns, each its own PR even when both would fit one; the tests are their own too.
        #expect(packed.map { $0.taskIDs } == [["C1"], ["I1", "I2"], ["I3"], ["R1"], ["B1"], ["T1"]])
        #expect(packed.map(\PRSlice.estimatedLines) == [6, 190, 60, 60, 25, 50])
        #expect(packed[1].creates == ["AInteractor", "BInteractor"])
        #expect(packed[1].title == "Title 2; title 3")
        // Dependencies follow the PR each joined; a PR never depends on itself.
        #expect(packed[2].dependsOn == ["PR 2"])
        #expect(packed[3].dependsOn == ["PR 2"])
        #expect(packed[4].dependsOn == ["PR 3", "PR 4"])
        #expect(packed[5].dependsOn == ["PR 5"])
    }

    /// A small screen's module work (its presenter, router, builder and tests) is one PR under the
    /// general cap, its presenter part within the presenter cap; its safety fix stays first and alone.
    @Test func aSmallScreenBecomesAModuleInOnePR() {
        let packed = Planner.pack([
            slice(1, .C, lines: 6, tasks: ["C1"]),
            slice(2, .P, lines: 48, tasks: ["P1"], creates: ["APresenter"]),
            slice(3, .R, lines: 30, tasks: ["R1"], creates: ["ARouter"], dependsOn: ["PR 2"]),
            slice(4, .B, lines: 25, tasks: ["B1"], creates: ["AModule"], dependsOn: ["PR 3"]),
            slice(5, .T, lines: 23, tasks: ["T1"], creates: ["AModuleTests"], dependsOn: ["PR 4", "cross-cutting.md PR 1"]),
        ])
        #expect(packed.map { $0.taskIDs } == [["C1"], ["P1", "R1", "B1", "T1"]])
        #expect(packed.map(\PRSlice.estimatedLines) == [6, 126])
        #expect(packed.map(\PRSlice.cap) == [50, 200])
        #expect(packed[1].dependsOn == ["cross-cutting.md PR 1"])
        #expect(packed[1].creates == ["APresenter", "ARouter", "AModule", "AModuleTests"])
    }

    /// Not folded: two screens' modules, a presenter part over its cap, or more than the general cap.
    @Test func largerModuleWorkKeepsItsPhases() {
        let twoScreens = Planner.pack([
            slice(1, .P, lines: 40, tasks: ["P1"], creates: ["APresenter"]),
            slice(2, .B, lines: 25, tasks: ["B1"], creates: ["AModule"]),
            slice(3, .B, lines: 25, tasks: ["B2"], creates: ["BModule"]),
        ])
        #expect(twoScreens.map { $0.taskIDs } == [["P1"], ["B1", "B2"]])
        let presenterHeavy = Planner.pack([
            slice(1, .P, lines: 60, tasks: ["P1"], creates: ["APresenter"]),
            slice(2, .P, lines: 50, tasks: ["P2"]),
            slice(3, .R, lines: 20, tasks: ["R1"], creates: ["ARouter"]),
        ])
        #expect(presenterHeavy.map { $0.taskIDs } == [["P1"], ["P2"], ["R1"]])
        let large = Planner.pack([
            slice(1, .I, lines: 150, tasks: ["I1"], creates: ["AInteractor"]),
            slice(2, .R, lines: 60, tasks: ["R1"], creates: ["ARouter"]),
        ])
        #expect(large.map { $0.taskIDs } == [["I1"], ["R1"]])
    }

    /// The types a PR creates: each module's prefix said once, the longest prefix first, other
    /// names whole, in the order they first appear.
    @Test func typeNamesSayAModulesPrefixOnce() {
        let names = PlanRenderer.typeNames(["NotesPresenter", "NotesDetailPresenter", "APIClientProtocol", "NotesRouter", "NotesDetailModule", "Notes", "Notesy"],
                                           prefixes: ["Notes", "NotesDetail"])
        #expect(names == ["Notes{Presenter,Router}", "NotesDetail{Presenter,Module}", "APIClientProtocol", "Notes", "Notesy"])
    }

    /// A sweep of many tasks says a check they share once and sums their estimates in one line.
    @Test func aSweepSaysWhatItsTasksShareOnce() {
        #expect(PlanRenderer.sharedChecks(["X3: callers compile.", "No `A` left.", "X4: callers compile.", "X5: its own check."])
                == ["X3, X4: callers compile.", "No `A` left.", "X5: its own check."])
        let parts = [EstimatePart(2, "new `AProtocol`")] + (1...5).map { EstimatePart($0, "X\($0), as its Estimate says") }
        #expect(PlanRenderer.tasksSummed(parts).map { "\($0.lines) \($0.label)" }
                == ["2 new `AProtocol`", "15 X1, X2, X3, X4, X5, each as its Estimate says"])
        #expect(PlanRenderer.tasksSummed(Array(parts.prefix(5))) == Array(parts.prefix(5)), "four tasks keep a line each")
    }

    @Test func splitsPartsAndCharacterizationStayAlone() {
        let packed = Planner.pack([
            slice(3, .I, lines: 20, tasks: [], creates: ["ACharacterizationTests"]),
            slice(4, .I, lines: 40, tasks: ["I1"], preparatory: true),
            slice(5, .I, lines: 30, tasks: ["I2"], part: "part 1 of 2"),
            slice(6, .I, lines: 30, tasks: ["I2"], dependsOn: ["PR 5"], part: "part 2 of 2"),
            slice(7, .P, lines: 60, tasks: ["P1"]),
            slice(8, .P, lines: 50, tasks: ["P2"]),
        ])
        #expect(packed.map(\PRSlice.number) == [3, 4, 5, 6, 7, 8])
        #expect(packed.map { $0.taskIDs } == [[String]]([[], ["I1"], ["I2"], ["I2"], ["P1"], ["P2"]]), "60 + 50 is over the presenter cap of 100")
        #expect(packed[3].dependsOn == ["PR 5"])
    }

    /// The table lists a PR's direct dependencies: one that another listed PR already depends on
    /// (in this file or, through it, in cross-cutting.md) is left out.
    @Test func dependsOnListsOnlyDirectDependencies() {
        let shown = PlanRenderer.directDependencies([
            slice(2, .I, lines: 50, tasks: ["I1"]),
            slice(3, .I, lines: 50, tasks: ["I2"], dependsOn: ["cross-cutting.md PR 2"]),
            slice(25, .I, lines: 50, tasks: [], dependsOn: ["PR 2", "PR 3"]),
            slice(27, .I, lines: 50, tasks: ["I3"], dependsOn: ["cross-cutting.md PR 2", "cross-cutting.md PR 4", "PR 2", "PR 3", "PR 25"]),
        ])
        #expect(shown.map(\.dependsOn) == [[], ["cross-cutting.md PR 2"], ["PR 2", "PR 3"], ["cross-cutting.md PR 4", "PR 25"]])
    }

    @Test func numberRangesCollapseRuns() {
        #expect(Planner.numberRanges([3, 4, 5, 7]) == "PRs 3–5, PR 7")
        #expect(Planner.numberRanges([9]) == "PR 9")
        #expect(Planner.numberRanges([]) == "")
    }

    @Test func identifiersAndEmptyCodeSpans() {
        #expect(PlanChecks.isIdentifier("CartPresenter"))
        #expect(PlanChecks.isIdentifier("_Cart2"))
        #expect(!PlanChecks.isIdentifier("UIViewController.present(style:builder:)Protocol"))
        #expect(!PlanChecks.isIdentifier("2Fast"))
        #expect(!PlanChecks.isIdentifier(""))
        #expect(!PlanChecks.isIdentifier("Protocol"))
        #expect(PlanChecks.emptyCodeSpanLine("a\nnavigation (``)\n") == 2)
        #expect(PlanChecks.emptyCodeSpanLine("```swift\nlet a = 1\n```\nuse `a`\n") == nil)
        #expect(PlanChecks.emptyCodeSpanLine("``` `` ```") == nil)
    }

    @Test func theDashboardCheckCatchesCountsThatDisagree() throws {
        let plan = Planner.plan(try SampleGoldenTests.audit("NewsReader"), configuration: Configuration(), date: "2026-11-21")
        var files = try PlanRenderer().render(plan)
        #expect(PlanChecks.renderedProblems(plan, files: files) == [])
        // One feature row fewer than the sentence says, and a severity count off by one.
        var lines = files["README.md"]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = lines.firstIndex { $0.hasPrefix("| ") && $0.contains(".md](") && !$0.contains("cross-cutting") }!
        lines.remove(at: row)
        let medium = lines.firstIndex { $0.hasPrefix("| 🟢 Medium |") }!
        lines[medium] = "| 🟢 Medium | 999 |"
        files["README.md"] = lines.joined(separator: "\n")
        let problems = PlanChecks.renderedProblems(plan, files: files)
        #expect(problems.contains { $0.hasPrefix("README.md: says \(plan.features.count) feature files, lists \(plan.features.count - 1)") })
        #expect(problems.contains { $0.hasPrefix("README.md: the table `| Severity | Open |` adds up to") })
    }
}

struct PlanCheckSlipTests {
    @Test func aClosureInACodeSpanIsNoLink() {
        let files = ["a.md": "- `x.on(value: {[weak self](leader) in` — see [b](b.md)\n", "b.md": "[gone](c.md)\n"]
        #expect(PlanChecks.brokenLinks(files) == ["b.md: link to c.md, which the plan does not contain"])
    }

    @Test func nestedAndGenericSharedTypesGetOneIdentifier() {
        #expect(CrossCutting.protocolName(for: "APIClient") == "APIClientProtocol")
        #expect(CrossCutting.protocolName(for: "Preferences.Option<Bool>") == "PreferencesOptionProtocol")
        #expect(PlanChecks.isIdentifier(CrossCutting.protocolName(for: "Constants.UserDefaults")))
    }
}
