struct UIOffMainThreadRule: Rule {
    static let description = RuleDescription(
        id: "ui-off-main-thread", name: "UI updated off the main thread", family: nil, severity: .critical,
        problem: "A URLSession completion or a background-queue block updates the screen's views directly. UIKit is main-thread only: this crashes intermittently, corrupts layout, or silently shows nothing.",
        fix: "Hop to the main queue (`DispatchQueue.main.async` or `await MainActor.run`) before touching any view.",
        triggering: [
            Example("""
            class CartViewController: UIViewController {
                @IBOutlet var totalLabel: UILabel!
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        self.items = decode(data)
                        self.tableView.↓reloadData()
                        self.totalLabel.↓text = "…"
                    }.resume()
                    DispatchQueue.global().async ↓{ [weak self] in
                        guard let self else { return }
                        ↓title = "Done"
                    }
                }
            }
            """),
            // A project helper that runs the block where it is called, or on a background queue,
            // is no hop to the main thread.
            Example("""
            class FeedViewController: UIViewController {
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        withLogging { self.tableView.↓reloadData() }
                        inBackground { self.tableView.↓reloadData() }
                    }.resume()
                }
            }
            """, support: ["Helpers.swift": """
            func withLogging(_ block: () -> Void) { print("start"); block() }
            func inBackground(_ block: @escaping () -> Void) { DispatchQueue.global().async(execute: block) }
            """]),
        ],
        nonTriggering: [
            Example("""
            class CartViewController: UIViewController {
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                        let parsed = decode(data)
                        DispatchQueue.main.async {
                            self?.items = parsed
                            self?.tableView.reloadData()
                        }
                    }.resume()
                    DispatchQueue.main.async { self.tableView.reloadData() }
                }
            }
            """),
            // Project helpers whose bodies hand the block to the main queue, or run it when already
            // on the main thread. A free function:
            Example("""
            class FeedViewController: UIViewController {
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        runOnMain { self.tableView.reloadData() }
                    }.resume()
                }
            }
            """, support: ["MainThread.swift": """
            func runOnMain(_ block: @escaping () -> Void) {
                DispatchQueue.main.async(execute: block)
            }
            """]),
            // A static method that checks the thread first:
            Example("""
            class FeedViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                func load() {
                    DispatchQueue.global().async { MainThread.run { self.titleLabel.text = "Feed" } }
                }
            }
            """, support: ["MainThread.swift": """
            enum MainThread {
                static func run(_ work: @escaping () -> Void) {
                    if Thread.isMainThread { work() } else { DispatchQueue.main.async { work() } }
                }
            }
            """]),
            // A queue extension called on the main queue:
            Example("""
            class FeedViewController: UIViewController {
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        DispatchQueue.main.safeAsync { self.tableView.reloadData() }
                    }.resume()
                }
            }
            """, support: ["DispatchQueue+Main.swift": """
            extension DispatchQueue {
                func safeAsync(_ block: @escaping () -> Void) {
                    if self === DispatchQueue.main && Thread.isMainThread { block() } else { async(execute: block) }
                }
            }
            """]),
            // A base class method that returns early when already on the main thread:
            Example("""
            class FeedViewController: BaseViewController {
                @IBOutlet var titleLabel: UILabel!
                func load() {
                    DispatchQueue.global().async { self.performOnMain { self.titleLabel.text = "Done" } }
                }
            }
            """, support: ["BaseViewController.swift": """
            class BaseViewController: UIViewController {
                func performOnMain(_ block: @escaping () -> Void) {
                    guard Thread.isMainThread else { DispatchQueue.main.async(execute: block); return }
                    block()
                }
            }
            """]),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let helpers = MainHopHelpers(index: context.index)
        for t in context.responsibilities.keys {
            for (path, decl) in context.index.declarations(of: t) {
                for closure in decl.closures {
                    let work: String
                    switch closure.context {
                    case .urlSessionCompletion: work = "a URLSession completion"
                    case .backgroundQueue: work = "a background-queue block"
                    default: continue
                    }
                    // Blocks inside it handed to a project helper that hops to the main thread.
                    let onMain = decl.closures.filter { inner in
                        inner.position > closure.position && inner.endLine <= closure.endLine
                            && helpers.runsOnMain(inner.context, in: t, index: context.index)
                    }
                    let touches = closure.uiTouches.filter { touch in
                        isUIState(touch.root, of: t, context: context)
                            && !onMain.contains { $0.position <= touch.position && touch.position.line <= $0.endLine }
                    }
                    guard !touches.isEmpty else { continue }
                    let type = context.index.types[t].name
                    let names = FamilyFindings.orderedUnique(touches.map { $0.root == "self" ? $0.leaf : "\($0.root).\($0.leaf)" })
                    findings.append(Finding(
                        rule: Self.description, type: type, member: closure.member, file: path, position: closure.position,
                        message: "\(work.prefix(1).uppercased() + work.dropFirst()) in \(type) touches UIKit off the main thread: \(names.joined(separator: ", "))",
                        fix: "Wrap the view updates (\(names.map { "`\($0)`" }.joined(separator: ", "))) in `DispatchQueue.main.async { … }`; later the Presenter delivers results on the main queue.",
                        evidence: [Evidence(file: path, line: closure.position.line, column: closure.position.column)]
                            + touches.map { Evidence(file: path, line: $0.position.line, column: $0.position.column) },
                        discriminator: context.discriminator(of: closure.context)))
                }
            }
        }
        return findings
    }

    private func isUIState(_ root: String, of t: Int, context: RuleContext) -> Bool {
        if KnownAPIs.inheritedUIState.contains(root) { return true }
        guard let (property, _) = context.index.property(root, of: t) else { return false }
        return property.isIBOutlet || (property.typeName ?? "").hasPrefix("UI")
    }
}

extension UIOffMainThreadRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "UI touched off the main thread in \(type)\(member.map { " (\($0))" } ?? "")" },
        estimate: { finding, _ in
            let touched = max(1, finding.message.split(separator: ",").count)
            return [EstimatePart(2, "`DispatchQueue.main.async {` and `}`"), EstimatePart(2 * touched, "\(touched) view update\(touched == 1 ? "" : "s") re-indented")]
        },
        check: { _, member in "Every view update in \(member) runs on the main queue (Main Thread Checker stays silent)." })

    /// The view updates (the evidence after the closure itself) wrapped in `DispatchQueue.main.async`.
    static var rewrite: RuleRewrite? {
        RuleRewrite.atFinding { source, offset, finding in
            let touches = finding.evidence.dropFirst().filter { $0.file == finding.file }
                .compactMap { source.offset(line: $0.line, column: $0.column) }
            return MainQueueRewrite.wrap(in: source, closureAt: offset, touches: touches)
        }
    }

    static var corrections: [Correction] {
        [
            // From the first view update to the last; a comment after the last stays on its line. The
            // closure unwraps `self`, so the block inside captures it to keep using it.
            Correction("""
            class FeedViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                @IBOutlet var tableView: UITableView!
                var items: [String] = []
                func load() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] data, _, _ in
                        guard let self, let data else { return }
                        let names = String(decoding: data, as: UTF8.self).components(separatedBy: ",")
                        self.items = names
                        self.titleLabel.text = "\\(names.count) items"
                        self.tableView.reloadData() // shows the new items
                    }.resume()
                }
            }
            """, """
            class FeedViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                @IBOutlet var tableView: UITableView!
                var items: [String] = []
                func load() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] data, _, _ in
                        guard let self, let data else { return }
                        let names = String(decoding: data, as: UTF8.self).components(separatedBy: ",")
                        self.items = names
                        DispatchQueue.main.async { [self] in
                            self.titleLabel.text = "\\(names.count) items"
                            self.tableView.reloadData() // shows the new items
                        }
                    }.resume()
                }
            }
            """),
            // A `try` cannot move into the main-queue block without its `do`.
            Correction("""
            class TitleViewController: UIViewController {
                @IBOutlet var titleLabel: UILabel!
                func load() {
                    DispatchQueue.global().async { [weak self] in
                        do {
                            self?.titleLabel.text = try String(contentsOfFile: "/tmp/title")
                        } catch {}
                    }
                }
            }
            """, refusal: "`try`"),
        ]
    }
}

