import Foundation
import Testing
@testable import ViperPlannerKit

/// Exits and segues become named routes; a PR's Verify promises only what the PR can achieve.
struct ExitsAndClaimsTests {
    static func plan(_ files: [String: String], configuration: Configuration = Configuration(), grouping: TaskGrouping.Mode = .automatic) -> Plan {
        let result = Auditor.audit(sources: files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, configuration: configuration)
        return Planner.plan(result, configuration: configuration, date: "2026-11-24", grouping: grouping)
    }

    static func feature(_ plan: Plan, _ vc: String) throws -> FeaturePlan {
        try #require(plan.features.first { $0.viewControllers.contains(vc) })
    }

    /// A route takes what the screen hands its destination today (the initializer's labels and the
    /// properties it sets before showing it), never what only loads its view (`nibName:bundle:`) or
    /// says how it is shown, in the contract and in the task that adds it.
    @Test func aRouteTakesWhatTheScreenHandsItsDestination() throws {
        let code = """
        import UIKit
        final class SignupVerificationViewController: UIViewController {
            init(email: String) { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class HelpViewController: UIViewController {}
        final class DiagnosticsViewController: UIViewController { var details: String? }
        final class LoginViewController: UIViewController {}
        final class AuthViewController: UIViewController {
            var email = ""
            func verify() { navigationController?.pushViewController(SignupVerificationViewController(email: email), animated: true) }
            func diagnose(_ text: String) {
                let support = DiagnosticsViewController()
                support.details = text
                support.modalPresentationStyle = .formSheet
                present(support, animated: true)
            }
            func help() { present(HelpViewController(nibName: "Help", bundle: nil), animated: true) }
            func swapToLogin() {
                let login = LoginViewController()
                var stack = navigationController?.viewControllers ?? []
                stack.append(login)
                navigationController?.setViewControllers(stack, animated: true)
            }
            func pushLoginAgain() { navigationController?.pushViewController(LoginViewController(), animated: true) }
            func presentDiagnosticsInItsOwnStack() {
                let nav = UINavigationController()
                nav.setViewControllers([DiagnosticsViewController()], animated: false)
                present(nav, animated: true)
            }
            func remember() { UserDefaults.standard.set(email, forKey: "email") }
        }
        """
        let feature = try Self.feature(Self.plan(["Auth/AuthViewController.swift": code]), "AuthViewController")
        let module = try #require(feature.modules.first { $0.viewController == "AuthViewController" })
        #expect(module.routes.map(\.name) == ["showDiagnostics(details:)", "showHelp()", "showLogin()", "replaceWithLogin()", "showSignupVerification(email:)"])
        #expect(module.routes[4].detail == "builds `SignupVerificationViewController`; takes what the screen hands `SignupVerificationViewController(email:)` today")
        // A destination pushed in one place and swapped in in another keeps both ways.
        #expect(module.routes[2].detail == "builds `LoginViewController`; shows it as today from `pushLoginAgain()`, but `swapToLogin()` replaces the screens on the navigation stack (`setViewControllers`): the router keeps both ways, a second route for the swap, `replaceWithLogin()`")
        // The swap has a route of its own, which the Router task of the member that swaps adds.
        #expect(module.routes.first { $0.name == "replaceWithLogin()" }?.detail == "puts `LoginViewController` in place of the screens on the navigation stack, as `swapToLogin()` does today with `setViewControllers`, never a push; it takes what `showLogin()` takes")
        #expect(feature.tasks.filter { $0.category == .R }.flatMap(\.routes).contains("replaceWithLogin()"), "\(feature.tasks.filter { $0.category == .R }.map(\.routes))")
        let swapOnly = code.replacingOccurrences(of: "func pushLoginAgain() { navigationController?.pushViewController(LoginViewController(), animated: true) }", with: "")
        let swapModule = try #require(try Self.feature(Self.plan(["Auth/AuthViewController.swift": swapOnly]), "AuthViewController").modules.first)
        #expect(swapModule.routes.first { $0.name == "showLogin()" }?.detail == "builds `LoginViewController`; replaces the screens on the navigation stack as `setViewControllers` does today, never a push")
        // What the screen sets on the screen it made is data the route takes; how it is shown (its
        // container, its presentation style) is what the route keeps doing.
        #expect(module.routes[0].detail == "builds `DiagnosticsViewController`; takes what the screen sets on it before showing it (`details`); it wraps it in `UINavigationController` and sets `modalPresentationStyle` on what it presents, as the view does today: without the container the screen shows with no navigation bar (no title, no close button)")
        #expect(Set(feature.tasks.filter { $0.category == .R }.flatMap(\.routes)) == ["showSignupVerification(email:)", "showHelp()", "showDiagnostics(details:)", "showLogin()", "replaceWithLogin()"])
    }

