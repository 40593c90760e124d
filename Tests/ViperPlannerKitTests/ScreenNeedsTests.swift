import Testing
@testable import ViperPlannerKit

/// An Interactor or Presenter task says what its moved code still needs from the view controller,
/// which the new type cannot see: state, constants, helpers moved later or kept by the view.
@Suite struct ScreenNeedsTests {
    static let screen = """
    import UIKit
    protocol SignInDelegate: AnyObject { func didSignIn() }
    final class EmailRules { func allows(_ email: String) -> Bool { !email.hasSuffix(".invalid") } }
    final class SignInViewController: UIViewController {
        @IBOutlet var emailField: UITextField!
        var mode = 0
        var attempts = 0
        let maxAttempts = 5
        var onSignedIn: ((String) -> Void)?
        let authService = AuthService()
        let rules = EmailRules()
        weak var delegate: SignInDelegate?
        func signIn(email: String) {
            guard attempts < maxAttempts, isValid(email), rules.allows(email) else { return }
            attempts += 1
            UserDefaults.standard.set(email, forKey: "lastEmail")
            UserDefaults.standard.set(mode, forKey: "mode")
            onSignedIn?(email)
            delegate?.didSignIn()
            showWelcome()
        }
        func isValid(_ email: String) -> Bool {
            if email.isEmpty { return false }
            if !email.contains("@") { return false }
            return email.count < 200
        }
        func showWelcome() { emailField.text = "" }
    }
    """

