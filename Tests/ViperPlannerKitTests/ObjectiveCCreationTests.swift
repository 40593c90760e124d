import Foundation
import Testing
@testable import ViperPlannerKit

/// A Swift screen that Objective-C creates (`[TagsViewController new]`) only has its inherited
/// initialisers there: the plan injects through properties and gives the builder an `@objc` entry.
struct ObjectiveCCreationTests {
    @Test func findsTheClassesObjectiveCCreates() {
        let code = """
        TagsViewController *tags = [TagsViewController new];
        SettingsViewController *settings = [[SettingsViewController alloc] initWithNibName:nil bundle:nil];
        [self.navigationController pushViewController:tags animated:YES];
        id copy = [tags new]; [ Sidebar   alloc ];
        """
        let found = ObjectiveCCreations.creations(in: Array(code.utf8))
        #expect(found.map { "\($0.0):\($0.1)" } == ["TagsViewController:1", "SettingsViewController:2", "Sidebar:4"])
    }

    @Test func aScreenObjectiveCCreatesGetsPropertiesAndAnObjcBuilder() throws {
        let code = """
        import UIKit
        final class SettingsViewController: UIViewController {}
        final class TagsViewController: UIViewController {
            @IBOutlet var tableView: UITableView!
            let store = TagStore.shared()
            var tags: [String] = []
            func rename(_ tag: String, to name: String) {
                guard !name.isEmpty else { return }
                store.renameTag(tag, to: name)
                tableView.reloadData()
            }
            func remove(_ tag: String) { store.deleteTag(tag); tags.removeAll { $0 == tag } }
            func rememberSelection(_ tag: String) {
                UserDefaults.standard.set(tag, forKey: "selectedTag")
                let appDelegate = AppDelegate.shared()
                if appDelegate.selectedTag == tag { appDelegate.selectedTag = nil }
            }
            func select(_ tag: String) { AppDelegate.shared().selectedTag = tag }
            func about() { AppDelegate.shared().presentAboutViewController() }
            func openSettings() { navigationController?.pushViewController(SettingsViewController(), animated: true) }
            func closeSidebar() {
                let appDelegate = AppDelegate.shared()
                appDelegate.sidebarViewController.hideSidebar(withAnimation: true)
            }
            let controller = AuthController()
        }
        extension TagsViewController {
            @IBAction func help() {
                controller.presentPasswordReset(from: self, username: "me")
                IssuesCardViewController.present(on: self, issue: "x")
                UIApplication.shared.open(URL(string: "https://example.com/help")!)
                ProgressHUD.show(in: self)
            }
            func retry() { IssuesCardViewController.present(on: self, issue: "y") }
        }
        """
        var result = Auditor.audit(sources: [("App/Tags/TagsViewController.swift", code)])
        result.objectiveCCreations = ["TagsViewController": ["App/AppDelegate.m:79"]]
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("TagsViewController") })
        let seam = try #require(feature.tasks.first { $0.concern == "seam" })
        // The app-wide state the screen reaches through the app delegate goes behind a protocol too.
        #expect(seam.wrappers == ["TagStore", "AppDelegate"], "\(seam.wrappers)")
        #expect(seam.fix.hasPrefix("Declare `TagStore` → `TagStoreProtocol` (`renameTag`, `deleteTag`); `AppDelegate` → `AppDelegateProtocol` (`selectedTag`)"), "\(seam.fix)")
        #expect(seam.evidence == ["`TagsViewController.swift:3` `TagsViewController` uses `TagStore`, declared outside the Swift sources",
                                  "`TagsViewController.swift:3` `TagsViewController` uses `AppDelegate`, declared outside the Swift sources"], "\(seam.evidence)")
        #expect(seam.fix.contains(" Objective-C creates TagsViewController (`AppDelegate.m:79`) through the inherited `init`: use the property, never an initialiser parameter"), "\(seam.fix)")
        // A move that reads or sets app-wide state gets the app delegate's protocol handed in.
        let selecting = try #require(feature.tasks.first { $0.moves.contains { $0.name == "rememberSelection(_:)" } }, "\(feature.tasks.map(\.title))")
        #expect(selecting.fix.contains("it uses `selectedTag` of `AppDelegate`, app-wide state: the Interactor gets `AppDelegateProtocol` from the seams PR"), "\(selecting.fix)")
        // Its navigation through the app delegate is the Router's, never in the state protocol: the
        // screen calls it directly until then, and the seam PR's check says so.
        #expect(seam.direct == ["`AppDelegate.presentAboutViewController`", "`appDelegate.hideSidebar`"], "\(seam.direct)")
        let seamPR = try #require(feature.slices.first { $0.taskIDs.contains(seam.id) })
        #expect(seamPR.checks.contains("TagsViewController names `TagStore`, `AppDelegate` only as the default values of its dependencies, and in the navigation a Router PR takes over (`AppDelegate.presentAboutViewController` and `appDelegate.hideSidebar`)."), "\(seamPR.checks)")
        let route = try #require(feature.modules.first?.routes.first { $0.name == "showAbout()" })
        #expect(route.detail == "goes through the app delegate today (`AppDelegate.presentAboutViewController` in `about()`): the router makes that call, so no other layer reaches the app delegate's screens")
        let routing = try #require(feature.tasks.first { $0.category == .R && $0.routes.contains("showAbout()") })
        #expect(routing.title == "Move the navigation TagsViewController does through the app delegate into TagsRouter")
        #expect(routing.routes == ["showAbout()", "hideSidebar()"])
        #expect(routing.evidence == ["`TagsViewController.swift:19`", "`TagsViewController.swift:23`"] && routing.estimatedLines == 16, "\(routing.evidence) \(routing.estimatedLines)")
        // Through the app delegate held in a local named for it too (its type is declared outside the Swift sources).
        let sidebar = try #require(feature.modules.first?.routes.first { $0.name == "hideSidebar()" }, "\(feature.modules.first?.routes.map(\.name) ?? [])")
        #expect(sidebar.detail.hasPrefix("goes through the app delegate today (`appDelegate.hideSidebar` in `closeSidebar()`)"), "\(sidebar.detail)")
        // It leaves through other types too: handing itself to them, or opening a URL.
        let handing = try #require(feature.tasks.first { $0.title == "Move the navigation TagsViewController hands to other types into TagsRouter" }, "\(feature.tasks.map(\.title))")
        // Each route takes what the call takes today but the screen itself; every place that makes the call moves.
        #expect(handing.routes == ["showPasswordReset(username:)", "showIssuesCard(issue:)", "openURL(_:)"], "\(handing.routes)")
        #expect(handing.fix.hasSuffix("The router holds `controller`, which the builder hands it as it hands the interactor its services (until then the view passes it)."), "\(handing.fix)")
        #expect(handing.evidence == ["`TagsViewController.swift:29`", "`TagsViewController.swift:30`", "`TagsViewController.swift:34`", "`TagsViewController.swift:31`"], "\(handing.evidence)")
        #expect(handing.estimate.first == EstimatePart(24, "2 × 3 lines around 4 calls moved into routes"), "\(handing.estimate)")
        #expect(feature.modules.first?.routes.first { $0.name == "showPasswordReset(username:)" }?.detail
                == "the screen hands itself to `controller.presentPasswordReset` in `help()` today: the router makes that call with the view controller it holds, and holds `controller`, which the builder hands it")
        let builder = try #require(feature.tasks.first { $0.category == .B && $0.fix.contains("TagsModule.build()") })
        #expect(builder.fix.contains("`AppDelegate.m:79` (Objective-C)") && builder.fix.contains("`@objc` class method"), "\(builder.fix)")
        #expect(builder.edits == ["App/AppDelegate.m"])
        // Created in code (its outlets from a nib): no storyboard set-up to count or to word.
        #expect(!builder.estimate.contains { $0.label.contains("storyboard") } && !builder.fix.contains("storyboard"), "\(builder.estimate) \(builder.fix)")
    }
}
