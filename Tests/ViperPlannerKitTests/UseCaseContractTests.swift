import Foundation
import Testing
@testable import ViperPlannerKit

/// The module contract names what the screen does; every line of the screen has a destination and
/// the PRs move all that does not stay in the view; the services get protocols before anything moves.
struct UseCaseContractTests {
    static let inbox: [(String, String)] = [
        ("Inbox/InboxAPI.swift", """
        final class InboxAPI {
            func fetchInbox(filter: String, page: Int, completion: @escaping ([Message]) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }.resume()
            }
            func markAllRead(filter: String) { URLSession.shared.dataTask(with: URL(string: "https://y")!) { _, _, _ in }.resume() }
        }
        struct Message { var title: String; var date: Date; var unread: Bool; var locked: Bool }
        """),
        ("Inbox/InboxViewController.swift", """
        import UIKit
        final class InboxViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
            @IBOutlet var tableView: UITableView!
            let api = InboxAPI()
            var messages: [Message] = []
            var filter = "all"
            var page = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.dataSource = self
                api.fetchInbox(filter: filter, page: page) { [weak self] result in
                    self?.messages = result
                    self?.tableView.reloadData()
                }
            }
            @objc func onMarkAll() {
                api.markAllRead(filter: filter)
                tableView.reloadData()
            }
            func makeRows() -> [String] {
                var rows: [String] = []
                for message in messages {
                    if message.unread {
                        rows.append("• " + message.title)
                    } else {
                        rows.append(message.title)
                    }
                }
                if page > 0 { rows.append("Load more") }
                return rows
            }
            func canEdit(_ message: Message) -> Bool {
                let editable = !message.locked
                let recent = message.date.timeIntervalSinceNow > -3600
                let owner = filter != "shared"
                return editable && recent && owner
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                let formatter = DateFormatter()
                formatter.dateStyle = .short
                cell.textLabel?.text = messages[indexPath.row].title + " " + formatter.string(from: messages[indexPath.row].date)
                return cell
            }
        }
        """),
    ]

    static func plan() -> (Plan, AuditResult) {
        let result = Auditor.audit(sources: inbox)
        return (Planner.plan(result, configuration: Configuration(), date: "2026-01-01"), result)
    }

    @Test func contractMembersAreUseCasesNamedForWhatTheyDo() throws {
        let (plan, _) = Self.plan()
        let feature = try #require(plan.features.first { $0.viewControllers.contains("InboxViewController") })
        let module = try #require(feature.modules.first)
        #expect(module.interactorInputs.map(\.name) == ["fetchInbox(filter:page:)", "markAllRead(filter:)", "canEdit(_:)"])
        #expect(module.interactorInputs[0].detail.contains("; called by `viewDidLoad()` in the view"))
        #expect(module.presenterOutputs.map(\.name) == ["displayRows(_:)", "displayState(_:)"])
        #expect(PlanChecks.contractProblems(feature) == [])
    }

    @Test func everyLineHasADestinationAndThePRsMoveWhatLeaves() throws {
        let (plan, result) = Self.plan()
        let feature = try #require(plan.features.first { $0.viewControllers.contains("InboxViewController") })
        let module = try #require(feature.modules.first)
        let t = try #require(result.index.resolve("InboxViewController"))
        #expect(module.codeLines == result.index.types[t].codeLines)
        #expect(module.splitLines.reduce(0, +) == module.codeLines)
        #expect(module.lineSplit.hasPrefix("Interactor "))
        // The view-state assembly and the business rule, which no finding names, get their own moves.
        let stateTask = try #require(feature.tasks.first { $0.concern == "state" })
        #expect(stateTask.category == .P && stateTask.moves.map(\.name) == ["makeRows()"])
        let rulesTask = try #require(feature.tasks.first { $0.concern == "rules" })
        #expect(rulesTask.category == .I && rulesTask.moves.map(\.name) == ["canEdit(_:)"])
        let sliced = Set(feature.slices.flatMap(\.taskIDs))
        #expect(sliced.contains(stateTask.id) && sliced.contains(rulesTask.id))
    }

