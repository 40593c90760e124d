struct ObserverNotRemovedRule: Rule {
    static let description = RuleDescription(
        id: "observer-not-removed", name: "Notification observer never removed", family: nil, severity: .high,
        problem: "The class registers with NotificationCenter but never removes the observer (no removeObserver, no deinit), or drops the token of a block observer so it can never be removed. The block keeps running after the screen is gone, often once per time the screen was opened.",
        fix: "Keep the observer token and remove it in `deinit` (or use a Combine publisher stored in the object's cancellables).",
        triggering: [
            Example("""
            class CartViewController: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.↓addObserver(self, selector: #selector(refresh), name: .cartChanged, object: nil)
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

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.classTypes {
            let decls = context.index.declarations(of: t)
            let observers = decls.flatMap { d in d.decl.observers.map { (d.path, $0) } }
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
                    : "\(type) adds \(offending.count) NotificationCenter observer\(offending.count == 1 ? "" : "s") and never removes them (no removeObserver, no deinit)",
                fix: "Keep each observer token in a property and call `NotificationCenter.default.removeObserver(token)` in `deinit` of \(type).",
                evidence: offending.map { Evidence(file: $0.0, line: $0.1.position.line, column: $0.1.position.column) }))
        }
        return findings
    }
}
