import Foundation
import Testing
@testable import ViperPlannerKit

/// A task that groups one rule's findings over many members of several types reads as one step:
/// a few members named, the shared fix said once, the estimate of the rest summed.
struct GroupedTaskWordingTests {
    static func finding(_ type: String, _ member: String, _ singleton: String, line: Int) -> PlanTask {
        var t = PlanTask(category: .X, title: "singleton-in-module in \(type).`\(member)`", fingerprint: "fp\(line)",
                         rule: "singleton-in-module", viewController: nil, member: member, file: "App/\(type).swift", line: line,
                         severity: .high, problem: "\(type) reaches the singleton `\(singleton)`.",
                         fix: "Add a `\(singleton)`-backed protocol parameter to `\(type).init`, store it as `private let`, and pass `\(singleton)` from the module's Builder.",
                         evidence: ["`\(type).swift:\(line)` `\(singleton).post()`"], estimate: [EstimatePart(2, "`\(member)`")])
        t.owner = type
        return t
    }

    static let group = TaskGrouping.merge([
        finding("APresenter", "load()", "NotificationCenter.default", line: 1),
        finding("BPresenter", "save()", "Cache.shared", line: 2),
        finding("CInteractor", "run()", "Store.shared", line: 3),
        finding("DInteractor", "stop()", "Store.shared", line: 4),
        finding("EInteractor", "go()", "Store.shared", line: 5),
        finding("FInteractor", "end()", "Store.shared", line: 6),
    ])

    /// What orders the group's PR is the union of its members': the private type one moves out,
    /// the type another uses once an earlier task moved it, the presenter's state it uses.
    @Test func aGroupKeepsWhatOrdersItsPR() {
        var a = Self.finding("TagListViewController", "tag(at:)", "SPAppDelegate.shared()", line: 1)
        var b = Self.finding("TagListViewController", "currentSelection", "SPAppDelegate.shared()", line: 2)
        a.movesScreenTypes = ["SystemRow"]; a.usesScreenTypes = ["Section"]
        b.usesScreenTypes = ["SystemRow", "Section"]; b.usesOwnedState = true
        let group = TaskGrouping.merge([a, b])
        #expect(group.movesScreenTypes == ["SystemRow"] && group.usesScreenTypes == ["Section"] && group.usesOwnedState)
    }

    @Test func theProblemNamesAFewMembersAndCountsTheRest() {
        #expect(Self.group.problem == "APresenter reaches the singleton `NotificationCenter.default`. The same in `BPresenter.save()`, `CInteractor.run()`, `DInteractor.stop()` and 2 more.")
    }

    @Test func theFixIsSaidOnceForMembersThatDifferOnlyInTheirNames() {
        #expect(Self.group.fix == "Add a `NotificationCenter.default`-backed protocol parameter to `APresenter.init`, store it as `private let`, and pass `NotificationCenter.default` from the module's Builder. The same in the other 5 members, each with the type and dependency its Evidence shows.")
    }

    @Test func theEstimateNamesThreeMembersAndSumsTheOthers() throws {
        let context = try PlanRenderer().taskContext(Self.group, statedOnce: true)
        guard case .text(let parts) = try #require(context["estimateParts"]) else { Issue.record("no parts"); return }
        #expect(parts == "2 (`APresenter.load()`) + 2 (`BPresenter.save()`) + 2 (`CInteractor.run()`) + 6 (3 more members)")
    }

    /// A rule's reason above its tasks keeps what follows from it; its first sentence (what the rule
    /// detects) stays only when the rest refers back to it.
    @Test func aSectionStatesARulesConsequences() {
        #expect(PlanRenderer.consequences("The view controller formats values itself (formatters). The same value is formatted differently on different screens.")
                == "The same value is formatted differently on different screens.")
        let back = "The view controller reads stored data itself. Its behaviour depends on what is on the device."
        #expect(PlanRenderer.consequences(back) == back)
        #expect(PlanRenderer.consequences("One sentence only.") == "One sentence only.")
    }
}