    @Test func servicesGetProtocolsBeforeAnythingMoves() throws {
        let (plan, _) = Self.plan()
        let feature = try #require(plan.features.first { $0.viewControllers.contains("InboxViewController") })
        let interactorPRs = feature.slices.filter { $0.phase == .I }
        let seam = try #require(interactorPRs.first)
        #expect(seam.title == "Put the services of InboxViewController behind protocols, injected with defaults")
        #expect(seam.creates == ["InboxAPIProtocol"])
        #expect(seam.checks.first?.hasPrefix("Compiles on its own") == true)
        // Every later Interactor PR is merged after the seams.
        for pr in interactorPRs.dropFirst() { #expect(pr.dependsOn.contains("PR \(seam.number)"), "\(pr.number): \(pr.dependsOn)") }
        let firstMove = try #require(interactorPRs.dropFirst().first)
        #expect(firstMove.creates.contains("InboxInteractorOutput"))
    }

    /// The seams of two screens of one feature are one PR while they fit: one concern, nothing moved.
    @Test func theSeamsOfAFeaturesScreensAreOnePR() throws {
        func screen(_ name: String, _ service: String) -> String {
            """
            import UIKit
            final class \(service) { func load(completion: @escaping ([String]) -> Void) { URLSession.shared.dataTask(with: URL(string: "https://x/\(name)")!) { _, _, _ in }.resume() } }
            final class \(name): UIViewController {
                @IBOutlet var titleLabel: UILabel!
                let api = \(service)()
                var items: [String] = []
                override func viewDidLoad() {
                    super.viewDidLoad()
                    api.load { [weak self] list in self?.items = list; self?.titleLabel.text = String(format: "%d items", list.count) }
                }
            }
            """
        }
        let result = Auditor.audit(sources: [("Inbox/InboxViewController.swift", screen("InboxViewController", "InboxAPI")),
                                             ("Inbox/InboxDetailViewController.swift", screen("InboxDetailViewController", "DetailAPI"))])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("InboxDetailViewController") })
        let seams = feature.slices.filter { $0.concern == "seam" }
        #expect(seams.count == 1, "\(feature.slices.map(\.title))")
        #expect(seams.first?.creates.sorted() == ["DetailAPIProtocol", "InboxAPIProtocol"])
        #expect(seams.first?.title == "Put the services of InboxDetailViewController behind protocols, injected with defaults; put the services of InboxViewController behind protocols, injected with defaults", "\(seams.map(\.title))")
    }

    /// Formatting through the project's extension of a system type is no service of the Interactor,
    /// and a data source callback returning it is no service factory.
    @Test func aFormattingExtensionOfASystemTypeIsNoService() throws {
        let code = """
        import UIKit
        extension String {
            static func folderTitle(_ count: Int) -> String { String(format: "%d folders", count) }
        }
        final class FoldersViewController: UIViewController, UITableViewDataSource {
            @IBOutlet var tableView: UITableView!
            var folders: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                URLSession.shared.dataTask(with: URL(string: "https://example.com/folders")!) { _, _, _ in }.resume()
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { folders.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                let count = folders.count
                return String.folderTitle(count)
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("Folders/FoldersViewController.swift", code)])
        let feature = try #require(plan.features.first { $0.viewControllers.contains("FoldersViewController") })
        #expect(feature.modules.first?.services.map(\.name) == [], "\(feature.modules.first?.services.map(\.name) ?? [])")
        #expect(!feature.tasks.contains { $0.title.hasPrefix("Move the making of") }, "\(feature.tasks.map(\.title))")
    }

    /// A lifecycle method, an action or a delegate callback in the contract is reported.
    @Test func theCheckNamesTriggerMembers() {
        var feature = FeaturePlan(name: "X", slug: "x", viewControllers: ["XViewController"], context: "", modules: [], tasks: [], slices: [])
        feature.modules = [TargetModule(viewController: "XViewController", prefix: "X", files: [],
                                        interactorInputs: [ContractItem(name: "viewDidLoad()", detail: ""), ContractItem(name: "loadX()", detail: ""),
                                                           ContractItem(name: "tableView(_:didSelectRowAt:)", detail: "")],
                                        presenterOutputs: [ContractItem(name: "onMarkAll()", detail: "")],
                                        routes: [ContractItem(name: "showX()", detail: "")], services: [])]
        feature.modules[0].triggers = ["onMarkAll()", "tableView(_:didSelectRowAt:)", "viewDidLoad()"]
        #expect(PlanChecks.contractProblems(feature).count == 3)
    }

    /// On the samples, no module's contract names a trigger of its view controller.
    @Test func samplesHaveNoTriggerInAnyContract() throws {
        for sample in ["NewsReader", "ShopLegacy"] {
            let result = try Auditor.audit(root: SampleGoldenTests.packageRoot.appendingPathComponent("Samples/\(sample)").path, configuration: Configuration())
            let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
            for feature in plan.features {
                #expect(PlanChecks.contractProblems(feature) == [], "\(sample)")
                for module in feature.modules {
                    guard let t = result.index.resolve(module.viewController) else { continue }
                    let namer = UseCaseNamer(index: result.index, type: t)
                    let members = (module.interactorInputs + module.presenterOutputs).map(\.name)
                    #expect(!members.contains(where: namer.isTrigger), "\(sample) \(module.viewController): \(members)")
                }
            }
        }
    }

    /// The whole screen's formatting (`refreshContent()`) and its view-state assembly fill one
    /// view state through one output, never two outputs of the same `…ViewState`.
    @Test func oneViewStateHasOneOutput() throws {
        let code = """
        import UIKit
        final class VerifyViewController: UIViewController {
            @IBOutlet var titleLabel: UILabel!
            @IBOutlet var primaryButton: UIButton!
            var kind = 0
            var email = ""
            func refreshContent() {
                titleLabel.text = String(format: "Verify %@", email)
            }
            func buttonStates() -> [String: Bool] {
                var result: [String: Bool] = [:]
                result["primary"] = kind > 0 && email.isEmpty == false
                result["secondary"] = kind > 1
                result["long"] = email.count < 200
                return result
            }
        }
        """
        let plan = Planner.plan(Auditor.audit(sources: [("Verify/VerifyViewController.swift", code)]), configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first)
        let outputs = try #require(feature.modules.first).presenterOutputs
        #expect(outputs.map(\.name) == ["displayState(_:)"], "\(outputs.map(\.detail))")
        #expect(outputs.first?.detail.hasPrefix("view state `VerifyViewState`, display-ready values built today in `refreshContent()`, `buttonStates()`") == true, "\(outputs.map(\.detail))")
        #expect(PlanChecks.contractProblems(feature) == [])
        var doubled = feature
        doubled.modules[0].presenterOutputs.append(ContractItem(name: "display(_:)", detail: "", signature: "VerifyViewState"))
        #expect(PlanChecks.contractProblems(doubled) == ["verify.md: outputs `displayState(_:)` and `display(_:)` of VerifyViewController both fill `VerifyViewState`"])
    }

    /// The seams PR names every member the protocol must declare (up to 12): a list cut at five left
    /// out a member the screen calls, and the protocol would not compile against it.
    @Test func theSeamNamesEveryMemberItsProtocolNeeds() throws {
        let store = "final class NoteStore {\n" + (1...7).map { "    func op\($0)() { UserDefaults.standard.set(\($0), forKey: \"k\($0)\") }" }.joined(separator: "\n") + "\n}\n"
        let screen = "import UIKit\nfinal class NotesViewController: UIViewController {\n    let store = NoteStore()\n"
            + (1...7).map { "    func run\($0)() { store.op\($0)() }" }.joined(separator: "\n") + "\n}\n"
        let plan = Planner.plan(Auditor.audit(sources: [("Notes/NoteStore.swift", store), ("Notes/NotesViewController.swift", screen)]),
                                configuration: Configuration(), date: "2026-01-01")
        let seam = try #require(plan.features.flatMap(\.tasks).first { $0.concern == "seam" }, "\(plan.features.flatMap(\.tasks).map(\.title))")
        #expect(seam.fix.hasPrefix("Declare `NoteStore` → `NoteStoreProtocol` (`op1`, `op2`, `op3`, `op4`, `op5`, `op6`, `op7`)"), "\(seam.fix)")
    }

    /// A share sheet moved into the Router keeps the anchor it needs on iPad.
    @Test func aShareSheetRouteCarriesItsPopoverAnchor() throws {
        let code = """
        import UIKit
        final class StoryViewController: UIViewController {
            var url = URL(string: "https://example.com")!
            func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
            @objc func shareTapped(_ sender: UIBarButtonItem) {
                let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                sheet.popoverPresentationController?.barButtonItem = sender
                present(sheet, animated: true)
            }
        }
        """
        let result = Auditor.audit(sources: [("Story/StoryViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("StoryViewController") })
        let route = try #require(feature.modules.first?.routes.first { $0.detail.contains("UIActivityViewController") })
        #expect(route.detail.contains("carries the popover anchor the view sets today (`barButtonItem`)"))
        let task = try #require(feature.tasks.first { $0.category == .R && $0.member == "shareTapped(_:)" })
        #expect(task.anchors == ["barButtonItem"] && task.fix.contains("Keep the iPad anchor"))
    }

    /// A member that returns a UIKit value keeps its place in the view and answers at once: only its I/O moves.
    @Test func aMemberThatReturnsAUIKitValueStaysInTheView() throws {
        let code = """
        import UIKit
        final class NotesViewController: UIViewController {
            func deleteAction(for id: String) -> UIAction {
                UIAction(title: "Delete") { _ in
                    UserDefaults.standard.removeObject(forKey: id)
                }
            }
        }
        """
        let result = Auditor.audit(sources: [("Notes/NotesViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "deleteAction(for:)" })
        #expect(task.fix.contains("`deleteAction(for:)` (returns `UIAction`) must answer at once, so it stays in the view"), "\(task.fix)")
        #expect(task.fix.hasSuffix(" The actions `deleteAction(for:)` builds call `interactor` from their handlers, which run when the user picks one."), "\(task.fix)")
        let module = try #require(plan.features.flatMap(\.modules).first)
        #expect(module.interactorInputs.map(\.name) == ["deleteNotes(for:)"])
    }

    /// Many services: the seams come in several PRs, each under the cap.
    @Test func manyServicesGetSeamsInPRsUnderTheCap() throws {
        let services = (1...6).map { i in """
        final class Store\(i) {
            func a() { UserDefaults.standard.set(1, forKey: "a\(i)") }
            func b() { UserDefaults.standard.set(2, forKey: "b\(i)") }
            func c() { UserDefaults.standard.set(3, forKey: "c\(i)") }
        }
        """ }.joined(separator: "\n")
        let calls = (1...6).map { "        let s\($0) = Store\($0)()\n        func use\($0)() { s\($0).a(); s\($0).b(); s\($0).c() }" }.joined(separator: "\n")
        let code = "import UIKit\nfinal class HubViewController: UIViewController {\n\(calls)\n}\n"
        var configuration = Configuration()
        configuration.prLineCap = 60
        let result = Auditor.audit(sources: [("Hub/Stores.swift", services), ("Hub/HubViewController.swift", code)], configuration: configuration)
        let plan = Planner.plan(result, configuration: configuration, date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("HubViewController") })
        let seams = feature.slices.filter { $0.concern == "seam" }
        #expect(seams.count >= 2, "\(feature.slices.map(\.title)) \(feature.tasks.filter { $0.concern == "seam" }.map(\.estimatedLines))")
        #expect(seams.allSatisfy { $0.estimatedLines <= $0.cap })
        #expect(Set(seams.flatMap(\.creates)).count == seams.flatMap(\.creates).count)
    }
}

/// Contract names on a screen whose I/O sits in its view API, cell configuration and action
/// builders: a use case is never a view method, a getter or a property.
struct UseCaseNamingTests {
    static let sources: [(String, String)] = [
        ("Sidebar/IconCache.swift", """
        final class IconCache {
            static let shared = IconCache()
            func prefetchIcons(_ feeds: [Feed]) { URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }.resume() }
            func imageFor(_ id: String) -> Data? { URLSession.shared.dataTask(with: URL(string: "https://y")!) { _, _, _ in }.resume(); return nil }
        }
        final class Account {
            var title: String { UserDefaults.standard.string(forKey: "title") ?? "" }
            var isActive: Bool {
                get { UserDefaults.standard.bool(forKey: "active") }
                set { UserDefaults.standard.set(newValue, forKey: "active") }
            }
        }
        struct Feed { var id: String }
        """),
        ("Sidebar/SidebarViewController.swift", """
        import UIKit
        final class SidebarViewController: UICollectionViewController {
            var dataSource: UICollectionViewDiffableDataSource<Int, String>!
            func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshot<Int, String>, animated: Bool) {
                IconCache.shared.prefetchIcons(snapshot.itemIdentifiers.map { Feed(id: $0) })
                dataSource.apply(snapshot, animatingDifferences: animated)
            }
            func configureIcon(_ cell: UICollectionViewListCell, id: String) {
                cell.tag = IconCache.shared.imageFor(id)?.count ?? 0
            }
            func configureHeader(_ header: UICollectionReusableView, account: Account) {
                header.accessibilityLabel = account.title
            }
            func deactivateAction(account: Account) -> UIAction {
                UIAction(title: "Deactivate") { _ in account.isActive = false }
            }
            func titleFor(_ account: Account) -> String { account.title }
            var sortDescriptors: [NSSortDescriptor] {
                [NSSortDescriptor(key: UserDefaults.standard.bool(forKey: "alpha") ? "name" : "index", ascending: true)]
            }
        }
        """),
    ]

    @Test func useCasesAreNamedForWhatTheyDoNotForViewsOrGetters() throws {
        let result = Auditor.audit(sources: Self.sources)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let module = try #require(plan.features.flatMap(\.modules).first { $0.viewController == "SidebarViewController" })
        // A computed property that reads a store is loaded, whatever its first word (`sort…`).
        #expect(module.interactorInputs.map(\.name) == ["prefetchIcons(_:)", "loadImage(for:)", "loadHeader(account:)", "deactivateAccount(_:)", "loadTitle(for:)", "loadSortDescriptors()"])
        #expect(module.interactorInputs.last?.detail.hasPrefix("`loadSortDescriptors() -> [NSSortDescriptor]`: ") == true, "\(module.interactorInputs.last?.detail ?? "")")
        #expect(module.interactorInputs.first { $0.name == "loadTitle(for:)" }?.detail.hasPrefix("`loadTitle(for: Account) -> String`: ") == true)
        let deactivate = try #require(module.interactorInputs.first { $0.name == "deactivateAccount(_:)" })
        #expect(deactivate.detail.hasPrefix("`deactivateAccount(_ account: Account)`: "), "\(deactivate.detail)")
    }
}

/// A member that builds the view around its I/O ends up driven by the presenter: its Interactor
/// PR comes after the PR that creates the presenter, so each PR compiles in order.
struct PresenterDrivenMoveTests {
    static let code = """
    import UIKit
    final class ProfileViewController: UIViewController {
        @IBOutlet var nameLabel: UILabel!
        @IBOutlet var cityLabel: UILabel!
        @IBOutlet var dateLabel: UILabel!
        var joined = Date()
        var visits = 0
        func configureHeader() {
            let badge = UILabel()
            badge.text = UserDefaults.standard.string(forKey: "name")
            view.addSubview(badge)
            cityLabel.text = UserDefaults.standard.string(forKey: "city")
        }
        @objc func resetTapped() {
            UserDefaults.standard.removeObject(forKey: "name")
            UserDefaults.standard.removeObject(forKey: "city")
            visits = 0
        }
        func showDate() {
            let formatter = DateFormatter()
            formatter.dateStyle = .long
            dateLabel.text = formatter.string(from: joined) + " · \\(visits) visits"
        }
    }
    """

    @Test func aViewUpdatesIOMovesAfterThePresenterExists() throws {
        var configuration = Configuration()
        configuration.prLineCap = 60
        let result = Auditor.audit(sources: [("Profile/ProfileViewController.swift", Self.code)], configuration: configuration)
        let plan = Planner.plan(result, configuration: configuration, date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("ProfileViewController") })
        let driven = try #require(feature.tasks.first { $0.category == .I && $0.member == "configureHeader()" })
        #expect(driven.needsPresenter)
        let slice = try #require(feature.slices.first { $0.taskIDs.contains(driven.id) })
        let creator = try #require(feature.slices.first { $0.creates.contains("ProfilePresenter") })
        #expect(creator.number < slice.number && slice.dependsOn.contains("PR \(creator.number)"), "\(feature.slices.map { ($0.number, $0.taskIDs, $0.creates, $0.dependsOn) })")
        // The view controller is still the interactor's output here: the builder wires the presenter in later.
        #expect(slice.phase == .P && slice.changes.contains { $0.hasPrefix("ProfileViewController, still the interactor's output until the module's builder wires `ProfilePresenter` in its place, hands these use cases' results to `presenter`") })
        // The plain action's I/O does not wait for the presenter.
        let action = try #require(feature.tasks.first { $0.category == .I && $0.member == "resetTapped()" })
        #expect(!action.needsPresenter)
        let actionSlice = try #require(feature.slices.first { $0.taskIDs.contains(action.id) })
        #expect(actionSlice.phase == .I && actionSlice.number < creator.number)
    }
}

extension UseCaseNamingTests {
    @Test func aPieceOfUIKitNamesNoUseCaseAndNoOutput() {
        #expect(UseCaseNamer.viewVerbNoun("configureDiffableDataSource") == "")
        #expect(UseCaseNamer.viewVerbNoun("setupSearch") == "search")
        #expect(TaskFactory.displayMethod("configureDiffableDataSource()") == "displayState(_:)")
        // A member named for its verb alone (`setup()`) shows the whole screen: its one view state's output.
        #expect(TaskFactory.displayMethod("setup()") == "displayState(_:)")
        #expect(TaskFactory.displayMethod("fillForm(with:)") == "displayForm(_:)")
        // The view's verb is no part of what it shows: `presentUserUnverifiedError` shows an error.
        #expect(TaskFactory.displayMethod("presentUserUnverifiedError(error:email:)") == "displayUserUnverifiedError(_:)")
        #expect(TaskFactory.displayMethod("forgotPasswordButtonPressed()") == "displayForgotPassword(_:)")
        #expect(UseCaseNamer.displayNoun("presentUserUnverifiedError(error:email:)") == "UserUnverifiedError")
        #expect(UseCaseNamer.displayNoun("_composeSectionsAndRows(animated:)") == "SectionsAndRows")
        // A helper named for what it does keeps its verb and object, whatever view types it takes.
        #expect(UseCaseNamer.verbObject("verifyTagIsAtIndexPath") == "verifyTag")
        #expect(UseCaseNamer.verbObject("reloadTable") == nil && UseCaseNamer.verbObject("updateView") == nil)
    }

    /// A long method that stays in the view is split after the moves, not as the screen's first PR.
    @Test func aLongMethodNothingMovesIsSplitAfterTheMoves() throws {
        let layout = (1...105).map { "        view.tag = \($0)" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class BoardViewController: UIViewController {
            func configureLayout() {
        \(layout)
            }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }.resume() }
        }
        """
        let result = Auditor.audit(sources: [("Board/BoardViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("BoardViewController") })
        let split = try #require(feature.tasks.first { $0.rule == "long-method" })
        let move = try #require(feature.tasks.first { $0.rule == "vc-networking" })
        let splitPR = try #require(feature.slices.first { $0.taskIDs.contains(split.id) })
        let movePR = try #require(feature.slices.first { $0.taskIDs.contains(move.id) })
        #expect(movePR.number < splitPR.number, "\(feature.slices.map { ($0.number, $0.taskIDs) })")
    }
}

extension UseCaseNamingTests {
    /// An object the member is handed (`account`) is the use case's parameter: nothing injects "the" account.
    @Test func aWrapperTheMemberIsHandedIsAParameterNotAService() throws {
        let result = Auditor.audit(sources: Self.sources)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("SidebarViewController") })
        let module = try #require(feature.modules.first)
        let account = try #require(module.services.first { $0.name == "Account" })
        // `account` by its label, and by its type where the parameter has none (`titleFor(_:)`).
        #expect(account.detail.hasSuffix("; not injected: each use case takes the one its member is handed today (`account`) as a parameter"), "\(account.detail)")
        #expect(result.profiles.values.flatMap(\.sites).filter { $0.member == "titleFor(_:)" }.map(\.handedIn) == ["account"])
        #expect(module.services.first { $0.name == "IconCache" }?.detail.contains("not injected") == false)
        let task = try #require(feature.tasks.first { $0.category == .I && $0.handed == ["Account"] })
        #expect(task.fix.contains("which takes the `Account` the member is handed (`account`) as a parameter of its use case"), "\(task.fix)")
        let steps = feature.slices.filter { $0.taskIDs.contains(task.id) }.flatMap(\.changes)
        #expect(!steps.contains { $0.hasPrefix("Inject `Account`") } && steps.contains { $0.hasPrefix("Pass the `Account` each moved member is handed today") }, "\(steps)")
    }
}

