struct ForceUnwrappedDependencyRule: Rule {
    static let description = RuleDescription(
        id: "force-unwrapped-dependency", name: "Force-unwrapped dependency", family: nil, severity: .medium,
        problem: "A dependency (a service, an id, a model) is declared `var name: Type!` and must be set from outside after the object is created (the class never assigns it itself). The first caller that forgets it — a new deep link, a test, a refactored flow — crashes the app.",
        fix: "Pass it to the initialiser (constructor injection) and store it as a `let`.",
        triggering: [
            Example("""
            class ProductViewController: UIViewController {
                var ↓product: Product!
                var ↓service: ProductService!
                @IBOutlet var titleLabel: UILabel!
            }
            """),
            // A storyboard-created screen: the Fix is a factory that sets it after instantiation.
            Example("""
            final class OrderViewController: UIViewController {
                var ↓dataManager: DataManager!
            }
            """, support: ["Flow.swift": """
            final class Flow {
                func showOrder(from nav: UINavigationController) {
                    let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Order") as! OrderViewController
                    vc.dataManager = DataManager()
                    nav.pushViewController(vc, animated: true)
                }
            }
            final class DataManager {}
            """], fix: "OrderViewController is created from a storyboard: add `static func make(dataManager: DataManager) -> OrderViewController` that instantiates it and sets `dataManager` before returning, make the property `private(set)`, and switch the 1 place that creates OrderViewController to the factory. `dataManager` is assigned outside OrderViewController today at `Flow.swift:4`: that write moves into `make(dataManager:)`, a method of OrderViewController, and `Flow.swift` calls it instead."),
            // The screen inside a storyboard's initial navigation controller: the code that unpacks
            // it is its creation path, and a factory cannot return the container, so it configures.
            Example("""
            final class InboxViewController: UIViewController {
                var ↓mailbox: Mailbox!
            }
            """, support: ["AppFlow.swift": """
            final class AppFlow {
                func start(in window: UIWindow) {
                    let storyboard = UIStoryboard(name: "Inbox", bundle: nil)
                    let nav = storyboard.instantiateInitialViewController() as? UINavigationController
                    let inbox = nav?.topViewController as? InboxViewController
                    inbox?.mailbox = Mailbox()
                    window.rootViewController = nav
                }
            }
            final class Mailbox {}
            """], fix: "InboxViewController is created from a storyboard: add `func configure(mailbox: Mailbox)` that sets `mailbox`, make the property `private(set)`, and call it at the 1 place that sets InboxViewController up today (`AppFlow.swift:5`) instead of assigning `mailbox`. `mailbox` is assigned outside InboxViewController today at `AppFlow.swift:6`: that write moves into `configure(mailbox:)`, a method of InboxViewController, and `AppFlow.swift` calls it instead."),
            // Storyboard tabs a parent sets up, and sets again when the account changes: the
            // property stays settable.
            Example("""
            final class FeedViewController: UIViewController {
                var ↓session: AccountSession!
            }
            """, support: ["TabsController.swift": """
            final class TabsController: UITabBarController {
                let accounts = AccountStore()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    for tab in viewControllers ?? [] { (tab as? FeedViewController)?.session = accounts.current }
                }
                func accountDidChange() {
                    for tab in viewControllers ?? [] { (tab as? FeedViewController)?.session = accounts.current }
                }
            }
            final class AccountSession {}
            final class AccountStore { var current = AccountSession() }
            """], fix: "FeedViewController is set up by a parent after a storyboard makes it: add `func configure(session: AccountSession)` that sets `session`, keep `session` a settable `var` (it is set again after creation by `TabsController.accountDidChange`, `TabsController.viewDidLoad`), and call it at the 2 places that set FeedViewController up today (`TabsController.swift:5`, `TabsController.swift:8`) instead of assigning `session`."),
            // A protocol the screen adopts requires the property `{ get set }`: the initialiser
            // takes it and the declaration stays as the protocol wants it.
            Example("""
            protocol SessionConsumer: AnyObject { var session: UserSession! { get set } }
            final class ReaderOptionsViewController: UIViewController, SessionConsumer {
                var ↓session: UserSession!
            }
            """, support: ["Router.swift": """
            final class Router {
                func showReaderOptions(from nav: UINavigationController) {
                    let options = ReaderOptionsViewController()
                    options.session = UserSession()
                    nav.pushViewController(options, animated: true)
                }
            }
            final class UserSession {}
            """], fix: "Add `session: UserSession` to ReaderOptionsViewController's initialiser so every creation sets it, and keep the declaration `var session: UserSession!` that `SessionConsumer` requires (`{ get set }`)."),
            // Created in code and set again later by another type: the initialiser takes it, the
            // property stays a settable `var`.
            Example("""
            final class ChatViewController: UIViewController {
                var ↓room: Room!
            }
            """, support: ["ChatFlow.swift": """
            final class ChatFlow {
                let chat: ChatViewController
                init(room: Room) {
                    chat = ChatViewController()
                    chat.room = room
                }
                func switchRoom(to room: Room) { chat.room = room }
            }
            final class Room {}
            """], fix: "Add `room: Room` to ChatViewController's initialiser so every creation sets it, and declare it `var room: Room` without the `!`: it stays settable because it is set again after creation by `ChatFlow.switchRoom`."),
            // A screen no code creates (it has outlets, a storyboard segue shows it) is a storyboard screen too.
            Example("""
            final class EditAccountViewController: UIViewController {
                @IBOutlet weak var nameField: UITextField!
                var ↓account: User!
                override func viewDidLoad() { super.viewDidLoad(); nameField.text = account.name }
            }
            """),
            // A Presenter's Interactor and Router can be passed to its initialiser by the builder;
            // its view is the wiring (set after both exist).
            Example("""
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput!
                var ↓interactor: OrdersInteractorInput!
                var ↓router: OrdersRouterInput!
            }
            """, support: ["OrdersContract.swift": """
            protocol OrdersPresenterInput: AnyObject {}
            protocol OrdersViewInput: AnyObject {}
            protocol OrdersInteractorInput: AnyObject {}
            protocol OrdersRouterInput: AnyObject {}
            final class OrdersInteractor: OrdersInteractorInput {}
            final class OrdersRouter: OrdersRouterInput {}
            """]),
        ],
        nonTriggering: [
            // Views and constraints a layout factory fills in are outlets in all but name.
            Example("""
            final class HomeFlowCoordinator {
                var toolbar: UIToolbar!
                var toolbarHeight: NSLayoutConstraint!
                var logoContainer: LogoContainerView!
                var omniBar: AddressBar!
            }
            final class AddressBar: UIStackView {}
            """),
            Example("""
            class ProductViewController: UIViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBOutlet var priceLabel: UILabel!
                private var dataTask: URLSessionDataTask!
                fileprivate var fontButtons: [UIButton]!
                var spinner: UIActivityIndicatorView!
                override var tintColor: UIColor! { didSet { render() } }
                let product: Product
                var service: ProductService?
                weak var coordinatorDelegate: FlowDelegate!
                var presenter: LoginPresenterInterface!
                init(product: Product) { self.product = product; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() { spinner = UIActivityIndicatorView(style: .medium) }
            }
            """),
        ])