    @Test func aMoveSaysWhatItStillNeedsFromTheScreen() throws {
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", Self.screen)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "signIn(email:)" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        #expect(sentence == ScreenNeeds.lead + "it reads `attempts` and `mode` of the screen's state: the use case takes them as parameters, passed by the view, until their owner moves; "
            + "it sets `attempts`: the new value comes back through its output and the view keeps it; "
            + "it uses `maxAttempts`, a constant the screen makes itself: the Interactor makes its own; "
            + "it uses `rules` and `delegate`, objects the screen holds: the view hands the same ones to the Interactor it makes in place, until the module's builder injects them; "
            + "it calls `onSignedIn` and `showWelcome()`, which stay in the view controller: the Interactor reaches them through its output, never the view controller itself.")
        #expect(task.estimate.filter { $0.label.hasPrefix("the screen's state") }.map(\.lines) == [10], "\(task.estimate)")
    }

    /// A validator the screen makes of a struct with no stored `var` is a value, not a handle with
    /// one owner: each layer that uses it makes its own (a copy validates the same way).
    @Test func aStatelessValidatorIsAConstantEachLayerMakes() throws {
        let code = Self.screen
            .replacingOccurrences(of: "    let maxAttempts = 5\n", with: "    let maxAttempts = 5\n    private lazy var validator = EmailValidator()\n")
            .replacingOccurrences(of: "guard attempts < maxAttempts, isValid(email),", with: "guard attempts < maxAttempts, isValid(email), validator.check(email),")
            + "\nstruct EmailValidator { let limit = 200\n    func check(_ email: String) -> Bool { email.count < limit } }\n"
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "signIn(email:)" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        #expect(sentence.contains("it uses `maxAttempts` and `validator`, constants the screen makes itself: the Interactor makes its own copies"), "\(sentence)")
        #expect(!sentence.contains("never copied"), "\(sentence)")
    }

    /// State a project base class declares is no state of the screen's to move (nor its own to
    /// list as missing): the new type gets it from the view as a parameter.
    @Test func stateTheBaseClassDeclaresIsHandedInNeverMoved() throws {
        let code = Self.screen
            .replacingOccurrences(of: "final class SignInViewController: UIViewController {\n    @IBOutlet var emailField: UITextField!\n    var mode = 0\n",
                                  with: "class FormViewController: UIViewController {\n    var mode = 0\n    var session: AccountSession?\n}\nfinal class SignInViewController: FormViewController {\n    @IBOutlet var emailField: UITextField!\n")
            .replacingOccurrences(of: "UserDefaults.standard.set(mode, forKey: \"mode\")", with: "UserDefaults.standard.set(mode, forKey: session?.key ?? \"mode\")")
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "signIn(email:)" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        #expect(sentence.contains("it reads `attempts` of the screen's state: the use case takes it as a parameter"), "\(sentence)")
        #expect(sentence.contains("it uses `mode` and `session`, which the screen inherits from its base class: the Interactor gets them from the view as parameters, and the base class keeps them"), "\(sentence)")
        #expect(ScreenNeeds(sentence: sentence)?.inherited == ["mode", "session"])
    }

    /// State read through a strong copy of `self` inside a closure (`strongSelf.mode`) and a computed
    /// property of the screen that reads its state are needs too: the moved code cannot see either.
    @Test func stateReadThroughAStrongSelfCopyOrAComputedPropertyIsANeed() throws {
        let code = Self.screen
            .replacingOccurrences(of: "        UserDefaults.standard.set(mode, forKey: \"mode\")\n",
                                  with: "        DispatchQueue.global().async { [weak self] in\n            if let strongSelf = self { UserDefaults.standard.set(strongSelf.mode, forKey: \"mode\") }\n        }\n")
            .replacingOccurrences(of: "set(email, forKey: \"lastEmail\")", with: "set(trimmedEmail, forKey: emailKey)")
            .replacingOccurrences(of: "    let maxAttempts = 5\n", with: "    let maxAttempts = 5\n    private var trimmedEmail: String { emailField.text ?? \"\" }\n    private var emailKey: String { \"last\" + \"Email\" }\n")
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "signIn(email:)" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        #expect(sentence.hasPrefix(ScreenNeeds.lead + "it reads `attempts`, `trimmedEmail` and `mode` of the screen's state: the use case takes them as parameters"), "\(sentence)")
        // One that reads nothing of the screen is a constant the new type makes its own.
        #expect(sentence.contains("it uses `maxAttempts` and `emailKey`, constants the screen makes itself"), "\(sentence)")
    }

    /// A callback whose decisions on the screen's state move to the Presenter (`case … where
    /// debugEnabled`) stays a forward, and the Presenter task lists the state those decisions read.
    @Test func aPresenterTaskListsTheStateACallbacksDecisionsRead() throws {
        let code = """
        import UIKit
        enum AuthError: Error { case unknown(Int), other }
        final class AuthViewController: UIViewController {
            var debugEnabled = false
            var mode = 0
            @IBOutlet var label: UILabel!
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume() }
            func failed(_ error: AuthError) { handleError(error: error) }
        }
        private extension AuthViewController {
            func handleError(error: AuthError) {
                switch error {
                case .unknown(let code) where debugEnabled:
                    let text = "\\(code)"
                    showDetails(text)
                case .other where mode > 1:
                    Diagnostics.shared.report(error, from: self)
                    showGeneric()
                default:
                    showGeneric()
                }
            }
            func showDetails(_ text: String) { label.text = text }
            func showGeneric() { label.text = "error" }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Auth/AuthViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .P && $0.moves.contains { $0.name == "handleError(error:)" } })
        #expect(task.fix.contains("itself stays as a forward") && task.fix.contains(ScreenNeeds.lead + "it uses `debugEnabled` and `mode`, the screen's state the Presenter owns from the screen-state PR on"), "\(task.fix)")
        // So its PR depends on the screen-state PR, which moves that state into the Presenter.
        let feature = try #require(plan.features.first { $0.tasks.contains { $0.id == task.id } })
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        let ownerPR = try #require(feature.slices.first { $0.taskIDs.contains(owner.id) })
        let taskPR = try #require(feature.slices.first { $0.taskIDs.contains(task.id) })
        #expect(taskPR.number > ownerPR.number && taskPR.dependsOn.contains("PR \(ownerPR.number)"), "\(feature.slices.map { ($0.number, $0.taskIDs, $0.dependsOn) })")
        // The view calls it keeps are in a private extension: a view protocol cannot require them as they are.
        #expect(task.fix.contains("`showDetails` and `showGeneric` are declared in a `private` extension: move them to an internal one if the view protocol requires them"), "\(task.fix)")
        // Code handing the view controller itself to another object cannot move: `self` would be the presenter.
        #expect(task.fix.contains("it hands the view controller itself (`self`) to `report(…)`: that call stays in the view, which hands the Presenter what it returns"), "\(task.fix)")
    }

    /// A `var` of a class type that the screen's members set and clear (`renaming = tag`, `= nil`)
    /// is state the view changes, passed as a parameter: not an object the Builder hands on once,
    /// whose copy would go stale at the first change.
    @Test func aSlotTheScreenReassignsIsStateNotAHeldObject() throws {
        let code = Self.screen
            .replacingOccurrences(of: "    weak var delegate: SignInDelegate?\n", with: "    weak var delegate: SignInDelegate?\n    var checking: EmailRules?\n    func startChecking() { checking = rules }\n    func stopChecking() { checking = nil }\n")
            .replacingOccurrences(of: "rules.allows(email) else", with: "rules.allows(email), checking?.allows(email) != false else")
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "signIn(email:)" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        let needs = try #require(ScreenNeeds(sentence: sentence))
        #expect(needs.reads == ["attempts", "checking", "mode"], "\(sentence)")
        #expect(needs.objects == ["rules", "delegate"], "\(sentence)")
    }

    static func task(_ member: String, fix: String) -> PlanTask {
        PlanTask(category: .I, title: "business-logic-in-vc in SignInViewController.`\(member)`", fingerprint: member, rule: "business-logic-in-vc",
                 viewController: "SignInViewController", member: member, file: "App/SignInViewController.swift", line: 1, severity: .high,
                 problem: "Rules in `\(member)`.", fix: fix, evidence: [], estimate: [EstimatePart(10, "`\(member)`")])
    }

    @Test func aGroupedTaskSaysItsMembersNeedsOnce() {
        var a = ScreenNeeds(); a.reads = ["mode"]; a.later = ["validate()"]
        var b = ScreenNeeds(); b.reads = ["mode", "state"]; b.stays = ["validate()", "render(_:)"]
        let first = Self.task("a()", fix: "Move the rules of `a()` into a use case. " + a.sentence(interactor: true))
        let second = Self.task("b()", fix: "Move the rules of `b()` into a use case. " + b.sentence(interactor: true))
        let merged = TaskGrouping.mergedFix([first, second])
        #expect(merged.components(separatedBy: ScreenNeeds.lead).count == 2, "\(merged)")
        #expect(merged.contains(ScreenNeeds.lead + "it reads `mode` and `state` of the screen's state: the use case takes them as parameters, passed by the view, until their owner moves; "
            + "it calls `validate()`, which a later task moves (it calls back into this code): until that PR the Interactor reaches it through its output, as the view's, and that PR makes the call the Interactor's own; "
            + "it calls `render(_:)`, which stays in the view controller: the Interactor reaches it through its output, never the view controller itself."), "\(merged)")
        #expect(ScreenNeeds(sentence: b.sentence(interactor: false)) == b)
        #expect(ScreenNeeds(sentence: a.sentence(interactor: true)) == a)
        var c = b; c.objects = ["rules"]; c.constants = ["limit"]; c.writes = ["mode"]; c.views = ["nameRow"]
        #expect(ScreenNeeds(sentence: c.sentence(interactor: true)) == c)
    }

    /// A row model the screen holds that carries a cell is UIKit: the moved code never takes it
    /// (the Interactor and Presenter import no UIKit), its lines stay in the view.
    @Test func aHeldRowThatCarriesACellStaysInTheView() throws {
        let code = """
        import UIKit
        final class FormRow {
            var value = ""
            var cell: UITableViewCell?
        }
        final class ProfileFormViewController: UIViewController {
            let nameRow = FormRow()
            @IBAction func saveTapped() { save() }
            func save() {
                let name = nameRow.value.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return }
                UserDefaults.standard.set(name, forKey: "name")
                UserDefaults.standard.set(Date(), forKey: "savedAt")
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Profile/ProfileFormViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        let sentence = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }, "\(task.fix)")
        #expect(sentence == ScreenNeeds.lead + "it uses `nameRow`, UIKit content the screen holds: the lines that touch it stay in the view, set from the plain values of its output.", "\(sentence)")
    }

    /// A data source the initialiser makes before `super.init`, when no Interactor exists yet: the
    /// view keeps making it and hands it on; one made later moves to its one owner.
    @Test func aHandleMadeBeforeSuperInitIsHandedOnNotMoved() throws {
        let code = """
        import UIKit
        final class OptionsViewController: UIViewController {
            var optionsDatasource: OCDataSourceArray?
            var loadTask: URLSessionDataTask?
            init() {
                optionsDatasource = OCDataSourceArray(items: [])
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
            func reload() {
                loadTask = URLSession.shared.dataTask(with: URL(string: "https://example.com/options")!) { data, _, _ in
                    self.optionsDatasource?.setVersionedItems([data as Any])
                }
                loadTask?.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Options/OptionsViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "reload()" } })
        let needs = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }.flatMap(ScreenNeeds.init(sentence:)), "\(task.fix)")
        #expect(needs.objects == ["optionsDatasource"] && needs.handles == ["loadTask"], "\(task.fix)")
    }

    /// A rule that calls a helper the Presenters phase moves, whatever the order the tasks were made
    /// in (tasks land phase by phase): the Interactor never calls the Presenter, so the view hands
    /// the helper's result in, and that wiring is estimated.
    @Test func aHelperAPresenterTaskMovesIsMovedLater() throws {
        let code = """
        import UIKit
        final class SignInViewController: UIViewController {
            @IBOutlet var warningLabel: UILabel!
            var mode = 0
            var email = ""
            func performInputElementsValidation() -> [String: Bool] {
                var result: [String: Bool] = [:]
                result["email"] = email.contains("@")
                result["mode"] = mode > 0
                result["length"] = email.count < 200
                return result
            }
            func ensureWarningsAreOnScreenWhenNeeded() -> Bool {
                let map = performInputElementsValidation()
                if map["email"] == false { warn("email") }
                if map["mode"] == false { warn("mode") }
                if map["length"] == false { warn("length") }
                return map.values.allSatisfy { $0 }
            }
            func warn(_ text: String) { warningLabel.text = text }
            @IBAction func signIn() {
                guard ensureWarningsAreOnScreenWhenNeeded() else { return }
                UserDefaults.standard.set(email, forKey: "email")
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/SignIn/SignInViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        let rule = try #require(tasks.first { $0.category == .I && $0.moves.contains { $0.name == "ensureWarningsAreOnScreenWhenNeeded()" } })
        #expect(tasks.contains { $0.category == .P && $0.moves.contains { $0.name == "performInputElementsValidation()" } })
        #expect(rule.fix.hasSuffix(ScreenNeeds.lead + "it calls `performInputElementsValidation()`, which the Presenter takes over: the view resolves it (itself today, from the presenter's view state after that move) and hands the result to the use case as a parameter."), "\(rule.fix)")
        #expect(rule.estimate.filter { $0.label.hasPrefix("the screen's state") }.map(\.lines) == [2], "\(rule.estimate)")
        // A rule that answers at once has no output to call the view from: its answer drives the view.
        #expect(rule.fix.contains("The moved code calls `warn`, which stays in the view: the answer the use case returns carries what it needs, and the view calls it itself right after asking.") && !rule.fix.contains("from its output"), "\(rule.fix)")
        var needs = ScreenNeeds(); needs.handedIn = ["tag(at:)"]; needs.reads = ["mode"]
        #expect(ScreenNeeds(sentence: needs.sentence(interactor: true)) == needs)
    }

    /// A helper that answers from its arguments alone (`isComplete(_:)`) cannot be reached through
    /// an output, which returns nothing: it moves along as a `static` function.
    @Test func aHelperThatAnswersFromItsArgumentsMovesAlong() throws {
        let code = """
        import UIKit
        final class NameRow: UITableViewCell {}
        final class AccountViewController: UIViewController {
            var name = ""
            func isComplete(_ value: String) -> Bool { value.isEmpty == false && value.count < 64 }
            func isShown(_ row: NameRow) -> Bool { row.isHidden == false }
            func save() {
                guard isComplete(name), isShown(NameRow()) else { return }
                UserDefaults.standard.set(name, forKey: "name")
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Account/AccountViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        let needs = try #require(TaskGrouping.sentences(task.fix).first { $0.hasPrefix(ScreenNeeds.lead) }.flatMap(ScreenNeeds.init(sentence:)), "\(task.fix)")
        // One that takes a piece of the view (a project cell) stays in the view.
        #expect(needs.pure == ["isComplete(_:)"] && needs.stays == ["isShown(_:)"], "\(task.fix)")
        #expect(task.fix.contains("it calls `isComplete(_:)`, which answers from its arguments alone (reading nothing of the screen): it moves into the Interactor as a `static` function, which the view's other callers call there, never through its output, which returns nothing"), "\(task.fix)")
        #expect(ScreenNeeds(sentence: needs.sentence(interactor: true)) == needs)
    }

    /// A helper the Presenter takes over that the moved code calls once its request comes back (in
    /// the completion, or after `try await` in a `catch`): no one can resolve it before the call, so
    /// the result reaches it through the output, never as a parameter.
    @Test func aHelperCalledWhenTheWorkComesBackIsReachedThroughTheOutput() throws {
        let code = """
        import UIKit
        final class LogInViewController: UIViewController {
            @IBOutlet var warningLabel: UILabel!
            var email = ""
            var attempts = 0
            func handleError(error: Error) {
                attempts += 1
                if attempts > 3 { showWarning("Too many attempts") }
                else if email.isEmpty { showWarning("Enter your email") }
                else { showWarning("Try again") }
            }
            func showWarning(_ text: String) { warningLabel.text = text }
            @IBAction func logInTapped() { performLogIn() }
            func performLogIn() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/login")!) { _, _, error in
                    if let error = error { self.handleError(error: error) }
                }.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/LogIn/LogInViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        let request = try #require(tasks.first { $0.category == .I && $0.moves.contains { $0.name == "performLogIn()" } }, "\(tasks.map(\.title))")
        #expect(tasks.contains { $0.category == .P && $0.moves.contains { $0.name == "handleError(error:)" } }, "\(tasks.map(\.title))")
        let needs = try #require(TaskGrouping.sentences(request.fix).first { $0.hasPrefix(ScreenNeeds.lead) }.flatMap(ScreenNeeds.init(sentence:)), "\(request.fix)")
        #expect(needs.outcomes == ["handleError(error:)"] && needs.handedIn.isEmpty, "\(request.fix)")
        #expect(request.fix.contains("it calls `handleError(error:)` when its work comes back, which the Presenter takes over: the use case's result reaches it through its output (the view calls it from there until that PR, the presenter after it)"), "\(request.fix)")
        #expect(ScreenNeeds(sentence: needs.sentence(interactor: true)) == needs)
    }
}

extension ScreenNeedsTests {
    /// A write between `stopListeningForChanges()` and `startListeningForChanges()` (a results
    /// listener held back while the store reorders): the order is the behaviour, so the task says the
    /// view keeps both calls around the use case, which does the write before it returns.
    @Test func callsThatBracketMovedWorkKeepTheirOrder() throws {
        let code = """
        import UIKit
        final class TagsViewController: UIViewController {
            var listening = false
            func stopListeningForChanges() { listening = false }
            func startListeningForChanges() { listening = true }
            func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
                stopListeningForChanges()
                UserDefaults.standard.set(destination.row, forKey: "tag-\\(source.row)")
                startListeningForChanges()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Tags/TagsViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "tableView(_:moveRowAt:to:)" } })
        #expect(task.fix.hasSuffix(" Order matters: the moved work runs between `stopListeningForChanges()` before it and `startListeningForChanges()` after it. The view keeps both calls around its call of the use case, and the use case does that work before it returns (no hop to another queue between them), or changes held back arrive out of order."), "\(task.fix)")
        #expect(OrderedPairs.pairs(["beginUpdates()", "save()", "endUpdates()", "startTimer()", "stopTimer()"]).map { "\($0.0) \($0.1)" } == ["beginUpdates() endUpdates()"])
    }
}

extension ScreenNeedsTests {
    /// Data before display: the Interactor moves a presenter drives (with the PR that only creates
    /// the Interactor for them) land right after the PRs creating the presenter, before the view-state
    /// moves that read that data; a screen without a presenter PR keeps them at the phase's end.
    @Test func dataThePresenterDrivesLandsBeforeTheViewStateThatReadsIt() {
        func draft(_ vc: String, _ category: TaskCategory?, creates: [String] = []) -> PRSlicer.Draft {
            var task = Self.task("m()", fix: "")
            if let category { task.category = category; task.id = "\(category.rawValue)1" }
            var d = PRSlicer.Draft(phase: .P, vc: vc, tasks: category == nil ? [] : [task])
            d.creates = creates
            return d
        }
        let ordered = PRSlicer.dataBeforeDisplay([
            draft("A", nil, creates: ["Presenter"]), draft("A", nil, creates: ["PresenterTests"]), draft("A", .P),
            draft("B", .P, creates: ["Presenter"]),
            draft("A", nil, creates: ["Interactor"]), draft("A", .I), draft("C", .I, creates: ["Presenter", "Interactor"]),
        ])
        #expect(ordered.map { "\($0.vc!) \($0.tasks.first?.category.rawValue ?? "-") \($0.creates.joined(separator: "+"))" } == [
            "A - Presenter", "A - PresenterTests", "A - Interactor", "A I ", "A P ", "B P Presenter", "C I Presenter+Interactor",
        ])
    }

    /// The view controller gets `presenter` in the first PR that calls it: a driven Interactor move
    /// placed ahead of the presenter move takes over that move's screen edit.
    @Test func theFirstPRCallingThePresenterGivesTheScreenItsProperty() {
        let edit = EstimatePart(3, PRSlicer.screenEdit + "conforms to `AViewProtocol` and holds `presenter` (made in place until the module's builder injects it)")
        var skeleton = PRSlicer.Draft(phase: .P, vc: "A"); skeleton.creates = ["Presenter"]
        var move = PRSlicer.Draft(phase: .P, vc: "A", tasks: [Self.task("m()", fix: "")]); move.tasks[0].category = .P
        move.parts = [edit, EstimatePart(20, "P1: moved")]; move.creationParts = 1
        var driven = PRSlicer.Draft(phase: .P, vc: "A", tasks: [Self.task("d()", fix: "")]); driven.parts = [EstimatePart(30, "I1: moved")]
        let ordered = PRSlicer.dataBeforeDisplay([skeleton, move, driven])
        #expect(ordered.map { $0.tasks.first?.category.rawValue ?? "-" } == ["-", "I", "P"])
        #expect(ordered[1].parts == [edit, EstimatePart(30, "I1: moved")] && ordered[1].creationParts == 1)
        #expect(ordered[2].parts == [EstimatePart(20, "P1: moved")] && ordered[2].creationParts == 0)
    }
}

extension ScreenNeedsTests {
    /// Table view callbacks share the base name `tableView`: what one of them calls is not what the
    /// moved one calls (a cell configurator called from `cellForRowAt` is no call of `moveRowAt`).
    @Test func callbacksSharingABaseNameAreNotConfused() throws {
        let code = """
        import UIKit
        final class TagsViewController: UITableViewController {
            var names: [String] = []
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "tag", for: indexPath)
                configureTagCell(cell, at: indexPath)
                return cell
            }
            func configureTagCell(_ cell: UITableViewCell, at indexPath: IndexPath) {
                cell.textLabel?.text = names[indexPath.row]
                cell.accessoryType = .none
                cell.selectionStyle = .default
            }
            override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                guard sourceIndexPath.section == 0, destinationIndexPath.section == 0 else { return }
                let from = sourceIndexPath.row, to = destinationIndexPath.row
                ObjectManager.shared().moveTag(from: from, to: to)
            }
            func load() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/tags")!) { _, _, _ in }.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Tags/TagsViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "tableView(_:moveRowAt:to:)" } },
                                "\(plan.features.flatMap(\.tasks).map { ($0.title, $0.moves.map(\.name)) })")
        #expect(!task.fix.contains("configureTagCell"), "\(task.fix)")
    }
}