extension PresenterDrivenMoveTests {
    /// Animation flags, queued view updates and deferred UIKit work are the view's mechanics: no
    /// Presenter move takes them; the state the screen shows still moves.
    @Test func viewMechanicsStayInTheView() throws {
        let code = """
        import UIKit
        final class BoardViewController: UIViewController {
            var isAnimating = false
            var queuedUpdates: [() -> Void] = []
            var items: [String] = []
            func deselectIfNeeded() {
                guard traitCollection.userInterfaceIdiom == .phone else { return }
                defer { isAnimating = false }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                    if self.isAnimating { return }
                }
            }
            func enqueue(_ update: @escaping () -> Void) {
                queuedUpdates.append(update)
                if queuedUpdates.count == 1 { queuedUpdates.removeFirst()() }
            }
            func configureToolbarItems() {
                if items.isEmpty { return }
                let count = items.count
                isAnimating = count > 3
            }
            func visibleItems() -> [String] {
                var result: [String] = []
                for item in items where !item.isEmpty { result.append(item.uppercased()) }
                return result
            }
            func load() { URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }.resume() }
        }
        """
        let result = Auditor.audit(sources: [("Board/BoardViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("BoardViewController") })
        let moved = feature.tasks.filter { $0.concern == "state" }.flatMap(\.moves).map(\.name)
        #expect(moved == ["visibleItems()"], "\(moved)")
    }
}

extension PresenterDrivenMoveTests {
    /// The strings of a menu move to the presenter; the `UIMenu` stays in the view.
    @Test func aMenusFormattingMovesWithoutTheMenu() throws {
        let code = """
        import UIKit
        final class ListViewController: UIViewController {
            var due = Date()
            func menu(for name: String) -> UIMenu {
                let formatter = DateFormatter()
                formatter.dateStyle = .short
                let title = name + " · " + formatter.string(from: due)
                return UIMenu(title: title, children: [])
            }
        }
        """
        let result = Auditor.audit(sources: [("List/ListViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .P && $0.member == "menu(for:)" })
        #expect(task.fix.hasSuffix("`menu(for:)` returns a `UIMenu`, so it stays in the view and keeps building it at once from the ready strings the presenter has delivered: only the string building moves, never the `UIMenu`."), "\(task.fix)")
    }
}

extension UseCaseContractTests {
    /// A service the screen makes per value in its methods (one vault per account) has no single
    /// instance a property could default to: its seam is a factory, and that is counted.
    /// A service the screen reads afresh through a computed property (the server's password policy)
    /// keeps being read that way: a stored default would freeze it.
    @Test func aServiceReadThroughAComputedPropertyStaysComputed() throws {
        let code = """
        import UIKit
        final class ShareLinkViewController: UIViewController {
            var context: ClientContext?
            var policy: PasswordPolicy { context?.policy ?? PasswordPolicy.standard }
            @IBOutlet var passwordField: UITextField!
            func suggest() {
                passwordField.text = try? policy.generatePassword(minLength: 8)
            }
            func load() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/shares")!) { _, _, _ in }.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Share/ShareLinkViewController.swift", code)])
        let seam = try #require(plan.features.flatMap(\.tasks).first { $0.concern == "seam" }, "\(plan.features.flatMap(\.tasks).map(\.title))")
        #expect(seam.fix.contains(" `PasswordPolicy` is read afresh on every use through `policy`, a computed property: keep it computed, retyped to `PasswordPolicyProtocol`, so it still reads the current value; a use case that needs it gets a provider, `() -> PasswordPolicyProtocol`, never a stored copy."), "\(seam.fix)")
    }

    /// A service only a static method uses (the screen's callers' way to show it) gets no seam: a
    /// static method cannot read an instance property, and the builder takes that method whole.
    @Test func aServiceOnlyAStaticMethodUsesGetsNoSeam() throws {
        let code = """
        import UIKit
        final class AccountViewController: UIViewController {
            let vault = AccountVault()
            static func open(_ id: String) {
                ConnectionPool.shared.connectAccount(id) { _ in }
            }
            func compact() { vault.compact(completionHandler: { _ in }) }
            func load() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/accounts")!) { _, _, _ in }.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Accounts/AccountViewController.swift", code)])
        let seam = try #require(plan.features.flatMap(\.tasks).first { $0.concern == "seam" }, "\(plan.features.flatMap(\.tasks).map(\.title))")
        #expect(seam.wrappers == ["AccountVault"], "\(seam.wrappers)")
    }

    @Test func aServiceMadePerValueGetsAFactorySeam() throws {
        let code = """
        import UIKit
        final class AccountInfoViewController: UIViewController {
            var accounts: [Account] = []
            @IBOutlet var sizeLabel: UILabel!
            func compact(_ account: Account) {
                let vault = AccountVault(account: account)
                vault.compact { error in
                    if let error { print(error) }
                }
            }
            func measure(_ account: Account) {
                AccountVault(account: account).measureSize { bytes in
                    self.sizeLabel.text = "\\(bytes)"
                }
            }
            func load() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/accounts")!) { _, _, _ in }.resume()
            }
            func makeVault(for account: Account) -> AccountVault {
                let vault = AccountVault(account: account)
                vault.label = accounts.isEmpty ? "first" : "more"
                vault.isShared = accounts.count > 1
                return vault
            }
        }
        final class Account {}
        final class AccountVault {
            let account: Account
            var label = "", isShared = false
            init(account: Account) { self.account = account }
            func compact(_ done: @escaping (Error?) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/compact")!) { _, _, e in done(e) }.resume()
            }
            func measureSize(_ done: @escaping (Int) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/size")!) { d, _, _ in done(d?.count ?? 0) }.resume()
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Accounts/AccountInfoViewController.swift", code)])
        let seam = try #require(plan.features.flatMap(\.tasks).first { $0.concern == "seam" }, "\(plan.features.flatMap(\.tasks).map(\.title))")
        #expect(seam.fix.contains(" `AccountVault` is made per value in `compact(_:)` and 2 more (`AccountVault(account:)`): there is no one instance to hold, so AccountInfoViewController holds a factory, `makeAccountVault: (the values it takes today) -> AccountVaultProtocol`, whose default calls `AccountVault(account:)`, and each of those places calls the factory."), "\(seam.fix)")
        #expect(seam.estimate.contains(EstimatePart(4, "1 factory for services made per value, and their call sites")), "\(seam.estimate)")
        // A member that makes and sets up the service is the Interactor's, never view state.
        let tasks = plan.features.flatMap(\.tasks)
        let making = try #require(tasks.first { $0.moves.contains { $0.name == "makeVault(for:)" } }, "\(tasks.map(\.title))")
        #expect(making.category == .I && making.title == "Move the making of `AccountVault` in `makeVault(for:)` into AccountInfoInteractor", "\(making.title)")
        #expect(making.fix.hasPrefix("Move it into `AccountInfoInteractor`, which makes each `AccountVault` through the factory the seams PR injects"), "\(making.fix)")
        // The factory serves the use cases inside the Interactor: no input of its contract.
        let module = try #require(plan.features.flatMap(\.modules).first)
        #expect(!module.interactorInputs.contains { $0.detail.hasSuffix("— \(making.id)") || $0.name.hasPrefix("makeVault") }, "\(module.interactorInputs.map(\.detail))")
    }

    /// A view state's fields are what the view shows, named and typed for it: a value set on a
    /// model object, the screen's own state, a backing store, a formatter or a control's set-up
    /// (`accessibilityIdentifier`) is none. A list the screen shows rows from is one; a list of
    /// controls is not.
    @Test func aViewStatesFieldsAreWhatTheViewShows() throws {
        let code = """
        import UIKit
        final class Account { var token = ""; var name = "" }
        final class ProfileViewController: UIViewController {
            @IBOutlet var nameLabel: UILabel!
            let headerView = UIView()
            var account = Account()
            var _cache: [String: String] = [:]
            var formatter: DateFormatter?
            var greeting = ""
            var rows: [String] = []
            var badges: [UILabel] = []
            func refreshHeader() {
                nameLabel.accessibilityIdentifier = "name"
                rows = [account.name]
                badges = [UILabel()]
                account.token = "t"
                _cache = [:]
                formatter = DateFormatter()
                greeting = String(format: "Hello %@", account.name)
                nameLabel.text = String(format: "%@ (%d)", account.name, account.name.count)
                headerView.alpha = account.name.isEmpty ? 0 : 1
            }
        }
        """
        let result = Auditor.audit(sources: [("Profile/ProfileViewController.swift", code)])
        let t = try #require(result.index.lookup("ProfileViewController", near: nil))
        #expect(ModulePlanner.viewStateFields(["refreshHeader()"], of: t, index: result.index).map(\.rendered)
                == ["`rows` (the rows it lists)", "`nameText: String` (`nameLabel.text`)", "`headerAlpha: Double` (`headerView.alpha`)"])
    }

    /// A table screen's view state carries its sections and rows when the members that build it
    /// work them out, and editing on or off when they switch it.
    @Test func aTableScreensViewStateCarriesItsSectionsAndEditing() throws {
        let code = """
        import UIKit
        final class TagsViewController: UIViewController, UITableViewDataSource {
            @IBOutlet var tableView: UITableView!
            @IBOutlet var editButton: UIButton!
            var tags: [String] { ["a", "b"] }
            func tag(at indexPath: IndexPath) -> String? { indexPath.row < tags.count ? tags[indexPath.row] : nil }
            func refresh() {
                setEditing(tags.isEmpty == false, animated: true)
                editButton.setTitle(tags.isEmpty ? "Done" : "Edit", for: .normal)
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tags.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell()
                configure(cell, at: indexPath)
                return cell
            }
            func configure(_ cell: UITableViewCell, at indexPath: IndexPath) { cell.textLabel?.text = tag(at: indexPath) }
        }
        """
        let result = Auditor.audit(sources: [("Tags/TagsViewController.swift", code)])
        let t = try #require(result.index.lookup("TagsViewController", near: nil))
        #expect(ModulePlanner.viewStateFields(["tag(at:)", "refresh()"], of: t, index: result.index, assembly: true).map(\.rendered)
                == ["`sections` (the sections and rows the list shows, which its data source methods read today)", "`isEditing: Bool` (`setEditing(_:animated:)`)",
                    "`editTitle: String` (`editButton.setTitle(_:for:)`)"])
        #expect(ModulePlanner.viewStateFields(["tag(at:)"], of: t, index: result.index, assembly: false).isEmpty)
        // Members the data source never reaches work out no rows.
        #expect(ModulePlanner.viewStateFields(["refresh()"], of: t, index: result.index, assembly: true).map(\.name) == ["isEditing", "editTitle"])
    }
}