    /// Views and constraints filled in by a layout factory are outlets in all but name, and the
    /// VIPER view ↔ presenter cycle can only be wired by a property: neither is a dependency.
    static func isViewOrWiring(_ type: String, _ context: RuleContext) -> Bool {
        if type.hasPrefix("UI") || type.hasPrefix("NSLayout") || type.hasSuffix("View") || type.hasSuffix("ViewController") {
            return true
        }
        if RoleClassifier.roleProtocolMarkers.contains(where: { type.hasSuffix($0.0) }) { return true }
        // The app's own views (`AddressBar: UIView`) are views too.
        if let t = context.index.resolve(type), context.index.types[t].superclassChain.last?.hasPrefix("UI") == true,
           !context.index.types[t].isViewController { return true }
        if let t = context.index.resolve(type), [.presenter, .interactor, .router].contains(context.index.types[t].role) { return true }
        return ["Presenter", "PresenterInterface", "Interactor", "Wireframe", "Router"].contains(where: type.hasSuffix)
    }

    /// A Presenter's Interactor and Router are its dependencies, not wiring: the builder creates them
    /// before the Presenter and can pass them to its initialiser.
    static func isPresenterDependency(owner: Int, _ type: String, _ context: RuleContext) -> Bool {
        guard context.index.types[owner].role == .presenter else { return false }
        if let t = context.index.resolve(type), [.interactor, .router].contains(context.index.types[t].role) { return true }
        let short = String(lastPart(type) ?? "")
        return ["Interactor", "InteractorInput", "InteractorProtocol", "InteractorInterface", "BusinessLogic",
                "Router", "RouterInput", "RouterProtocol", "RoutingLogic", "Wireframe", "WireframeProtocol"].contains { short.hasSuffix($0) }
    }

