/// What a module's builder must take beyond the screen itself: the type arguments of a generic
/// screen, and the values its creators set on it right after making it.
extension ModulePlanner {
    /// A generic screen is one generic module: the sentence saying so, with the instantiations its
    /// builder replaces; empty for a screen that is not generic.
    func genericWords(_ type: Int, parameters: [String], prefix: String, build: String) -> String {
        guard !parameters.isEmpty else { return "" }
        let name = index.types[type].name, instances = instantiations(of: type)
        return " \(name) is generic: plan one `\(prefix)Module` for every type argument, its `\(build)` generic over \(parameters.map { "`\($0)`" }.joined(separator: ", "))"
            + (instances.isEmpty ? "." : "; the instantiations it replaces: " + instances.prefix(8).joined(separator: ", ") + (instances.count > 8 ? " and \(instances.count - 8) more." : "."))
    }

    /// What a screen's creators set on it right after making it (`vc.debugEnabled = true`): input the
    /// builder must take, or the setting is lost; with the sentence that says so.
    /// A static method of the screen that makes it (`static func show(on:)`) is one of its creators:
    /// what it sets on the screen it made the builder takes as well.
    func creatorSettings(of name: String, sites: [CreationSite], build: String) -> (values: [String], note: String) {
        let screen = index.resolve(name)
        let makesItself = { (site: CreationSite) -> Bool in
            guard site.inType == name, let screen, let member = site.member else { return false }
            return index.functions(baseName(member), of: screen).contains { $0.isStatic }
        }
        // A creator in an extension of a type the sources do not declare (an SDK manager's
        // `manage(bookmark:)`) is found in the site's own file.
        let creator = { (site: CreationSite) -> Int? in
            index.resolve(site.inType) ?? index.files.firstIndex { $0.path == site.file }
                .flatMap { file in index.types(inFile: file).first { index.types[$0].name == site.inType } }
        }
        let set = uniqued(sites.filter { $0.kind == .initializer && ($0.inType != name || makesItself($0)) }.compactMap(creator)
            .flatMap { index.configuredProperties(of: $0)[name] ?? [] })
        guard !set.isEmpty else { return ([], "") }
        let one = set.count == 1
        return (set, " Its creators set \(TaskGrouping.list(set.map { "`\($0)`" })) on it right after making it: `\(build)` takes \(one ? "it" : "them") as \(one ? "a parameter" : "parameters") and hands \(one ? "it" : "them") on, or the setting is lost.")
    }

    /// The places that create the screen in members a Router task turns into routes: the screen's
    /// own (the next step of a flow) and that of another screen with work besides navigation (so a
    /// module with a Router) that navigates to it there (its Router's route builds it). Once that PR lands they live in the Router's file, which the
    /// builder's PR then edits. Site → the Router's file.
    func sitesInRouter(of type: Int, sites: [CreationSite], tasks: [PlanTask], prefix: String) -> [CreationSite: String] {
        let name = index.types[type].name
        let routed = Set(tasks.filter { $0.category == .R && !$0.routes.isEmpty }.flatMap { $0.members + ($0.member.map { [$0] } ?? []) + $0.moves.map(\.name) }.map(baseName))
        func router(_ t: Int, _ p: String) -> String { index.resolve(p + "Router").map { index.path(index.types[$0].decls[0]) } ?? folder(of: t) + p + "Router.swift" }
        var moved: [CreationSite: String] = [:]
        for site in sites {
            guard let member = site.member else { continue }
            if site.inType == name {
                if routed.contains(baseName(member)) { moved[site] = router(type, prefix) }
            } else if let creator = index.resolve(site.inType), let profile = profiles[creator],
                      // A screen that only navigates gets no module (no Router to move the creation into).
                      Set(profile.sites.map(\.family)).count > 1,
                      profile.sites.contains(where: { $0.family == .navigation && $0.member == member && $0.file == site.file }) {
                moved[site] = router(creator, modulePrefix(site.inType))
            }
        }
        return moved
    }

    /// The files the builder's PR edits for the places that create the screen: another screen's
    /// site is in its file until that screen's Router PR (maybe another feature's) moves it.
    static func siteFiles(_ sites: [CreationSite], inRouter: [CreationSite: String], objectiveC: [String], screen name: String) -> [String] {
        uniqued(sites.flatMap { s in inRouter[s].map { s.inType == name ? [$0] : [s.file, $0] } ?? [s.file] }
                + objectiveC.map { String($0.prefix { $0 != ":" }) })
    }

    /// The places that create the screen today, as the builder's Fix lists them: each with its kind
    /// and identifier, whether the screen makes itself there, and the Router file it moves to.
    static func siteList(_ sites: [CreationSite], objectiveC: [String], inRouter: [CreationSite: String], screen name: String) -> String {
        sites.map { site in
            "`\(shortPath(site.file)):\(site.line)` (\(site.kind.rawValue)\(site.identifier.map { " `\($0)`" } ?? "")\(site.inType == name ? ", by \(name) itself" : "")"
                + (inRouter[site].map { ", in `\(shortPath($0))` once \(site.inType == name ? "the" : "\(site.inType)'s") Router PR moves `\(site.member ?? "")` there" } ?? "") + ")"
        }.joined(separator: ", ") + objectiveC.map { (sites.isEmpty ? "" : ", ") + "`\(shortPath($0))` (Objective-C)" }.joined()
    }
}
