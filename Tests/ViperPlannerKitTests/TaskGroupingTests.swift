import Foundation
import Testing
@testable import ViperPlannerKit

/// Findings of one kind on one screen share a task sized to a PR; `update` keeps that task open while
/// any of its findings is detected, and ticks it when none is.
struct TaskGroupingTests {
    /// Four members that read or write settings, and a stored closure with a strong `self`.
    static let screen = """
    import UIKit
    final class NotesViewController: UIViewController {
        var onChange: (() -> Void)?
        override func viewDidLoad() {
            super.viewDidLoad()
            onChange = { self.reload() }
        }
        func reload() { _ = UserDefaults.standard.string(forKey: "a") }
        func saveDraft() { UserDefaults.standard.set("d", forKey: "b") }
        func loadFlags() { _ = UserDefaults.standard.bool(forKey: "c") }
        func resetFlags() { UserDefaults.standard.removeObject(forKey: "c") }
    }
    """

    static func storageTasks(_ plan: Plan) throws -> [PlanTask] {
        try ExitsAndClaimsTests.feature(plan, "NotesViewController").tasks.filter { $0.rule == "vc-persistence" }
    }

    @Test func findingsOfOneKindOnOneScreenShareATask() throws {
        let files = ["Notes/NotesViewController.swift": Self.screen]
        let single = try Self.storageTasks(ExitsAndClaimsTests.plan(files, grouping: .none))
        let grouped = try Self.storageTasks(ExitsAndClaimsTests.plan(files))
        #expect(single.map(\.member) == ["reload()", "saveDraft()", "loadFlags()", "resetFlags()"])
        #expect(grouped.count == 1)
        let task = try #require(grouped.first)
        #expect(task.fingerprint == single[0].fingerprint && task.covers == single.dropFirst().map(\.fingerprint))
        #expect(task.title == "Move the storage access of `reload()`, `saveDraft()` and 2 more into a Repository")
        #expect(task.members == ["reload()", "saveDraft()", "loadFlags()", "resetFlags()"])
        #expect(task.estimatedLines == single.reduce(0) { $0 + $1.estimatedLines })
        #expect(task.evidence == single.flatMap(\.evidence))
        // The safety fix stays a task of its own.
        let feature = try ExitsAndClaimsTests.feature(ExitsAndClaimsTests.plan(files), "NotesViewController")
        #expect(feature.tasks.filter { $0.category == .C }.count == 1)
        // The hidden comment carries every fingerprint, and reads back.
        let rendered = try PlanRenderer().render(ExitsAndClaimsTests.plan(files))
        let block = try #require(PlanDocument(parsing: rendered["notes.md"] ?? "").tasks.first { $0.header.fingerprint == task.fingerprint })
        #expect(block.header.covers == task.covers)
        #expect(block.headerLine.hasSuffix("<!-- vp:\(([task.fingerprint] + task.covers).joined(separator: " ")) -->"))
    }

    @Test func aTaskForSeveralFindingsStaysOpenUntilTheLastIsGone() throws {
        let box = try Sandbox(files: ["Notes/NotesViewController.swift": Self.screen])
        try box.makePlan(date: "2026-11-21")
        let id = try #require(PlanDocument(parsing: try box.read("notes.md")).tasks.first { $0.header.title.hasPrefix("Move the storage access") }?.header.id)
        // Right after the plan, an update changes nothing.
        let same = try box.update(date: "2026-11-21")
        #expect(same.resolved.isEmpty && same.new.isEmpty && same.files.isEmpty)

        // Two of the five members stop touching storage: the task stays open, its Problem lists the rest.
        try box.editSource("Notes/NotesViewController.swift", "func saveDraft() { UserDefaults.standard.set(\"d\", forKey: \"b\") }", "func saveDraft() {}")
        try box.editSource("Notes/NotesViewController.swift", "func loadFlags() { _ = UserDefaults.standard.bool(forKey: \"c\") }", "func loadFlags() {}")
        box.commit("two moved")
        let partly = try box.update(date: "2026-11-22")
        #expect(partly.resolved.isEmpty && partly.new.isEmpty)
        let block = Edit.block(id, in: try box.read("notes.md"))
        #expect(block.first?.hasPrefix("- [ ] ") == true)
        #expect(block.contains { $0.hasPrefix("  - **Problem**: ") && $0.contains("The same in `resetFlags()`.") && !$0.contains("saveDraft") })

        // A finding back in a member the task holds is that task's again; a new member's is a task
        // of its own in discovered.md.
        try box.editSource("Notes/NotesViewController.swift", "func loadFlags() {}",
                           "func loadFlags() { _ = UserDefaults.standard.integer(forKey: \"n\") }\n    func clearAll() { UserDefaults.standard.removeObject(forKey: \"z\") }")
        box.commit("one back, one new")
        let back = try box.update(date: "2026-11-23")
        #expect(back.new.map(\.file) == ["discovered.md"] && back.new[0].title.contains("`clearAll()`") && back.resolved.isEmpty)

        // The rest go: the task is ticked once its last finding is gone.
        try box.editSource("Notes/NotesViewController.swift", "func reload() { _ = UserDefaults.standard.string(forKey: \"a\") }", "func reload() {}")
        try box.editSource("Notes/NotesViewController.swift", "func resetFlags() { UserDefaults.standard.removeObject(forKey: \"c\") }", "func resetFlags() {}")
        try box.editSource("Notes/NotesViewController.swift", "func loadFlags() { _ = UserDefaults.standard.integer(forKey: \"n\") }", "func loadFlags() {}")
        box.commit("all moved")
        let done = try box.update(date: "2026-11-24")
        #expect(done.resolved.map(\.id).contains(id))
        #expect(Edit.block(id, in: try box.read("notes.md")).first?.hasPrefix("- [x] ") == true)
    }