extension ScreenNeedsTests {
    /// A type the screen keeps to itself (`private enum Section`) is usable elsewhere only once the
    /// task that moves it to a file of its own has landed: a later PR using it depends on that PR.
    /// The PR assembling a module makes the presenter the output of every use case moved before
    /// it: it depends on each Interactor and Presenter PR of its screen, not only the last.
    @Test func theModulesPRDependsOnEveryMoveOfItsScreen() {
        var builder = PRSlicer.Draft(phase: .B, vc: "SignInViewController", tasks: [Self.task("d()", fix: "")])
        builder.creates = ["Module"]
        let drafts = [PRSlicer.Draft(phase: .I, vc: "SignInViewController", tasks: [Self.task("a()", fix: "")]),
                      PRSlicer.Draft(phase: .I, vc: "OtherViewController", tasks: [Self.task("x()", fix: "")]),
                      PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [Self.task("b()", fix: "")]),
                      builder]
        #expect(PRSlicer(configCap: 200, owners: [:]).sequence(drafts) == [[], [], [], [0, 2]])
    }

    @Test func aPRUsingAScreenTypeDependsOnThePRThatMovesItOut() {
        var mover = Self.task("a()", fix: ""); mover.category = .P; mover.movesScreenTypes = ["Section"]
        var user = Self.task("b()", fix: ""); user.category = .P; user.usesScreenTypes = ["Section"]
        let drafts = [PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [mover]),
                      PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [Self.task("c()", fix: "")]),
                      PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [user])]
        #expect(PRSlicer(configCap: 200, owners: [:]).sequence(drafts) == [[], [], [0]])
    }
}

