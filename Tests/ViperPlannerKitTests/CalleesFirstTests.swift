import Testing
@testable import ViperPlannerKit

/// A task whose moved code calls a member another task moves lands after that task, so the call
/// compiles against the member's new home.
struct CalleesFirstTests {
    static func task(_ id: String, _ category: TaskCategory, moves member: String, needsPresenter: Bool = false) -> PlanTask {
        var t = PlanTask(category: category, title: id, fingerprint: id, rule: nil, viewController: "ShareViewController", member: member,
                         file: "Share/ShareViewController.swift", line: 1, severity: .medium, problem: "", fix: "", evidence: [], estimate: [])
        t.id = id
        t.needsPresenter = needsPresenter
        t.moves = [MovedMember(name: member, file: t.file, line: 1, codeLines: 10, selfCalls: [])]
        return t
    }

    static func call(from member: String, to name: String) -> MemberReference {
        MemberReference(chain: [], name: name, isCall: true, member: member, position: SourcePosition(line: 1, column: 1))
    }

    @Test func aCalleesMoverLandsBeforeItsCaller() {
        let tasks = [Self.task("P1", .P, moves: "apply()"), Self.task("P2", .P, moves: "updateState()"), Self.task("P3", .P, moves: "title()"),
                     Self.task("R1", .R, moves: "close()"), Self.task("P4", .P, moves: "complete(with:)")]
        let calls = [Self.call(from: "apply()", to: "updateState"), Self.call(from: "apply()", to: "complete"),
                     Self.call(from: "apply()", to: "close")]
        // P1 waits for P2 and P4 in the Presenter slots; the Router task keeps its slot.
        #expect(Planner.calleesFirst(tasks, calls: calls).map(\.id) == ["P2", "P3", "P4", "R1", "P1"])
    }

    @Test func differentLandingsAndCyclesKeepTheirOrder() {
        // The Interactor task the presenter drives lands after the other Interactor tasks anyway.
        let tasks = [Self.task("I1", .I, moves: "updateOptions()", needsPresenter: true), Self.task("I2", .I, moves: "generatePassword()"),
                     Self.task("P1", .P, moves: "a()"), Self.task("P2", .P, moves: "b()")]
        let calls = [Self.call(from: "updateOptions()", to: "generatePassword"), Self.call(from: "a()", to: "b"), Self.call(from: "b()", to: "a")]
        #expect(Planner.calleesFirst(tasks, calls: calls).map(\.id) == ["I1", "I2", "P1", "P2"])
    }
}
