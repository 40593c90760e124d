/// Router tasks for navigation no navigation finding covers: through the app delegate, or handed
/// to other types.
extension ModulePlanner {
    /// The screen's navigation through the app delegate, routed through its Router like any other.
    func appNavigationTask(for type: Int) -> PlanTask? {
        let navigation = index.appDelegateNavigation(of: type)
        guard !navigation.isEmpty else { return nil }
        let name = index.types[type].name, prefix = modulePrefix(name), n = navigation.count
        let path = index.path(index.types[type].decls[0]), line = index.decl(index.types[type].decls[0]).position.line
        let calls = TaskGrouping.list(navigation.map { "\($0.call) in `\($0.member)`" })
        var task = PlanTask(category: .R, title: "Move the navigation \(name) does through the app delegate into \(prefix)Router",
                            fingerprint: FindingFingerprint.make(rule: "vp-app-navigation", type: name, member: nil, discriminator: ""),
                            rule: nil, viewController: name, file: path, line: line, severity: .medium,
                            problem: "\(name) navigates through the app delegate (\(calls)): the flow is hidden in a singleton no test can replace.",
                            fix: "`\(prefix)Router` gets " + TaskGrouping.list(navigation.map { "`\($0.route)`" }) + ", each making today's call; \(name) asks the presenter, which calls the route.",
                            evidence: navigation.map(\.site),
                            estimate: [EstimatePart(6 * n, "2 × 3 lines around \(n) call\(n == 1 ? "" : "s") moved into routes"),
                                       EstimatePart(2 * n, "\(n) route method\(n == 1 ? "" : "s")")])
        task.routes = navigation.map(\.route)
        return task
    }

    /// The navigation the screen hands to other types or does by opening a URL, routed through
    /// its Router like any other: the router makes today's call with the view it holds as the source.
    func handOffNavigationTask(for type: Int) -> PlanTask? {
        let routes = index.handOffNavigation(of: type)
        guard !routes.isEmpty else { return nil }
        let name = index.types[type].name, prefix = modulePrefix(name), n = routes.count
        let path = index.path(index.types[type].decls[0]), line = index.decl(index.types[type].decls[0]).position.line
        let calls = TaskGrouping.list(routes.map { "\($0.call) in `\($0.member)`" })
        let holders = uniqued(routes.compactMap(\.holder))
        let held = holders.isEmpty ? "" : " The router holds \(TaskGrouping.list(holders.map { "`\($0)`" })), which the builder hands it as it hands the interactor its services (until then the view passes " + (holders.count == 1 ? "it" : "them") + ")."
        let urlsOnly = routes.allSatisfy(\.opensURL)
        var task = PlanTask(category: .R, title: urlsOnly ? "Move the URL \(name) opens into \(prefix)Router" : "Move the navigation \(name) hands to other types into \(prefix)Router",
                            fingerprint: FindingFingerprint.make(rule: "vp-handoff-navigation", type: name, member: nil, discriminator: ""),
                            rule: nil, viewController: name, file: path, line: line, severity: .medium,
                            problem: urlsOnly ? "\(name) opens a URL itself (\(calls)): the view decides where the user goes, and no test sees it."
                                : "\(name) leaves the screen through other types (\(calls)): no view controller is made in its code, so no test or route sees where it goes.",
                            fix: "`\(prefix)Router` gets " + TaskGrouping.list(routes.map { "`\($0.route)`" }) + ", each making today's call with the view controller it holds in place of `self` and the values the call takes today as parameters; \(name) asks the presenter, which calls the route." + held,
                            evidence: routes.map(\.site),
                            estimate: [EstimatePart(6 * n, "2 × 3 lines around \(n) call\(n == 1 ? "" : "s") moved into routes"),
                                       EstimatePart(2 * n, "\(n) route method\(n == 1 ? "" : "s")")])
        task.routes = routes.map(\.route)
        return task
    }
}