extension ScreenNeedsTests {
    /// The Router PR that reroutes `presentDebug(_:)` edits the calls `handleError(_:)` makes, which
    /// a Presenter PR moves: merged in either order they conflict, so the later one waits. So does a
    /// move of a member that calls what an earlier PR moved; unrelated PRs do not.
    @Test func aPRReroutingWhatAMovedMemberCallsWaitsForThatMove() {
        var mapping = Self.task("handleError(_:)", fix: ""); mapping.category = .P; mapping.member = nil
        mapping.moves = [MovedMember(name: "handleError(_:)", file: "App/SignInViewController.swift", line: 1, codeLines: 9,
                                     selfCalls: ["presentDebug", "presentExpired"])]
        var routing = Self.task("presentDebug(_:)", fix: ""); routing.category = .R
        var other = Self.task("showTotal()", fix: ""); other.category = .P
        var caller = Self.task("retry()", fix: ""); caller.member = nil
        caller.moves = [MovedMember(name: "retry()", file: "App/SignInViewController.swift", line: 1, codeLines: 5, selfCalls: ["showTotal"])]
        let drafts = [PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [other]),
                      PRSlicer.Draft(phase: .P, vc: "SignInViewController", tasks: [mapping]),
                      PRSlicer.Draft(phase: .R, vc: "SignInViewController", tasks: [routing]),
                      PRSlicer.Draft(phase: .R, vc: "SignInViewController", tasks: [caller])]
        #expect(PRSlicer(configCap: 200, owners: [:]).sequence(drafts) == [[], [], [1], [0]])
    }

    /// A helper that answers from its arguments alone moves once: the Interactor move that lands
    /// first makes it `static`, and the Presenter move after it calls it there, never a second copy.
    @Test func aPureHelperTwoMovesCallMovesOnce() throws {
        let code = """
        import UIKit
        final class BookmarkViewController: UIViewController {
            @IBOutlet var continueButton: UIButton!
            var bookmark: Bookmark?
            var attempts = 0
            func isBookmarkComplete(candidate: Bookmark?) -> Bool {
                guard let candidate = candidate else { return false }
                return candidate.url != nil && candidate.name != nil
            }
            func save() {
                guard isBookmarkComplete(candidate: bookmark) else { return }
                attempts += 1
                UserDefaults.standard.set(bookmark?.name, forKey: "bookmark")
            }
            func updateContinueState() {
                let complete = isBookmarkComplete(candidate: bookmark)
                let title = complete ? "Save" : "Continue"
                let enabled = complete || attempts > 2
                let hint = enabled ? "Ready" : "Fill in the server address"
                let shown = attempts > 0 ? hint : ""
                continueButton.setTitle(title + shown, for: .normal)
            }
        }
        """
        let tasks = ViewCodeStaysTests.plan([("App/BookmarkViewController.swift", code)]).features.flatMap(\.tasks)
        let save = try #require(tasks.first { $0.category == .I && $0.member == "save()" })
        #expect(save.fix.contains("it calls `isBookmarkComplete(candidate:)`, which answers from its arguments alone (reading nothing of the screen): it moves into the Interactor as a `static` function"), "\(save.fix)")
        let state = try #require(tasks.first { $0.category == .P && $0.moves.contains { $0.name == "updateContinueState()" } })
        #expect(state.fix.contains("it calls `isBookmarkComplete(candidate:)`, which answers from its arguments alone and an earlier move made a `static` function of the Interactor: this code calls it there, never a second copy."), "\(state.fix)")
        #expect(!state.fix.contains("it moves into the Presenter as a `static` function"))
    }
}
