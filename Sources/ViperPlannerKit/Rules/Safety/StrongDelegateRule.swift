struct StrongDelegateRule: Rule {
    static let description = RuleDescription(
        id: "strong-delegate", name: "Delegate held strongly", family: nil, severity: .critical,
        problem: "A delegate, data source or output is stored strongly and the object it points at holds this one back, directly or through what it owns: each keeps the other alive and the whole screen leaks.",
        fix: "Declare it `weak var` and make its protocol class-bound (`: AnyObject`).",
        triggering: [
            // The list shows the cell and sets itself as its delegate: list → view hierarchy → cell → list.
            Example("""
            class ProductCell: UITableViewCell {
                var ↓delegate: ProductCellDelegate?
            }
            protocol ProductCellDelegate { func didTapBuy(_ cell: ProductCell) }
            final class ProductListViewController: UIViewController, ProductCellDelegate {
                func cell(at index: Int) -> ProductCell {
                    let cell = ProductCell()
                    ↓cell.delegate = self
                    return cell
                }
                func didTapBuy(_ cell: ProductCell) {}
            }
            """, fix: "Declare `weak var delegate: ProductCellDelegate?` and make `ProductCellDelegate` inherit from `AnyObject`."),
            // A helper the screen keeps, whose data source is the screen itself.
            Example("""
            final class GalleryPager {
                var ↓dataSource: GalleryPagerDataSource?
            }
            protocol GalleryPagerDataSource: AnyObject { func numberOfPages() -> Int }
            final class GalleryViewController: UIViewController, GalleryPagerDataSource {
                let ↓pager: GalleryPager
                init(pager: GalleryPager) { self.pager = pager; super.init(nibName: nil, bundle: nil) }
                func numberOfPages() -> Int { 3 }
            }
            """, fix: "Declare `weak var dataSource: GalleryPagerDataSource?`."),
            // The browser lives as long as the app, but it makes a fresh search screen for every
            // search and clears it: that screen and its suggestions leak together.
            Example("""
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func connect() { let browser = BrowserController(); browser.showSearch() }
            }
            final class BrowserController {
                var searchController: SearchController?
                func showSearch() { searchController = SearchController() }
                func hideSearch() { searchController = nil }
            }
            protocol SuggestionsDelegate: AnyObject {}
            final class Suggestions { var ↓delegate: SuggestionsDelegate? }
            final class SearchController: SuggestionsDelegate {
                let ↓suggestions = Suggestions()
                func start() { suggestions.delegate = self }
            }
            """, fix: "Declare `weak var delegate: SuggestionsDelegate?`."),
        ],
        nonTriggering: [
            // The screen that shows the list makes its animator and hands it over: the property is the
            // animator's only owner (UIKit's `transitioningDelegate` is weak), so `weak` would free it.
            Example("""
            class HistoryListViewController: UIViewController {
                var historyTransitionDelegate: UIViewControllerTransitioningDelegate? {
                    didSet { transitioningDelegate = historyTransitionDelegate }
                }
            }
            class BrowserViewController: UIViewController {
                func showHistory() {
                    let list = HistoryListViewController()
                    list.historyTransitionDelegate = HistoryListAnimator()
                    present(list, animated: true)
                }
            }
            """),
            Example("""
            class ProductCell: UITableViewCell {
                weak var delegate: ProductCellDelegate?
                unowned var owner: ProductOwner
                private let tableDelegate = ProductTableDelegate()
                private lazy var galleryDataSource: GalleryDataSource = makeGalleryDataSource()
                let listDataSource: ProductListDataSource
                static var sharedDelegate: AppDelegateProxy?
                var delegateName: String { "cell" }
            }
            struct Options { var delegate: OptionsDelegate? }
            // A helper the class creates for a system API and keeps alive (NetNewsWire's timeline).
            class TimelineViewController: UIViewController {
                var sharingServiceDelegate: NSSharingServiceDelegate?
                var pickerDelegate: UIDocumentPickerDelegate?
                func share() {
                    sharingServiceDelegate = SharingServiceDelegate(window: view.window)
                    self.pickerDelegate = try PickerDelegate.init(owner: self)
                }
            }
            final class ProductListDataSource: NSObject, UITableViewDataSource {}
            """),
            // A framework diffable data source the view model makes: the table view holds it weakly,
            // so the property is its only owner. A delegate nothing on the other side holds: a
            // download's delegate is the app-lifetime store that started it. A protocol only a
            // struct adopts: a value cannot hold anything back.
            Example("""
            final class TimelineViewModel {
                var diffableDataSource: UITableViewDiffableDataSource<TimelineSection, TimelineItem>?
                var dataSource: UICollectionViewDiffableDataSource<Int, String>!
            }
            final class Download {
                var delegate: DownloadDelegate?
            }
            protocol DownloadDelegate: AnyObject { func finished(_ download: Download) }
            final class DownloadStore: DownloadDelegate {
                func start() { let download = Download(); download.delegate = self }
                func finished(_ download: Download) {}
            }
            // The tab's delegate is the browser the scene delegate made: it lives as long as the app,
            // so holding it strongly keeps nothing alive that would otherwise be freed.
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func connect() { let browser = BrowserController(); browser.start() }
            }
            protocol TabDelegate: AnyObject {}
            final class Tab { var tabDelegate: TabDelegate? }
            final class BrowserController: TabDelegate {
                var tabs: [Tab] = []
                func start() { let tab = Tab(); tab.tabDelegate = self; tabs.append(tab) }
            }
            final class ReceiptPrinter {
                var output: ReceiptOutput?
                init(owner: Checkout) {}
            }
            protocol ReceiptOutput { func print(_ line: String) }
            struct ConsoleOutput: ReceiptOutput { let printer: ReceiptPrinter; func print(_ line: String) {} }
            final class Checkout { let printer = ReceiptPrinter(owner: Checkout()) }
            """),
            // A capture output the class creates and keeps; an override that only observes the
            // superclass's weak delegate.
            Example("""
            final class ScannerCamera: NSObject {
                private var videoOutput: AVCaptureVideoDataOutput?
                func configure() {
                    let output = AVCaptureVideoDataOutput()
                    output.setSampleBufferDelegate(self, queue: DispatchQueue(label: "frames"))
                    videoOutput = output
                }
            }
            class MessageCell: BaseMessageCell {
                override var delegate: MessageCellDelegate? {
                    didSet { textView.delegate = delegate }
                }
            }
            """),
        ])

    static let names: Set<String> = ["delegate", "dataSource", "output"]

    /// Properties that some code assigns a newly made object through a receiver
    /// (`list.transitionDelegate = ListAnimator()`): the property is that object's only owner.
    static func ownedFromOutside(_ index: TypeIndex) -> Set<String> {
        var owned: Set<String> = []
        for (u, type) in index.types.enumerated() {
            for location in type.decls {
                for reference in index.decl(location).references where reference.assignsNewObject && !reference.chain.isEmpty {
                    if case .project(let target)? = index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: u) {
                        owned.insert("\(target)|\(reference.name)")
                    }
                }
            }
        }
        return owned
    }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let ownedFromOutside = Self.ownedFromOutside(context.index)
        for t in context.classTypes where ![.presenter, .interactor, .router].contains(context.index.types[t].role) {
            let constructed = Set(context.index.declarations(of: t).flatMap(\.decl.constructedProperties))
            for (path, decl) in context.index.declarations(of: t) {
                // An `override var delegate { didSet … }` adds observers to the superclass's storage,
                // whose `weak` it keeps.
                for property in decl.properties where !property.isWeak && !property.isUnowned && !property.isStatic
                    && !property.isComputed && !property.hasInitializer && !property.isOverride {
                    guard let type = property.typeName, Self.isDelegateLike(property.name, type: type),
                          Self.isProtocolLike(type, near: path, context.index) else { continue }
                    // A helper the class creates and assigns itself (`pickerDelegate = PickerDelegate(…)`),
                    // or one some code makes and hands over, is owned: `weak` would free it.
                    if constructed.contains(property.name) || ownedFromOutside.contains("\(t)|\(property.name)") { continue }
                    guard let cycle = context.references.cycle(closedBy: property, of: t, in: path, context.index) else { continue }
                    let owner = context.index.types[t].name
                    findings.append(Finding(
                        rule: Self.description, type: owner, member: property.name, file: path, position: property.position,
                        message: "`\(property.name)` of \(owner) is held strongly and closes a retain cycle: \(StrongReferences.describe(cycle, context.index))",
                        fix: context.weakFix(property.name, type: type, near: path),
                        evidence: context.cycleEvidence(cycle), discriminator: property.name))
                }
            }
        }
        return findings
    }

    static func isDelegateLike(_ name: String, type: String) -> Bool {
        let byName = names.contains(name) || name.hasSuffix("Delegate") || name.hasSuffix("DataSource")
        let byType = ["Delegate", "DataSource", "Output"].contains(where: StrongReferences.bareName(type).hasSuffix)
        return (byName || byType) && !type.hasPrefix("[")
    }

    /// A protocol the pointee adopts, so it may be the owner: a project protocol, or a framework
    /// delegate or data-source protocol. A concrete object (`let dataSource: FeedContentSource`, a
    /// framework `UITableViewDiffableDataSource<…>`, an `AVCaptureVideoDataOutput`) is a helper the
    /// class owns: UIKit's own `dataSource`/`delegate` are weak, so the property is its only owner.
    static func isProtocolLike(_ type: String, near path: String, _ index: TypeIndex) -> Bool {
        let bare = StrongReferences.bareName(type)
        if let target = index.resolve(bare, near: path) { return index.types[target].kind == .protocol }
        guard KnownTypes.isSystemTypeName(bare) else { return true }
        return bare == type.filter { $0 != "?" && $0 != "!" } && !bare.contains("Diffable")
            && (bare.hasSuffix("Delegate") || bare.hasSuffix("DataSource"))
    }
}