    /// What the screen sets on a screen it shows is part of what the route must keep: a title the
    /// destination does not set itself, a share sheet's completion.
    @Test func aRouteKeepsTheTitleActionsAndCompletionTheScreenSets() throws {
        let code = """
        import UIKit
        final class SignupVerificationViewController: UIViewController { init(email: String) { super.init(nibName: nil, bundle: nil) }; required init?(coder: NSCoder) { fatalError() } }
        final class ThemedAlertController: UIAlertController {}
        final class SettingsViewController: UIViewController {
            @IBOutlet var toggle: UISwitch!
            var email = ""
            func verify() {
                let next = SignupVerificationViewController(email: email)
                next.title = "Sign Up"
                navigationController?.pushViewController(next, animated: true)
            }
            func confirmDelete() {
                let alert = ThemedAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in self.toggle.isOn = false })
                alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in self.wipe() })
                present(alert, animated: true)
            }
            func share(_ text: String) {
                let sheet = UIActivityViewController(activityItems: [text], applicationActivities: nil)
                sheet.completionWithItemsHandler = { _, _, _, _ in self.wipe() }
                present(sheet, animated: true)
            }
            func wipe() { UserDefaults.standard.removeObject(forKey: "email") }
        }
        """
        let module = try #require(try Self.feature(Self.plan(["Settings/SettingsViewController.swift": code]), "SettingsViewController").modules.first)
        let routes = Dictionary(module.routes.map { ($0.name, $0.detail) }, uniquingKeysWith: { a, _ in a })
        #expect(routes["showSignupVerification(email:title:)"] == "builds `SignupVerificationViewController`; takes what the screen hands `SignupVerificationViewController(email:)` today and what it sets on it before showing it (`title`)", "\(routes)")
        #expect(routes["showShareSheet(activityItems:completionWithItemsHandler:)"]?.contains("(`completionWithItemsHandler`)") == true, "\(routes)")
        // The project's alert is no route: it stays in the view with the actions it adds.
        #expect(routes.count == 2, "\(routes)")
    }

    /// What a screen's creators set on it right after making it is input its builder takes: the
    /// builder's PR says so and estimates it, or the setting is lost.
    @Test func theBuilderTakesWhatCreatorsSetOnTheScreen() throws {
        let auth = """
        import UIKit
        final class AuthViewController: UIViewController {
            var debugEnabled = false
            var email = ""
            func remember() { UserDefaults.standard.set(email, forKey: "email") }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume() }
        }
        """
        let onboarding = """
        import UIKit
        final class OnboardingViewController: UIViewController {
            func logIn() {
                let auth = AuthViewController()
                auth.debugEnabled = true
                auth.modalPresentationStyle = .formSheet
                navigationController?.pushViewController(auth, animated: true)
            }
        }
        """
        let feature = try Self.feature(Self.plan(["Auth/AuthViewController.swift": auth, "Onboarding/OnboardingViewController.swift": onboarding]), "AuthViewController")
        let builder = try #require(feature.tasks.first { $0.structural == .builder(prefix: "Auth") }, "\(feature.tasks.map(\.title))")
        #expect(builder.fix.hasSuffix(" Its creators set `debugEnabled` on it right after making it: `build()` takes it as a parameter and hands it on, or the setting is lost."), "\(builder.fix)")
        #expect(builder.estimate.contains(EstimatePart(2, "1 value its creators set today taken by the builder")))
    }

