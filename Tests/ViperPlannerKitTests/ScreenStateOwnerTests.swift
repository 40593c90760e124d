import Testing
@testable import ViperPlannerKit

/// The state the moved use cases read and set (`notes`, `filter`) gets an owner: one Presenter task
/// moves it out of the view, so the view can end passive; the moves around it say who passes it.
@Suite struct ScreenStateOwnerTests {
    static let screen = """
    import UIKit
    final class NotesViewController: UIViewController {
        @IBOutlet var titleLabel: UILabel!
        var notes: [String] = []
        var filter = ""
        var loadTask: URLSessionDataTask?
        let dateFormatter = DateFormatter()
        override func viewDidLoad() {
            super.viewDidLoad()
            filter = "all"
            reload()
        }
        func reload() {
            loadTask = URLSession.shared.dataTask(with: URL(string: "https://example.com/notes?q=" + filter)!) { data, _, _ in
                let list = (try? JSONDecoder().decode([String].self, from: data ?? Data())) ?? []
                DispatchQueue.main.async { self.notes = list; self.titleLabel.text = self.summary() }
            }
            loadTask?.resume()
        }
        func summary() -> String {
            let count = notes.count
            return String(format: "%d notes matching %@ on %@", count, filter, dateFormatter.string(from: Date()))
        }
    }
    """

    static func plan(_ code: String = screen) -> FeaturePlan? {
        ViewCodeStaysTests.plan([("App/Notes/NotesViewController.swift", code)]).features.first { $0.viewControllers.contains("NotesViewController") }
    }

