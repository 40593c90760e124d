struct ObserverNotRemovedRule: Rule {
    static let description = RuleDescription(
        id: "observer-not-removed", name: "Notification observer never removed", family: nil, severity: .high,
        problem: "The class registers a block observer with NotificationCenter and drops its token (so it can never be removed), or keeps tokens but never removes them (no removeObserver, no deinit). The block keeps running after the screen is gone, often once per time the screen was opened. Selector-based observers are not reported: since iOS 9 NotificationCenter removes them when the observer is deallocated.",
        fix: "Keep the observer token and remove it in `deinit` (or use a Combine publisher stored in the object's cancellables).",
        triggering: [
            Example("""
            class CartViewController: UIViewController {
                private var tokens: [NSObjectProtocol] = []
                override func viewDidLoad() {
                    tokens.append(NotificationCenter.default.↓addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in self?.refresh() })
                }
            }
            """),
            Example("""
            class CartViewController: UIViewController {
                deinit { print("bye") }
                func listen() {
                    NotificationCenter.default.↓addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in self?.refresh() }
                }
            }
            """),
        ],
        nonTriggering: [
            // The application delegate lives as long as the app: its observers never outlive it
            // (found in NetNewsWire's AppDelegate).
            Example("""
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: nil, queue: .main) { _ in Theme.reload() }
                    return true
                }
            }
            """),
            // Selector-based observers are removed by NotificationCenter itself (iOS 9+).
            Example("""
            class NewsViewController: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: UIApplication.didBecomeActiveNotification, object: nil)
                }
            }
            """),
            Example("""
            class CartViewController: UIViewController {
                private var token: NSObjectProtocol?
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: .cartChanged, object: nil)
                    token = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: .main) { [weak self] _ in self?.refresh() }
                }
                deinit {
                    NotificationCenter.default.removeObserver(self)
                    token.map(NotificationCenter.default.removeObserver)
                }
            }
            """),
        ])

    static let applicationDelegateProtocols: Set<String> = ["UIApplicationDelegate", "NSApplicationDelegate"]

    /// The application delegate is created once and never released.
    static func livesAsLongAsTheApp(_ type: IndexedType) -> Bool {
        type.inheritance.contains(where: applicationDelegateProtocols.contains)
    }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.classTypes where !Self.livesAsLongAsTheApp(context.index.types[t]) {
            let decls = context.index.declarations(of: t)
            let observers = decls.flatMap { d in d.decl.observers.filter { $0.style == .block }.map { (d.path, $0) } }
            guard !observers.isEmpty else { continue }
            let removes = decls.contains { $0.decl.removesObservers }
            let hasDeinit = decls.contains { $0.decl.hasDeinit }
            let offending = observers.filter { _, o in (o.style == .block && !o.tokenKept) || (!removes && !hasDeinit) }
            guard let (path, first) = offending.first else { continue }
            let type = context.index.types[t].name
            let dropped = offending.contains { $0.1.style == .block && !$0.1.tokenKept }
            findings.append(Finding(
                rule: Self.description, type: type, member: first.member, file: path, position: first.position,
                message: dropped ? "\(type) drops the token of a block observer, so it can never be removed"
                    : "\(type) adds \(offending.count) NotificationCenter block observer\(offending.count == 1 ? "" : "s") and never removes them (no removeObserver, no deinit)",
                fix: "Keep each observer token in a property and call `NotificationCenter.default.removeObserver(token)` in `deinit` of \(type).",
                evidence: offending.map { Evidence(file: $0.0, line: $0.1.position.line, column: $0.1.position.column) }))
        }
        return findings
    }
}

extension ObserverNotRemovedRule {
    static let planning = RulePlanning(
        category: .C, title: { type, _ in "NotificationCenter observers never removed in \(type)" },
        estimate: { _, _ in [EstimatePart(3, "token property and `deinit { removeObserver }`")] },
        check: { task, _ in "Observers are removed in `deinit` of \(task.viewController ?? "the type")." })
}

extension ObserverNotRemovedRule {
    static var rewrite: RuleRewrite? {
        RuleRewrite { finding, context in
            guard let owner = context.index.resolve(finding.type, near: finding.file) else {
                return .failure(Refusal("\(finding.type) cannot be found in the scanned sources"))
            }
            return ObserverRemoval.edits(finding, owner: owner, context: context)
        }
    }

