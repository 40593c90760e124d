struct StrongSelfInStoredClosureRule: Rule {
    static let description = RuleDescription(
        id: "strong-self-in-stored-closure", name: "Stored closure captures self strongly", family: nil, severity: .critical,
        problem: "A closure that self keeps (in a property, a Combine subscription, a repeating timer, an observer token) captures self strongly. Self owns the closure and the closure owns self: neither is ever freed, so the screen leaks with everything it holds, and its observers keep firing after it is gone.",
        fix: "Capture `[weak self]` and unwrap it with `guard let self else { return }` at the top of the closure.",
        triggering: [
            Example("""
            class ProductViewController: UIViewController {
                var onCartChange: (() -> Void)?
                var cancellables = Set<AnyCancellable>()
                var timer: Timer?
                let viewModel = ProductViewModel()
                override func viewDidLoad() {
                    onCartChange = ↓{ self.updateBadge() }
                    viewModel.$total.sink ↓{ self.render($0) }.store(in: &cancellables)
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) ↓{ _ in self.tick() }
                    viewModel.onUpdate = ↓{ [self] in render(viewModel.total) }
                }
            }
            """),
            Example("""
            class ChatViewController: UIViewController {
                var tokens: [NSObjectProtocol] = []
                var observation: NSKeyValueObservation?
                func observe() {
                    tokens.append(NotificationCenter.default.addObserver(forName: .newMessage, object: nil, queue: .main) ↓{ _ in self.reload() })
                    observation = player.observe(\\.rate, options: [.new]) ↓{ _, _ in self.updatePlayButton() }
                }
            }
            """),
            // Form rows keep their handlers, and the view controller keeps the form.
            Example("""
            class ProfileFormViewController: FormViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    form +++ Section()
                        <<< SwitchRow("notify") { row in row.title = "Notify me" }
                            .onChange ↓{ row in self.save(row.value) }
                            .cellUpdate ↓{ cell, _ in cell.textLabel?.textColor = self.tint }
                        <<< TextRow("name").onChange { [weak self] row in self?.rename(row.value) }
                }
            }
            """),
            // A service that leaks keeps only itself: High, not Critical.
            Example("""
            final class PermissionService {
                var alert: PermissionAlert?
                func ask() { alert?.onAccept = ↓{ self.register() } }
                func register() {}
            }
            final class PermissionAlert { var onAccept: (() -> Void)? }
            """, severity: .high),
        ],
        nonTriggering: [
            Example("""
            class ProductViewController: UIViewController {
                var onCartChange: (() -> Void)?
                override func viewDidLoad() {
                    onCartChange = { [weak self] in self?.updateBadge() }
                    viewModel.$total.sink { [unowned self] in self.render($0) }.store(in: &cancellables)
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in self.tick() }
                    UIView.animate(withDuration: 0.3) { self.view.layoutIfNeeded() }
                    items.forEach { self.render($0) }
                    let cell = ItemCell()
                    cell.onTap = { self.open() }
                }
            }
            """),
            // Objects that live as long as the app: a shared instance, and the service the app's
            // context makes once and keeps.
            Example("""
            final class KeyboardWatcher {
                static let shared = KeyboardWatcher()
                var cancellables = Set<AnyCancellable>()
                init() {
                    NotificationCenter.default.publisher(for: .keyboardWillShow).sink { _ in self.update() }.store(in: &cancellables)
                }
                func update() {}
            }
            final class AppContext {
                static let shared = AppContext()
                let filters = FilterService()
            }
            final class FilterService {
                @Published var words: [String] = []
                var cancellables = Set<AnyCancellable>()
                func start() { $words.sink { _ in self.apply() }.store(in: &cancellables) }
                func apply() {}
            }
            """),
            // A sink on a request: the publisher completes and drops the closure.
            Example("""
            final class LoginViewModel: ObservableObject {
                var context: AppContext?
                var disposeBag = Set<AnyCancellable>()
                @Published var servers: [String] = []
                func load() {
                    context?.api.servers(domain: "example.org")
                        .receive(on: DispatchQueue.main)
                        .sink { _ in } receiveValue: { list in self.servers = list }
                        .store(in: &disposeBag)
                }
            }
            final class AppContext { let api = ServersAPI() }
            final class ServersAPI {
                func servers(domain: String) -> AnyPublisher<[String], Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: domain)!).map { _ in [] }.mapError { $0 }.eraseToAnyPublisher()
                }
            }
            """),
            // The closure is set in an initializer no code calls: the storyboard makes the screen
            // with `init(coder:)`.
            Example("""
            final class PlansViewController: UIViewController {
                let model = PlansModel()
                init(source: String) {
                    super.init(nibName: nil, bundle: nil)
                    model.onPurchase = { self.dismiss(animated: true) }
                }
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            final class PlansModel { var onPurchase: (() -> Void)? }
            """),
            // A repeating timer held only in a local and invalidated in its own scope ends: no cycle.
            Example("""
            class CountdownViewController: UIViewController {
                func start() {
                    var remaining = 3
                    let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        remaining -= 1
                        self.title = "\\(remaining)"
                        if remaining == 0 { timer.invalidate() }
                    }
                    RunLoop.main.add(timer, forMode: .common)
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { $0.invalidate(); self.flash() }
                }
                func poll() {
                    let poller = Timer(timeInterval: 0.5, repeats: true) { _ in self.refresh() }
                    RunLoop.main.add(poller, forMode: .common)
                    defer { poller.invalidate() }
                    waitForResult()
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        // An object that lives as long as the app (a shared instance, the service the app's context
        // makes once) frees nothing later: the cycle through its own closure leaks nothing.
        for t in context.classTypes where !context.references.appLifetime.contains(t) {
            let severity: Severity = Self.isScreenObject(t, context.index) ? .critical : .high
            for (path, decl) in context.index.declarations(of: t) {
                for closure in decl.closures where closure.usesSelf && (closure.capture == .strong || closure.capture == .none) {
                    guard let kept = context.storage(of: closure.context, in: t),
                          !Self.inUncalledInitializer(closure.member, of: t, context.index),
                          !Self.sinksOneRequest(closure, decl: decl, in: t, context) else { continue }
                    let type = context.index.types[t].name
                    findings.append(Finding(
                        rule: Self.description, severity: severity, type: type, member: closure.member, file: path, position: closure.position,
                        message: "Closure kept in \(kept) captures self strongly: \(type) → closure → \(type) is a retain cycle",
                        fix: "Capture `[weak self]` in the closure in \(closure.member.map { "`\($0)`" } ?? "this declaration") and unwrap it first (`guard let self else { return }`; a closure that returns a value returns its default instead, or uses `self?.…`).",
                        evidence: context.closureEvidence(path, closure), discriminator: context.discriminator(of: closure.context)))
                }
            }
        }
        return findings
    }

    /// What a screen is made of — a view controller, a view, a view model, a module role: its leak
    /// keeps the screen and everything it shows alive (Critical). A service or model that leaks
    /// keeps only itself (High).
    static func isScreenObject(_ t: Int, _ index: TypeIndex) -> Bool {
        let type = index.types[t]
        return type.isViewController || StrongReferences.isView(t, index) || type.shortName.hasSuffix("ViewModel")
            || [.presenter, .interactor, .router].contains(type.role)
            || (type.inheritance + type.superclassChain).contains("ObservableObject")
    }

    /// A `sink` on a network request's publisher (`api.servers(domain:).sink { … }`,
    /// `dataTaskPublisher`): the request completes and the subscription drops its closures, so
    /// the cycle lasts only as long as the request.
    static func sinksOneRequest(_ closure: ClosureFact, decl: TypeDeclFacts, in t: Int, _ context: RuleContext) -> Bool {
        guard case .combineSink(_, let upstream) = closure.context else { return false }
        if upstream.contains("dataTaskPublisher") { return true }
        var parts = upstream.filter { $0 != "?" && $0 != "!" }
        if parts.first == "self" { parts.removeFirst() }
        // A member along the chain that requests: `api.servers`, `appContext.apiService.servers`.
        for i in parts.indices.dropFirst() {
            let call = MemberReference(chain: Array(parts[..<i]), headType: nil, name: parts[i], isCall: true,
                                       member: closure.member, position: closure.position)
            guard let receiver = WrapperAnalysis.receiverType(of: call, in: t, index: context.index) else { continue }
            if context.wrappers.families(of: receiver, reference: call, index: context.index)[.networking] != nil { return true }
        }
        return false
    }

    /// A closure set in a custom initializer of a storyboard scene that no code creates: UIKit makes
    /// it with `init(coder:)`, so that initializer never runs.
    static func inUncalledInitializer(_ member: String?, of t: Int, _ index: TypeIndex) -> Bool {
        guard let member, member.hasPrefix("init("), member != "init(coder:)", index.types[t].isViewController,
              index.functions("init", of: t).contains(where: { $0.name == "init(coder:)" }),
              !index.types.indices.contains(where: { index.superclasses(of: $0).contains(t) }) else { return false }
        return index.creationSites(of: t).allSatisfy { [.storyboard, .segue, .injection].contains($0.kind) }
    }
}

extension StrongSelfInStoredClosureRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Strong `self` in a stored closure of \(type)\(member.map { " (\($0))" } ?? "")" },
        estimate: { _, _ in SafetyPlanning.captureListEstimate }, check: SafetyPlanning.captureListCheck)

    static var rewrite: RuleRewrite? { ClosureRewrites.weakSelf }

    static var corrections: [Correction] {
        [
            // One statement through `self` on one line keeps its line with `self?.`; anything else
            // gets `guard let self` on a line of its own, and `[self]` becomes `weak self`.
            Correction("""
            import Combine
            class CartViewController: UIViewController {
                var cancellables = Set<AnyCancellable>()
                var timer: Timer?
                var total = 0
                let store = CartStore()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    store.$total.sink { self.total = $0 }.store(in: &cancellables)
                    store.onChange = { self.render(self.total) }
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [self] _ in
                        render(total)
                    }
                }
                func render(_ total: Int) {}
            }
            final class CartStore { @Published var total = 0; var onChange: (() -> Void)? }
            """, """
            import Combine
            class CartViewController: UIViewController {
                var cancellables = Set<AnyCancellable>()
                var timer: Timer?
                var total = 0
                let store = CartStore()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    store.$total.sink { [weak self] in self?.total = $0 }.store(in: &cancellables)
                    store.onChange = { [weak self] in
                        guard let self else { return }
                        self.render(self.total)
                    }
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        render(total)
                    }
                }
                func render(_ total: Int) {}
            }
            final class CartStore { @Published var total = 0; var onChange: (() -> Void)? }
            """),
            // A closure that returns a value has no value to give back when `self` is gone.
            Correction("""
            class PriceViewController: UIViewController {
                var formatter: ((Int) -> String)?
                override func viewDidLoad() {
                    formatter = { value in return self.format(value) }
                }
                func format(_ value: Int) -> String { "\\(value)" }
            }
            """, refusal: "returns a value"),
            // A one-expression closure stored in a property that returns a value gives it back.
            Correction("""
            final class BorderView: UIView { var borderColor: (() -> UIColor)? }
            class EpisodeViewController: UIViewController {
                let border = BorderView()
                var tint = UIColor.red
                override func viewDidLoad() {
                    border.borderColor = { Theme.border(for: self.tint) }
                }
            }
            """, refusal: "not known to return nothing"),
        ]
    }
}
