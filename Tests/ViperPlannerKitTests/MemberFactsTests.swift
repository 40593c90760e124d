import Testing
@testable import ViperPlannerKit

/// The index answers for planning: what pins each member of a view controller, where each screen
/// is created, how much of it is test-only code, and which helpers are copied between screens.
struct MemberFactsTests {
    static func index(_ sources: [(String, String)]) -> AuditResult { Auditor.audit(sources: sources) }

    static func sites(_ list: [MemberMobility.Site]) -> [String] { list.map { "\(shortPath($0.file)):\($0.line)" } }

    static let feedSources: [(String, String)] = [("Feed/FeedViewController.swift", """
        final class FeedViewController: UIViewController, UITableViewDataSource, FeedRefreshing {
            @IBOutlet var tableView: UITableView!
            let header = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                let button = UIButton()
                view.addSubview(button)
                button.addTarget(self, action: #selector(didTapRefresh), for: .touchUpInside)
                reload()
            }
            @objc func didTapRefresh() { reload() }
            func reload() { tableView.reloadData() }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
            func refreshFeed() {}
            func unused() {}
        }
        protocol FeedRefreshing { func refreshFeed() }
        """), ("App/AppCoordinator.swift", """
        final class AppCoordinator {
            let feed = FeedViewController()
            func start() {
                feed.reload()
                let item = UIBarButtonItem(title: "R", style: .plain, target: feed, action: #selector(FeedViewController.didTapRefresh))
                print(item)
            }
        }
        """)]