    /// A screen's safety fixes of one rule in one member are one task: two closures of one method
    /// that capture `self` are one fix with two sites; in cross-cutting, where the screen has no
    /// module to build, its fixes of one rule are one task over its members.
    @Test func aScreensSafetyFixesOfOneRuleShareATask() throws {
        let form = { (io: String) in """
            import UIKit
            final class FormViewController: UIViewController {
                var onA: (() -> Void)?
                var onB: (() -> Void)?
                var onC: (() -> Void)?
                func buildAccount() {
                    onA = { self.open("a") }
                    onB = { self.open("b") }
                }
                func buildDanger() {
                    onC = { self.open("c") }
                }
                func open(_ s: String) { print(s) }
            \(io)
            }
            """
        }
        let module = ExitsAndClaimsTests.plan(["Settings/FormViewController.swift": form("""
                func load() { URLSession.shared.dataTask(with: URL(string: "https://a.b")!) { _, _, _ in }.resume() }
                func save() { UserDefaults.standard.set(1, forKey: "n") }
            """)])
        let fixes = try ExitsAndClaimsTests.feature(module, "FormViewController").tasks.filter { $0.rule == "strong-self-in-stored-closure" }
        #expect(fixes.map(\.title) == ["Strong `self` in a stored closure of FormViewController (`buildAccount()`), 2 sites",
                                       "Strong `self` in a stored closure of FormViewController (`buildDanger()`)"])
        #expect(fixes.map(\.category) == [.C, .C])
        #expect(fixes.first?.problem.contains("The same at 1 more site of `buildAccount()`.") == true)

        let swept = ExitsAndClaimsTests.plan(["Settings/FormViewController.swift": form("")])
        let tasks = swept.crossCutting.tasks.filter { $0.rule == "strong-self-in-stored-closure" }
        #expect(tasks.count == 1)
        let task = try #require(tasks.first)
        #expect(task.title == "Strong `self` in a stored closure of FormViewController (`buildAccount()` and `buildDanger()`), 3 sites")
        #expect(task.problem.contains("The same in `buildDanger()`, with 1 more site in these members."))
        #expect(task.evidence.count == 3 && task.covers.count == 2)
        #expect(task.estimate.map(\.label) == ["`buildAccount()`", "`buildDanger()`"] && task.estimate.map(\.lines) == [6, 3])
    }

    /// Findings outside any screen (a presenter's own) of several types share a task that names
    /// each member with its type, never one type for all.
    @Test func findingsOutsideScreensNameTheirTypes() {
        let presenter = { (name: String, calls: [String]) in
            "protocol \(name)PresenterInput {}\nfinal class \(name)Presenter: \(name)PresenterInput {\n"
                + calls.map { "    func \($0)() { APIClient.shared.send(\"\($0)\") }\n" }.joined() + "}\n"
        }
        let plan = ExitsAndClaimsTests.plan(["Stories/StoriesPresenter.swift": presenter("Stories", ["didAppear", "stop"]),
                                             "Story/StoryPresenter.swift": presenter("Story", ["show"])])
        let tasks = plan.crossCutting.tasks.filter { $0.rule == "singleton-in-module" }
        #expect(tasks.map(\.title) == ["singleton-in-module in `StoriesPresenter.didAppear()`, `StoriesPresenter.stop()` and `StoryPresenter.show()`"])
        #expect(tasks.first?.problem.contains("The same in `StoriesPresenter.stop()` and `StoryPresenter.show()`.") == true)
        // One type alone keeps the short form.
        let one = ExitsAndClaimsTests.plan(["Stories/StoriesPresenter.swift": presenter("Stories", ["didAppear", "stop"])])
        #expect(one.crossCutting.tasks.map(\.title) == ["singleton-in-module in StoriesPresenter.`didAppear()` and `stop()`"])
    }
}

/// An initialiser with many dependencies is named by its first two labels in the plan's code spans.
struct LongSignatureTests {
    @Test func codeSpansNameALongSignatureByItsFirstTwoLabels() throws {
        let code = """
        import UIKit
        final class LongViewController: UIViewController {
            init(alphaStore: Int, betaStore: Int, gammaStore: Int, deltaStore: Int, epsilonStore: Int) {
                super.init(nibName: nil, bundle: nil)
                UserDefaults.standard.set(1, forKey: "a")
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """
        let files = try PlanRenderer().render(ExitsAndClaimsTests.plan(["Long/LongViewController.swift": code]))
        let feature = try #require(files["long.md"])
        #expect(feature.contains("- [ ] **I1: Move the storage access of `init(alphaStore:betaStore:…)` into a Repository**"))
        #expect(!feature.contains("`init(alphaStore:betaStore:gammaStore:"))
        // Four labels or fewer stay whole.
        #expect(TemplateSet.shortSignatures("`load(a:b:c:d:)` `init(a:b:c:d:e:)`") == "`load(a:b:c:d:)` `init(a:b:…)`")
    }
}
