import Foundation
import Testing
@testable import ViperPlannerKit

/// A screen that does its data work through a class the Swift sources do not declare (written in
/// Objective-C, or from a package): the calls are its use cases, the class gets a protocol seam.
struct OpaqueServiceTests {
    static let tagList = """
    import UIKit
    final class TagListViewController: UIViewController, UITableViewDelegate {
        @IBOutlet var tableView: UITableView!
        let core: TagCore
        let composition = ItemDataSourceComposition()
        var tags: [String] = []
        init(core: TagCore) { self.core = core; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError() }
        func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
            let tag = tags[source.row]
            SPObjectManager.shared().moveTag(tag, toIndex: destination.row)
            tags.remove(at: source.row)
            tags.insert(tag, at: destination.row)
        }
        func renameTag(_ old: String, to new: String) {
            guard !new.isEmpty, old != new else { return }
            core.updateTag(old, title: new)
            SVProgressHUD.showSuccess(withStatus: "Renamed")
            Analytics.logEvent("rename")
            composition.addSources([])
            TagCore.shared.removeObserver(self)
            let title = L10n.updateTitle(new)
            let builder = core.storeManager()
            print(title, builder)
        }
        func rememberSelection(_ tag: String) { UserDefaults.standard.set(tag, forKey: "selectedTag") }
        // A library the rules know (its calls are networking findings) is no opaque service.
        let provider = MoyaProvider<TagAPI>()
        func syncTags() { provider.request(.tags) { _ in } }
    }
    // The Objective-C class is extended in Swift: still declared elsewhere.
    extension SPObjectManager {
        func tagNames() -> [String] { [] }
    }
    """

    /// A call with a completion handler is work that finishes later: data work, whatever its name;
    /// the same service's synchronous lookups are not, nor the async helper of a model the screen
    /// edits, which would make every use of the model I/O.
    @Test func aCallWithACompletionHandlerIsDataWorkWhateverItsName() throws {
        let source = """
        import UIKit
        final class StorageViewController: UIViewController {
            let vault: AccountVault
            var account: AccountRecord?
            init(vault: AccountVault) { self.vault = vault; super.init(nibName: nil, bundle: nil) }
            func rename(_ name: String) {
                account?.name = name
                account?.refreshAvatar(completionHandler: { _ in })
            }
            required init?(coder: NSCoder) { fatalError() }
            @IBAction func freeSpace(_ sender: Any) {
                vault.compact(selector: nil, completionHandler: { _, _ in })
                vault.prepopulate(keepingOffline: true, completion: nil)
                let name = vault.displayName(for: 1)
                vault.highlight(rows: [1]) { _ in }
                print(name, AccountVault(account: 1).rootURL, AccountVault.defaultName)
            }
        }
        """
        let result = Auditor.audit(sources: [("Storage/StorageViewController.swift", source)])
        let t = try #require(result.index.resolve("StorageViewController"))
        #expect(result.index.opaqueCalls(of: t).map { "\($0.service).\($0.call)" } == ["AccountVault.compact", "AccountVault.prepopulate"])
        // A protocol over the service declares what an instance made in place is asked for, never a static member.
        #expect(result.index.membersUsed(of: "AccountVault", by: t) == ["compact", "prepopulate", "displayName", "highlight", "rootURL"])
    }

    /// A closure that receives an error, or does the screen's follow-up work over several lines, is
    /// the service's answer: the call is data work whatever its name; a one-line callback is not.
    /// A service the screen also sets properties of is still one when it makes data calls on it.
    @Test func aCallWhoseClosureIsItsAnswerIsDataWork() throws {
        let source = """
        import UIKit
        final class ServerViewController: UIViewController {
            let connection: ServerConnection
            init(connection: ServerConnection) { self.connection = connection; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
            func probe() {
                connection.timeout = 5
                connection.prepareForSetup(options: nil) { issue, methods in
                    self.title = issue?.title
                    self.show(methods)
                }
                connection.highlight(rows: [1]) { _ in }
                connection.ping(host: "a") { error in self.show([]) }
                connection.connect()
            }
            func show(_ methods: [String]?) {}
        }
        """
        let result = Auditor.audit(sources: [("Server/ServerViewController.swift", source)])
        let t = try #require(result.index.resolve("ServerViewController"))
        // The screen sets a property of the connection, but also connects with it: a service it configures, not a model it edits.
        #expect(result.index.opaqueCalls(of: t).map { "\($0.service).\($0.call)" } == ["ServerConnection.prepareForSetup", "ServerConnection.ping", "ServerConnection.connect"])
    }

