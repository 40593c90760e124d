import Foundation
import Testing
@testable import ViperPlannerKit

/// What a PR costs beyond its moved lines: tests in the project's own test folder, the project
/// file's entries for new files, every file a builder's call sites are in, test doubles and output
/// protocols sized by their members, and risk labels that follow the files touched.
struct ProjectCostTests {
    /// A screen with networking, formatting and navigation, created in three places in two other
    /// screens' files, in an app with an Xcode project and test folders per feature.
    static let sources: [(path: String, code: String)] = [
        ("App/Orders/OrdersViewController.swift", """
        import UIKit

        final class OrdersViewController: UIViewController {
            let label = UILabel()
            var orders: [String] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                loadOrders()
            }

            func loadOrders() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/orders")!) { data, _, _ in
                    self.orders = data.map { [String(decoding: $0, as: UTF8.self)] } ?? []
                }.resume()
            }

            func showTotal(_ total: Double) {
                let formatter = NumberFormatter()
                formatter.numberStyle = .currency
                label.text = formatter.string(from: NSNumber(value: total))
            }

            func openDetail() {
                navigationController?.pushViewController(UIViewController(), animated: true)
            }
        }
        """),
        ("App/Home/HomeViewController.swift", """
        import UIKit

        final class HomeViewController: UIViewController {
            func showOrders() {
                navigationController?.pushViewController(OrdersViewController(), animated: true)
            }
            func presentOrders() {
                present(OrdersViewController(), animated: true)
            }
        }
        """),
        ("App/Search/SearchViewController.swift", """
        import UIKit

        final class SearchViewController: UIViewController {
            func openOrders() {
                show(OrdersViewController(), sender: nil)
            }
        }
        """),
        ("AppTests/Orders/OrdersFormattingTests.swift", """
        import XCTest
        final class OrdersFormattingTests: XCTestCase {}
        """),
        ("AppTests/Home/HomeTests.swift", """
        import XCTest
        final class HomeTests: XCTestCase {}
        """),
        ("AppTests/Home/HomeFlowTests.swift", """
        import XCTest
        final class HomeFlowTests: XCTestCase {}
        """)
    ]

