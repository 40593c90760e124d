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
        var handed: [String: String] = [:]
        for (_, decl) in declarations(of: type) {
            for c in decl.creations where c.kind == .initializer {
                guard let labels = c.labels.map(Self.dataLabels), !labels.isEmpty, labels.count > (handed[c.typeName]?.count ?? 0) else { continue }
                handed[c.typeName] = labels
            }
        }
        for (d, route) in routes where route.hasSuffix("()") {
            if let labels = handed[d] ?? Self.systemRouteLabels[d] { routes[d] = String(route.dropLast()) + labels + ")" }
        }
        return routes
    }

    /// System screens and what a route to each must take: the URL Safari opens, the items a share
    /// sheet shares.
    static let systemRouteLabels = ["SFSafariViewController": "url:", "UIActivityViewController": "activityItems:"]

    /// A screen presented only while work runs (`SpinnerViewController`, `LoadingHUDController`):
    /// a loading state the view shows and hides, never a route.
    static func isLoadingScreen(_ name: String) -> Bool {
        ["Spinner", "Loading", "Progress", "HUD", "ActivityIndicator"].contains(where: name.contains)
    }

    /// Argument labels without those that only load a view (`nibName:bundle:`).
    static func dataLabels(_ labels: String) -> String {
        labels.split(separator: ":").filter { !["nibName", "bundle", "style", "collectionViewLayout"].contains($0) }.map { $0 + ":" }.joined()
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
        let methods = index.routeMethods(of: type)
        var chosenIn: [String: String] = [:]
        let destinations = uniqued(navigationSites.flatMap { site -> [String] in
            let expanded = index.expandedDestinations(site.destination!, in: type, member: site.member)
            if expanded != [site.destination!], let member = site.member { for d in expanded { chosenIn[d] = chosenIn[d] ?? member } }
            return expanded
        }).filter { !TypeIndex.isLoadingScreen($0) }.sorted()
        let items = destinations.map { d -> ContractItem in
            let name = methods[d] ?? routeMethod(d)
            let segue = navigationSites.first { $0.destination == d && $0.api.lowercased().contains("segue") }
            if unwindRoute(d) != nil {
                return ContractItem(name: name, detail: "replaces unwind segue `\(d)`: the router closes the screen back to the one it returns to")
            }
            let detail = segue != nil ? "replaces segue `\(segue?.segue ?? d)`\(segue?.segue != nil ? " to `\(d)`" : "")"
                : isTypeName(d) && KnownTypes.isSystemTypeName(d) && index.resolve(d) == nil ? "presents the system `\(d)` (it needs no module)"
                : chosenIn[d].map { "builds `\(d)`, one of the screens `\($0)` chooses between at run time" }
                ?? (isTypeName(d) ? "builds `\(d)`" : "the screen held in `\(d)` today: name its type when writing the route")
            // A popover presentation keeps the anchor UIKit needs on iPad.
            let (keep, pass) = popoverNotes(index.popoverNeeds(of: type, in: index.members(of: type, navigatingTo: d)))
            let labels = name.drop { $0 != "(" }.dropFirst().dropLast()
            let hands = labels.isEmpty || !isTypeName(d) ? nil : "takes what the screen hands `\(d)(\(labels))` today"
            return ContractItem(name: name, detail: ([detail] + [hands, keep, pass].compactMap { $0 }).joined(separator: "; "))
        }
        // Two destinations sharing one route (a segue identifier and its class) are one contract item.
        return items.filter { item in items.first { $0.name == item.name } == item }
    }
}