    /// A service the sources do not show, used by screens of two features, gets one protocol in
    /// cross-cutting.md: two features' seams each declaring it would not compile side by side.
    @Test func anUndeclaredServiceTwoFeaturesUseGetsOneSharedProtocol() throws {
        func screen(_ name: String, _ call: String) -> String {
            """
            import UIKit
            final class \(name): UIViewController {
                let core = NoteCore()
                func change(_ id: String) { core.\(call)(id) }
                func reload() { print(core.isReady) }
            }
            """
        }
        let result = Auditor.audit(sources: [("App/Tags/TagsViewController.swift", screen("TagsViewController", "updateTag")),
                                             ("App/Notes/NotesViewController.swift", screen("NotesViewController", "deleteNote"))])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let shared = try #require(plan.crossCutting.tasks.first { $0.sharedType == "NoteCore" }, "\(plan.crossCutting.tasks.map(\.title))")
        #expect(shared.title == "Put `NoteCore` behind `NoteCoreProtocol`, shared by 2 features")
        // Its declaration is not Swift: the protocol and the conformance go in a file of their own,
        // and the PR edits no screen.
        #expect(shared.fix.hasPrefix("Declare `NoteCoreProtocol` in a new `App/Notes/NoteCoreProtocol.swift` with the 3 members the screens use (`deleteNote`, `isReady`, `updateTag`), make `NoteCore` conform there (`extension NoteCore: NoteCoreProtocol {}`: its declaration is not Swift)"), "\(shared.fix)")
        let slice = try #require(plan.crossCutting.slices.first { $0.taskIDs == [shared.id] })
        #expect(slice.files == ["App/Notes/NoteCoreProtocol.swift"] && slice.newFiles == slice.files, "\(slice.files)")
        #expect(!plan.features.flatMap(\.tasks).contains { $0.concern == "seam" && $0.wrappers.contains("NoteCore") })
    }

    @Test func callsIntoUndeclaredServicesAreUseCasesBehindProtocols() throws {
        let result = Auditor.audit(sources: [("Tags/TagListViewController.swift", Self.tagList)])
        let t = try #require(result.index.resolve("TagListViewController"))
        #expect(result.index.opaqueCalls(of: t).map { "\($0.service).\($0.call)" } == ["SPObjectManager.moveTag", "TagCore.updateTag"])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("TagListViewController") })
        let module = try #require(feature.modules.first)
        #expect(module.services.map(\.name) == ["SPObjectManager", "TagCore"])
        #expect(module.services[0].detail == "its data work, in code the Swift sources do not show (Objective-C or a package) (`moveTag`)")
        let inputs = module.interactorInputs.map(\.name)
        #expect(inputs.contains("moveTag(_:toIndex:)") && inputs.contains("renameTag(_:to:)"), "\(inputs)")
        #expect(module.interactorInputs.first { $0.name == "moveTag(_:toIndex:)" }?.detail.hasPrefix("service calls (`SPObjectManager.moveTag`)") == true)
        let task = try #require(feature.tasks.first { $0.title.hasPrefix("Move the service calls in ") })
        #expect(task.title == "Move the service calls in `tableView(_:moveRowAt:to:)` and `renameTag(_:to:)` into TagListInteractor use cases", "\(task.title)")
        #expect(task.apis == ["SPObjectManager.moveTag", "TagCore.updateTag"] && task.problem.contains("`SPObjectManager.moveTag`"))
        // The analytics the moved code records are named, so the move keeps them.
        #expect(task.fix.hasSuffix(" The code it moves records analytics (`Analytics.logEvent`): each event moves with the code that triggers it into the Interactor, which records it where it records it today, never from the view's output: the output is held weakly, and once the work has closed the screen nothing would record it."), "\(task.fix)")
        let seam = try #require(feature.tasks.first { $0.concern == "seam" })
        #expect(seam.wrappers == ["SPObjectManager", "TagCore"])
        #expect(PlanChecks.contractProblems(feature) == [])
    }

