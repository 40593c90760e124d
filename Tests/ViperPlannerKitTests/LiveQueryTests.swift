import Testing
@testable import ViperPlannerKit

/// A fetched-results controller the table reads synchronously is a live query: the Interactor that
/// takes it over answers its reads at once and forwards its changes from inside the callback, and
/// every later move that reads it asks the interactor, never an output that answers later.
@Suite struct LiveQueryTests {
    static let screen = """
    import UIKit
    import CoreData
    final class TagsViewController: UIViewController, UITableViewDataSource {
        @IBOutlet var tableView: UITableView!
        private lazy var resultsController: NSFetchedResultsController<Tag> = {
            let request = NSFetchRequest<Tag>(entityName: "Tag")
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            let context = AppDelegate.shared.persistentContainer.viewContext
            return NSFetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        }()
        override func viewDidLoad() {
            super.viewDidLoad()
            try? resultsController.performFetch()
            resultsController.onDidChangeContent = { [weak self] in self?.tableView.reloadData() }
            tableView.reloadData()
        }
        func tag(at indexPath: IndexPath) -> Tag {
            return resultsController.object(at: indexPath)
        }
        func indexPath(for tag: Tag) -> IndexPath? {
            guard let indexPath = resultsController.indexPath(forObject: tag) else {
                return nil
            }
            return IndexPath(row: indexPath.row + 1, section: 0)
        }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            return resultsController.fetchedObjects?.count ?? 0
        }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "TagCell", for: indexPath)
            cell.textLabel?.text = tag(at: indexPath).name.capitalized
            return cell
        }
    }
    """

    @Test func theInteractorThatTakesALiveQueryAnswersItsReadsAtOnce() throws {
        let plan = ViewCodeStaysTests.plan([("App/Tags/TagsViewController.swift", Self.screen)])
        let feature = try #require(plan.features.first)
        let owner = try #require(feature.tasks.first { $0.category == .I && $0.member == "resultsController" }, "\(feature.tasks.map(\.title))")
        let sentence = try #require(TaskGrouping.sentences(owner.fix).first { $0.contains(LiveQuery.marker) }, "\(owner.fix)")
        #expect(sentence == "`resultsController` is a live query the screen reads synchronously (`performFetch()`, `object(at:)`, `indexPath(forObject:)` and `fetchedObjects` in "
            + "`viewDidLoad()`, `tag(at:)`, `indexPath(for:)` and `tableView(_:numberOfRowsInSection:)`): `TagsInteractor` keeps it from this PR on and answers each of those calls at once "
            + "through a method of its input that returns the value (the view's lines ask `interactor` until their own task moves them), never through the output, so the table's "
            + "data-source callbacks still answer while UIKit lays it out; its change callback (`onDidChangeContent`) reaches the view on the main thread from inside the callback, never "
            + "through `DispatchQueue.main.async`: the table applies each change set against the results it describes, and one applied late raises UIKit's inconsistent-update exception.")
        #expect(owner.estimate.last == EstimatePart(12, "4 synchronous calls of `resultsController` on `TagsInteractorInput`"))
        // A Presenter move of code that reads the query asks the interactor for it.
        let reader = try #require(feature.tasks.first { $0.category == .P && $0.moves.contains { $0.name == "indexPath(for:)" } }, "\(feature.tasks.map(\.title))")
        #expect(reader.fix.contains("The moved code reads `resultsController`, the live query `TagsInteractor` keeps from the PR that moves it on: the presenter asks `interactor`"), "\(reader.fix)")
        #expect(reader.estimate.last == EstimatePart(2, "`resultsController` read through `interactor`"))
        // The contract says so, and the PR that makes the Interactor keeps the callback synchronous.
        let input = try #require(feature.modules.first?.interactorInputs.first { $0.members.contains("resultsController") })
        #expect(input.name == "observeTags()")
        #expect(input.detail.contains("; `resultsController` is a live query the table reads synchronously: the Interactor keeps it and answers `performFetch()`, `object(at:)`, `indexPath(forObject:)` and `fetchedObjects` at once"), "\(input.detail)")
        let skeleton = try #require(feature.slices.first { $0.changes.contains { $0.hasPrefix("Create `TagsInteractor`") } })
        #expect(skeleton.changes.contains { $0.hasSuffix("A live query's change callbacks are the one exception: the interactor forwards them on the main thread from inside the callback, as its task says.") })
    }

    /// A results controller the screen only holds, with no fetch or read of its results, and an
    /// array the table reads, are no live queries: nothing is said.
    @Test func anArrayOrAControllerNothingFetchesIsNoLiveQuery() throws {
        let code = Self.screen.replacingOccurrences(of: "resultsController.", with: "cachedTags.")
            .replacingOccurrences(of: "}()\n", with: "}()\n    var cachedTags: [Tag] = []\n")
        let plan = ViewCodeStaysTests.plan([("App/Tags/TagsViewController.swift", code)])
        let tasks = plan.features.flatMap(\.tasks)
        #expect(!tasks.isEmpty)
        #expect(!tasks.contains { $0.fix.contains("live query") })
    }

    /// A query a member makes through a store (`resultsController = store.tagsController(sortedBy:)`)
    /// is taken over by the move of that member; its use case observes the tags, returning no controller.
    @Test func theMoveOfTheMemberThatMakesTheQueryTakesItOver() throws {
        let store = """
        import CoreData

        final class TagStore {
            let container = NSPersistentContainer(name: "Tags")

            func tagsController(sortedBy key: String) -> NSFetchedResultsController<Tag> {
                let request = NSFetchRequest<Tag>(entityName: "Tag")
                request.sortDescriptors = [NSSortDescriptor(key: key, ascending: true)]
                return NSFetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: nil, cacheName: nil)
            }
        }
        """
        let screen = """
        import UIKit
        import CoreData
        final class TagsViewController: UIViewController, UITableViewDataSource {
            @IBOutlet var tableView: UITableView!
            let store = TagStore()
            private var resultsController: NSFetchedResultsController<Tag>?
            override func viewDidLoad() {
                super.viewDidLoad()
                reloadTags()
                tableView.reloadData()
            }
            func reloadTags() {
                resultsController = store.tagsController(sortedBy: "name")
                try? resultsController?.performFetch()
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                return resultsController?.fetchedObjects?.count ?? 0
            }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "TagCell", for: indexPath)
                cell.textLabel?.text = resultsController?.object(at: indexPath).name
                return cell
            }
        }
        """
        let plan = ViewCodeStaysTests.plan([("App/TagStore.swift", store), ("App/TagsViewController.swift", screen)])
        let feature = try #require(plan.features.first)
        let owner = try #require(feature.tasks.first { $0.category == .I && $0.member == "reloadTags()" }, "\(feature.tasks.map(\.title))")
        #expect(owner.fix.contains("`resultsController` is a live query the screen reads synchronously (`performFetch()`, `fetchedObjects` and `object(at:)` in `reloadTags()`, "
            + "`tableView(_:numberOfRowsInSection:)` and `tableView(_:cellForRowAt:)`): `TagsInteractor` keeps it from this PR on"), "\(owner.fix)")
        let input = try #require(feature.modules.first?.interactorInputs.first { $0.members.contains("reloadTags()") })
        #expect(input.name == "observeTags(sortedBy:)")
        #expect(input.signature == "observeTags(sortedBy: String)")
    }
}