    static func project(projectFile: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("costs")
        for (path, code) in sources + [("App.xcodeproj/project.pbxproj", projectFile)] {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try code.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let listedGroups = "// !$*UTF8*$!\n{ objects = { 0001 = { isa = PBXGroup; children = (); }; }; }\n"
    static let synchronizedGroups = "// !$*UTF8*$!\n{ objects = { 0001 = { isa = PBXFileSystemSynchronizedRootGroup; path = App; }; }; }\n"

    static func orders(projectFile: String) throws -> FeaturePlan {
        let folder = try project(projectFile: projectFile)
        let result = try Auditor.audit(root: folder.path, configuration: Configuration())
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-26")
        return try #require(plan.features.first { $0.name == "Orders" })
    }

    @Test func discoveryFindsTheXcodeProjectAndWhetherItsGroupsFollowTheFolders() throws {
        for (text, synchronized) in [(Self.listedGroups, false), (Self.synchronizedGroups, true)] {
            let folder = try Self.project(projectFile: text)
            let found = try Discovery.discover(root: folder.path, configuration: Configuration())
            #expect(found.xcodeProjects == [XcodeProject(path: "App.xcodeproj", synchronized: synchronized)])
            #expect(found.testFiles == ["AppTests/Home/HomeFlowTests.swift", "AppTests/Home/HomeTests.swift", "AppTests/Orders/OrdersFormattingTests.swift"])
        }
    }

    @Test func testsGoToTheClosestTestFolder() {
        let layout = ProjectLayout(testFolders: ["AppTests/Orders/": 1, "AppTests/Home/": 2, "Modules/Cart/Tests/CartTests/": 1])
        #expect(layout.testFolder(near: "App/Orders/OrdersViewController.swift") == "AppTests/Orders/")
        #expect(layout.testFolder(near: "Modules/Cart/Sources/Cart/CartViewController.swift") == "Modules/Cart/Tests/CartTests/")
        // Nothing in common: the most used test target, in its own folder, not in another topic's.
        #expect(layout.testFolder(near: "App/Search/SearchViewController.swift") == "AppTests/")
        let oneTopic = ProjectLayout(testFolders: ["AppTests/Metadata/": 3])
        #expect(oneTopic.testFolder(near: "App/Bookmarks/BookmarkViewController.swift") == "AppTests/")
        #expect(oneTopic.testFolder(near: "App/Metadata/MetadataViewController.swift") == "AppTests/Metadata/")
        #expect(ProjectLayout().testFolder(near: "App/Search/SearchViewController.swift") == "Tests/")
        // A test folder named for the screen's platform beats a busier shared one.
        let platforms = ProjectLayout(testFolders: ["Tests/AppTests/": 13, "Tests/App-iOSTests/": 2])
        #expect(platforms.testFolder(near: "iOS/Feed/FeedViewController.swift") == "Tests/App-iOSTests/")
        #expect(platforms.testFolder(near: "Shared/Feed/FeedViewController.swift") == "Tests/AppTests/")
    }

    /// A UIKit screen's tests go to the iOS test target, not a busier macOS one, and are written
    /// with the framework the tests there use.
    @Test func testsGoToATargetOfTheScreensPlatformInItsFramework() throws {
        try TemporaryFolder.with("platform") { root in
            let files = [
                "iOS/Inbox/InboxViewController.swift": """
                import UIKit
                final class InboxViewController: UIViewController {
                    func load() { URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }.resume() }
                }
                """,
                "Tests/MacAppTests/ATests.swift": "import XCTest\nimport AppKit\nfinal class ATests: XCTestCase {}\n",
                "Tests/MacAppTests/BTests.swift": "@testable import MacApp\nimport XCTest\nimport Cocoa\nfinal class BTests: XCTestCase {}\n",
                "Tests/MobileTests/CTests.swift": "import Testing\nimport UIKit\n@Suite struct CTests {}\n",
            ]
            for (path, text) in files {
                let url = URL(fileURLWithPath: root).appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            let result = try Auditor.audit(root: root, configuration: Configuration())
            let layout = ProjectLayout(result)
            #expect(layout.appKitOnly == ["Tests/MacAppTests/"] && layout.swiftTesting == ["Tests/MobileTests/"])
            #expect(layout.testFolder(near: "iOS/Inbox/InboxViewController.swift") == "Tests/MobileTests/")
            let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
            let steps = plan.features.flatMap(\.slices).flatMap(\.changes)
            #expect(steps.contains { $0.hasPrefix("Add `InboxInteractorTests` (Swift Testing, like the tests beside it) with") }, "\(steps)")
        }
    }

    @Test func appScreensTestsStayOutOfLocalPackagesTestFolders() {
        let layout = ProjectLayout(testFolders: ["AppTests/": 1, "Modules/Core/Tests/CoreTests/": 5, "Modules/Core/Tests/CoreTests/Timeline/": 2],
                                   packageRoots: ["Modules/Core/"])
        // The package's folders are closer by name and hold more tests; its target cannot see the app's types.
        #expect(layout.testFolder(near: "Shared/Timeline/TimelineViewController.swift") == "AppTests/")
        #expect(layout.testFolder(near: "Modules/Timeline/TimelineViewController.swift") == "AppTests/")
        // A screen in the package keeps the package's own test folder.
        #expect(layout.testFolder(near: "Modules/Core/Sources/Core/Timeline/TimelineViewController.swift") == "Modules/Core/Tests/CoreTests/Timeline/")
        // No test folder of the app's own: the default, never the package's.
        let packageOnly = ProjectLayout(testFolders: ["Modules/Core/Tests/CoreTests/": 5], packageRoots: ["Modules/Core/"])
        #expect(packageOnly.testFolder(near: "Shared/Timeline/TimelineViewController.swift") == "Tests/")
        // A folder without a `Package.swift` is the app's; a package with no tests of its own gets
        // the default folder of that package.
        #expect(layout.testFolder(near: "Modules/Feed/Sources/Feed/FeedViewController.swift") == "AppTests/")
        let twoPackages = ProjectLayout(testFolders: ["AppTests/": 1, "Modules/Core/Tests/CoreTests/": 5], packageRoots: ["Modules/Core/", "Modules/Feed/"])
        #expect(twoPackages.testFolder(near: "Modules/Feed/Sources/Feed/FeedViewController.swift") == "Modules/Feed/Tests/")
    }

    @Test func thePlansInteractorTestsGoToTheAppsTestFolderBesideALocalPackage() throws {
        let folder = try TemporaryFolder("package-tests")
        let files = [
            ("Shared/Timeline/TimelineViewController.swift", """
            import UIKit

            final class TimelineViewController: UIViewController {
                var items: [String] = []
                func reload() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com/items")!) { data, _, _ in
                        self.items = data.map { [String(decoding: $0, as: UTF8.self)] } ?? []
                    }.resume()
                }
            }
            """),
            ("Modules/Core/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Core\")\n"),
            ("Modules/Core/Sources/Core/Clock.swift", "public struct Clock {}\n"),
            ("Modules/Core/Tests/CoreTests/ClockTests.swift", "import XCTest\nfinal class ClockTests: XCTestCase {}\n"),
            ("Modules/Core/Tests/CoreTests/Timeline/TimelineClockTests.swift", "import XCTest\nfinal class TimelineClockTests: XCTestCase {}\n"),
            ("AppTests/LaunchTests.swift", "import XCTest\nfinal class LaunchTests: XCTestCase {}\n")
        ]
        for (path, code) in files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try code.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try Auditor.audit(root: folder.path, configuration: Configuration())
        let layout = ProjectLayout(result)
        #expect(layout.packageRoots == ["Modules/Core/"])
        #expect(layout.testFolder(near: "Shared/Timeline/TimelineViewController.swift") == "AppTests/")
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-26")
        let timeline = try #require(plan.features.first { $0.name == "Timeline" })
        let tests = timeline.slices.flatMap(\.files).filter { $0.hasSuffix("Tests.swift") }
        #expect(tests == ["AppTests/TimelineInteractorTests.swift", "AppTests/TimelinePresenterTests.swift", "AppTests/TimelineModuleTests.swift"])
    }

    @Test func newFilesNeedProjectEntriesOutsidePackagesAndSynchronizedGroups() {
        let listed = ProjectLayout(xcodeProjects: [XcodeProject(path: "App.xcodeproj", synchronized: false),
                                                   XcodeProject(path: "Widget/Widget.xcodeproj", synchronized: true)],
                                   packageRoots: ["Modules/Cart/"])
        #expect(listed.projectFile(for: "App/Orders/OrdersPresenter.swift") == "App.xcodeproj/project.pbxproj")
        #expect(listed.projectFile(for: "Modules/Cart/Sources/Cart/CartPresenter.swift") == nil)
        #expect(listed.projectFile(for: "Widget/Today/TodayPresenter.swift") == nil)
        #expect(ProjectLayout().projectFile(for: "App/Orders/OrdersPresenter.swift") == nil)
    }

    @Test func prsCountTheProjectFileTheTestFolderAndTheBuildersCallSites() throws {
        let orders = try Self.orders(projectFile: Self.listedGroups)
        #expect(orders.slices.map(\.estimatedLines) == [3, 109, 92, 14, 50, 46, 43])
        let interactor = orders.slices[1]
        #expect(interactor.files == ["App/Orders/OrdersViewController.swift", "App/Orders/OrdersInteractor.swift", "App/Orders/OrdersService.swift",
                                     "AppTests/Orders/OrdersInteractorTests.swift", "App.xcodeproj/project.pbxproj"])
        // The new files as `scaffold` writes them for a module of this size.
        #expect(interactor.estimate.map(\.lines) == [31, 3, 25, 9, 7, 10, 1, 1, 8, 2, 12])
        #expect(interactor.estimate.last?.label == "3 new files in project.pbxproj (file reference, build file, group child, sources phase)")
        #expect(interactor.estimate[4].label == "double of `OrdersServiceProtocol` in `OrdersInteractorTests`: 1 member the screen uses, ~4 + 3 each")
        #expect(interactor.risk == "Medium — code moves between types; 5 files: edits 2, adds 3")
        let presenter = orders.slices[2]
        #expect(presenter.estimate[2].lines == 29)
        #expect(presenter.estimate[2].label == "new `OrdersPresenterTests`: view double and setUp")
        let builder = try #require(orders.tasks.first { $0.id == "B1" })
        // The handover of 1 use case's output: 12 + 2 per outcome.
        #expect(builder.estimate.map(\.lines) == [15, 0, 9, 4, 14])
        #expect(builder.edits == ["App/Home/HomeViewController.swift", "App/Search/SearchViewController.swift"])
        // The routes and the builder are two PRs: each is reviewed for one thing.
        let routes = orders.slices[4]
        // The routes edit the presenter too: it holds the router and forwards to each route.
        #expect(routes.files == ["App/Orders/OrdersViewController.swift", "App/Orders/OrdersRouter.swift", "App/Orders/OrdersPresenter.swift",
                                 "AppTests/Orders/OrdersPresenterTests.swift", "App.xcodeproj/project.pbxproj"], "\(routes.files)")
        #expect(routes.estimate.map(\.lines) == [21, 6, 6, 6, 1, 1, 5, 4])
        #expect(routes.risk == "Medium — code moves between types; 5 files: edits 4, adds 1")
        let wiring = orders.slices[5]
        // It also edits the presenter it makes the interactor's output, and the presenter's tests.
        #expect(wiring.files == ["App/Orders/OrdersViewController.swift", "App/Home/HomeViewController.swift", "App/Search/SearchViewController.swift",
                                 "App/Orders/OrdersModule.swift", "App/Orders/OrdersPresenter.swift", "AppTests/Orders/OrdersPresenterTests.swift",
                                 "App.xcodeproj/project.pbxproj"], "\(wiring.files)")
        #expect(wiring.estimate.map(\.lines) == [15, 9, 4, 14, 4], "\(wiring.estimate)")
        // The screen tests of the assembled module are a PR of their own.
        #expect(orders.slices[6].files == ["AppTests/Orders/OrdersModuleTests.swift", "App.xcodeproj/project.pbxproj"], "\(orders.slices[6].files)")
    }

    @Test func synchronizedGroupsNeedNoProjectEntries() throws {
        let orders = try Self.orders(projectFile: Self.synchronizedGroups)
        #expect(orders.slices.map(\.estimatedLines) == [3, 97, 84, 14, 46, 42, 39])
        #expect(!orders.slices.flatMap(\.files).contains("App.xcodeproj/project.pbxproj"))
        #expect(orders.slices[1].risk == "Medium — code moves between types; 4 files: edits 1, adds 3")
    }

    @Test func riskFollowsTheFilesTouched() {
        func slice(_ phase: TaskCategory, files: [String], new: [String], lines: Int = 40) -> PRSlice {
            var s = PRSlice(number: 1, phase: phase, title: "", taskIDs: ["B1"], files: files, estimate: [EstimatePart(lines, "")], cap: 200,
                            changes: [], checks: [])
            s.newFiles = new
            s.featureFolders = ["App/Orders/", "AppTests/Orders/"]
            return s
        }
        let screen = "App/Orders/OrdersViewController.swift", module = "App/Orders/OrdersModule.swift"
        #expect(slice(.B, files: [screen, module], new: [module]).risk == "Low — additive; 2 files: edits 1, adds 1")
        #expect(slice(.B, files: [screen, module, "App/Home/HomeViewController.swift"], new: [module]).risk
                == "Medium — 3 files: edits 2 in 2 features, adds 1")
        let callers = (1...6).map { "App/Feature\($0)/Feature\($0)ViewController.swift" }
        #expect(slice(.B, files: [screen, module] + callers, new: [module]).risk == "High — 8 files: edits 7 in 7 features, adds 1")
        // Size alone makes a PR long to review, not dangerous: what it moves decides High.
        #expect(slice(.I, files: [screen, module], new: [module], lines: 160).risk
                == "Medium — code moves between types; near the cap, review in two sittings; 2 files: edits 1, adds 1")
        var writes = slice(.I, files: [screen, module], new: [module])
        writes.hazards = PRHazards.of([PlanTask(category: .I, title: "", fingerprint: "", viewController: "OrdersViewController", file: screen, line: 1,
                                                severity: .medium, problem: "", fix: "", evidence: [], estimate: [], apis: ["OrdersAPI.fetchOrders", "OrderStore.deleteOrder", "UserDefaults.set", "Keychain.read"])])
        #expect(writes.risk == "High — it moves writes to stored or remote data (`OrderStore.deleteOrder`, `UserDefaults.set`): exercise each by hand, and its failure path; 2 files: edits 1, adds 1")
        // A route that replaces the navigation stack decides where Back leads.
        let stack = PRHazards.of([PlanTask(category: .R, title: "", fingerprint: "", viewController: "OrdersViewController", file: screen, line: 1, severity: .high,
                                           problem: "", fix: "", evidence: ["`OrdersViewController.swift:9` `navigationController?.pushViewController(vc, animated: true)`"],
                                           estimate: [], apis: ["pushViewController", "setViewControllers"])])
        #expect(stack == ["it moves changes of the navigation stack (`setViewControllers`): check where Back leads after each route"])
        // Moving the data a list answers its shape from (what can move, how many rows) is High; the
        // formatting of a cell is not.
        var shape = PlanTask(category: .I, title: "", fingerprint: "", viewController: "OrdersViewController", file: screen, line: 1,
                             severity: .medium, problem: "", fix: "", evidence: [], estimate: [])
        shape.moves = [MovedMember(name: "tableView(_:canMoveRowAt:)", file: screen, line: 9, codeLines: 3, selfCalls: []),
                       MovedMember(name: "tableView(_:cellForRowAt:)", file: screen, line: 14, codeLines: 6, selfCalls: [])]
        #expect(PRHazards.of([shape]) == ["it changes the data the list's data source answers from (`tableView(_:canMoveRowAt:)`): scroll, edit and reorder the list, and check it after each change of its data and order"])
        shape.category = .P
        #expect(PRHazards.of([shape]) == [])
        #expect(slice(.I, files: [screen, "App/Orders/OrdersInteractor.swift", "AppTests/Orders/OrdersInteractorTests.swift", "App.xcodeproj/project.pbxproj"],
                      new: ["App/Orders/OrdersInteractor.swift", "AppTests/Orders/OrdersInteractorTests.swift"]).risk
                == "Medium — code moves between types; 4 files: edits 2, adds 2")
        // A seams PR adds protocols and doubles: the project file's entries for them are no code edit.
        var seam = slice(.I, files: [screen, "App/Orders/OrdersSeams.swift", "AppTests/Orders/OrdersServiceDoubles.swift", "App.xcodeproj/project.pbxproj"],
                         new: ["App/Orders/OrdersSeams.swift", "AppTests/Orders/OrdersServiceDoubles.swift"])
        seam.concern = "seam"
        #expect(seam.risk == "Low — additive: protocols, their doubles and defaults, nothing moves; 4 files: edits 2, adds 2")
    }
}
