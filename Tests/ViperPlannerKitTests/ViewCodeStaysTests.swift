import Foundation
import Testing
@testable import ViperPlannerKit

/// Code that works UIKit controls stays in the view, wherever the control comes from; a long
/// initialiser is only split after its `super.init`, between whole statements.
struct ViewCodeStaysTests {
    static func plan(_ files: [(String, String)]) -> Plan {
        Planner.plan(Auditor.audit(sources: files), configuration: Configuration(), date: "2026-01-01")
    }

    /// Keyboard focus on a row it is handed: a decision about the view, not a business rule, so no
    /// task moves it into a UIKit-free Interactor; a plain rule next to it still moves.
    @Test func focusOnAHandedControlIsNoBusinessRule() throws {
        let code = """
        import UIKit
        final class FormRow { var textField: UITextField?; var isEmpty = true }
        final class FormViewController: UIViewController {
            @IBOutlet var tableView: UITableView!
            var rows: [FormRow] = []
            var limit = 3
            func updateInputFocus(fallbackRow: FormRow) -> Bool {
                var focused = false
                for row in rows where row.isEmpty {
                    row.textField?.becomeFirstResponder()
                    focused = true
                    break
                }
                if !focused && rows.count > limit {
                    fallbackRow.textField?.becomeFirstResponder()
                    focused = true
                }
                return focused
            }
            func canAddRow(count: Int) -> Bool {
                let underLimit = count < limit
                let notEmpty = !rows.isEmpty
                let allFilled = rows.allSatisfy { !$0.isEmpty }
                return underLimit && notEmpty && allFilled
            }
            func saveLimit() { UserDefaults.standard.set(limit, forKey: "limit") }
        }
        """
        let plan = Self.plan([("Form/FormViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks).filter { $0.concern == "rules" }
        #expect(tasks.flatMap { $0.moves.map(\.name) } == ["canAddRow(count:)"])
        // A rule that answers at once stays synchronous: its callers keep their guards.
        #expect(tasks[0].fix.hasPrefix("Move the rule into `FormInteractor` as a use case that returns its answer at once, as `canAddRow(count:)` does today"), "\(tasks[0].fix)")
        let module = try #require(plan.features.flatMap(\.modules).first)
        #expect(!module.interactorInputs.map(\.name).contains("updateInputFocus(fallbackRow:)"))
    }

    /// A lookup that hands back a cell and a type's static metadata are no view state: only the
    /// label built from the screen's data moves to the Presenter.
    @Test func cellLookupsAndStaticMetadataStay() throws {
        let code = """
        import UIKit
        final class TagCell: UITableViewCell {}
        final class TagsViewController: UIViewController {
            @IBOutlet var tableView: UITableView!
            var tags: [String] = []
            var selected = 0
            func cell(for tag: String) -> TagCell? {
                guard let row = tags.firstIndex(of: tag) else { return nil }
                let path = IndexPath(row: row, section: 0)
                let cell = tableView.cellForRow(at: path)
                return cell as? TagCell
            }
            static func settingsMetadata() -> [String: String] {
                var values: [String: String] = [:]
                values["sort"] = "name"
                values["limit"] = "10"
                return values
            }
            func selectionTitle() -> String {
                let count = tags.count
                let name = tags.isEmpty ? "none" : tags[selected]
                return "\\(name) of \\(count)"
            }
            func saveSelection() { UserDefaults.standard.set(selected, forKey: "selected") }
        }
        """
        let plan = Self.plan([("Tags/TagsViewController.swift", code)])
        let moved = plan.features.flatMap(\.tasks).flatMap { $0.moves.map(\.name) }
        #expect(moved.contains("selectionTitle()") && !moved.contains("cell(for:)") && !moved.contains("settingsMetadata()"), "\(moved)")
    }

    /// Which alert each error shows is the error's presentation: it moves to the Presenter, and the
    /// alerts it picks between stay in the view, reached from the presenter's output.
    @Test func anErrorMappingMovesToThePresenter() throws {
        let code = """
        import UIKit
        enum AuthError: Error { case userExists, unverified, network }
        final class LoginViewController: UIViewController {
            func handleError(error: AuthError) {
                switch error {
                case .userExists: presentUserExistsAlert()
                case .unverified: presentUnverifiedAlert()
                case .network: presentGenericAlert()
                }
            }
            func presentUserExistsAlert() { present(UIAlertController(title: "Exists", message: nil, preferredStyle: .alert), animated: true) }
            func presentUnverifiedAlert() { present(UIAlertController(title: "Unverified", message: nil, preferredStyle: .alert), animated: true) }
            func presentGenericAlert() { present(UIAlertController(title: "Error", message: nil, preferredStyle: .alert), animated: true) }
            func saveEmail(_ email: String) { UserDefaults.standard.set(email, forKey: "email") }
            // One alert it builds itself: view code.
            func showError(_ error: Error) {
                let alert = UIAlertController(title: "Login", message: error.localizedDescription, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default))
                alert.view.tintColor = .red
                present(alert, animated: true)
            }
        }
        """
        let plan = Self.plan([("Login/LoginViewController.swift", code)])
        #expect(!plan.features.flatMap(\.tasks).contains { $0.moves.contains { $0.name == "showError(_:)" } })
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.moves.contains { $0.name == "handleError(error:)" } })
        #expect(task.category == .P)
        #expect(task.fix.contains("The moved code calls `presentUserExistsAlert`, `presentUnverifiedAlert` and `presentGenericAlert`, which stay in the view"), "\(task.fix)")
    }

    /// A member with storage access that wires its controls to actions is set-up code: its storage
    /// access moves, the member stays as a view update the presenter drives.
    @Test func aMemberWiringControlsStaysAndOnlyItsIOMoves() throws {
        let code = """
        import UIKit
        final class SortViewController: UIViewController {
            @IBOutlet var sortControl: UISegmentedControl!
            func configureSorting() {
                let order = UserDefaults.standard.integer(forKey: "sort")
                sortControl.selectedSegmentIndex = order
                sortControl.addTarget(self, action: #selector(sortChanged(_:)), for: .valueChanged)
            }
            @objc func sortChanged(_ sender: UISegmentedControl) {}
        }
        """
        let plan = Self.plan([("Sort/SortViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "configureSorting()" })
        #expect(task.estimate.contains { $0.label == TaskFactory.viewUpdateLabel }, "\(task.estimate)")
        let module = try #require(plan.features.flatMap(\.modules).first)
        let input = try #require(module.interactorInputs.first)
        #expect(input.detail.hasPrefix("its persistence runs in `configureSorting()`, a view update"), "\(input.detail)")
    }


    /// A long method that builds controls around one stored default: only the lines around the
    /// storage read leave for the Interactor, never its runs of statements that build buttons.
    @Test func aViewBuildersIOMovesWithoutItsControls() throws {
        let buttons = (1...12).map { i in
            """
                    let button\(i) = UIButton(type: .system)
                    button\(i).setTitle("Option \(i)", for: .normal)
                    stack.addArrangedSubview(button\(i))
            """
        }.joined(separator: "\n")
        let code = """
        import UIKit
        final class OptionsViewController: UIViewController {
            @IBOutlet var stack: UIStackView!
            func configureOptions() {
                let expiry = UserDefaults.standard.integer(forKey: "expiry")
        \(buttons)
                stack.isHidden = expiry == 0
            }
        }
        """
        let plan = Self.plan([("Options/OptionsViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "configureOptions()" })
        #expect(task.estimate.contains { $0.label == TaskFactory.viewUpdateLabel }, "\(task.estimate)")
        #expect(task.moves.map(\.codeLines) == [1], "\(task.moves)")
        #expect(task.moves.map(\.statements) == [[]])
        #expect(task.estimate.first?.label == "2 × 1 code lines of `configureOptions()` moved (its rules and I/O; the lines that build its controls stay)",
                "\(task.estimate)")
    }
    /// A long initialiser whose view code stays: the code before `super.init` cannot call instance
    /// methods, so only the rest is split, and the PR says where to cut.
    @Test func aLongInitialiserIsSplitAfterSuperInitOnly() throws {
        let before = (1...50).map { "        let v\($0) = \($0) * 2; total += v\($0)" }.joined(separator: "\n")
        let after = (1...110).map { "        view.alpha = \($0 % 2)" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class SetupViewController: UIViewController {
            let total: Int
            var count = 0
            init(seed: Int) {
                var total = seed
        \(before)
                self.total = total
                super.init(nibName: nil, bundle: nil)
        \(after)
            }
            required init?(coder: NSCoder) { fatalError() }
            func log(_ s: String) { print(s) }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume() }
        }
        """
        let plan = Self.plan([("Setup/SetupViewController.swift", code)])
        let feature = try #require(plan.features.first { $0.viewControllers.contains("SetupViewController") })
        let split = try #require(feature.slices.first { $0.isPreparatory })
        #expect(split.title == "Split the 112 lines that stay in the view of `init(seed:)` into smaller methods", "\(split.title)")
        #expect(split.changes.contains { $0.hasPrefix("The code before `super.init(…)` assigns stored properties") })
        #expect(split.changes.contains { $0.contains("Cut between its top-level statements") })
    }

    /// A rule that calls the view's own helpers cannot take those calls into a UIKit-free layer:
    /// its task says they stay in the view and are reached from an output, and counts them. (A
    /// helper named for showing or hiding, `showEmailWarning()`, would make it the Presenter's.) An
    /// initialiser that sets the screen's state is no rule: it stays until the builder takes it.
    @Test func aMovedRuleCallingTheViewSaysHowTheViewIsReached() throws {
        let code = """
        import UIKit
        final class SignInViewController: UIViewController {
            @IBOutlet var emailWarning: UILabel!
            var email = ""
            var password = ""
            var attempts = 0
            var limit = 0
            init(email: String, limit: Int) {
                self.email = email
                self.password = ""
                self.attempts = limit > 3 ? 0 : 1
                self.limit = max(limit, 3)
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
            func canSubmit() -> Bool {
                let validEmail = email.contains("@") && email.count > 3
                let strong = password.count >= 8
                if !validEmail { flagEmail() }
                return validEmail && strong
            }
            func flagEmail() {
                emailWarning.isHidden = false
                emailWarning.alpha = 1
            }
            func remember() { UserDefaults.standard.set(email, forKey: "email") }
        }
        """
        let plan = Self.plan([("SignIn/SignInViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.concern == "rules" })
        #expect(task.moves.map(\.name) == ["canSubmit()"])
        // It answers at once: its answer, not an output, carries what the view's call needs.
        #expect(task.fix.contains(" The moved code calls `flagEmail`, which stays in the view: the answer the use case returns carries what it needs, and the view calls it itself right after asking."), "\(task.fix)")
        // The screen's state it reads is said once more, and that call is not named again.
        #expect(task.fix.hasSuffix(" " + ScreenNeeds.lead + "it reads `email` and `password` of the screen's state: the use case takes them as parameters, passed by the view, until their owner moves."), "\(task.fix)")
        #expect(task.estimate.suffix(2) == [EstimatePart(2, "1 call into the view driven by the answer"),
                                            EstimatePart(4, "the screen's state and helpers wired through parameters and the output")])
    }
}

extension ViewCodeStaysTests {
    /// A helper that saves and then shows a share sheet moves its data work; its UIKit lines stay in
    /// the view (the Interactor imports no UIKit), and only its data work counts as moved.
    @Test func aMovedHelpersUIKitCodeStaysInTheView() throws {
        let code = """
        import UIKit
        final class ShareViewController: UIViewController {
            let defaults = UserDefaults.standard
            var link = ""
            @IBAction func saveTapped() { save() }
            func save() {
                defaults.set(link, forKey: "link")
                defaults.set(Date(), forKey: "savedAt")
                let count = defaults.integer(forKey: "count") + 1
                defaults.set(count, forKey: "count")
                let sheet = UIActivityViewController(activityItems: [link], applicationActivities: nil)
                sheet.popoverPresentationController?.sourceView = view
                view.endEditing(true)
                view.setNeedsLayout()
                present(sheet, animated: true)
            }
        }
        """
        let plan = Self.plan([("App/Share/ShareViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        #expect(task.fix.contains(" `save()` does not move whole: its 2 lines of UIKit code (`UIActivityViewController`, `endEditing`, `setNeedsLayout` and `present`) stay in the view and its 3 lines of navigation stay in the view for now, reached from the use case's output, so the Interactor imports no UIKit (the PRs that create the Router move those lines)."), "\(task.fix)")
        // Its four storage lines move; the presentation (3 lines, the Router's) and the sheet's set-up stay behind.
        #expect(task.moves.first { $0.name == "save()" }?.codeLines == 4, "\(task.moves) \(task.estimate)")
    }
}

extension ViewCodeStaysTests {
    /// Moved code that names a type the screen keeps to itself (a private nested enum, a private enum
    /// of its file) moves that type to a file of its own first, counted once, in the first task that
    /// needs it. A nested type others can name (`NotesViewController.Kind`, perhaps public API) stays:
    /// moving it would break every place that names it so.
    @Test func typesTheScreenKeepsToItselfMoveFirst() throws {
        let code = """
        import UIKit
        private enum Strings { static let saved = "Saved"; static let failed = "Failed" }
        final class NotesViewController: UIViewController {
            private enum Section { case pinned, all }
            public enum Kind { case text, list }
            private var section = Section.all
            var kind = Kind.text
            @IBAction func saveTapped() { save() }
            func save() {
                UserDefaults.standard.set(Strings.saved, forKey: "status")
                UserDefaults.standard.set(Section.pinned == section, forKey: "pinned")
                UserDefaults.standard.set(Date(), forKey: "savedAt")
                UserDefaults.standard.set(kind == Kind.list, forKey: "list")
            }
        }
        """
        let plan = Self.plan([("App/Notes/NotesViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        #expect(task.fix.contains(" The moved code uses `Strings` and `Section`, which NotesViewController keeps to itself: first move `Strings` and `Section` to a file of their own, internal, so the new type can use them without reaching into the view controller."), "\(task.fix)")
        #expect(task.estimate.filter { $0.label.hasSuffix("moved to a file of its own") }.map(\.lines) == [2, 2], "\(task.estimate)")
        // Their new files are the PR's, listed and created by it.
        let slice = try #require(plan.features.flatMap(\.slices).first { $0.taskIDs.contains(task.id) })
        #expect(slice.newFiles.filter { ["App/Notes/Strings.swift", "App/Notes/Section.swift"].contains($0) } == ["App/Notes/Strings.swift", "App/Notes/Section.swift"], "\(slice.newFiles)")
        #expect(slice.files.contains("App/Notes/Strings.swift") && slice.files.contains("App/Notes/Section.swift"), "\(slice.files)")
        // In an Xcode project that lists its files, each new file is an entry of the project file too.
        var result = Auditor.audit(sources: [("App/Notes/NotesViewController.swift", code)])
        result.xcodeProjects = [XcodeProject(path: "App.xcodeproj", synchronized: false)]
        let listed = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let moved = try #require(listed.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        #expect(moved.newFiles == [PlanTask.NewFile(path: "App/Notes/Strings.swift", project: "App.xcodeproj/project.pbxproj"),
                                   PlanTask.NewFile(path: "App/Notes/Section.swift", project: "App.xcodeproj/project.pbxproj")])
        #expect(moved.estimate.contains(EstimatePart(8, "2 new files" + PRSlicer.projectEntriesLabel)), "\(moved.estimate)")
    }
}

extension ViewCodeStaysTests {
    /// A finding's move of the lines around its sites (a string formatted for display) takes the
    /// screen's private types those lines name along, as a member's move does.
    @Test func aFormattingMoveTakesThePrivateTypeItUsesAlong() throws {
        let code = """
        import UIKit
        private enum Labels { static let countTemplate = "%d notes" }
        final class NotesViewController: UIViewController {
            var notes: [String] = []
            func save() {
                UserDefaults.standard.set(notes, forKey: "notes")
                UserDefaults.standard.set(Date(), forKey: "savedAt")
            }
            func showCount() {
                title = String(format: Labels.countTemplate, notes.count)
            }
        }
        """
        let plan = Self.plan([("App/Notes/NotesViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .P && $0.member == "showCount()" }, "\(plan.features.flatMap(\.tasks).map(\.title))")
        #expect(task.moves.isEmpty)
        #expect(task.fix.contains("first move `Labels` to a file of its own, internal"), "\(task.fix)")
    }

    /// A helper only a service factory uses (a lazily made cookie jar the factory hands each
    /// connection) is part of the making of that service: it moves with the factory into the
    /// Interactor, never into the Presenter as view state, and is no use case of its own. The view's
    /// calls of the factory that have not moved ask the interactor for the service.
    @Test func aHelperOnlyAServiceFactoryUsesMovesWithIt() throws {
        let code = """
        import UIKit
        final class AccountViewController: UIViewController {
            private var _jar: CookieJar?
            var jar: CookieJar? {
                if _jar == nil, AppSettings.cookiesEnabled {
                    _jar = CookieJar()
                }
                return _jar
            }
            func makeConnection(for account: String) -> RemoteConnection {
                let connection = RemoteConnection(account: account)
                connection.jar = self.jar
                return connection
            }
            func logIn() {
                let connection: RemoteConnection = makeConnection(for: "me")
                connection.fetchSession { _ in }
                connection.disconnect()
            }
            func remember(_ name: String) {
                UserDefaults.standard.set(name, forKey: "name")
                UserDefaults.standard.set(Date(), forKey: "seen")
            }
            func probe() {
                let connection = makeConnection(for: "probe")
                connection.prepare { _ in }
            }
        }
        """
        let plan = Self.plan([("App/Account/AccountViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        let factory = try #require(tasks.first { $0.moves.contains { $0.name == "makeConnection(for:)" } }, "\(tasks.map(\.title))")
        #expect(factory.title == "Move the making of `RemoteConnection` in `makeConnection(for:)`, `jar` into AccountInteractor", "\(factory.title)")
        #expect(factory.moves.map(\.name) == ["makeConnection(for:)", "jar"])
        // The callers still in the view when it moves keep compiling: they ask the interactor for a connection.
        #expect(factory.fix.contains("The view's own calls of `makeConnection(for:)` ask `interactor` for the service instead (an input that hands it back at once), so the PR compiles: `logIn()` (:16) until the PR that moves its use case takes the call into the Interactor; `probe()` (:25), which no PR of this plan moves, for good."), "\(factory.fix)")
        #expect(!tasks.contains { $0.category == .P && $0.moves.contains { $0.name == "jar" } }, "\(tasks.map(\.title))")
        let module = try #require(plan.features.flatMap(\.modules).first { $0.viewController == "AccountViewController" })
        #expect(!module.interactorInputs.contains { $0.name.hasPrefix("jar") } && !module.presenterOutputs.contains { $0.detail.contains("`jar`") }, "\(module.interactorInputs.map(\.name))")
    }

    /// A screen's private type whose name other files declare at their top level too (`private
    /// struct Section` in two other screens) would be ambiguous in those files once module-wide: it
    /// moves under the module's prefix (`NotesSection`), its uses in the screen renamed and counted.
    /// Its own lines are counted, never those of the other files' types of that name; a line that
    /// makes one (`Section(rawValue:)`) names it as much as one that reads a case.
    @Test func aPrivateTypeWhoseNameOtherFilesDeclareMovesUnderTheModulesPrefix() throws {
        let code = """
        import UIKit
        private enum Section: Int { case pinned, all }
        final class NotesViewController: UIViewController {
            private var section = Section.all
            @IBAction func saveTapped() { save() }
            func isPinned(_ raw: Int) -> Bool {
                Section(rawValue: raw) == .pinned
            }
            func save() {
                UserDefaults.standard.set(Section.pinned == section, forKey: "pinned")
                UserDefaults.standard.set(Date(), forKey: "savedAt")
            }
        }
        """
        let other = """
        import UIKit
        private struct Section {
            let title: String
            let rows: [String]
            let footer: String?
        }
        final class OptionsViewController: UIViewController {
            private let sections = [Section(title: "A", rows: [], footer: nil)]
        }
        """
        let plan = Self.plan([("App/Notes/NotesViewController.swift", code), ("App/Options/OptionsViewController.swift", other)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.moves.contains { $0.name == "save()" } })
        #expect(task.fix.contains("first move `Section` to a file of its own, internal, so the new type can use it without reaching into the view controller (renamed `NotesSection`: `OptionsViewController.swift` declares a `Section` of its own, which a module-wide `Section` would make ambiguous)."), "\(task.fix)")
        #expect(task.estimate.filter { $0.label.contains("`Section`") }.map(\.lines) == [2, 3], "\(task.estimate)")
        #expect(task.newFiles.map(\.path) == ["App/Notes/NotesSection.swift"], "\(task.newFiles)")
    }
}

extension ViewCodeStaysTests {
    /// A method that sends one of the screen's own selectors (`perform(mode.selector)`) reads the
    /// screen's state to pick it, but only the screen can run it: it stays in the view, and no
    /// Presenter task takes it (a Presenter cannot perform the view controller's `@objc` methods).
    @Test func selectorDispatchOnTheScreenStaysInTheView() throws {
        let code = """
        import UIKit
        struct ActionDescriptor { let title: String; let selector: Selector }
        final class LoginViewController: UIViewController {
            var mode = 0
            var isInputValid = false
            var descriptors: [ActionDescriptor] = []
            var primary: ActionDescriptor { descriptors[mode] }
            func performPrimaryActionIfPossible() {
                guard isInputValid else { return }
                let descriptor = primary
                if mode > 2 { return }
                perform(descriptor.selector)
            }
            @objc func logIn() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume()
            }
            func summary() -> String {
                let count = descriptors.count
                let valid = isInputValid ? "valid" : "invalid"
                return "\\(count) \\(valid) \\(mode)"
            }
        }
        """
        let plan = Self.plan([("App/Login/LoginViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        #expect(!tasks.contains { $0.moves.contains { $0.name == "performPrimaryActionIfPossible()" } }, "\(tasks.map { ($0.id, $0.moves.map(\.name)) })")
        // A plain computation on the screen's state next to it still moves.
        #expect(tasks.contains { $0.category == .P && $0.moves.contains { $0.name == "summary()" } }, "\(tasks.map { ($0.id, $0.moves.map(\.name)) })")
    }
}

extension ViewCodeStaysTests {
    /// A check that answers whether the input is valid and, on the way, shows the screen's warnings
    /// (`displayEmailWarning(_:)`) decides what the screen shows: the Presenter's, never a business
    /// rule of the UIKit-free Interactor, which could not make those calls.
    @Test func aCheckThatShowsWarningsIsNoBusinessRule() throws {
        let code = """
        import UIKit
        final class SignUpViewController: UIViewController {
            @IBOutlet var emailWarning: UILabel!
            @IBOutlet var passwordWarning: UILabel!
            var email = ""
            var password = ""
            func ensureWarningsAreShown() -> Bool {
                let emailValid = email.contains("@")
                let passwordValid = password.count >= 8
                if !emailValid {
                    displayEmailWarning("Enter a valid email")
                }
                if !passwordValid {
                    displayPasswordWarning("At least 8 characters")
                }
                return emailValid && passwordValid
            }
            var canSubmit: Bool {
                ensureWarningsAreShown()
            }
            func displayEmailWarning(_ text: String) { emailWarning.text = text; emailWarning.isHidden = false }
            func displayPasswordWarning(_ text: String) { passwordWarning.text = text; passwordWarning.isHidden = false }
            func saveEmail() { UserDefaults.standard.set(email, forKey: "email") }
        }
        """
        let plan = Self.plan([("SignUp/SignUpViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        #expect(!tasks.contains { $0.concern == "rules" && $0.moves.contains { $0.name == "ensureWarningsAreShown()" } }, "\(tasks.map(\.title))")
        let warnings = try #require(tasks.first { $0.title == "Move the view state assembled in `ensureWarningsAreShown()` into SignUpPresenter" }, "\(tasks.map(\.title))")
        // A member of the view that still calls it asks the presenter each time: the check shows warnings on the way.
        #expect(warnings.fix.contains("`ensureWarningsAreShown()` is still called by `canSubmit` (:19), which stays in the view: it asks the presenter for what it answers (`presenter.ensureWarningsAreShown()`, a method of its protocol that returns the value at once), so the PR compiles."), "\(warnings.fix)")
    }

    /// The view's callers of a moved member that takes input ask the presenter for its answer; of
    /// one that answers nothing, call it on the presenter: no "property the presenter keeps current".
    @Test func callersLeftAskOrTellThePresenterByTheMembersShape() throws {
        let code = """
        import UIKit
        final class ListViewController: UIViewController, UITableViewDataSource {
            @IBOutlet var tableView: UITableView!
            @IBOutlet var errorLabel: UILabel!
            var items: [String] = []
            var filter = ""
            var failures = 0
            func item(at row: Int) -> String {
                let shown = failures > 0 ? row + 1 : row
                let index = min(shown, items.count - 1)
                return items[index]
            }
            func noteFailure(_ error: Error) {
                failures += 1
                let limit = failures > 3 ? 0 : 1
                filter = limit == 0 ? "" : filter
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell()
                cell.textLabel?.text = item(at: indexPath.row)
                return cell
            }
            @IBAction func retry() {
                noteFailure(NSError(domain: "x", code: 1))
                errorLabel.isHidden = false
            }
            func save() { UserDefaults.standard.set(filter, forKey: "filter") }
        }
        """
        let tasks = Self.plan([("List/ListViewController.swift", code)]).features.flatMap(\.tasks)
        let fixes = tasks.filter { $0.category == .P }.map(\.fix).joined(separator: " ")
        #expect(fixes.contains("`item(at:)` is still called by `tableView(_:cellForRowAt:)` (:21), which stays in the view: it asks the presenter for what it answers (`presenter.item(at:)`, a method of its protocol that returns the value at once), so the PR compiles."), "\(fixes)")
        #expect(fixes.contains("`noteFailure(_:)` is still called by `retry()` (:25), which stays in the view: it calls `presenter.noteFailure(_:)` instead, a method of its protocol, so the PR compiles."), "\(fixes)")
    }
}

extension ViewCodeStaysTests {
    /// The callers a Presenter move leaves are those still in the view when it lands: a member
    /// another Presenter task moves lands later (callees first), so it is listed; one deleted as
    /// unused before anything moves is not.
    @Test func callersLeftAreThoseStillThereWhenTheMoveLands() throws {
        let code = """
        import UIKit
        final class ListViewController: UIViewController, UITableViewDataSource {
            @IBOutlet var tableView: UITableView!
            @IBOutlet var titleLabel: UILabel!
            var items: [String] = []
            var failures = 0
            func item(at row: Int) -> String {
                let shown = failures > 0 ? row + 1 : row
                let index = min(shown, items.count - 1)
                return items[index]
            }
            func headline() -> String {
                let first = item(at: 0)
                let count = items.count
                let suffix = failures > 0 ? " (retrying)" : ""
                return "\\(first) and \\(count - 1) more\\(suffix)"
            }
            private func oldHeadline() -> String {
                let first = item(at: 0)
                let count = items.count
                return "\\(first) +\\(count)"
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell()
                cell.textLabel?.text = item(at: indexPath.row)
                return cell
            }
            override func viewDidLoad() { super.viewDidLoad(); titleLabel.text = headline() }
            func save() { UserDefaults.standard.set(items, forKey: "items") }
        }
        """
        let plan = Planner.plan(Auditor.audit(sources: [("List/ListViewController.swift", code)]), configuration: Configuration(), date: "2026-01-01", grouping: .none)
        let tasks = plan.features.flatMap(\.tasks)
        #expect(tasks.contains { $0.rule == UnusedMemberRule.id && $0.member == "oldHeadline()" }, "\(tasks.map(\.title))")
        let move = try #require(tasks.first { $0.category == .P && $0.moves.map(\.name) == ["item(at:)"] }, "\(tasks.map { ($0.title, $0.moves.map(\.name)) })")
        #expect(move.fix.contains("`item(at:)` is still called by `headline()` (:13) and `tableView(_:cellForRowAt:)` (:26), which stay in the view:"), "\(move.fix)")
        #expect(!move.fix.contains("`oldHeadline()` ("), "\(move.fix)")
    }
}
