struct VCNavigationRule: Rule {
    static let description = RuleDescription(
        id: "vc-navigation", name: "View controller navigates by itself", family: .navigation, severity: .medium,
        problem: "The view controller decides where to go next and builds the next screen itself (push, present, segues). The flow cannot be changed or tested without the view controller, and every screen knows the concrete classes of its neighbours. High when it chooses among three or more destinations or branches on segue identifiers.",
        fix: "Introduce a Router with one method per destination, called by the Presenter.",
        triggering: [
            Example("""
            class ListViewController: UIViewController {
                func open(_ item: Item) {
                    let detail = DetailViewController(item: item)
                    navigationController?.↓pushViewController(detail, animated: true)
                }
                func filter() { ↓present(FilterViewController(), animated: true) }
            }
            """),
            Example("""
            class ListViewController: UIViewController {
                func openSettings() { ↓performSegue(withIdentifier: "settings", sender: nil) }
                override func ↓prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segue.identifier {
                    case "settings", "detail", "help": break
                    default: break
                    }
                }
            }
            """),
            // A segue is named after the class `prepare(for:sender:)` casts to (`showOrderDetail()`), an
            // unwind segue after where it goes back (`closeToHome()`); a local cast names a push's screen.
            Example("""
            class OrdersViewController: UIViewController {
                func open() { ↓performSegue(withIdentifier: "showDetail", sender: nil) }
                func back() { ↓performSegue(withIdentifier: "unwindToHome", sender: nil) }
                func help() {
                    let help = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Help") as! HelpViewController
                    navigationController?.↓pushViewController(help, animated: true)
                }
                override func ↓prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if segue.identifier == "showDetail", let vc = segue.destination as? OrderDetailViewController { vc.orderID = 1 }
                }
            }
            """),
            // A navigation controller that pushes through `super` outside an override navigates itself.
            Example("""
            final class ShareNavigationController: UINavigationController {
                override func pushViewController(_ viewController: UIViewController, animated: Bool) {
                    super.pushViewController(viewController, animated: animated)
                }
                func stateUpdated() { super.↓pushViewController(RoomsViewController(), animated: false) }
            }
            """),
            // The team's own helpers (in the base class or an extension of UIViewController), a
            // presentation library, a share sheet and `show(_:sender:)` are navigation too.
            Example("""
            class CatalogViewController: BaseViewController {
                func open(_ item: Item) {
                    ↓push(module: DetailModule.build(item))
                    ↓presentSheet(FilterViewController())
                    ↓customPresentViewController(presenter, viewController: PickerViewController(), animated: true)
                    ↓present(UIActivityViewController(activityItems: [item.url], applicationActivities: nil), animated: true)
                    ↓show(HelpViewController(), sender: self)
                }
            }
            """, support: ["Base.swift": """
            class BaseViewController: UIViewController {
                func push(module: UIViewController) { navigate(to: module) }
                private func navigate(to screen: UIViewController) { navigationController?.pushViewController(screen, animated: true) }
            }
            extension UIViewController {
                func presentSheet(_ screen: UIViewController) { present(screen, animated: true) }
                func showAlert(_ message: String) {
                    present(UIAlertController(title: message, message: nil, preferredStyle: .alert), animated: true)
                }
            }
            """]),
        ],
        nonTriggering: [
            // A loading screen shown while work runs is the view's loading state, not navigation.
            Example("""
            class UploadViewController: UIViewController {
                func upload() {
                    let spinner = SpinnerViewController()
                    present(spinner, animated: true)
                }
            }
            final class SpinnerViewController: UIViewController {}
            """),
            // The project's own alert class is an alert.
            Example("""
            class DownloadsViewController: UIViewController {
                func confirmDelete() {
                    let alert = AlertController(title: "Delete?", message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                }
            }
            public class AlertController: UIAlertController {}
            """),
            // UIKit's `present(_:animated:completion:)` is no call of a project helper sharing its base
            // name (`present(asCard:…)`): presenting the project's alert class stays an alert.
            Example("""
            class InfoViewController: UIViewController {
                func confirmDelete() {
                    let alert = AlertController(title: "Delete?", message: nil, preferredStyle: .alert)
                    self.present(alert, animated: true, completion: nil)
                }
            }
            public class AlertController: UIAlertController {}
            extension UIViewController {
                func present(asCard viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
                    present(viewController, animated: animated, completion: completion)
                }
            }
            """),
            // An alert through a helper, asking a coordinator, and embedding a child are not navigation.
            Example("""
            class CatalogViewController: UIViewController {
                func fail(_ message: String) {
                    showAlert(message)
                    coordinator.showDetail()
                    addChild(summary)
                }
            }
            extension UIViewController {
                func showAlert(_ message: String) {
                    present(UIAlertController(title: message, message: nil, preferredStyle: .alert), animated: true)
                }
            }
            """),
            // Present methods of project types are not view controller presentation.
            Example("""
            class ListViewController: UIViewController {
                func fail() {
                    Alert.defaultError.present()
                    toast.present(in: view)
                }
            }
            """),
            // Presenting an alert alone is not screen navigation.
            Example("""
            class ListViewController: UIViewController {
                func confirm() {
                    let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                }
            }
            """),
            // An alert made by a static factory is still an alert.
            Example("""
            class FavoritesViewController: UIViewController {
                func rename() {
                    let controller = UIAlertController.textInputAlert(title: "Rename") { _ in }
                    present(controller, animated: true)
                }
            }
            """),
            // Navigating through a coordinator, router, delegate or closure is the fix.
            Example("""
            class ListViewController: UIViewController {
                weak var coordinator: ListCoordinator?
                var onSelect: ((Item) -> Void)?
                func select(_ item: Item) {
                    coordinator?.showDetail(item)
                    router.openSettings()
                    onSelect?(item)
                    coordinator?.navigationController.pushViewController(DetailViewController(), animated: true)
                }
            }
            """),
        ])