    func findings(in context: RuleContext) -> [Finding] {
        var candidates: [(t: Int, path: String, property: PropertyFact)] = []
        for t in context.classTypes {
            // Set by the class itself (in viewDidLoad, a setup method, init): not a dependency.
            let assignedByItself = Set(context.index.declarations(of: t).flatMap(\.decl.assignedProperties))
            for (path, decl) in context.index.declarations(of: t) {
                for property in decl.properties where property.isImplicitlyUnwrapped && !property.isIBOutlet
                    && !property.isLet && !property.isStatic && !property.isComputed && !property.isPrivate
                    && !property.isOverride && !property.hasInitializer && !assignedByItself.contains(property.name)
                    && !property.isWeak && (Self.isPresenterDependency(owner: t, property.typeName ?? "", context)
                                            || !Self.isViewOrWiring(property.typeName ?? "", context)) {
                    candidates.append((t, path, property))
                }
            }
        }
        let fixes = ForceUnwrappedDependencyFix(context: context, propertyNames: Set(candidates.map(\.property.name)))
        return candidates.map { t, path, property in
            let owner = context.index.types[t].name
            let fix = fixes.fix(for: property, of: t)
            // The writes a `private(set)` Fix moves into the owner: each file holding one is edited.
            let writes = fix.movedWrites.map { Evidence(file: $0.file, line: $0.line, column: $0.column, note: "sets `\(property.name)` today") }
            return Finding(
                rule: Self.description, type: owner, member: property.name, file: path, position: property.position,
                message: "`\(property.name): \(property.typeName ?? "…")!` of \(owner) must be set from outside; a caller that forgets it crashes",
                fix: fix.text,
                evidence: [Evidence(file: path, line: property.position.line, column: property.position.column)] + writes,
                discriminator: property.name)
        }
    }
}

extension ForceUnwrappedDependencyRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Force-unwrapped dependency \(member ?? "") in \(type)" },
        estimate: { finding, uses in
            let uses = uses()
            let unchanged = EstimatePart(0, "\(uses) use\(uses == 1 ? "" : "s") unchanged")
            let access = finding.fix.contains("private(set)") ? [EstimatePart(1, "property becomes `private(set)`")] : []
            // The storyboard forms of the fix (their wording in ForceUnwrappedDependencyFix) name
            // how many places switch.
            let sites = ["and switch the ", "and call it at the "].lazy.compactMap { finding.fix.range(of: $0) }.first
                .map { Int(finding.fix[$0.upperBound...].prefix { $0.isNumber }) ?? 1 }
            if finding.fix.contains("static func make(") {
                let n = sites ?? 0
                return [EstimatePart(7, "`make(…)` factory: instantiate, set, return")] + access
                    + (n == 0 ? [] : [EstimatePart(2 * n, "\(n) creation site\(n == 1 ? "" : "s") switched to the factory")]) + [unchanged]
            }
            if finding.fix.contains("func configure(") {
                let n = sites ?? 1
                return [EstimatePart(3, "`configure(…)` that sets it")] + access
                    + [EstimatePart(2 * n, "\(n) assignment\(n == 1 ? "" : "s") replaced by the call"), unchanged]
            }
            let declaration = finding.fix.contains("declare `let ") ? "property becomes `let`" : "property loses its `!`"
            return [EstimatePart(2, declaration), EstimatePart(4, "initialiser parameter and assignment"),
                    EstimatePart(2, "call site of the initialiser"), unchanged]
        },
        check: { task, member in
            if task.fix.contains("static func make(") { return "No `!` dependency: \(member) is set by the factory, the only way the screen is created." }
            if task.fix.contains("func configure(") { return "Every place that sets up the type calls `configure(…)`: \(member) is never read unset." }
            return task.fix.contains("declare `let ") ? "No `!` dependency: \(member) is a `let` set by the initialiser."
                : "No `!` dependency: \(member) is set by the initialiser and stays settable."
        })
}