    @Test func mobilityNamesEveryReasonAMemberIsPinned() throws {
        let result = Self.index(Self.feedSources)
        let t = try #require(result.index.resolve("FeedViewController"))
        let all = Dictionary(uniqueKeysWithValues: result.index.memberMobility(of: t).map { ($0.member, $0) })
        #expect(all.keys.sorted() == ["didTapRefresh()", "header", "refreshFeed()", "reload()",
                                      "tableView", "tableView(_:numberOfRowsInSection:)", "unused()", "viewDidLoad()"])
        let load = try #require(all["viewDidLoad()"])
        #expect(load.isOverride && load.viewBuildingLines == [6, 7, 8] && load.isPinned)
        let tap = try #require(all["didTapRefresh()"])
        #expect(Self.sites(tap.selectors) == ["AppCoordinator.swift:5", "FeedViewController.swift:8"])
        #expect(tap.exposingAttributes == ["objc"] && tap.callers.isEmpty)
        let reload = try #require(all["reload()"])
        #expect(Self.sites(reload.callers) == ["AppCoordinator.swift:4", "FeedViewController.swift:9", "FeedViewController.swift:11"])
        #expect(Self.sites(reload.otherFileCallers) == ["AppCoordinator.swift:4"] && reload.isPinned)
        #expect(all["tableView(_:numberOfRowsInSection:)"]?.frameworkCallback == "UITableView callback (UITableViewDataSource)")
        #expect(all["refreshFeed()"]?.protocolRequirement == "FeedRefreshing")
        #expect(all["refreshFeed()"]?.frameworkCallback == nil)
        let unused = try #require(all["unused()"])
        #expect(!unused.isPinned && unused.callers.isEmpty && !unused.buildsViews)
        let table = try #require(all["tableView"])
        #expect(table.exposingAttributes == ["IBOutlet"] && Self.sites(table.callers) == ["FeedViewController.swift:12"])
        #expect(all["header"]?.viewBuildingLines == [3])
        #expect(result.index.mobility(ofMember: "unused()", inType: t) == unused)
    }

    @Test func frameworkCallbacksFollowTheDelegateConvention() throws {
        let result = Self.index([("Scan.swift", """
            final class ScanViewController: UIViewController, AVCaptureMetadataOutputObjectsDelegate, UIScrollViewDelegate, UITextFieldDelegate {
                func metadataOutput(_ output: AVCaptureMetadataOutput, didOutput objects: [AVMetadataObject], from connection: AVCaptureConnection) {}
                func scrollViewDidScroll(_ scrollView: UIScrollView) {}
                func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
                @IBAction func buttonTapped(_ sender: UIButton) {}
                func viewsChanged(_ view: UIView) {}
            }
            """)])
        let t = try #require(result.index.resolve("ScanViewController"))
        let callbacks = result.index.memberMobility(of: t).filter { $0.frameworkCallback != nil }.map(\.member)
        #expect(callbacks == ["metadataOutput(_:didOutput:from:)", "scrollViewDidScroll(_:)", "textFieldShouldReturn(_:)"])
    }

    /// A delegate conformance declared by a project superclass makes the subclass's method a callback.
    @Test func callbacksOfAConformanceTheSuperclassDeclares() throws {
        let result = Self.index([("Search.swift", """
            class SiteTableViewController: UIViewController, UITableViewDelegate, UITableViewDataSource {}
            final class SearchViewController: SiteTableViewController, LoaderListener {
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
                func loaderDidFinish(_ loader: Loader) {}
            }
            """)])
        let t = try #require(result.index.resolve("SearchViewController"))
        let callbacks = result.index.memberMobility(of: t).filter { $0.frameworkCallback != nil }.map(\.member)
        #expect(callbacks == ["tableView(_:didSelectRowAt:)"])
    }

    static let screenSources: [(String, String)] = [("Screens/DetailViewController.swift", """
        final class DetailViewController: UIViewController {
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        final class EditorViewController: UIViewController {
            static func make() -> EditorViewController { EditorViewController() }
        }
        """), ("Screens/ListViewController.swift", """
        final class ListViewController: UIViewController {
            func open() {
                let detail = storyboard?.instantiateViewController(withIdentifier: "Detail") as? DetailViewController
                let typed: DetailViewController = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Detail2")
                let editor = EditorViewController.make()
                let editor2 = EditorViewController.init()
                performSegue(withIdentifier: "showDetail", sender: nil)
                print(detail as Any, typed, editor, editor2)
            }
            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                if segue.identifier == "showDetail", let detail = segue.destination as? DetailViewController {
                    print(detail)
                }
                switch segue.identifier {
                case "edit": _ = segue.destination as! DetailViewController
                default: break
                }
            }
        }
        extension UIStoryboard {
            func makeDetail() -> DetailViewController { instantiateViewController(withIdentifier: "Detail3") as! DetailViewController }
        }
        final class Router { func go(_ sb: UIStoryboard) { _ = sb.makeDetail() } }
        """)]

    static func describe(_ sites: [CreationSite]) -> [String] {
        sites.map { "\(shortPath($0.file)):\($0.line) \($0.kind.rawValue) \($0.identifier ?? "-") \($0.via ?? "-")" }
    }

    @Test func creationSitesFindEveryWayAScreenIsMade() throws {
        let index = Self.index(Self.screenSources).index
        let detail = try #require(index.resolve("DetailViewController"))
        #expect(Self.describe(index.creationSites(of: detail)) == [
            "ListViewController.swift:3 storyboard Detail -",
            "ListViewController.swift:4 storyboard Detail2 -",
            "ListViewController.swift:11 segue showDetail -",
            "ListViewController.swift:15 segue edit -",
            "ListViewController.swift:21 storyboard Detail3 -",
            "ListViewController.swift:23 helper Detail3 UIStoryboard.makeDetail()",
        ])
        #expect(index.screenKind(of: detail) == .storyboard)
        let editor = try #require(index.resolve("EditorViewController"))
        #expect(Self.describe(index.creationSites(of: editor)) == [
            "DetailViewController.swift:5 initializer - -",
            "ListViewController.swift:5 helper - EditorViewController.make()",
            "ListViewController.swift:6 initializer - -",
        ])
        #expect(index.screenKind(of: editor) == .code)
        #expect(index.creationSites(of: try #require(index.resolve("ListViewController"))).isEmpty)
    }

    /// A cast on a later binding of the instantiation, a nib factory returning `Self` from an
    /// extension of UIViewController, and the screen making the next instance of itself.
    @Test func creationSitesThroughBindingsNibFactoriesAndTheScreenItself() throws {
        let index = Self.index([("Screens.swift", """
            extension UIViewController {
                static var nib: UINib { UINib(nibName: "\\(self)", bundle: nil) }
                static func instantiateFromNib() -> Self? {
                    func load<T: UIViewController>() -> T? { nib.instantiate(withOwner: nil, options: nil).first as? T }
                    return load()
                }
            }
            final class FolderViewController: UIViewController {
                @IBOutlet var title: UILabel!
                func openParent() { navigationController?.pushViewController(FolderViewController(folder: nil), animated: true) }
                func search() {
                    guard let controller = storyboard?.instantiateViewController(withIdentifier: "Folder"),
                          let folder = controller as? FolderViewController else { return }
                    show(folder, sender: nil)
                }
                func web() { if let web = WebPageViewController.instantiateFromNib() { show(web, sender: nil) } }
            }
            final class WebPageViewController: UIViewController {}
            """)]).index
        let folder = try #require(index.resolve("FolderViewController"))
        #expect(Self.describe(index.creationSites(of: folder)) == [
            "Screens.swift:10 initializer - -",
            "Screens.swift:13 storyboard Folder -",
        ])
        let web = try #require(index.resolve("WebPageViewController"))
        #expect(Self.describe(index.creationSites(of: web)) == ["Screens.swift:16 helper - UIViewController.instantiateFromNib()"])
        #expect(index.screenKind(of: web) == .storyboard)
    }

    @Test func screensListedByMetatypeAreCreatedWhereTheListIsInstantiated() throws {
        let index = Self.index([("Host.swift", """
            final class HostViewController: UIViewController {
                static let screens: [UIViewController.Type] = [
                    MapScreenViewController.self,
                ]
                func make() -> [UIViewController] { Self.screens.map { type in type.init(nibName: nil, bundle: nil) } }
                func register() { tableView.register(MapScreenViewController.self, forCellReuseIdentifier: "x") }
            }
            final class MapScreenViewController: UIViewController {}
            final class Catalog { let kinds = [MapScreenViewController.self] }
            """)]).index
        let map = try #require(index.resolve("MapScreenViewController"))
        #expect(Self.describe(index.creationSites(of: map)) == ["Host.swift:3 metatype - -"])
        #expect(index.screenKind(of: map) == .code)
    }

    @Test func testOnlyCodeIsCountedButIsNoEvidence() throws {
        let result = Self.index([("Debug.swift", """
            final class PingViewController: UIViewController {
                func ping() {
                    #if DEBUG
                    let url = URL(string: "https://example.com/ping")!
                    URLSession.shared.dataTask(with: url).resume()
                    #endif
                    if ProcessInfo.processInfo.environment["UITESTS"] != nil {
                        UserDefaults.standard.set(true, forKey: "stubbed")
                    }
                }
            }
            """)])
        let t = try #require(result.index.resolve("PingViewController"))
        let profile = try #require(result.profiles[t])
        // `#if DEBUG` with its two lines (the `#endif` closes the whole block), and the `if` body's three.
        #expect(profile.testOnlyLines == 6)
        #expect(profile.codeLines == 11)
        #expect(profile.sites.isEmpty)
        #expect(!result.findings.contains { $0.rule.hasPrefix("vc-") && $0.rule != "vc-size" })
    }

    @Test func helpersCopiedBetweenScreensAreGrouped() {
        let index = Self.index([("A.swift", """
            final class AViewController: UIViewController {
                func formatPrice(_ value: Double) -> String {
                    let rounded = (value * 100).rounded() / 100
                    let text = String(rounded)
                    return "$" + text
                }
                func short() { print(1) }
            }
            """), ("B.swift", """
            final class BViewController: UIViewController {
                // copied from A
                func formatPrice(_ value: Double) -> String {
                    let rounded = (value*100).rounded() / 100   // two decimals
                    let text = String(rounded)

                    return "$" + text
                }
                func short() { print(1) }
                func other(_ value: Double) -> String {
                    let rounded = value.rounded()
                    let text = String(rounded)
                    return "€" + text
                }
            }
            """)]).index
        #expect(index.duplicatedHelpers.map { $0.map { "\($0.type).\($0.member)@\($0.file):\($0.line)" } } == [
            ["AViewController.formatPrice(_:)@A.swift:2", "BViewController.formatPrice(_:)@B.swift:3"],
        ])
    }
}

extension MemberFactsTests {
    /// A project's nested `Constants.UserDefaults` key enum does not capture `UserDefaults.standard`:
    /// no cross-cutting task calls the key enum a singleton the screens reach.
    @Test func aNestedTypeNamedLikeASystemTypeDoesNotShadowIt() throws {
        var sources: [(String, String)] = [("Shared/Constants.swift", """
        enum Constants {
            enum UserDefaults: String { case theme = "theme" }
            struct Layout { static let margin = 8 }
        }
        """)]
        for screen in ["Alpha", "Beta", "Gamma"] {
            sources.append(("\(screen)/\(screen)ViewController.swift", """
            import UIKit
            final class \(screen)ViewController: UIViewController {
                func load() -> Bool { UserDefaults.standard.bool(forKey: Constants.UserDefaults.theme.rawValue) }
            }
            """))
        }
        let result = Auditor.audit(sources: sources)
        #expect(result.index.resolve("UserDefaults") == nil)
        #expect(result.index.resolve("Layout") != nil)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let titles = plan.features.flatMap(\.tasks).map(\.title)
        #expect(!titles.contains { $0.contains("singleton `Constants.UserDefaults`") }, "\(titles)")
    }
}
