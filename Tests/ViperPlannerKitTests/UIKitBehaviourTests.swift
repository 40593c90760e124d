import Foundation
import Testing
@testable import ViperPlannerKit

/// What UIKit needs from a screen survives the plan: a member that must answer at once keeps
/// answering from the view state, and an action sheet keeps its iPad anchor.
struct UIKitBehaviourTests {
    static func plan(_ path: String, _ code: String) -> Plan {
        let result = Auditor.audit(sources: [(path, code)])
        return Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
    }

    /// `tableView(_:cellForRowAt:)` returns its cell at once: an interactor call would answer later,
    /// through the presenter, so the cell is built from the view state and only the read moves.
    @Test func aCellForRowThatReadsStorageKeepsAnsweringFromTheViewState() throws {
        let plan = Self.plan("Tags/TagsViewController.swift", """
        import UIKit
        final class TagsViewController: UIViewController, UITableViewDataSource {
            let tags = ["a", "b"]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tags.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Tag", for: indexPath)
                let tag = tags[indexPath.row]
                cell.textLabel?.text = tag
                cell.accessoryType = UserDefaults.standard.bool(forKey: "pinned." + tag) ? .checkmark : .none
                return cell
            }
        }
        """)
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "tableView(_:cellForRowAt:)" })
        #expect(!task.fix.contains("only calls `interactor`"), "\(task.fix)")
        #expect(task.fix.hasSuffix(" `tableView(_:cellForRowAt:)` (a UITableView callback (UITableViewDataSource); returns `UITableViewCell`) must answer at once, so it stays in the view and keeps building its value synchronously from the view state the presenter has already delivered: the interactor loads or computes what it reads ahead (when the screen loads or the data changes), the presenter hands the ready values to the view, and only the I/O moves (a call to `interactor` here would answer later, through the presenter)."), "\(task.fix)")
        #expect(task.estimate.map(\.label).contains(TaskFactory.answerLabel))
        #expect(!task.estimate.map(\.label).contains(TaskFactory.forwardLabel))
        let module = try #require(plan.features.flatMap(\.modules).first)
        let input = try #require(module.interactorInputs.first)
        #expect(input.name == "loadRow()")
        #expect(input.detail == "persistence (`UserDefaults`); run ahead of `tableView(_:cellForRowAt:)` (when the screen loads or the data changes), which answers from the view state the presenter delivers — \(task.id)", "\(input.detail)")
    }

    static let albums = """
    import UIKit
    final class AlbumsViewController: UIViewController, UICollectionViewDelegate {
        @IBOutlet var collectionView: UICollectionView!
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Open", style: .default) { _ in
                self.navigationController?.pushViewController(AlbumDetailViewController(), animated: true)
            })
            if let popover = sheet.popoverPresentationController {
                let cell = collectionView.cellForItem(at: indexPath)
                popover.sourceView = cell
                popover.sourceRect = cell?.bounds ?? .zero
            }
            present(sheet, animated: true)
        }
        @IBAction func moreTapped(_ sender: UIButton) {
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Settings", style: .default) { _ in
                self.present(AlbumSettingsViewController(), animated: true)
            })
            present(sheet, animated: true)
        }
    }
    final class AlbumDetailViewController: UIViewController {}
    final class AlbumSettingsViewController: UIViewController {}
    """

    /// An action sheet presented from a member moves with its route: the anchor the member sets
    /// from a cell goes with it, and a sheet with no anchor today gets a note, not an invented one.
    @Test func anActionSheetRouteCarriesItsAnchorOrSaysOneMustBePassed() throws {
        let plan = Self.plan("Albums/AlbumsViewController.swift", Self.albums)
        let tasks = plan.features.flatMap(\.tasks).filter { $0.category == .R }
        let selected = try #require(tasks.first { ($0.members + [$0.member ?? ""]).contains("collectionView(_:didSelectItemAt:)") })
        #expect(selected.anchors == ["sourceView", "sourceRect"])
        #expect(selected.fix.contains("Keep the iPad anchor: the action sheet `collectionView(_:didSelectItemAt:)` presents moves with the route, which carries the popover anchor the view sets on it today (`sourceView`, `sourceRect`, from `cellForItem(at:)`) as a parameter and sets it on the sheet's `popoverPresentationController`: without it the action sheet raises an exception on iPad."), "\(selected.fix)")
        let more = try #require(tasks.first { ($0.members + [$0.member ?? ""]).contains("moreTapped(_:)") })
        #expect(more.fix.contains("Pass an iPad anchor: the action sheet `moreTapped(_:)` presents sets no popover anchor today; its route takes one (the control or cell the user tapped) as a parameter and sets it on the sheet's `popoverPresentationController`, or the action sheet raises an exception on iPad."), "\(more.fix)")
        let module = try #require(plan.features.flatMap(\.modules).first)
        let detail = try #require(module.routes.first { $0.name == "showAlbumDetail()" }).detail
        #expect(detail.hasSuffix("; the action sheet `collectionView(_:didSelectItemAt:)` presents moves with the route, which carries the popover anchor the view sets on it today (`sourceView`, `sourceRect`, from `cellForItem(at:)`) as a parameter and sets it on the sheet's `popoverPresentationController`: without it the action sheet raises an exception on iPad"), "\(detail)")
        let settings = try #require(module.routes.first { $0.name == "showAlbumSettings()" }).detail
        #expect(settings.hasSuffix("; the action sheet `moreTapped(_:)` presents sets no popover anchor today; its route takes one (the control or cell the user tapped) as a parameter and sets it on the sheet's `popoverPresentationController`, or the action sheet raises an exception on iPad"), "\(settings)")
    }
}
