struct StrongDelegateRule: Rule {
    static let description = RuleDescription(
        id: "strong-delegate", name: "Delegate held strongly", family: nil, severity: .critical,
        problem: "A delegate, data source or output is stored strongly. The object it points to usually owns this one, so the two keep each other alive and the whole screen leaks.",
        fix: "Declare it `weak var` and make its protocol class-bound (`: AnyObject`).",
        triggering: [
            Example("""
            class ProductCell: UITableViewCell {
                var ↓delegate: ProductCellDelegate?
                var ↓dataSource: GalleryDataSource?
                var ↓cartListener: CartDelegate?
            }
            """),
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
            for (path, decl) in context.index.declarations(of: t) {
                // An `override var delegate { didSet … }` adds observers to the superclass's storage,
                // whose `weak` it keeps.
                for property in decl.properties where !property.isWeak && !property.isUnowned && !property.isStatic
                    && !property.isComputed && !property.hasInitializer && !property.isOverride {
                    guard let type = property.typeName else { continue }
                    // A framework object (`AVCaptureVideoDataOutput`) is a concrete helper the class owns;
                    // only framework delegate and data-source protocols can point back at the owner.
                    if KnownTypes.isSystemTypeName(type), !type.hasSuffix("Delegate"), !type.hasSuffix("DataSource") { continue }
                    let byName = Self.names.contains(property.name) || property.name.hasSuffix("Delegate") || property.name.hasSuffix("DataSource")
                    let byType = ["Delegate", "DataSource", "Output"].contains(where: type.hasSuffix)
                    guard byName || byType, !type.hasPrefix("[") else { continue }
                    // A concrete helper object the class owns (`let dataSource: FeedContentSource`) must be
                    // strong: UIKit's own `dataSource`/`delegate` are weak. Back-references are protocols.
                    if let target = context.index.resolve(type, near: path), context.index.types[target].kind != .protocol { continue }
                    // The same for a helper the class creates and assigns itself (`pickerDelegate = PickerDelegate(…)`).
                    if context.index.declarations(of: t).contains(where: { $0.decl.constructedProperties.contains(property.name) }) { continue }
                    if ownedFromOutside.contains("\(t)|\(property.name)") { continue }
                    let owner = context.index.types[t].name
                    findings.append(Finding(
                        rule: Self.description, type: owner, member: property.name, file: path, position: property.position,
                        message: "`\(property.name)` of \(owner) is held strongly: a delegate usually owns its delegator, so both leak",
                        fix: "Declare `weak var \(property.name): \(type.isEmpty ? "…" : type)?`\(type.isEmpty ? "" : " and make `\(type)` inherit from `AnyObject`").",
                        evidence: [Evidence(file: path, line: property.position.line, column: property.position.column)],
                        discriminator: property.name))
                }
            }
        }
        return findings
    }
}

extension StrongDelegateRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Strong delegate \(member ?? "property") in \(type)" },
        estimate: { _, _ in [EstimatePart(2, "property declaration changed"), EstimatePart(2, "protocol made class-bound")] },
        check: { _, member in "\(member) is `weak` and its protocol is class-bound." })
}
