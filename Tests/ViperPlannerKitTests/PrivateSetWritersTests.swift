import Foundation
import Testing
@testable import ViperPlannerKit

/// A safety fix that makes a property `private(set)` breaks every other file that assigns it
/// today: its PR lists those files, and its Fix says their writes move into the owner's method.
struct PrivateSetWritersTests {
    /// A storyboard screen a factory instantiates in one file and a coordinator sets up in another.
    static let sources: [(path: String, code: String)] = [
        ("App/Order/OrderViewController.swift", """
        import UIKit

        final class OrderViewController: UIViewController {
            @IBOutlet weak var totalLabel: UILabel!
            var viewModel: OrderViewModel!

            override func viewDidLoad() {
                super.viewDidLoad()
                totalLabel.text = viewModel.total
            }
        }
        """),
        ("App/Order/OrderViewModel.swift", """
        final class OrderViewModel {
            let total: String
            init(total: String) { self.total = total }
        }
        """),
        ("App/Flow/OrdersCoordinator.swift", """
        import UIKit

        final class OrdersCoordinator {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }

            func showOrder(total: String) {
                let vc = UIStoryboard(name: "Orders", bundle: nil).instantiateViewController(withIdentifier: "Order") as! OrderViewController
                vc.viewModel = OrderViewModel(total: total)
                navigation.pushViewController(vc, animated: true)
            }
        }
        """),
        ("App/Flow/ReorderCoordinator.swift", """
        import UIKit

        final class ReorderCoordinator {
            func showReorder(in navigation: UINavigationController) {
                let vc = OrderScreens.order()
                vc.viewModel = OrderViewModel(total: "0")
                navigation.pushViewController(vc, animated: true)
            }
        }
        """),
        ("App/Order/OrderScreens.swift", """
        import UIKit

        enum OrderScreens {
            static func order() -> OrderViewController {
                UIStoryboard(name: "Orders", bundle: nil).instantiateViewController(withIdentifier: "Order") as! OrderViewController
            }
        }
        """)
    ]

    @Test func thePRListsEveryFileThatAssignsThePropertyAndTheFixMovesTheirWrites() throws {
        let result = Auditor.audit(sources: Self.sources, configuration: Configuration())
        let finding = try #require(result.findings.first { $0.rule == "force-unwrapped-dependency" })
        #expect(finding.fix == "OrderViewController is created from a storyboard: add `static func make(viewModel: OrderViewModel) -> OrderViewController` that instantiates it and sets `viewModel` before returning, make the property `private(set)`, and switch the 3 places that create OrderViewController to the factory. `viewModel` is assigned outside OrderViewController today at `OrdersCoordinator.swift:9`, `ReorderCoordinator.swift:6`: those writes move into `make(viewModel:)`, a method of OrderViewController, and those 2 files call it instead.")
        #expect(finding.evidence.map { "\($0.file):\($0.line) \($0.note ?? "")" } == ["App/Order/OrderViewController.swift:5 ",
                                                                                      "App/Flow/OrdersCoordinator.swift:9 sets `viewModel` today",
                                                                                      "App/Flow/ReorderCoordinator.swift:6 sets `viewModel` today"])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-26")
        let task = try #require(plan.crossCutting.tasks.first { $0.rule == "force-unwrapped-dependency" })
        #expect(task.edits == ["App/Flow/OrdersCoordinator.swift", "App/Flow/ReorderCoordinator.swift"])
        let pr = try #require(plan.crossCutting.slices.first { $0.taskIDs.contains(task.id) })
        #expect(pr.files == ["App/Order/OrderViewController.swift", "App/Flow/OrdersCoordinator.swift", "App/Flow/ReorderCoordinator.swift"])
    }

    /// A property that stays settable (set again after creation) keeps its writers where they are.
    @Test func aPropertyThatStaysSettableMovesNoWrites() throws {
        let again: (path: String, code: String) = ("App/Flow/RefreshCoordinator.swift", """
        final class RefreshCoordinator {
            func refresh(_ vc: OrderViewController) { vc.viewModel = OrderViewModel(total: "1") }
        }
        """)
        let result = Auditor.audit(sources: Self.sources + [again], configuration: Configuration())
        let finding = try #require(result.findings.first { $0.rule == "force-unwrapped-dependency" })
        #expect(!finding.fix.contains("private(set)") && !finding.fix.contains("assigned outside"))
        #expect(finding.evidence.count == 1)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-26")
        #expect(plan.crossCutting.tasks.first { $0.rule == "force-unwrapped-dependency" }?.edits == [])
    }
}