    static var corrections: [Correction] {
        [
            // A dropped token is kept, and a new `deinit` removes it.
            Correction("""
            class CartViewController: UIViewController {
                let badge = UILabel()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in
                        self?.refresh()
                    }
                }

                func refresh() {}
            }
            """, """
            class CartViewController: UIViewController {
                let badge = UILabel()

                private var notificationTokens: [NSObjectProtocol] = []

                deinit {
                    notificationTokens.forEach(NotificationCenter.default.removeObserver)
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    notificationTokens.append(NotificationCenter.default.addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in
                        self?.refresh()
                    })
                }

                func refresh() {}
            }
            """),
            // Tokens kept but never removed, with no `deinit`: a new one removes them all; `_ =` keeps nothing.
            Correction("""
            class InboxViewController: UIViewController {
                private var tokens: [NSObjectProtocol] = []
                private var themeToken: NSObjectProtocol?
                override func viewDidLoad() {
                    tokens.append(NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { [weak self] _ in self?.reload() })
                    self.themeToken = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: .main) { [weak self] _ in self?.reload() }
                    _ = NotificationCenter.default.addObserver(forName: .signedOut, object: nil, queue: .main) { [weak self] _ in self?.reload() }
                }
                func reload() {}
            }
            """, """
            class InboxViewController: UIViewController {
                private var tokens: [NSObjectProtocol] = []
                private var themeToken: NSObjectProtocol?

                private var notificationTokens: [NSObjectProtocol] = []

                deinit {
                    notificationTokens.forEach(NotificationCenter.default.removeObserver)
                    tokens.forEach(NotificationCenter.default.removeObserver)
                    themeToken.map(NotificationCenter.default.removeObserver)
                }

                override func viewDidLoad() {
                    tokens.append(NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { [weak self] _ in self?.reload() })
                    self.themeToken = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: .main) { [weak self] _ in self?.reload() }
                    notificationTokens.append(NotificationCenter.default.addObserver(forName: .signedOut, object: nil, queue: .main) { [weak self] _ in self?.reload() })
                }
                func reload() {}
            }
            """),
            // A `deinit` there already removes the kept token first.
            Correction("""
            class ChatViewController: UIViewController {
                deinit {
                    print("bye")
                }
                func listen() {
                    NotificationCenter.default.addObserver(forName: .newMessage, object: nil, queue: .main) { [weak self] _ in self?.reload() }
                }
                func reload() {}
            }
            """, """
            class ChatViewController: UIViewController {
                private var notificationTokens: [NSObjectProtocol] = []

                deinit {
                    notificationTokens.forEach(NotificationCenter.default.removeObserver)
                    print("bye")
                }
                func listen() {
                    notificationTokens.append(NotificationCenter.default.addObserver(forName: .newMessage, object: nil, queue: .main) { [weak self] _ in self?.reload() })
                }
                func reload() {}
            }
            """),
            // An extension in another file adds it: the array cannot be private.
            Correction("""
            class CartViewController: UIViewController {
                func refresh() {}
            }
            """, """
            class CartViewController: UIViewController {
                var notificationTokens: [NSObjectProtocol] = []

                deinit {
                    notificationTokens.forEach(NotificationCenter.default.removeObserver)
                }

                func refresh() {}
            }
            """, support: ["CartViewController+Observing.swift": """
            extension CartViewController {
                func observe() {
                    NotificationCenter.default.addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in self?.refresh() }
                }
            }
            """], supportAfter: ["CartViewController+Observing.swift": """
            extension CartViewController {
                func observe() {
                    notificationTokens.append(NotificationCenter.default.addObserver(forName: .cartChanged, object: nil, queue: .main) { [weak self] _ in self?.refresh() })
                }
            }
            """]),
            // Inside a closure the property would need `self`, and the token lives as long as the closure.
            Correction("""
            class ProfileViewController: UIViewController {
                func askName() {
                    let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                    alert.addTextField { field in
                        _ = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: field, queue: .main) { _ in print(field.text ?? "") }
                    }
                }
            }
            """, refusal: "is added inside a closure"),
            // A block that holds `self` keeps it alive: `deinit` would never run.
            Correction("""
            class TabsViewController: UIViewController {
                var showingNews = false
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(forName: .newsDismissed, object: nil, queue: .main) { _ in self.showingNews = false }
                }
            }
            """, refusal: "holds `self` strongly in its block"),
        ]
    }
}