    /// A screen that pushes a new instance of itself (the next step of a flow) from a member its
    /// Router task turns into a route: after that PR the creation is in the Router's file, which
    /// the builder's PR edits and names.
    @Test func theBuilderSwitchesCreationsTheRouterTookOver() throws {
        let code = """
        import UIKit
        final class StepViewController: UIViewController {
            var step = 0
            func save() { UserDefaults.standard.set(step, forKey: "step") }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume() }
            func next() {
                let vc = StepViewController()
                vc.step = step + 1
                navigationController?.pushViewController(vc, animated: true)
            }
        }
        """
        let feature = try Self.feature(Self.plan(["App/Steps/StepViewController.swift": code]), "StepViewController")
        let builder = try #require(feature.tasks.first { $0.structural == .builder(prefix: "Step") }, "\(feature.tasks.map(\.title))")
        #expect(builder.fix.contains("`StepViewController.swift:7` (initializer, by StepViewController itself, in `StepRouter.swift` once the Router PR moves `next()` there)"), "\(builder.fix)")
        #expect(builder.edits == ["App/Steps/StepRouter.swift"], "\(builder.edits)")
        let slice = try #require(feature.slices.first { $0.taskIDs.contains(builder.id) })
        #expect(slice.files.contains("App/Steps/StepRouter.swift"), "\(slice.files)")
    }

    /// Another audited screen that creates this one where it navigates to it: its Router's route
    /// builds it once that screen's Router PR lands, so the builder names both places.
    @Test func theBuilderSwitchesACreationAnotherScreensRouterTakesOver() throws {
        let list = """
        import UIKit
        final class ListViewController: UIViewController {
            var items: [String] = []
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com/list")!).resume() }
            func open(_ item: String) {
                navigationController?.pushViewController(DetailViewController(item: item), animated: true)
            }
        }
        """
        let detail = """
        import UIKit
        final class DetailViewController: UIViewController {
            let item: String
            init(item: String) { self.item = item; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
            func save() { UserDefaults.standard.set(item, forKey: "item") }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com/" + item)!).resume() }
        }
        """
        let plan = Self.plan(["App/List/ListViewController.swift": list, "App/Detail/DetailViewController.swift": detail])
        let feature = try Self.feature(plan, "DetailViewController")
        let builder = try #require(feature.tasks.first { $0.structural == .builder(prefix: "Detail") }, "\(feature.tasks.map(\.title))")
        #expect(builder.fix.contains("`ListViewController.swift:6` (initializer, in `ListRouter.swift` once ListViewController's Router PR moves `open(_:)` there)"), "\(builder.fix)")
        #expect(builder.edits == ["App/List/ListViewController.swift", "App/List/ListRouter.swift"], "\(builder.edits)")
    }

