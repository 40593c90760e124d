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
    }
    """

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
        let seam = try #require(feature.tasks.first { $0.concern == "seam" })
        #expect(seam.wrappers == ["SPObjectManager", "TagCore"])
        #expect(PlanChecks.contractProblems(feature) == [])
    }
}