extension ForceUnwrappedDependencyRule {
    /// The code-created form of the Fix (its wording in ForceUnwrappedDependencyFix): the
    /// initialiser takes the dependency. A storyboard or a parent makes the others: no initialiser
    /// of ours runs, and their factory or `configure(…)` is for a person to write.
    static var rewrite: RuleRewrite? {
        RuleRewrite { finding, context in
            guard finding.fix.hasPrefix("Add `"), let property = finding.member,
                  let owner = context.index.resolve(finding.type, near: finding.file) else {
                let cause = finding.fix.prefix { $0 != ":" && $0 != "." }
                return .failure(Refusal("\(cause): no initialiser of ours runs, so the factory or `configure(…)` its Fix names is for a person to write"))
            }
            let plan = InitializerInjection.Plan(owner: owner, property: property, makeConstant: finding.fix.contains("and declare `let "),
                                                 keepDeclaration: finding.fix.contains("and keep the declaration"))
            return InitializerInjection.edits(plan, finding: finding, context: context)
        }
    }
    static var corrections: [Correction] {
        [
            // No initialiser yet: one that takes it (public, as the class and the property are),
            // and the coordinator passes what it assigned.
            Correction("""
            public final class ProfileViewController: UIViewController {
                public var viewModel: ProfileViewModel!
                private let tableView = UITableView()

                /// Shows the name.
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = viewModel.name
                }
            }
            """, """
            public final class ProfileViewController: UIViewController {
                public let viewModel: ProfileViewModel
                private let tableView = UITableView()

                public init(viewModel: ProfileViewModel) {
                    self.viewModel = viewModel
                    super.init(nibName: nil, bundle: nil)
                }

                public required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                /// Shows the name.
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = viewModel.name
                }
            }
            """, support: ["Coordinator.swift": """
            final class Coordinator {
                let navigation = UINavigationController()
                func showProfile(_ viewModel: ProfileViewModel) {
                    let profile = ProfileViewController()
                    profile.viewModel = viewModel
                    navigation.pushViewController(profile, animated: true)
                }
            }
            public final class ProfileViewModel { let name = "" }
            """], supportAfter: ["Coordinator.swift": """
            final class Coordinator {
                let navigation = UINavigationController()
                func showProfile(_ viewModel: ProfileViewModel) {
                    let profile = ProfileViewController(viewModel: viewModel)
                    navigation.pushViewController(profile, animated: true)
                }
            }
            public final class ProfileViewModel { let name = "" }
            """]),
            // Its initialiser takes one more parameter.
            Correction("""
            final class OrderViewController: UIViewController {
                let orderID: String
                var formatter: PriceFormatter!

                init(orderID: String) {
                    self.orderID = orderID
                    super.init(nibName: nil, bundle: nil)
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """, """
            final class OrderViewController: UIViewController {
                let orderID: String
                let formatter: PriceFormatter

                init(orderID: String, formatter: PriceFormatter) {
                    self.formatter = formatter
                    self.orderID = orderID
                    super.init(nibName: nil, bundle: nil)
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """, support: ["Orders.swift": """
            final class Orders {
                func open(_ id: String, from nav: UINavigationController) {
                    let order = OrderViewController(orderID: id)
                    order.formatter = PriceFormatter(currency: "EUR") ?? .standard
                    nav.pushViewController(order, animated: true)
                }
            }
            final class PriceFormatter { static let standard = PriceFormatter(currency: "USD")!; init?(currency: String) {} }
            """], supportAfter: ["Orders.swift": """
            final class Orders {
                func open(_ id: String, from nav: UINavigationController) {
                    let order = OrderViewController(orderID: id, formatter: PriceFormatter(currency: "EUR") ?? .standard)
                    nav.pushViewController(order, animated: true)
                }
            }
            final class PriceFormatter { static let standard = PriceFormatter(currency: "USD")!; init?(currency: String) {} }
            """]),
            // A storyboard makes it: no initialiser of ours runs.
            Correction("""
            final class ReceiptViewController: UIViewController {
                var receipt: Receipt!
            }
            """, refusal: "ReceiptViewController is created from a storyboard: no initialiser of ours runs", support: ["Flow.swift": """
            final class Flow {
                func showReceipt(from nav: UINavigationController) {
                    let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Receipt") as! ReceiptViewController
                    vc.receipt = Receipt()
                    nav.pushViewController(vc, animated: true)
                }
            }
            final class Receipt {}
            """]),
            // Code that unwraps it as an optional stops compiling once it is not one.
            Correction("""
            final class PickServerViewController: UIViewController {
                var viewModel: PickServerViewModel!
                override func viewDidLoad() {
                    guard let viewModel = self.viewModel else { return }
                    title = viewModel.title
                }
            }
            """, refusal: "`viewModel` is used as an optional at Example.swift:4", support: ["Coordinator.swift": """
            final class Coordinator {
                func showPicker(from nav: UINavigationController) {
                    let picker = PickServerViewController()
                    picker.viewModel = PickServerViewModel()
                    nav.pushViewController(picker, animated: true)
                }
            }
            final class PickServerViewModel { let title = "" }
            """]),
        ]
    }
}

