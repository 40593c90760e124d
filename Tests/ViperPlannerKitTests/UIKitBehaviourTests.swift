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

    /// `tableView(_:cellForRowAt:)` returns its cell at once and reads local storage: it stays and
    /// asks for the stored value through an input that returns it synchronously. Only the read
    /// moves; a value precomputed into view state would go stale when the setting changes elsewhere.
    @Test func aCellForRowThatReadsStorageAsksForTheStoredValueAtOnce() throws {
        let plan = Self.plan("Tags/TagsViewController.swift", """
        import UIKit
        final class TagsViewController: UIViewController, UITableViewDataSource {
            private enum Section: Int { case tags }
            let tags = ["a", "b"]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tags.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Tag", for: indexPath)
                guard Section(rawValue: indexPath.section) == .tags else { return cell }
                let tag = tags[indexPath.row]
                cell.textLabel?.text = tag
                cell.accessoryType = UserDefaults.standard.bool(forKey: "pinned." + tag) ? .checkmark : .none
                return cell
            }
        }
        """)
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "tableView(_:cellForRowAt:)" })
        #expect(!task.fix.contains("only calls `interactor`") && !task.fix.contains("view state"), "\(task.fix)")
        #expect(task.fix.hasSuffix(" `tableView(_:cellForRowAt:)` (a UITableView callback (UITableViewDataSource); returns `UITableViewCell`) must answer at once and only reads local storage, so it stays in the view and asks for the stored value through an input that returns it synchronously (`interactor` until the builder's PR, then `presenter`, which passes the answer through): only the reads move, and it answers as today, also when the stored value changes elsewhere (a value precomputed for it would go stale)."), "\(task.fix)")
        #expect(task.estimate == [EstimatePart(2, "1 storage read of `tableView(_:cellForRowAt:)` moved into an input that returns the value"), EstimatePart(1, TaskFactory.askLabel),
                                  EstimatePart(1, "protocol requirement"), EstimatePart(8, "a case in `TagsInteractorTests`")], "\(task.estimate)")
        // The read alone moves: the screen's private `Section` it also uses stays with it.
        #expect(task.moves.isEmpty && !task.needsPresenter && !task.fix.contains("`Section`"), "\(task.fix)")
        let module = try #require(plan.features.flatMap(\.modules).first)
        let input = try #require(module.interactorInputs.first)
        #expect(input.name == "loadRow()")
        #expect(input.detail == "persistence (`UserDefaults`); asked at once by `tableView(_:cellForRowAt:)` in the view, through a method of the input that returns the stored value synchronously, never through the output — \(task.id)", "\(input.detail)")
        // A write in a callback the cell calls later is no read: the cell keeps its view state and the callback calls the interactor.
        let later = Self.plan("Tags/TagsViewController.swift", """
        import UIKit
        final class TagsViewController: UIViewController, UITableViewDataSource {
            let tags = ["a", "b"]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tags.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = TagCell()
                let tag = tags[indexPath.row]
                cell.onToggle = { on in
                    UserDefaults.standard.set(on, forKey: "pinned." + tag)
                }
                return cell
            }
        }
        final class TagCell: UITableViewCell { var onToggle: ((Bool) -> Void)? }
        """)
        let write = try #require(later.features.flatMap(\.tasks).first { $0.category == .I && $0.member == "tableView(_:cellForRowAt:)" })
        #expect(!write.estimate.map(\.label).contains(TaskFactory.askLabel) && !write.fix.contains("only reads local storage"), "\(write.fix)")
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