    static let auth = """
    import UIKit
    final class AuthHandler {
        private let authenticator: RemoteAuthenticator
        init(authenticator: RemoteAuthenticator) { self.authenticator = authenticator }
        func loginWithCredentials(username: String, password: String, onCompletion: @escaping (Error?) -> Void) {
            authenticator.authenticate(withUsername: username, password: password, success: { onCompletion(nil) }, failure: { onCompletion($0) })
        }
        func requestLoginEmail(username: String) async throws {
            let remote = LoginRemote()
            try await remote.requestLoginEmail(email: username)
        }
        func displayName(_ email: String) -> String { email.lowercased() }
    }
    final class ClientContext {
        var core: ShareCore?
    }
    final class AuthViewController: UIViewController {
        @IBOutlet var emailField: UITextField!
        let controller: AuthHandler
        var context: ClientContext?
        init(controller: AuthHandler) { self.controller = controller; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError() }
        @IBAction func logInTapped(_ sender: Any) {
            guard let email = emailField.text, !email.isEmpty else { return }
            title = controller.displayName(email)
            controller.loginWithCredentials(username: email, password: "secret") { [weak self] error in
                self?.emailField.isEnabled = error == nil
            }
        }
        var permissions = SharePermissionsMask()
        func shareLink(_ path: String) {
            guard !path.isEmpty else { return }
            permissions.remove(.delete)
            let permissions = path.hasPrefix("/public") ? 1 : 0
            context?.core?.createShare(path, permissions: permissions)
        }
        // A local that holds what an own method returns; a data verb alone.
        func makeCore() -> ShareCore { ShareCore() }
        func unshare(_ path: String) {
            let core = makeCore()
            core.delete(path)
        }
        func rememberEmail(_ email: String) { UserDefaults.standard.set(email, forKey: "email") }
    }
    """

    /// A project class whose members call such a service is the screen's service too: the calls
    /// the screen makes into those members (never its other members) are use cases named for
    /// them (a member named for its data work, `shareLink(_:)`, keeps its name); a call along a chain of properties (`context?.core?.createShare`) counts as well.
    @Test func projectWrappersOverUndeclaredServicesAndPropertyChains() throws {
        let result = Auditor.audit(sources: [("Auth/AuthViewController.swift", Self.auth),
                                             ("AuthTests/AuthTests.swift", "import XCTest\nfinal class AuthTests: XCTestCase { func testNothing() {} }")])
        let t = try #require(result.index.resolve("AuthViewController"))
        #expect(result.index.opaqueCalls(of: t).map { "\($0.service).\($0.call)" } == ["AuthHandler.loginWithCredentials", "ShareCore.createShare", "ShareCore.delete"])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("AuthViewController") })
        let module = try #require(feature.modules.first)
        #expect(module.services.map(\.name) == ["AuthHandler", "ShareCore"])
        #expect(module.services[0].detail == "its data work, through `RemoteAuthenticator` and `LoginRemote`, code the Swift sources do not show (`loginWithCredentials`)", "\(module.services[0].detail)")
        let inputs = module.interactorInputs.map(\.name)
        #expect(inputs.contains("loginWithCredentials(username:password:)") && inputs.contains("shareLink(_:)"), "\(inputs)")
        let seam = try #require(feature.tasks.first { $0.concern == "seam" })
        #expect(seam.wrappers == ["AuthHandler", "ShareCore"])
        // Its protocol declares every member the screen uses on it (`displayName`), or the screen would not compile against it.
        #expect(seam.fix.hasPrefix("Declare `AuthHandler` → `AuthHandlerProtocol` (`loginWithCredentials`, `displayName`); `ShareCore` → `ShareCoreProtocol` (`createShare`, `delete`)"), "\(seam.fix)")
        // The seams PR is additive, writes the doubles in the project's test folder, and the Interactor PR reuses them.
        let seamPR = try #require(feature.slices.first { $0.concern == "seam" })
        #expect(seamPR.files == ["Auth/AuthViewController.swift", "Auth/AuthSeams.swift", "AuthTests/AuthServiceDoubles.swift"], "\(seamPR.files)")
        #expect(seamPR.risk == "Low — additive: protocols, their doubles and defaults, nothing moves; 3 files: edits 1, adds 2", "\(seamPR.risk)")
        let interactorPR = try #require(feature.slices.first { $0.creates.contains("AuthInteractor") })
        #expect(!interactorPR.estimate.contains { $0.label.hasPrefix("double of `AuthHandler") || $0.label.hasPrefix("double of `ShareCore") }, "\(interactorPR.estimate.map(\.label))")
        // The screen is handed its service already: the seam retypes what is there, with no default.
        #expect(seam.fix.contains(" `AuthHandler` is handed in through `init(controller:)` already: retype that parameter and the property to the protocol, with no default."), "\(seam.fix)")
        // Setting the service property in `init` is wiring: nothing moves out of the initialiser.
        #expect(!feature.tasks.contains { $0.moves.contains { $0.name.hasPrefix("init(") } })
        #expect(PlanChecks.contractProblems(feature) == [])
    }
}

