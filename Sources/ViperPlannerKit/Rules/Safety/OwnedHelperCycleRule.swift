struct OwnedHelperCycleRule: Rule {
    static let description = RuleDescription(
        id: "owned-helper-cycle", name: "Owned helper holds the screen strongly", family: nil, severity: .critical,
        problem: "The view controller creates a helper object and keeps it in a stored property, and the helper keeps a strong reference back to the view controller (its owner, presenter or delegate). Each keeps the other alive: leaving the screen frees neither, and the helper's camera, timers or observers keep running.",
        fix: "Declare the helper's back-reference `weak var` (typed as a class-bound protocol), or pass the helper closures that capture `[weak self]`.",
        triggering: [
            Example("""
            final class ScannerViewController: UIViewController, ScanResultHandling {
                let ↓camera = CameraController()
                var ↓uploader: PhotoUploader?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    ↓camera.presentingViewController = self
                    uploader = PhotoUploader(handler: ↓self)
                }
            }
            final class CameraController {
                var ↓presentingViewController: UIViewController?
            }
            final class PhotoUploader {
                let ↓handler: ScanResultHandling
                init(handler: ScanResultHandling) { self.handler = handler }
            }
            protocol ScanResultHandling: AnyObject {}
            """),
        ],
        nonTriggering: [
            // A weak back-reference, an injected helper, a local helper and a local timer that
            // invalidates itself: nothing the view controller keeps holds it.
            Example("""
            final class ScannerViewController: UIViewController {
                let camera = CameraController()
                var uploader: PhotoUploader
                init(uploader: PhotoUploader) { self.uploader = uploader; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    camera.presentingViewController = self
                    uploader.owner = self
                    let preview = CameraController()
                    preview.presentingViewController = self
                    var ticks = 0
                    let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        ticks += 1
                        self.title = "\\(ticks)"
                        if ticks == 3 { timer.invalidate() }
                    }
                    RunLoop.main.add(timer, forMode: .common)
                }
            }
            final class CameraController {
                weak var presentingViewController: UIViewController?
            }
            final class PhotoUploader {
                var owner: UIViewController?
            }
            """),
            // The browser the scene delegate puts in the window lives as long as the app.
            Example("""
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    window?.rootViewController = BrowserViewController()
                }
            }
            final class BrowserViewController: UIViewController {
                let downloads = DownloadList()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    downloads.owner = self
                }
            }
            final class DownloadList {
                var owner: UIViewController?
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let index = context.index
        // The root screen the scene delegate makes lives as long as the app: its helpers' strong
        // back-references free nothing later.
        for t in index.types.indices where index.types[t].isViewController && index.types[t].kind == .class
            && !context.references.appLifetime.contains(t) {
            let handOffs = index.declarations(of: t).flatMap { entry in entry.decl.selfHandOffs.map { (entry.path, $0) } }
            guard !handOffs.isEmpty else { continue }
            for (path, decl) in index.declarations(of: t) {
                for property in decl.properties where !property.isStatic && !property.isWeak && !property.isUnowned && !property.isComputed {
                    guard let (helper, helperName) = ownedHelper(property, in: t, path: path, context: context) else { continue }
                    for (backPath, back) in backReferences(of: helper, to: t, context: context) {
                        let assignments = handOffs.filter { _, h in
                            (h.callee == nil && (h.chain == [property.name, back.name] || h.chain == ["self", property.name, back.name]))
                                || (h.callee == helperName && helperStores(back.name, of: helper, context: context))
                        }
                        guard !assignments.isEmpty else { continue }
                        let type = index.types[t].name
                        findings.append(Finding(
                            rule: Self.description, type: type, member: property.name, file: path, position: property.position,
                            message: "\(type) owns `\(property.name)` (\(helperName)), whose `\(back.name)` holds \(type) strongly: a retain cycle",
                            fix: Self.fix(back: back, helper: helperName, owner: type, context: context),
                            evidence: [Evidence(file: path, line: property.position.line, column: property.position.column),
                                       Evidence(file: backPath, line: back.position.line, column: back.position.column,
                                                note: "strong back-reference")]
                                + assignments.map { Evidence(file: $0.0, line: $0.1.position.line, column: $0.1.position.column, note: "self assigned") },
                            discriminator: property.name))
                    }
                }
            }
        }
        return findings
    }

    /// The project class a stored property holds an instance of that the view controller creates
    /// itself: `let camera = CameraController()`, or `camera = CameraController(…)` in its code.
    private func ownedHelper(_ property: PropertyFact, in t: Int, path: String, context: RuleContext) -> (Int, String)? {
        let index = context.index
        let created: String?
        if property.hasInitializer, property.initializerMember == nil, let type = property.initializerType { created = type }
        else if index.declarations(of: t).contains(where: { $0.decl.constructedProperties.contains(property.name) }) {
            created = property.typeName
        } else { created = nil }
        guard let name = created, let helper = index.resolve(name, near: path), helper != t,
              index.types[helper].kind == .class, !index.types[helper].isViewController else { return nil }
        return (helper, index.types[helper].shortName)
    }

    /// Strong stored properties of the helper typed as the view controller, `UIViewController`, or
    /// a protocol the view controller conforms to.
    private func backReferences(of helper: Int, to t: Int, context: RuleContext) -> [(String, PropertyFact)] {
        let index = context.index
        let vcNames: Set<String> = [index.types[t].name, index.types[t].shortName, "UIViewController"]
        let protocols = Set(index.types[t].inheritance)
        return index.declarations(of: helper).flatMap { entry in
            entry.decl.properties.filter { p in
                guard !p.isWeak, !p.isUnowned, !p.isStatic, !p.isComputed, let type = p.typeName else { return false }
                return vcNames.contains(type) || (protocols.contains(type) && !KnownTypes.isSystemTypeName(type)
                    && index.resolve(type, near: entry.path).map { index.types[$0].kind == .protocol } ?? true)
            }.map { (entry.path, $0) }
        }
    }

    /// The helper assigns the property in its own code (its initializer stores what it is given).
    private func helperStores(_ property: String, of helper: Int, context: RuleContext) -> Bool {
        context.index.declarations(of: helper).contains { $0.decl.assignedProperties.contains(property) }
    }
}

extension OwnedHelperCycleRule {
    /// `weak var owner: OrdersViewController?` for a class type; a protocol must also become
    /// class-bound (unless it already is) before it can be held weakly.
    static func fix(back: PropertyFact, helper: String, owner: String, context: RuleContext) -> String {
        let typeName = back.typeName ?? owner
        let protocolNeedsBound = context.index.resolve(typeName).map {
            context.index.types[$0].kind == .protocol && !context.index.types[$0].inheritance.contains { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }
        } ?? false
        return "Declare `weak var \(back.name): \(typeName)?` in \(helper)" + (protocolNeedsBound ? " and make `\(typeName)` class-bound (`: AnyObject`)" : "")
            + ", so the helper does not keep \(owner) alive."
    }

    static let planning = RulePlanning(
        category: .C, title: { type, member in "Owned helper \(member ?? "") holds \(type) strongly" },
        estimate: { finding, _ in
            [EstimatePart(2, "back-reference declared weak")] + (finding.fix.contains("class-bound") ? [EstimatePart(2, "its protocol made class-bound")] : [])
        },
        check: { _, member in "\(member)'s back-reference is `weak`; leaving the screen frees both (check in the memory graph)." })
}
