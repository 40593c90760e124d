/// Router tasks for navigation no navigation finding covers: through the app delegate, or handed
/// to other types.
extension ModulePlanner {
    /// The screen's navigation through the app delegate, routed through its Router like any other.
    func appNavigationTask(for type: Int) -> PlanTask? {
        let navigation = index.appDelegateNavigation(of: type)
        guard !navigation.isEmpty else { return nil }
        let name = index.types[type].name, prefix = modulePrefix(name)
        let calls = TaskGrouping.list(navigation.map { "\($0.call) in `\($0.member)`" })
        return routingTask(for: type, kind: "vp-app-navigation", routes: navigation.map(\.route), sites: navigation.map(\.site),
                           title: "Move the navigation \(name) does through the app delegate into \(prefix)Router",
                           problem: "\(name) navigates through the app delegate (\(calls)): the flow is hidden in a singleton no test can replace.",
                           fix: "each making today's call; \(name) asks the presenter, which calls the route.")
    }

    /// The navigation the screen hands to other types or does by opening a URL, routed through
    /// its Router like any other: the router makes today's call with the view it holds as the source.
    func handOffNavigationTask(for type: Int) -> PlanTask? {
        let routes = index.handOffNavigation(of: type)
        guard !routes.isEmpty else { return nil }
        let name = index.types[type].name, prefix = modulePrefix(name)
        let calls = TaskGrouping.list(routes.map { "\($0.call) in `\($0.member)`" })
        let holders = uniqued(routes.compactMap(\.holder))
        let held = holders.isEmpty ? "" : " The router holds \(TaskGrouping.list(holders.map { "`\($0)`" })), which the builder hands it as it hands the interactor its services (until then the view passes " + (holders.count == 1 ? "it" : "them") + ")."
        let urlsOnly = routes.allSatisfy(\.opensURL)
        return routingTask(for: type, kind: "vp-handoff-navigation", routes: routes.map(\.route), sites: routes.flatMap(\.sites),
                           title: urlsOnly ? "Move the URL \(name) opens into \(prefix)Router" : "Move the navigation \(name) hands to other types into \(prefix)Router",
                           problem: urlsOnly ? "\(name) opens a URL itself (\(calls)): the view decides where the user goes, and no test sees it."
                               : "\(name) leaves the screen through other types (\(calls)): no view controller is made in its code, so no test or route sees where it goes.",
                           fix: "each making today's call with the view controller it holds in place of `self` and the values the call takes today as parameters; \(name) asks the presenter, which calls the route." + held)
    }

    /// An R task that gives the screen's Router `routes`, each moving one of today's calls (`sites`).
    private func routingTask(for type: Int, kind: String, routes: [String], sites: [String], title: String, problem: String, fix: String) -> PlanTask {
        let name = index.types[type].name, prefix = modulePrefix(name), n = routes.count
        var task = PlanTask(category: .R, title: title,
                            fingerprint: FindingFingerprint.make(rule: kind, type: name, member: nil, discriminator: ""),
                            rule: nil, viewController: name, file: index.path(index.types[type].decls[0]),
                            line: index.decl(index.types[type].decls[0]).position.line, severity: .medium, problem: problem,
                            fix: "`\(prefix)Router` gets " + TaskGrouping.list(routes.map { "`\($0)`" }) + ", " + fix,
                            evidence: sites,
                            estimate: [EstimatePart(6 * sites.count, "2 × 3 lines around \(sites.count) call\(sites.count == 1 ? "" : "s") moved into routes"),
                                       EstimatePart(2 * n, "\(n) route method\(n == 1 ? "" : "s")")])
        task.routes = routes
        return task
    }
}