    @Test func theStateTheMovesPassAroundMovesIntoThePresenterFirst() throws {
        let feature = try #require(Self.plan())
        let presenterTasks = feature.tasks.filter { $0.category == .P }
        let owner = try #require(presenterTasks.first, "\(feature.tasks.map(\.title))")
        #expect(owner.title == "Move the screen's state `notes` and `filter` into NotesPresenter")
        #expect(owner.concern == ScreenStateOwner.concern)
        // The task handle and the formatter are no state to own.
        #expect(owner.fix.hasPrefix("Move `notes` and `filter` into `NotesPresenter`, which owns them from this PR on: the view hands `NotesPresenter` the initial values where it sets them today (`viewDidLoad()`). The view keeps a computed property of each name over the presenter's (`private var notes: [String] { get { presenter.notes } set { presenter.notes = newValue } }`, and one like it for each of the others), so the 5 lines of the view that read or set them today (`NotesViewController.swift` 10, 14, 16, 21, 22) compile unchanged"), "\(owner.fix)")
        #expect(owner.fix.contains("uses the presenter's own (2 of them are in members the Interactor PRs move: by then they are the arguments the view passes to the use cases, which the presenter passes now)."), "\(owner.fix)")
        #expect(owner.estimate.map(\.lines) == [4, 8, 2, 8])
        // Its PR holds it alone: one concern.
        let pr = try #require(feature.slices.first { $0.taskIDs.contains(owner.id) })
        #expect(pr.taskIDs == [owner.id])
        #expect(pr.title == owner.title)
        #expect(pr.risk.hasPrefix("High — it moves the state `NotesViewController` shows to its presenter: exercise each edit and what it updates on screen"), "\(pr.risk)")
        // The Interactor move before it takes the state from the view until then, and takes the request handle over (one owner, no copy).
        let load = try #require(feature.tasks.first { $0.category == .I && $0.moves.contains { $0.name == "reload()" } })
        #expect(load.fix.contains("it reads `filter` of the screen's state: the use case takes it as a parameter, passed by the view until the screen-state PR moves it into the Presenter, which passes it from then on; "
            + "it uses `loadTask`, which the screen keeps for that work (a handle of work in flight, a lock, a formatter): it moves to the Interactor, its one owner from this PR on, never copied (a second query, lock or cache would run twice), and the view's lines that still use it read it from there until they move too"), "\(load.fix)")
        #expect(load.fix.contains("it sets `notes`: the new value comes back through its output, and the view keeps it until the screen-state PR gives it to the Presenter"), "\(load.fix)")
        // The sentence reads back for grouped tasks.
        let needs = try #require(TaskGrouping.sentences(load.fix).first { $0.hasPrefix(ScreenNeeds.lead) }.flatMap(ScreenNeeds.init(sentence:)))
        #expect(needs.ownedLater == ["filter"] && needs.ownedWrites == ["notes"] && needs.handles == ["loadTask"] && needs.reads.isEmpty && needs.writes.isEmpty)
    }

    /// State read in more places than one PR could rewrite moves in one PR all the same: the view
    /// keeps a computed forward over the presenter's property, so none of its sites is rewritten.
    @Test func stateReadEverywhereMovesBehindAForwardInOnePR() throws {
        let readers = (1...100).map { "    func badge\($0)() -> Bool { notes.count > \($0) }" }.joined(separator: "\n")
        let code = Self.screen.replacingOccurrences(of: "    func summary() -> String {", with: readers + "\n    func summary() -> String {")
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(feature.slices.filter { $0.taskIDs.contains(owner.id) }.count == 1)
        #expect(owner.estimate.contains { $0.label.hasPrefix("2 computed forwards kept in the view (its 10") }, "\(owner.estimate.map(\.label))")
        #expect(owner.estimatedLines < 40, "\(owner.estimate)")
        #expect(owner.fix.contains("compile unchanged: no line is rewritten only to say `presenter.`"), "\(owner.fix)")
    }

    /// Moving the state keeps what setting it does: a `didSet` still updates the screen, and an
    /// initialiser that sets it before `super.init` (no presenter yet, no forwarder to set) hands it on after.
    @Test func observersAndStateSetBeforeSuperInitKeepTheirBehaviour() throws {
        let code = Self.screen.replacingOccurrences(of: "    var filter = \"\"\n", with: """
                var filter: String { didSet { titleLabel.text = filter } }
                init(filter: String) {
                    self.filter = filter
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }

            """)
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.contains(" `filter` runs code when set (`didSet`/`willSet`): the presenter calls a display method of `NotesViewProtocol` on each change, which runs that code in the view"), "\(owner.fix)")
        #expect(owner.fix.contains(" `init(filter:)` sets `filter` before `super.init(…)`, when the view has no presenter yet: it computes the value into locals there (its 1 line before `super.init(…)` that reads or sets it uses the local: a computed forward cannot be used before `super.init(…)`) and hands them to the presenter it makes right after `super.init(…)`"), "\(owner.fix)")
        // The line before `super.init` changes; the others compile unchanged behind the forward.
        #expect(owner.fix.contains("so the 5 lines of the view that read or set them today"), "\(owner.fix)")
        #expect(owner.estimate.suffix(2).map(\.lines) == [4, 4])
    }

    /// State an initialiser only reads before `super.init` cannot be read through a presenter that
    /// does not exist yet: the task says where that value comes from instead.
    @Test func stateReadBeforeSuperInitKeepsItsInitialValue() throws {
        let code = Self.screen.replacingOccurrences(of: "    var filter = \"\"\n", with: """
                var filter = ""
                let startedEmpty: Bool
                init() {
                    startedEmpty = notes.isEmpty
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }

            """)
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.hasSuffix(" `init()` reads `notes` before `super.init(…)`, when the view has no presenter yet: it reads the initial value the presenter starts from (a `static let` both use) there, never `presenter.notes`."), "\(owner.fix)")
        #expect(!owner.fix.contains("`init()` sets"), "\(owner.fix)")
        #expect(owner.estimate.last?.lines == 2)
    }

    /// A `public` property of an `open` screen is API other modules may read or set: moving it
    /// keeps a forward, as for code outside the view in this project.
    @Test func publicStateOfAnOpenScreenKeepsAForward() throws {
        let code = Self.screen.replacingOccurrences(of: "final class NotesViewController", with: "open class NotesViewController")
            .replacingOccurrences(of: "    var filter = \"\"", with: "    public var filter = \"\"")
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.contains("`filter` is `public` API of NotesViewController, which other modules may read or set: its forward is `public` (`filter` as a public computed property that gets and sets `presenter.filter`), so that API keeps compiling"), "\(owner.fix)")
        #expect(owner.fix.hasSuffix("and `{ get set }` for `notes` and `filter`, which the forwards set."), "\(owner.fix)")
        #expect(owner.estimate.contains(EstimatePart(8, "2 computed forwards kept in the view (its 5 lines that read or set them unchanged)")), "\(owner.estimate)")
    }

    /// A forward declares the property's type as written: an optional or generic one stays so,
    /// or `if let` and `== nil` checks on it stop compiling.
    @Test func aForwardKeepsTheDeclaredOptionalType() throws {
        let code = Self.screen.replacingOccurrences(of: "final class NotesViewController", with: "open class NotesViewController")
            .replacingOccurrences(of: "    var filter = \"\"", with: "    public var filter: Set<String>? = nil")
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.contains("(`public var filter: Set<String>? { get { presenter.filter } set { presenter.filter = newValue } }`)"), "\(owner.fix)")
    }

    /// A static method of the screen that makes it and sets a value on it is one of its creators:
    /// the module's builder takes that value, or the setting is lost.
    @Test func aValueTheScreensOwnFactorySetsIsABuilderInput() throws {
        let code = Self.screen.replacingOccurrences(of: "    func summary() -> String {", with: """
                var onClose: (() -> Void)?
                static func starred(onClose: @escaping () -> Void) -> NotesViewController {
                    let screen = NotesViewController()
                    screen.onClose = onClose
                    return screen
                }
                func summary() -> String {
            """)
        let feature = try #require(Self.plan(code))
        let builder = try #require(feature.tasks.first { $0.category == .B && $0.fix.contains("`NotesModule.build") }, "\(feature.tasks.map(\.title))")
        #expect(builder.fix.contains(" Its creators set `onClose` on it right after making it: `build()` takes it as a parameter and hands it on, or the setting is lost."), "\(builder.fix)")
    }

    /// A creator in an extension of a type the sources do not declare (an SDK manager), inside a
    /// closure: what it sets on the screen (a completion that releases a lock) is a builder input too.
    @Test func aValueAnSDKExtensionSetsIsABuilderInput() throws {
        let manager = """
        import UIKit
        extension AccountManager {
            public func manage(presentOn host: UIViewController) {
                attemptLock(action: { release in
                    let viewController = NotesViewController()
                    viewController.onClose = { release() }
                    host.present(viewController, animated: true)
                })
            }
        }
        """
        let code = Self.screen.replacingOccurrences(of: "    func summary() -> String {", with: "    var onClose: (() -> Void)?\n    func summary() -> String {")
        let plan = ViewCodeStaysTests.plan([("App/Notes/NotesViewController.swift", code), ("App/AccountManager+Notes.swift", manager)])
        let feature = try #require(plan.features.first { $0.viewControllers.contains("NotesViewController") })
        let builder = try #require(feature.tasks.first { $0.category == .B && $0.fix.contains("`NotesModule.build") }, "\(feature.tasks.map(\.title))")
        #expect(builder.fix.contains(" Its creators set `onClose` on it right after making it: `build()` takes it as a parameter and hands it on, or the setting is lost."), "\(builder.fix)")
    }

    /// Another type that makes the screen and sets its state (`vc.filter = …` in a coordinator) is
    /// a site of the move too: once the view no longer declares the property, that line must change.
    @Test func stateSetByAnotherTypeIsASiteOfTheMove() throws {
        // A static method of the screen that makes one and sets it is such code too.
        let code = Self.screen.replacingOccurrences(of: "    func summary() -> String {", with: """
                static func starred() -> NotesViewController {
                    let screen = NotesViewController()
                    screen.filter = "starred"
                    return screen
                }
                func summary() -> String {
            """)
        let opener = """
        import UIKit
        final class NotesOpener {
            func open(from navigation: UINavigationController) {
                let notesViewController = NotesViewController()
                notesViewController.filter = "starred"
                navigation.pushViewController(notesViewController, animated: true)
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/Notes/NotesViewController.swift", code), ("App/Notes/NotesOpener.swift", opener)])
        let feature = try #require(plan.features.first { $0.viewControllers.contains("NotesViewController") })
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.contains("so the 5 lines of the view that read or set them today (`NotesViewController.swift` 10, 14, 16, 26, 27) compile unchanged"), "\(owner.fix)")
        // Those lines keep compiling through a settable forward on the view, which the protocol allows.
        #expect(owner.fix.contains("Code outside the view reads or sets `filter` too (`NotesOpener.swift:5` and `NotesViewController.swift:22`): its forward is internal, not private (`filter` as a computed property that gets and sets `presenter.filter`), so those lines compile unchanged until the module's builder takes the value."), "\(owner.fix)")
        #expect(owner.fix.hasSuffix("declares read-only properties for what the view still renders from, and `{ get set }` for `notes` and `filter`, which the forwards set."), "\(owner.fix)")
        #expect(owner.edits == [])
        #expect(owner.estimate.map(\.lines) == [4, 8, 2, 8])
    }

    /// A screen with no Presenter work keeps its state in the view: no Presenter is made for it alone.
    @Test func noPresenterWorkNoOwnerTask() throws {
        let code = Self.screen.replacingOccurrences(of: "self.titleLabel.text = self.summary()", with: "self.titleLabel.text = list.first")
            .replacingOccurrences(of: "    let dateFormatter = DateFormatter()\n", with: "")
            .replacingOccurrences(of: "String(format: \"%d notes matching %@ on %@\", count, filter, dateFormatter.string(from: Date()))", with: "\"\\(count)\"")
        let feature = try #require(Self.plan(code))
        #expect(!feature.tasks.contains { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
    }

    @Test func handlesLocksAndFormattersAreNoState() {
        func property(_ name: String, _ type: String?) -> PropertyFact {
            var p = PropertyFact(name: name, typeName: type, initializerType: nil, position: SourcePosition(line: 1, column: 1))
            p.typeComponents = type.map { [$0] } ?? []
            return p
        }
        #expect(ScreenStateOwner.isMachinery(property("loadTask", "URLSessionDataTask")))
        #expect(ScreenStateOwner.isMachinery(property("cancellables", nil)))
        #expect(ScreenStateOwner.isMachinery(property("formatter", "DateFormatter")))
        #expect(ScreenStateOwner.isMachinery(property("refreshTimer", "Timer")))
        #expect(!ScreenStateOwner.isMachinery(property("notes", "String")))
        #expect(!ScreenStateOwner.isMachinery(property("selectedTopic", nil)))
        #expect(ScreenStateOwner.isMachinery(property("recipientDatasource", "OCDataSourceArray")))
        #expect(ScreenStateOwner.isMachinery(property("searchContent", "SearchViewController.Content")))
        #expect(!ScreenStateOwner.isMachinery(property("mode", "BookmarkViewControllerMode")))
    }
}

extension ScreenStateOwnerTests {
    /// State too large for one PR moves in parts: each PR names the run of properties it moves, in
    /// order, so no two PRs list the same change and together they move each property once.
    /// (Each property's observer updates the screen: the presenter makes a display call per change.)
    @Test func stateMovedInPartsNamesEachPartsProperties() throws {
        let names = (1...14).map { "f\($0)" }
        let code = Self.screen
            .replacingOccurrences(of: "    var filter = \"\"\n", with: "    var filter = \"\"\n" + names.map { "    var \($0) = \"\" { didSet { titleLabel.text = \($0) } }\n" }.joined())
            .replacingOccurrences(of: "?q=\" + filter)!", with: "?q=\" + filter + " + names.joined(separator: " + ") + ")!")
        let feature = try #require(Self.plan(code))
        let owner = try #require(feature.tasks.first { $0.concern == ScreenStateOwner.concern }, "\(feature.tasks.map(\.title))")
        #expect(owner.properties == ["notes", "filter"] + names, "\(owner.properties)")
        let parts = feature.slices.filter { $0.taskIDs.contains(owner.id) }
        #expect(parts.count == 3, "\(parts.map(\.title))")
        let steps = parts.map { $0.changes.first { $0.hasPrefix(owner.id) } ?? "" }
        #expect(steps[0] == "\(owner.id), for `notes`, `filter`, `f1`, `f2` and `f3` in this PR: move them into `NotesPresenter` as its Fix says, the view keeping a computed property of each name over the presenter's; the other parts move the rest.", "\(steps[0])")
        #expect(steps[1].hasPrefix("\(owner.id), for `f4`, `f5`, `f6`, `f7` and `f8` in this PR: "), "\(steps[1])")
        #expect(steps[2].hasPrefix("\(owner.id), for `f9`, `f10`, `f11`, `f12`, `f13` and `f14` in this PR: "), "\(steps[2])")
    }
}
