/// One route per destination: each screen a view controller navigates to gets a Router method of
/// its own, in the contract and in the task that adds it.
extension TypeIndex {
    /// Destinations typed only as a framework base class: the screen shown is chosen at run time.
    static let runtimeDestinations: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController"]

    /// The project view controllers a member of `type` creates, sorted: the screens a destination
    /// chosen at run time (`let next: UIViewController = flag ? A() : B()`) can be.
    func screensCreated(in type: Int, member: String?) -> [String] {
        let name = types[type].name
        return uniqued(types.indices.filter { $0 != type && types[$0].isViewController }
            .filter { creationSites(of: $0).contains { $0.inType == name && $0.member == member } }
            .map { types[$0].name }).sorted()
    }

    /// A navigation destination as the screens it stands for: a run-time choice becomes each screen
    /// the member creates (itself when it creates none).
    func expandedDestinations(_ destination: String, in type: Int, member: String?) -> [String] {
        guard Self.runtimeDestinations.contains(destination) else { return [destination] }
        let created = screensCreated(in: type, member: member)
        return created.isEmpty ? [destination] : created
    }

    /// Every destination the screen navigates to → its route method, distinct for distinct destinations.
    func routeMethods(of type: Int) -> [String: String] {
        let segues = segueDestinations(of: type)
        let destinations = declarations(of: type).flatMap { d in
            d.decl.usages.filter { $0.family == .navigation && !$0.isWeakSignal }.flatMap { usage -> [String] in
                guard let destination = usage.destination else { return [] }
                return expandedDestinations(navigationDestination(destination, api: usage.api, segues: segues), in: type, member: usage.member)
            }
        }
        var routes = uniqueRoutes(destinations + segues.values)
        // A route takes what the screen hands its destination today (`SignupViewController(email:)`
        // → `showSignup(email:)`), the most any creation of it hands.
        // A service the screen holds and hands on (`SPAuth(controller: controller, …)`) is no data of
        // the route: the builder hands the router the same service, as it does the interactor.
        let services = Set(heldServices(of: type).keys)
        var handed: [String: String] = [:]
        for (_, decl) in declarations(of: type) {
            for c in decl.creations where c.kind == .initializer {
                guard let labels = c.labels.map({ Self.dataLabels($0, dropping: services) }), !labels.isEmpty, labels.count > (handed[c.typeName]?.count ?? 0) else { continue }
                handed[c.typeName] = labels
            }
        }
        let configured = configuredProperties(of: type)
        for (d, route) in routes where route.hasSuffix("()") {
            let set = (configured[d] ?? []).map { $0 + ":" }.filter { !(handed[d] ?? "").hasPrefix($0) && !(handed[d] ?? "").contains(":" + $0) }
            if let labels = (handed[d] ?? Self.systemRouteLabels[d]).map({ $0 + set.joined() }) ?? (set.isEmpty ? nil : set.joined()) {
                routes[d] = String(route.dropLast()) + labels + ")"
            }
        }
        return routes
    }

    /// The properties the screen sets on a destination it has just made, before showing it
    /// (`vc.attributedText = details`), by destination type: data the route must take too, or the
    /// destination opens empty. What only says how it is shown (`modalPresentationStyle`) is not.
    func configuredProperties(of type: Int) -> [String: [String]] {
        var set: [String: [String]] = [:]
        for (_, decl) in declarations(of: type) {
            let made = Set(decl.creations.filter { $0.kind == .initializer }.map(\.typeName))
            for ref in decl.references where ref.isAssignment && ref.chain.count == 1 && ref.chain != ["self"] {
                guard let d = ref.headType, made.contains(d) || Self.isSystemScreen(d), !Self.presentationProperties.contains(ref.name),
                      !(set[d] ?? []).contains(ref.name) else { continue }
                set[d, default: []].append(ref.name)
            }
        }
        return set
    }

    /// The route that swaps a destination in (`setViewControllers`) beside the one that shows it:
    /// `showLogin(email:)` → `replaceWithLogin(email:)`.
    static func swapRoute(_ route: String) -> String {
        route.hasPrefix("show") ? "replaceWith" + route.dropFirst(4) : "replaceWith" + route.prefix(1).uppercased() + route.dropFirst()
    }

    /// Members of `type` that put `destination` in place of the stack (`setViewControllers`, and no other
    /// navigation in the member) while other members show it: they call its swap route.
    func swappingMembers(of type: Int, to destination: String) -> Set<String> {
        let usages = declarations(of: type).flatMap { d in d.decl.usages.filter { $0.family == .navigation && !$0.isWeakSignal } }
        let toD = usages.filter { u in u.destination.map { expandedDestinations($0, in: type, member: u.member).contains(destination) } == true }
        let swapping = Set(toD.filter { u in u.api == "setViewControllers" && !usages.contains { $0.member == u.member && $0.api != "setViewControllers" } }.compactMap(\.member))
        return toD.contains { $0.member.map { !swapping.contains($0) } ?? true } ? swapping : []
    }