    @Test func aSegueIsNamedAfterTheClassPrepareCastsItsDestinationTo() throws {
        let code = """
        import UIKit
        final class OrdersViewController: UIViewController {
            func open() { performSegue(withIdentifier: "showDetail", sender: nil) }
            func back() { performSegue(withIdentifier: "unwindToHome", sender: nil) }
            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                if segue.identifier == "showDetail", let vc = segue.destination as? OrderDetailViewController {
                    vc.orderID = 1
                }
            }
        }
        final class OrderDetailViewController: UIViewController { var orderID = 0 }
        """
        // Per finding, as `update` plans them (a new plan joins the navigation tasks into one).
        let feature = try Self.feature(Self.plan(["Orders/OrdersViewController.swift": code], grouping: .none), "OrdersViewController")
        let module = try #require(feature.modules.first { $0.viewController == "OrdersViewController" })
        #expect(module.routes.map(\.name) == ["showOrderDetail()", "closeToHome()"])
        #expect(module.routes.map(\.detail) == [
            "replaces segue `showDetail` to `OrderDetailViewController`",
            "replaces unwind segue `unwindToHome`: the router closes the screen back to the one it returns to",
        ])
        let routes = feature.tasks.filter { $0.category == .R }.map(\.routes)
        #expect(routes == [["showOrderDetail()"], ["closeToHome()"], ["showOrderDetail()"]])
        #expect(!feature.tasks.contains { $0.fix.contains("a route method") })
    }

    @Test func unwindIdentifiersAreNamedAfterWhereTheyGoBack() {
        #expect(unwindRoute("unwind") == "close()")
        #expect(unwindRoute("unwindToOrders") == "closeToOrders()")
        #expect(unwindRoute("UnwindToCartSegue") == "closeToCart()")
        #expect(unwindRoute("showCart") == nil)
        #expect(routeMethod("showCart") == "showCart()")
    }

    @Test func aScreenThatOnlyClosesItselfGetsARouterForItsExits() throws {
        let code = """
        import UIKit
        final class NoteViewController: UIViewController {
            @IBAction func save(_ sender: Any) {
                UserDefaults.standard.set("note", forKey: "note")
                dismiss(animated: true)
            }
            @IBAction func unwindToNote(_ segue: UIStoryboardSegue) {}
        }
        """
        let feature = try Self.feature(Self.plan(["Notes/NoteViewController.swift": code]), "NoteViewController")
        let exit = try #require(feature.tasks.first { $0.category == .R })
        #expect(exit.title == "Route the exits of NoteViewController through NoteRouter")
        #expect(exit.routes == ["close()"])
        #expect(exit.evidence == ["`NoteViewController.swift:5`"])
        let module = try #require(feature.modules.first)
        #expect(module.routes.map(\.name) == ["close()", "returned(from:)"])
        #expect(module.routes[1].detail.hasPrefix("the presenter's input for `unwindToNote(_:)`"))
        let router = try #require(feature.slices.first { $0.creates.contains("NoteRouter") })
        #expect(router.changes.contains("Add `close()` to `NoteRouter` for the screen's own exits in `save(_:)`: the view tells the presenter, which calls the router; the module no longer closes itself."))
    }

    /// A navigation or hosting controller held in a local is named after the screen at its root.
    @Test func aContainerInALocalIsNamedAfterItsRootScreen() throws {
        let code = """
        import UIKit
        import SwiftUI
        final class MenuViewController: UIViewController {
            func openSettings() {
                let nav = UINavigationController(rootViewController: SettingsViewController())
                present(nav, animated: true)
            }
            func openAbout() {
                let host = UIHostingController(rootView: AboutView())
                navigationController?.pushViewController(host, animated: true)
            }
        }
        final class SettingsViewController: UIViewController {}
        struct AboutView: View { var body: some View { Text("About") } }
        """
        let feature = try Self.feature(Self.plan(["Menu/MenuViewController.swift": code]), "MenuViewController")
        let routes = try #require(feature.modules.first { $0.viewController == "MenuViewController" }).routes.map(\.name)
        #expect(routes == ["showAboutView()", "showSettings()"])
    }

    /// A project screen whose name starts like a framework's (`CASViewController`) is not a system screen.
    @Test func aProjectScreenWithAFrameworkLikePrefixNeedsItsModule() throws {
        let code = """
        import UIKit
        final class LoginViewController: UIViewController {
            func openCAS() { present(CASViewController(), animated: true) }
        }
        final class CASViewController: UIViewController {}
        """
        let feature = try Self.feature(Self.plan(["Auth/LoginViewController.swift": code]), "LoginViewController")
        let route = try #require(feature.modules.first { $0.viewController == "LoginViewController" }?.routes.first)
        #expect(route.name == "showCAS()")
        #expect(route.detail == "builds `CASViewController`")
    }

    /// `dismiss` in an image picker's callback closes the picker the screen presented: no exit of its own.
    @Test func dismissingAPresentedPickerIsNotAnExit() throws {
        let code = """
        import UIKit
        final class AvatarViewController: UIViewController, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
            @IBAction func pick(_ sender: Any) {
                UserDefaults.standard.set(true, forKey: "picked")
                present(UIImagePickerController(), animated: true)
            }
            func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                dismiss(animated: true)
            }
            func imagePickerControllerDidCancel(_ picker: UIImagePickerController) { dismiss(animated: true) }
        }
        """
        let feature = try Self.feature(Self.plan(["Avatar/AvatarViewController.swift": code]), "AvatarViewController")
        #expect(!feature.tasks.contains { $0.title.hasPrefix("Route the exits") })
        #expect(feature.modules.first?.routes.contains { $0.name == "close()" } == false)
    }

    /// A view controller of `filler` plain code lines and one small networking method.
    static func sizedScreen(filler: Int) -> String {
        let lines = (0..<filler).map { "        let value\($0) = \($0)" }.joined(separator: "\n")
        return """
        import UIKit
        final class ReportViewController: UIViewController {
            func load() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume()
            }
            func layout() {
        \(lines)
            }
        }
        """
    }

    @Test func aSizeFindingIsPromisedGoneOnlyWhenTheMovesBringTheScreenUnder() throws {
        var configuration = Configuration()
        configuration.thresholds.review = 30
        configuration.thresholds.longMethod = 1000
        let feature = try Self.feature(Self.plan(["Report/ReportViewController.swift": Self.sizedScreen(filler: 40)],
                                                 configuration: configuration), "ReportViewController")
        let size = try #require(feature.tasks.first { $0.rule == "vc-size" })
        let checks = feature.slices.flatMap(\.checks)
        #expect(!checks.contains { $0.hasPrefix("`viper-planner audit` no longer reports") && $0.contains(size.fingerprint) })
        #expect(checks.contains("Finding `\(size.fingerprint)` (`vc-size`) is not expected to go yet: about 1 of the 47 code lines of ReportViewController have moved out by this PR, and it is reported down to 30."))
        // After the last move the count is the screen's split (the call leaves; `load()` stays a forward).
        let module = try #require(feature.modules.first)
        #expect(module.codeLines - (module.splitLines.last ?? 0) == 1, "\(module.lineSplit)")

        configuration.thresholds.review = 47
        let small = try Self.feature(Self.plan(["Report/ReportViewController.swift": Self.sizedScreen(filler: 40)],
                                               configuration: configuration), "ReportViewController")
        let fingerprint = try #require(small.tasks.first { $0.rule == "vc-size" }).fingerprint
        #expect(small.slices.flatMap(\.checks).contains { $0.hasPrefix("`viper-planner audit` no longer reports") && $0.contains(fingerprint) })
    }

    @Test func aSplitPromisesTheLongMethodGoneOnlyInItsLastPart() {
        var first = PRSlicer.Draft(phase: .I, vc: "A")
        first.isPreparatory = true; first.part = PRSlicer.Part(1, of: 2)
        #expect(!first.endsItsTasks && first.part?.text == "part 1 of 2")
        var last = first; last.part = PRSlicer.Part(2, of: 2)
        #expect(last.endsItsTasks && PRSlicer.Draft(phase: .I, vc: "A").endsItsTasks)
        #expect(PRSlicer.movedOutLines(PRSlicer.Draft(phase: .I, vc: "A", parts: [EstimatePart(40, "I1: 2 × 20 code lines of `f()` moved"),
                                                                                   EstimatePart(8, "I1: a case in `AInteractorTests`")])) == 20)
    }

    @Test func aProtocolIsNeverWrappedInAnother() {
        var slice = PlanChecksTests.slice(1, .X, creates: ["DataManagerProtocolProtocol"])
        slice.changes = ["Declare `DataManagerProtocolProtocol`."]
        #expect(PlanChecks.problems(PlanChecksTests.plan([slice]), existingTypes: []) == [
            "cart.md PR 1: names a protocol ending in `ProtocolProtocol` (a protocol wrapped again)",
        ])
        let manager = """
        import Foundation
        protocol DataManagerProtocol: AnyObject { func load() }
        final class DataManager: DataManagerProtocol {
            static let shared = DataManager()
            func load() { UserDefaults.standard.set(1, forKey: "k") }
        }
        """
        func screen(_ name: String) -> String {
            """
            import UIKit
            final class \(name)ViewController: UIViewController {
                var manager: DataManagerProtocol = DataManager.shared
                func refresh() { manager.load() }
            }
            """
        }
        let plan = Self.plan(["Data/DataManager.swift": manager, "A/AViewController.swift": screen("A"), "B/BViewController.swift": screen("B")])
        #expect(PlanChecks.problems(plan, existingTypes: []) == [])
        let texts = plan.taskFiles.flatMap { $0.tasks.map(\.fix) + $0.slices.flatMap { $0.changes + $0.creates } }
        #expect(!texts.contains { $0.contains("ProtocolProtocol") })
    }

    @Test func workInFlightWhenTheScreenClosesIsPinnedDownBeforeTheFirstMove() throws {
        let code = """
        import UIKit
        final class EditProfileViewController: UIViewController {
            @IBOutlet var nameField: UITextField!
            @IBAction func save(_ sender: Any) {
                APIClient.shared.saveProfile(name: nameField.text ?? "") { [weak self] result in
                    if case .failure = result {
                        self?.showAlert("Could not save")
                    }
                }
                navigationController?.popViewController(animated: true)
            }
            @IBAction func discard(_ sender: Any) {
                showAlert("Discarded")
                dismiss(animated: true)
            }
            func showAlert(_ message: String) {
                present(UIAlertController(title: message, message: nil, preferredStyle: .alert), animated: true)
            }
        }
        """
        let client = """
        import Foundation
        final class APIClient {
            static let shared = APIClient()
            func saveProfile(name: String, completion: @escaping (Result<Void, Error>) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in completion(.success(())) }.resume()
            }
        }
        """
        let feature = try Self.feature(Self.plan(["Profile/EditProfileViewController.swift": code, "Networking/APIClient.swift": client]),
                                       "EditProfileViewController")
        let first = try #require(feature.slices.first { $0.creates.contains("EditProfileCharacterizationTests") })
        #expect(first.changes.first == "Before anything moves, add `EditProfileCharacterizationTests`, which drives EditProfileViewController as it is today. It pins down: `save(_:)`: the screen closes before `saveProfile` answers; the completion's alert is never shown; `discard(_:)`: the alert it presents is dismissed at once by the close that follows; the user never reads it. Later PRs keep it passing, or change it in the PR that changes the behaviour on purpose.")
        #expect(first.checks.first == "`EditProfileCharacterizationTests` passes against today's code; every later PR of EditProfileViewController keeps it passing.")
        #expect(first.taskIDs.isEmpty && first.risk == "Low — additive (tests only); 1 file: adds 1")
        #expect(first.estimate.prefix(2).map(\.lines) == [10, 16])
        // Every later PR that moves code out of the screen depends on it.
        for slice in feature.slices where slice.number > first.number && PRSlicer.movingPhases.contains(slice.phase) {
            #expect(PlanChecks.ancestors(of: slice.number, in: Dictionary(uniqueKeysWithValues: feature.slices.map { ($0.number, $0) })).contains(first.number))
        }
        #expect(!feature.slices.contains { $0.number < first.number && PRSlicer.movingPhases.contains($0.phase) })

        // One surprise (18 lines) is too small for a PR of its own: it is the first step of the first move.
        let single = code.replacingOccurrences(of: "showAlert(\"Discarded\")\n", with: "")
        let merged = try Self.feature(Self.plan(["Profile/EditProfileViewController.swift": single, "Networking/APIClient.swift": client]),
                                      "EditProfileViewController")
        let step = try #require(merged.slices.first { $0.creates.contains("EditProfileCharacterizationTests") })
        // The first PR of the screen starts with its seams (protocols over `APIClient`); this small
        // screen's module work is that one PR, and the tests join it as its first step.
        #expect(!step.taskIDs.isEmpty && step.creates.contains("APIClientProtocol"), "\(step.creates)")
        #expect(step.changes.first?.hasPrefix("Before anything moves, add `EditProfileCharacterizationTests`, which drives EditProfileViewController as it is today. It pins down: `save(_:)`: the screen closes before `saveProfile` answers; the completion's alert is never shown. ") == true)
        #expect(step.checks.first == "`EditProfileCharacterizationTests` passes on the code before this PR's moves and after them.")
    }

    @Test func aStoryboardScreenNoCodeCreatesGetsItsDependencyFromAFactory() throws {
        let code = """
        import UIKit
        final class EditAccountViewController: UIViewController {
            @IBOutlet weak var nameField: UITextField!
            var account: User!
            override func viewDidLoad() { super.viewDidLoad(); nameField.text = account.name }
        }
        """
        let result = Auditor.audit(sources: [("Account/EditAccountViewController.swift", code)], configuration: Configuration())
        let finding = try #require(result.findings.first(where: { $0.rule == "force-unwrapped-dependency" }))
        #expect(finding.fix == "EditAccountViewController is created from a storyboard: add `static func make(account: User) -> EditAccountViewController` that instantiates it and sets `account` before returning, make the property `private(set)`, and have the route that replaces the storyboard segue leading to EditAccountViewController call it (no code creates EditAccountViewController today).")
    }

    @Test func aPushedLocalCastFromAStoryboardNamesItsRoute() throws {
        let code = """
        import UIKit
        final class FeedViewController: UIViewController {
            func help() {
                let help = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Help") as! HelpViewController
                navigationController?.pushViewController(help, animated: true)
            }
            func bookmarks() {
                let bookmarks = storyboard?.instantiateViewController(withIdentifier: "BookmarksViewController")
                if let bookmarks = bookmarks { show(bookmarks, sender: self) }
            }
        }
        """
        let result = Auditor.audit(sources: [("Feed/FeedViewController.swift", code)], configuration: Configuration())
        let fixes = result.findings.filter { $0.rule == "vc-navigation" }.map(\.fix)
        #expect(fixes == ["Give `FeedRouter` `showBookmarks()` and call it from `FeedPresenter`; remove the push/present/segue code from `bookmarks()`.",
                          "Give `FeedRouter` `showHelp()` and call it from `FeedPresenter`; remove the push/present/segue code from `help()`."]
                || fixes == ["Give `FeedRouter` `showHelp()` and call it from `FeedPresenter`; remove the push/present/segue code from `help()`.",
                             "Give `FeedRouter` `showBookmarks()` and call it from `FeedPresenter`; remove the push/present/segue code from `bookmarks()`."])
    }

    @Test func closingInOneBranchAndAlertingInTheOtherIsNoSurprise() throws {
        let code = """
        import UIKit
        final class NewRoomViewController: UIViewController {
            func create() {
                UserDefaults.standard.set(true, forKey: "room")
                let ok = UserDefaults.standard.bool(forKey: "ok")
                if ok {
                    dismiss(animated: true)
                } else {
                    showAlert("Could not create the room")
                }
            }
            func showAlert(_ message: String) {
                present(UIAlertController(title: message, message: nil, preferredStyle: .alert), animated: true)
            }
        }
        """
        let feature = try Self.feature(Self.plan(["Rooms/NewRoomViewController.swift": code]), "NewRoomViewController")
        #expect(!feature.slices.contains { $0.creates.contains("NewRoomCharacterizationTests") })
    }

    /// A screen that runs code once it has closed keeps that order: its exit route takes the
    /// completion (`dismiss(animated: true, completion: nil)` is no such code), and the scaffold
    /// declares it as an optional closure.
    @Test func anExitWithCodeAfterItClosesTakesACompletion() throws {
        let code = """
        import UIKit
        final class ShareViewController: UIViewController {
            var completionHandler: ((Bool) -> Void)?
            func cancel() { dismiss(animated: true) { self.completionHandler?(false) } }
            func done() { dismiss(animated: true, completion: nil) }
            func save() { UserDefaults.standard.set(true, forKey: "shared") }
            func help() { present(UIViewController(), animated: true) }
        }
        """
        let feature = try Self.feature(Self.plan(["Share/ShareViewController.swift": code]), "ShareViewController")
        let module = try #require(feature.modules.first { $0.viewController == "ShareViewController" })
        let close = try #require(module.routes.first { $0.name.hasPrefix("close") })
        #expect(close.name == "close(completion:)")
        #expect(close.detail.hasPrefix("replaces `dismiss` in `cancel()`, `dismiss` in `done()`, with code that runs once it has closed in `cancel()`: the router calls `completion` when the dismissal ends"), "\(close.detail)")
        let (_, parameters, _) = ContractSignature.parse(close.name)
        #expect(parameters.map(\.type) == ["(() -> Void)?"] && !parameters[0].isGeneric)
        let quiet = code.replacingOccurrences(of: "dismiss(animated: true) { self.completionHandler?(false) }", with: "dismiss(animated: true)")
        let plain = try Self.feature(Self.plan(["Share/ShareViewController.swift": quiet]), "ShareViewController")
        #expect(plain.modules.first?.routes.contains(where: { $0.name == "close()" }) == true)
    }

    /// A static method runs with no screen (its callers' way to show it): none of its code becomes
    /// a use case of the screen's Interactor.
    @Test func aStaticHelperIsNoUseCaseOfTheScreen() throws {
        let code = """
        import UIKit
        final class AccountViewController: UIViewController {
            var name = ""
            func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com/me")!) { _, _, _ in }.resume() }
            static func show(on host: UIViewController) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/ping")!) { _, _, _ in }.resume()
                SessionPool.shared.reconnect()
                host.present(AccountViewController(), animated: true)
            }
            static func escaped(_ text: String) -> String {
                let formatter = NumberFormatter()
                return formatter.string(from: NSNumber(value: text.count)) ?? text
            }
        }
        """
        let caller = "import UIKit\nfinal class HomeViewController: UIViewController {\n    func account() { AccountViewController.show(on: self) }\n}\n"
        let pool = "import Foundation\nfinal class SessionPool {\n    static let shared = SessionPool()\n    func reconnect() { URLSession.shared.dataTask(with: URL(string: \"https://example.com/re\")!).resume() }\n}\n"
        let feature = try Self.feature(Self.plan(["Account/AccountViewController.swift": code, "Home/HomeViewController.swift": caller, "Net/SessionPool.swift": pool]), "AccountViewController")
        // A service only the static helper uses is none of the Interactor's: not in the contract, no double.
        let module = try #require(feature.modules.first)
        #expect(!module.services.contains { $0.name == "SessionPool" }, "\(module.services.map(\.name))")
        // What it shows is no route of the screen's router.
        #expect(!module.routes.contains { $0.name.hasPrefix("showAccount") }, "\(module.routes.map(\.name))")
        #expect(!feature.tasks.contains { $0.estimate.contains { $0.label.contains("double of `SessionPool`") } })
        let moved = feature.tasks.filter { $0.category == .I }.flatMap(\.moves).map(\.name)
        #expect(moved.contains("load()") && !moved.contains("show(on:)"), "\(moved)")
        #expect(!feature.tasks.contains { $0.category == .R })
        // Its two findings (the request, the presentation) are one task that moves it to the builder.
        let helper = try #require(feature.tasks.first { $0.title == "Move the static `show(on:)` to AccountModule" })
        #expect(feature.tasks.filter { $0.member == "show(on:)" }.count == 1 && helper.category == .B && helper.covers.count == 1)
        #expect(helper.fix.hasSuffix("What it does besides showing the screen (`URLSession.dataTask`, `SessionPool.reconnect`, `present`) is its callers' work: it goes with the method, not into the Interactor."), "\(helper.fix)")
        #expect(helper.fix.contains("Its 1 call site changes in the same PR: `HomeViewController.swift:3`."), "\(helper.fix)")
        #expect(helper.estimate == [EstimatePart(10, "2 × 5 code lines of `show(on:)` moved to `AccountModule`"), EstimatePart(2, "1 call site switched to `AccountModule`")])
        #expect(helper.edits == ["Home/HomeViewController.swift"])
        // A static helper that neither makes nor shows the screen is planned as any member.
        #expect(!feature.tasks.contains { $0.title.contains("static `escaped(_:)`") } && feature.tasks.contains { $0.category == .P && $0.member == "escaped(_:)" })
    }

    /// A screen that is public API of its module gets a public builder: the other modules that
    /// create it must still compile.
    @Test func aPublicScreenGetsAPublicBuilder() throws {
        let code = """
        import UIKit
        open class ShareViewController: UIViewController {
            public init() { super.init(nibName: nil, bundle: nil) }
            required public init?(coder: NSCoder) { fatalError() }
            func save() { UserDefaults.standard.set(true, forKey: "shared") }
        }
        """
        let feature = try Self.feature(Self.plan(["Share/ShareViewController.swift": code]), "ShareViewController")
        let builder = try #require(feature.tasks.first { $0.category == .B && $0.fix.contains("ShareModule.build()") })
        #expect(builder.fix.contains(" ShareViewController is `open`, so other modules may create it: `ShareModule` and its `build()` are `public`, and so is every type `build()` takes or returns."), "\(builder.fix)")
        // The builder's PR also hands the interactor's output from the view controller to the presenter.
        #expect(builder.estimate.contains(EstimatePart(14, "the output of 1 use case (1 outcome) moved from ShareViewController to `SharePresenter`, which becomes the interactor's output: per use case its output method forwarding each outcome to the view (~3 + 1 each), the view controller's conformance of the same size deleted, and a presenter test case (~6)")), "\(builder.estimate)")
        let internalScreen = try Self.feature(Self.plan(["Share/ShareViewController.swift": code.replacingOccurrences(of: "open class", with: "final class").replacingOccurrences(of: "public ", with: "")]), "ShareViewController")
        #expect(!internalScreen.tasks.contains { $0.fix.contains("are `public`") })
    }
}