    /// `ProductDetailViewController` → `showProductDetail`, segue `showCart` → `showCart`,
    /// `article` → `showArticle`.
    static func routeName(_ destination: String) -> String {
        if let unwind = unwindRoute(destination) { return String(unwind.dropLast(2)) }
        if let system = KnownTypes.systemScreenRoutes[destination] { return "show" + system }
        var name = modulePrefix(destination).filter { $0.isLetter || $0.isNumber }
        // A system screen drops its framework's prefix: `INUIAddVoiceShortcutViewController` → `showAddVoiceShortcut()`.
        if KnownTypes.isSystemTypeName(destination),
           let prefix = TypeIndex.callerPrefixes.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }),
           name.count > prefix.count + 1, name.dropFirst(prefix.count).first?.isUppercase == true {
            name.removeFirst(prefix.count)
        }
        for suffix in ["Segue", "Scene", "Screen"] where name.hasSuffix(suffix) && name.count > suffix.count { name.removeLast(suffix.count) }
        if name.lowercased().hasPrefix("show"), name.count > 4 { name.removeFirst(4) }
        if name.lowercased().hasPrefix("goto"), name.count > 4 { name.removeFirst(4) }
        return "show" + name.prefix(1).uppercased() + name.dropFirst()
    }

    func findings(in context: RuleContext) -> [Finding] {
        // A loading screen the view shows while work runs (`SpinnerViewController`) is a loading
        // state the view keeps, never a route: a member that presents only such screens navigates nowhere.
        FamilyFindings.make(.navigation, rule: Self.description, context: context,
                            severity: { $0.destinations.count >= 3 || $0.branchesOnSegues ? .high : .medium },
                            keep: { site in !(site.destination.map(TypeIndex.isLoadingScreen) ?? false) }) { t, prefix, member, sites in
            var destinations = FamilyFindings.orderedUnique(sites.compactMap(\.destination))
            // `prepare(for:sender:)`, or a segue performed with a computed identifier, goes to the classes it casts to.
            if destinations.isEmpty, member == "prepare(for:sender:)" || sites.contains(where: { $0.api == "performSegue" }) {
                destinations = FamilyFindings.orderedUnique(Array(context.index.segueDestinations(of: t).values).sorted())
            }
            let routes = destinations.isEmpty ? "a route named after the screen \(FamilyFindings.memberText(member)) opens (chosen at run time)"
                : destinations.map { "`\(Self.routeName($0))()`" }.joined(separator: ", ")
            return "Give `\(prefix)Router` \(routes) and call \(destinations.count > 1 ? "them" : "it") from `\(prefix)Presenter`; remove the push/present/segue code from \(FamilyFindings.memberText(member))."
        }
    }
}

extension VCNavigationRule {
    static let planning = RulePlanning(
        category: .R, role: .routes, title: { type, member in "Route the navigation in \(member ?? type) through a Router" })
}