    /// A view controller UIKit ships (`UIActivityViewController`, `UIAlertController`).
    static func isSystemScreen(_ name: String) -> Bool { name.hasSuffix("Controller") && KnownTypes.isSystemTypeName(name) }

    /// What a presentation sets on the screen it shows, which the router sets itself.
    static let presentationProperties: Set<String> = [
        "modalPresentationStyle", "modalTransitionStyle", "transitioningDelegate", "preferredContentSize", "modalInPresentation",
        "isModalInPresentation", "hidesBottomBarWhenPushed", "providesPresentationContextTransitionStyle", "definesPresentationContext",
        "popoverPresentationController", "sourceView", "sourceRect", "barButtonItem", "navigationItem", "view",
        "edgesForExtendedLayout", "overrideUserInterfaceStyle", "delegate", "presentationController"]

    /// System screens and what a route to each must take: the URL Safari opens, the items a share
    /// sheet shares.
    static let systemRouteLabels = ["SFSafariViewController": "url:", "UIActivityViewController": "activityItems:"]

    /// A screen presented only while work runs (`SpinnerViewController`, `LoadingHUDController`):
    /// a loading state the view shows and hides, never a route.
    static func isLoadingScreen(_ name: String) -> Bool {
        ["Spinner", "Loading", "Progress", "HUD", "ActivityIndicator"].contains(where: name.contains)
    }

    /// Argument labels without those that only load a view (`nibName:bundle:`).
    static func dataLabels(_ labels: String, dropping services: Set<String> = []) -> String {
        labels.split(separator: ":").filter { !["nibName", "bundle", "style", "collectionViewLayout"].contains($0) && !services.contains(String($0)) }
            .map { $0 + ":" }.joined()
    }

    /// The screen's stored properties that hold a service (a project class whose methods call code
    /// the sources do not show, or such code itself): property name → type name.
    func heldServices(of type: Int) -> [String: String] {
        var held: [String: String] = [:]
        for (_, decl) in declarations(of: type) {
            for p in decl.properties where !p.isStatic && !p.isComputed {
                guard let typeName = (p.typeName ?? p.initializerType).map(StrongReferences.bareName) else { continue }
                if isOpaqueService(typeName) || resolve(typeName).map({ !projectServiceMembers(of: $0).members.isEmpty }) == true { held[p.name] = typeName }
            }
        }
        return held
    }
}

/// Route methods for destinations, one each: destinations whose names collapse to one route
/// (`ProductViewController`, `ProductVC`) keep the plain name for the first (a `…ViewController`,
/// then the shortest) and the others are named after their whole name (`showProductVC()`).
func uniqueRoutes(_ destinations: [String]) -> [String: String] {
    var byRoute: [String: [String]] = [:]
    for d in Set(destinations) { byRoute[routeMethod(d), default: []].append(d) }
    var result: [String: String] = [:], taken = Set(byRoute.keys)
    for (route, group) in byRoute.sorted(by: { $0.key < $1.key }) {
        let ordered = group.sorted { ($0.hasSuffix("ViewController") ? 0 : 1, $0.count, $0) < ($1.hasSuffix("ViewController") ? 0 : 1, $1.count, $1) }
        result[ordered[0]] = route
        for d in ordered.dropFirst() {
            // An unwind goes back, never to a new screen; a raw segue identifier next to a class of
            // its name is most likely that class's segue: both keep the one route.
            if unwindRoute(d) != nil || isTypeName(d) != isTypeName(ordered[0]) { result[d] = route; continue }
            var whole = routeName(d + "ViewController")
            if whole == routeName(ordered[0]) { whole += "Screen" }
            var candidate = "show\(whole)()", n = 2
            while taken.contains(candidate) { candidate = "show\(whole)\(n)()"; n += 1 }
            taken.insert(candidate)
            result[d] = candidate
        }
    }
    return result
}