/// A service with more members than one seams PR holds is declared over several, in slices, each
/// PR under the cap.
struct LargeSeamTests {
    @Test func aServiceWithManyMembersIsDeclaredOverSeveralPRs() throws {
        let calls = (1...12).map { "        func step\($0)() { core.updateStep\($0)() }" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class StepsViewController: UIViewController {
            let core = StepCore()
            func save() { UserDefaults.standard.set(1, forKey: "step") }
        \(calls)
        }
        """
        var configuration = Configuration()
        configuration.prLineCap = 60
        let plan = Planner.plan(Auditor.audit(sources: [("Steps/StepsViewController.swift", code)]), configuration: configuration, date: "2026-01-01")
        let feature = try #require(plan.features.first)
        let seams = feature.tasks.filter { $0.concern == "seam" }
        #expect(seams.map(\.wrappers) == [["StepCore"], ["StepCore"]])
        #expect(seams[0].fix.contains("`StepCoreProtocol` has more members than one PR holds: each of its seams PRs adds its slice of them and their doubles"), "\(seams[0].fix)")
        let seamPRs = feature.slices.filter { $0.concern == "seam" }
        #expect(seamPRs.allSatisfy { $0.estimatedLines <= 60 }, "\(feature.slices.map(\.estimatedLines))")
        // The first of them creates the protocol; the plan's self-check has nothing to say.
        #expect(seamPRs.map(\.creates) == [["StepCoreProtocol"], []])
        #expect(PlanChecks.problems(plan, existingTypes: []).isEmpty, "\(PlanChecks.problems(plan, existingTypes: []))")
    }
}

extension OpaqueServiceTests {
    /// A member named for the data work it does (`save(hudCompletion:)`) names its use case over the
    /// calls it makes into a service the sources only extend (`extension BookmarkManager`): the
    /// extension makes it no project wrapper whose method is a use case already. A lone verb takes
    /// the screen's noun, and a completion handler the view passes is no input of the use case.
    @Test func aMemberNamedForItsDataWorkNamesTheUseCaseOverAnExtendedServicesCalls() throws {
        let code = """
        import UIKit
        final class BookmarkViewController: UIViewController {
            var bookmark: Bookmark?
            func save(hudCompletion: @escaping (() -> Void) -> Void) {
                guard let bookmark else { return }
                let connection = Connection(bookmark: bookmark)
                connection.connect { [weak self] error in
                    BookmarkManager.shared.addBookmark(bookmark)
                    hudCompletion { self?.dismiss(animated: true) }
                }
            }
            func rememberLastBookmark() {
                UserDefaults.standard.set(bookmark?.name, forKey: "lastBookmark")
                UserDefaults.standard.set(Date(), forKey: "lastBookmarkDate")
            }
        }
        extension BookmarkManager {
            func hasBookmark(named name: String) -> Bool { false }
        }
        """
        let result = Auditor.audit(sources: [("App/Bookmarks/BookmarkViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.flatMap(\.modules).first { $0.viewController == "BookmarkViewController" })
        #expect(module.interactorInputs.map(\.name) == ["rememberLastBookmark()", "saveBookmark()"], "\(module.interactorInputs.map(\.name))")
    }
}

extension OpaqueServiceTests {
    /// A service call in an alert's action (`AccountRemote().verify(email:)` when the user asks for
    /// the email again) is one line among UIKit ones: it is a use case all the same, since the
    /// seams PR injects its service into the Interactor.
    @Test func aServiceCallInsideAnAlertActionIsAUseCase() throws {
        let code = """
        import UIKit
        final class SignInViewController: UIViewController {
            var email = ""
            func presentUnverifiedError(message: String) {
                let alert = UIAlertController(title: "Verify your email", message: message, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                alert.addAction(UIAlertAction(title: "Resend", style: .default) { _ in
                    AccountRemote().verify(email: self.email)
                })
                present(alert, animated: true)
            }
            func remember() {
                UserDefaults.standard.set(email, forKey: "email")
                UserDefaults.standard.set(Date(), forKey: "seen")
            }
        }
        """
        let result = Auditor.audit(sources: [("App/SignIn/SignInViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first)
        #expect(feature.tasks.contains { $0.category == .I && $0.moves.contains { $0.name == "presentUnverifiedError(message:)" } && $0.apis == ["AccountRemote.verify"] },
                "\(feature.tasks.map { "\($0.title) \($0.apis)" })")
    }
}