extension StrongDelegateRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Strong delegate \(member ?? "property") in \(type)" },
        estimate: { _, _ in [EstimatePart(2, "property declaration changed"), EstimatePart(2, "protocol made class-bound")] },
        check: { _, member in "\(member) is `weak` and its protocol is class-bound." })

    static var rewrite: RuleRewrite? { WeakPropertyRewrite.rewrite }

    static var corrections: [Correction] {
        [
            // The protocol, in another file, becomes class-bound: only classes adopt it.
            Correction("""
            final class PlayerView: UIView {
                var delegate: PlayerViewDelegate?
            }
            final class PlayerViewController: UIViewController, PlayerViewDelegate {
                let playerView = PlayerView()
                override func viewDidLoad() { playerView.delegate = self }
                func playerDidFinish() {}
            }
            """, """
            final class PlayerView: UIView {
                weak var delegate: PlayerViewDelegate?
            }
            final class PlayerViewController: UIViewController, PlayerViewDelegate {
                let playerView = PlayerView()
                override func viewDidLoad() { playerView.delegate = self }
                func playerDidFinish() {}
            }
            """, support: ["PlayerViewDelegate.swift": "protocol PlayerViewDelegate {\n    func playerDidFinish()\n}\n"],
               supportAfter: ["PlayerViewDelegate.swift": "protocol PlayerViewDelegate: AnyObject {\n    func playerDidFinish()\n}\n"]),
            // A struct adopts the protocol too: it cannot become class-bound.
            Correction("""
            protocol ListDelegate { func didSelect(_ index: Int) }
            struct SelectionLogger: ListDelegate { func didSelect(_ index: Int) {} }
            final class ListView: UIView { var delegate: ListDelegate? }
            final class ListViewController: UIViewController, ListDelegate {
                let list = ListView()
                override func viewDidLoad() { list.delegate = self }
                func didSelect(_ index: Int) {}
            }
            """, refusal: "also adopted by SelectionLogger"),
            // The protocol comes from a library outside the sources: making it class-bound would
            // mean editing a type that is not the project's.
            Correction("""
            final class ChartView: UIView { var delegate: ChartKitDelegate? }
            final class StatsViewController: UIViewController, ChartKitDelegate {
                let chart = ChartView()
                override func viewDidLoad() { chart.delegate = self }
            }
            """, refusal: "`ChartKitDelegate` is not declared in the scanned sources"),
        ]
    }
}