/// The project's own ways to the main thread: functions whose body hands their closure parameter
/// to the main queue (see `MainHopDetector`), by where they are declared.
struct MainHopHelpers {
    /// Top-level functions by base name.
    var free: Set<String> = []
    /// Declared or extended type name → function base name → (hop, static).
    var methods: [String: [String: (hop: MainHop, isStatic: Bool)]] = [:]

    init(index: TypeIndex) {
        for file in index.files {
            free.formUnion(file.mainHopFunctions)
            for decl in file.types {
                for function in decl.functions {
                    guard let hop = function.closureHop else { continue }
                    methods[decl.name, default: [:]][baseName(function.name)] = (hop, function.isStatic)
                }
            }
        }
    }

    /// Whether a closure passed to this call runs on the main thread: `runOnMain { }`,
    /// `MainThread.run { }`, `DispatchQueue.main.safeAsync { }`, `helper.onMain { }`.
    func runsOnMain(_ context: ClosureContext, in t: Int, index: TypeIndex) -> Bool {
        guard case .callArgument(let chain, let headType, let name) = context, !free.isEmpty || !methods.isEmpty else { return false }
        if chain.isEmpty || chain == ["self"] {
            if chain.isEmpty, free.contains(name) { return true }
            let owners = ([t] + index.superclasses(of: t)).map { index.types[$0].name } + index.types[t].superclassChain
            return owners.contains { methods[$0]?[name]?.hop == .main }
        }
        // `DispatchQueue.main.safeAsync { }`: a queue extension's method called on the main queue.
        if chain.last == "main", let head = chain.first, let method = methods[head]?[name] {
            return method.hop == .main || MainHopDetector.queueTypes.contains(head)
        }
        if chain.count == 1, isTypeLikeName(chain[0]), let method = methods[chain[0]]?[name] {
            return method.isStatic && method.hop == .main
        }
        let reference = MemberReference(chain: chain, headType: headType, name: name, isCall: true, member: nil,
                                        position: SourcePosition(line: 0, column: 0))
        guard let target = WrapperAnalysis.receiverType(of: reference, in: t, index: index) else { return false }
        return methods[index.types[target].name]?[name]?.hop == .main
    }
}