extension ModulePlanner {
    /// The contract's routes for a screen's navigation sites: one per destination, a destination
    /// chosen at run time counted as each screen the member creates.
    func routeItems(of type: Int, sites navigationSites: [ResponsibilitySite]) -> [ContractItem] {
        let methods = index.routeMethods(of: type), configured = index.configuredProperties(of: type)
        var chosenIn: [String: String] = [:]
        let destinations = uniqued(navigationSites.flatMap { site -> [String] in
            let expanded = index.expandedDestinations(site.destination!, in: type, member: site.member)
            if expanded != [site.destination!], let member = site.member { for d in expanded { chosenIn[d] = chosenIn[d] ?? member } }
            return expanded
        }).filter { !TypeIndex.isLoadingScreen($0) }.sorted()
        let items = destinations.flatMap { d -> [ContractItem] in
            let name = methods[d] ?? routeMethod(d)
            let segue = navigationSites.first { $0.destination == d && $0.api.lowercased().contains("segue") }
            if unwindRoute(d) != nil {
                return [ContractItem(name: name, detail: "replaces unwind segue `\(d)`: the router closes the screen back to the one it returns to")]
            }
            let detail = segue != nil ? "replaces segue `\(segue?.segue ?? d)`\(segue?.segue != nil ? " to `\(d)`" : "")"
                : isTypeName(d) && KnownTypes.isSystemTypeName(d) && index.resolve(d) == nil ? "presents the system `\(d)` (it needs no module)"
                : chosenIn[d].map { "builds `\(d)`, one of the screens `\($0)` chooses between at run time" }
                ?? (isTypeName(d) ? "builds `\(d)`" : "the screen held in `\(d)` today: name its type when writing the route")
            // A popover presentation keeps the anchor UIKit needs on iPad.
            let showingMembers = index.members(of: type, navigatingTo: d)
            let (keep, pass) = popoverNotes(index.popoverNeeds(of: type, in: showingMembers))
            // A container and a presentation style the view gives the destination go with the route.
            let wrapping = isTypeName(d) ? index.presentationWrapping(of: type, in: showingMembers) : nil
            let set = configured[d] ?? []
            let labels = name.drop { $0 != "(" }.dropFirst().dropLast().replacingOccurrences(of: set.map { $0 + ":" }.joined(), with: "")
            let setting = set.isEmpty ? "" : "\(labels.isEmpty ? "takes what the screen" : " and what it") sets on it before showing it (\(set.map { "`\($0)`" }.joined(separator: ", ")))"
            let hands = (labels.isEmpty && set.isEmpty) || !isTypeName(d) ? nil
                : (labels.isEmpty ? "" : "takes what the screen hands `\(d)(\(labels))` today") + setting
            // The services the screen hands the destination: the router's own, from the builder.
            let routerHolds = routerServices(of: type, handedTo: d)
            // A screen put in place of others on the stack is no push: the route keeps the swap. A
            // member that also presents or pushes fills a new container instead.
            let toD = navigationSites.filter { index.expandedDestinations($0.destination!, in: type, member: $0.member).contains(d) }
            let swapping = Set(toD.filter { site in
                site.api == "setViewControllers" && !navigationSites.contains { $0.member == site.member && $0.file == site.file && $0.api != "setViewControllers" }
            }.compactMap(\.member))
            let showing = uniqued(toD.compactMap(\.member).filter { !swapping.contains($0) })
            let swaps: String? = swapping.isEmpty ? nil : showing.isEmpty
                ? "replaces the screens on the navigation stack as `setViewControllers` does today, never a push"
                : "shows it as today from \(TaskGrouping.list(showing.map { "`\($0)`" })), but \(TaskGrouping.list(swapping.sorted().map { "`\($0)`" })) replaces the screens on the navigation stack (`setViewControllers`): the router keeps both ways, a second route for the swap, `\(TypeIndex.swapRoute(name))`"
            let item = ContractItem(name: name, detail: ([detail] + [hands, routerHolds, swaps, wrapping, keep, pass].compactMap { $0 }).joined(separator: "; "))
            guard !swapping.isEmpty, !showing.isEmpty else { return [item] }
            return [item, ContractItem(name: TypeIndex.swapRoute(name), detail: "puts `\(d)` in place of the screens on the navigation stack, as \(TaskGrouping.list(swapping.sorted().map { "`\($0)`" })) does today with `setViewControllers`, never a push; it takes what `\(name)` takes")]
        }
        // Two destinations sharing one route (a segue identifier and its class) are one contract item.
        return items.filter { item in items.first { $0.name == item.name } == item }
    }
}

extension ModulePlanner {
    /// The services the screen hands a destination it makes (`SPAuth(controller: controller, …)`):
    /// the router holds them, from the builder; nil when it hands none.
    func routerServices(of type: Int, handedTo destination: String) -> String? {
        let held = index.heldServices(of: type)
        var handed: [String] = []
        for (_, decl) in index.declarations(of: type) {
            for c in decl.creations where c.kind == .initializer && c.typeName == destination {
                for label in (c.labels ?? "").split(separator: ":").map(String.init) where held[label] != nil && !handed.contains(label) { handed.append(label) }
            }
        }
        guard !handed.isEmpty else { return nil }
        let named = handed.map { "`\($0)` (`\(held[$0] ?? "")`)" }
        return "the router holds \(TaskGrouping.list(named)), which the builder hands it as it hands the interactor its services, so the presenter passes no service"
    }
}