/// A task moved over several PRs, member by member: each later PR names its own members and
/// injects nothing the first one injected.
struct TaskPartWordingTests {
    @Test func eachPartNamesItsMembersAndInjectsOnce() throws {
        var task = PlanTask(category: .I, title: "Move the service calls in these 3 members into SignInInteractor use cases", fingerprint: "fp",
                            rule: nil, viewController: "SignInViewController", member: nil, file: "App/SignInViewController.swift", line: 1,
                            severity: .medium, problem: "SignInViewController does its data work itself.",
                            fix: "Move each call into a use case of `SignInInteractor`; these 3 members then only forward to `interactor`. Keep the rest.",
                            evidence: [], estimate: [EstimatePart(120, "`requestCode()`"), EstimatePart(70, "`logIn()`"), EstimatePart(120, "`signUp()`")])
        task.id = "I2"; task.members = ["requestCode()", "logIn()", "signUp()"]; task.wrappers = ["AuthClient"]; task.concern = "service"
        let slices = PRSlicer(configCap: 200, owners: [:]).slices(for: [task])
        #expect(slices.map(\.title) == ["I2 part 1 of 2: move `requestCode()` and `logIn()`", "I2 part 2 of 2: move `signUp()`"])
        let (first, later) = (slices[0], slices[1])
        #expect(first.changes.contains { $0.hasPrefix("Inject `AuthClient`") }, "\(first.changes)")
        #expect(first.changes.contains { $0.hasPrefix("I2, for `requestCode()` and `logIn()` in this PR: Move each call") }, "\(first.changes)")
        #expect(!later.changes.contains { $0.hasPrefix("Inject ") }, "\(later.changes)")
        #expect(later.changes.contains { $0.hasPrefix("I2, for `signUp()` in this PR: Move each call") }, "\(later.changes)")
        #expect(later.changes.contains { $0.contains("one case per use case moved here (`signUp()`)") }, "\(later.changes)")
    }

    /// A member's Fix given to several members keeps its verbs in agreement.
    @Test func aFixForSeveralMembersSpeaksOfThemInThePlural() {
        #expect(TaskGrouping.plural("Move it; `a()` then only forwards to `interactor`.") == "Move it; `a()` then only forward to `interactor`.")
        #expect(TaskGrouping.plural("`a()` then only tells the presenter what the user did.") == "`a()` then only tell the presenter what the user did.")
    }
}

/// A Presenter PR says what it moves: text for formatting, view state for the rest.
struct PresenterWordingTests {
    static func task(rule: String?) -> PlanTask {
        var task = PlanTask(category: .P, title: "Move the view state of `refreshRows()` into TagListPresenter", fingerprint: "fp", rule: rule,
                            viewController: "TagListViewController", member: "refreshRows()", file: "App/TagListViewController.swift", line: 1,
                            severity: .medium, problem: "The view decides which rows it shows.", fix: "Move that logic into `TagListPresenter`.",
                            evidence: [], estimate: [EstimatePart(40, "`refreshRows()`")])
        task.id = "P1"
        return task
    }

    @Test func aViewStatePRSpeaksOfStateAFormattingPROfText() throws {
        let state = try #require(PRSlicer(configCap: 200, owners: [:]).slices(for: [Self.task(rule: nil)]).last)
        #expect(state.title == "Move the view state of `refreshRows()` into Presenter", "\(state.title)")
        #expect(state.changes.contains("The view controller applies the view state the presenter hands it and decides none of it itself."), "\(state.changes)")
        #expect(state.changes.contains { $0.hasSuffix("one case per output moved here, asserting the view state it hands the view.") }, "\(state.changes)")
        let text = try #require(PRSlicer(configCap: 200, owners: [:]).slices(for: [Self.task(rule: VCFormattingRule.id)]).last)
        #expect(text.title == "Move the formatting of `refreshRows()` into Presenter", "\(text.title)")
        #expect(text.changes.contains("The view controller sets the presenter's display-ready strings and formats nothing."), "\(text.changes)")
    }
}
