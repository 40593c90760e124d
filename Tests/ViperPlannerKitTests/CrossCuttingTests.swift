import Testing
@testable import ViperPlannerKit

/// What the cross-cutting file shares between features.
struct CrossCuttingTests {
    /// A navigation helper in a `UIViewController` extension, used by two features, is no type to put
    /// behind a protocol: each screen's Router takes over its pushes. A storage type two features use is.
    @Test func sharesTypesNotHelperFunctions() {
        let result = Auditor.audit(sources: [
            ("Shared/UIViewController+Modules.swift", """
            extension UIViewController {
                func push(module: UIViewController) { navigationController?.pushViewController(module, animated: true) }
            }
            final class SettingsStore {
                func save(_ value: Bool) { UserDefaults.standard.set(value, forKey: "flag") }
            }
            """),
            ("Feed/FeedViewController.swift", """
            final class FeedViewController: UIViewController {
                let store = SettingsStore()
                func open() { push(module: UIViewController()) }
                func toggle() { store.save(true) }
            }
            """),
            ("Profile/ProfileViewController.swift", """
            final class ProfileViewController: UIViewController {
                let store = SettingsStore()
                func open() { push(module: UIViewController()) }
                func toggle() { store.save(false) }
            }
            """),
        ])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let titles = plan.crossCutting.tasks.map(\.title)
        #expect(titles.contains("Put `SettingsStore` behind `SettingsStoreProtocol`, shared by 2 features"), "\(titles)")
        #expect(!titles.contains { $0.contains("push(module:)") }, "\(titles)")
    }
}
