/// What a view controller becomes: the Target module section and the structural tasks (Builder
/// wiring, Tests) that no single finding covers but every migration needs.
struct ModulePlanner {
    let index: TypeIndex
    let profiles: [Int: ResponsibilityProfile]
    let testFiles: [String]
    let cap: Int
    /// The test files that contain "PresenterTests" / "InteractorTests": only they can contain
    /// `<prefix>PresenterTests` / `<prefix>InteractorTests` for an ASCII prefix (a character
    /// boundary always comes between its last letter and "P" or "I"), so each view controller
    /// searches a few files, not all of them.
    let testFilesBySuffix: [String: [String]]
    /// Base and generic view controllers (a base gets no module; a generic one a generic builder).
    var shapes = ScreenShapes()
    /// Member mobility by type, shared with the plan's task factory.
    let mobility: MobilityMemo
    /// The last path component of every indexed file: a file the project has is never created.
    let fileNames: Set<String>
    /// Where Objective-C code creates each class ("App/AppDelegate.m:79"): such a screen keeps its
    /// inherited initialisers, so its dependencies are set through properties.
    var objectiveCCreators: [String: [String]] = [:]

    init(index: TypeIndex, profiles: [Int: ResponsibilityProfile], testFiles: [String], cap: Int, mobility: MobilityMemo? = nil) {
        self.index = index
        self.mobility = mobility ?? MobilityMemo(index: index)
        fileNames = Set(index.files.map { shortPath($0.path) })
        self.profiles = profiles
        self.testFiles = testFiles
        self.cap = cap
        testFilesBySuffix = Dictionary(uniqueKeysWithValues: ["PresenterTests", "InteractorTests", "ModuleTests"].map { suffix in
            (suffix, testFiles.filter { foundationContains($0, suffix) })
        })
    }

    func folder(of type: Int) -> String {
        let path = index.path(index.types[type].decls[0])
        let parts = path.split(separator: "/").dropLast()
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// Project wrappers the view controller reaches, by family ("APIClient" → networking).
    /// The project wrappers a screen calls whose every call goes through a value its members are
    /// handed (`account` in `deactivate(account:)`), with those parameters' names.
    func handedWrappers(of type: Int) -> [String: [String]] {
        var handed: [String: [String]] = [:], held: Set<String> = []
        for site in profiles[type]?.sites ?? [] {
            guard let note = site.note, note.hasPrefix("via `") else { continue }
            let name = String(note.dropFirst(5).prefix { $0 != "`" })
            if let parameter = site.handedIn { if !(handed[name] ?? []).contains(parameter) { handed[name, default: []].append(parameter) } } else { held.insert(name) }
        }
        return handed.filter { !held.contains($0.key) }
    }

    func wrappers(of type: Int) -> [(name: String, family: Family, members: [String])] {
        var found: [String: (Family, [String])] = [:]
        // A static method runs with no screen (its callers' way in, which the Builder takes over):
        // a service only it uses is none of the Interactor's.
        let statics = index.staticMembers(of: type)
        for site in profiles[type]?.sites ?? [] where site.member.map({ !statics.contains($0) }) ?? true {
            guard let note = site.note, note.hasPrefix("via `") else { continue }
            let name = String(note.dropFirst(5).prefix { $0 != "`" })
            // A helper function (`UIViewController.present(module:)`) is no service, and navigation
            // goes to the Router, never into the Interactor.
            // Formatting through the project's extension of a system type (`String.format(…)`) is the
            // Presenter's, no service to inject.
            guard !name.contains("("), site.family != .navigation, !(site.family == .formatting && KnownTypes.isSystemTypeName(name)) else { continue }
            let member = String(site.api.dropFirst(name.count + 1))
            var entry = found[name] ?? (site.family, [])
            if !entry.1.contains(member) { entry.1.append(member) }
            found[name] = entry
        }
        // Services whose code the sources do not show: the screen's data work goes through them too.
        var opaque: [String: [String]] = [:], order: [String] = []
        for call in index.opaqueCalls(of: type) where found[call.service] == nil && !statics.contains(call.member) {
            if opaque[call.service] == nil { order.append(call.service) }
            if !(opaque[call.service] ?? []).contains(call.call) { opaque[call.service, default: []].append(call.call) }
        }
        // The app delegate the screen reaches for app-wide state (`AppDelegate.shared().selectedTag`):
        // behind a protocol like a service, or every moved use case reaches the singleton.
        let app = index.appDelegatesUsed(by: type).filter { found[$0] == nil && opaque[$0] == nil }.compactMap { name -> (String, Family, [String])? in
            // Its navigation (`presentSettingsViewController`, the screens it holds) goes to the Router.
            let members = index.membersUsed(of: name, by: type).filter { !["shared", "sharedInstance", "delegate", "init"].contains($0)
                && !TypeIndex.isNavigationName($0) && !$0.hasSuffix("ViewController") && !$0.hasSuffix("Controller") }
            return members.isEmpty ? nil : (name, Family.businessLogic, members)
        }
        return found.keys.sorted().map { ($0, found[$0]!.0, found[$0]!.1) } + order.sorted().map { ($0, Family.businessLogic, opaque[$0]!) } + app
    }

    /// What a service does for the screen, for the contract's list of services.
    func serviceWords(_ name: String, family: Family) -> String {
        if TypeIndex.isAppDelegateName(name) { return "the app-wide state the screen reaches through the app delegate" }
        if index.isOpaqueService(name) { return "its data work, in code the Swift sources do not show (Objective-C or a package)" }
        if family == .businessLogic, let t = index.resolve(name) {
            let through = index.projectServiceMembers(of: t).through
            if !through.isEmpty { return "its data work, through \(TaskGrouping.list(through.map { "`\($0)`" })), code the Swift sources do not show" }
        }
        return family.words
    }

    func module(for type: Int, tasks: [PlanTask]) -> TargetModule {
        let name = index.types[type].name
        let prefix = modulePrefix(name)
        let dir = folder(of: type)
        // Named for what the screen does: the lifecycle, action and delegate methods that run the
        // use cases stay in the view as triggers and are never contract members.
        let namer = UseCaseNamer(index: index, type: type, mobility: mobility)
        let inputs = useCaseInputs(tasks, namer: namer)
        var outputs = viewStateOutputs(tasks, namer: namer)
        // What a static method shows (its callers' way in, which the Builder takes over) is no route.
        let statics = index.staticMembers(of: type)
        let navigationSites = (profiles[type]?.sites ?? []).filter { $0.family == .navigation && $0.destination != nil && !($0.member.map(statics.contains) ?? false) }
        var routes = routeItems(of: type, sites: navigationSites)
        // Every exit is a route too: the module must not close itself from the view.
        for exit in tasks.contains(where: { $0.category == .R }) ? exits(of: type) : [] where !routes.contains(where: { $0.name == exit.route }) {
            routes.append(ContractItem(name: exit.route, detail: "replaces \(exit.calls)"))
        }
        // An unwind action is where other screens come back to: it stays as a forward.
        for action in index.unwindActions(of: type) {
            routes.append(ContractItem(name: "returned(from:)", detail: "the presenter's input for `\(action)`, the unwind target (Interface Builder calls it when a screen returns here): the action stays in the view as a forward that passes what `segue.source` carries to the presenter; each screen that returns here closes through a route of its own router"))
        }
        let loading = uniqued(navigationSites.compactMap(\.destination).filter(TypeIndex.isLoadingScreen)).sorted()
        if !loading.isEmpty {
            // The members that show it: only their use cases turn it on (others keep their own busy state).
            let showing = uniqued(navigationSites.filter { $0.destination.map(TypeIndex.isLoadingScreen) == true }.compactMap(\.member)).sorted()
            outputs.append(ContractItem(name: Self.loadingOutput, detail: "a loading state, not a route: the view presents and dismisses "
                + TaskGrouping.list(loading.map { "`\($0)`" }) + " itself while the use case runs", signature: "Bool", members: showing))
        }
        for nav in index.appDelegateNavigation(of: type) where !routes.contains(where: { $0.name == nav.route }) {
            routes.append(ContractItem(name: nav.route, detail: "goes through the app delegate today (\(nav.call) in `\(nav.member)`): the router makes that call, so no other layer reaches the app delegate's screens"))
        }
        for nav in index.handOffNavigation(of: type) where !routes.contains(where: { $0.name == nav.route }) {
            let detail = nav.opensURL ? "opens a URL today (\(nav.call) in `\(nav.member)`): the router opens it, so the presenter decides when and a test sees it"
                : "the screen hands itself to \(nav.call) in `\(nav.member)` today: the router makes that call with the view controller it holds" + (nav.holder.map { ", and holds `\($0)`, which the builder hands it" } ?? "")
            routes.append(ContractItem(name: nav.route, detail: detail))
        }
        if let output = moduleOutput(of: type) {
            let i = routes.firstIndex { $0.name == "close()" || $0.name == Self.closeAfter } ?? routes.endIndex
            if i == routes.endIndex { routes.append(ContractItem(name: "close()", detail: "closes the screen when the presenter asks")) }
            routes[i].detail += "; hands the screen's result to \(output): the module's builder takes that closure from whoever creates the screen"
        }
        let handed = handedWrappers(of: type)
        let services = wrappers(of: type).map { w in
            // The section's heading says where each goes and that it goes behind a protocol.
            ContractItem(name: w.name, detail: serviceWords(w.name, family: w.family)
                + " (\(w.members.map { "`\($0)`" }.joined(separator: ", ")))"
                + (CrossCutting.isProtocol(w.name, index: index) ? ", injected as it is (already a protocol)" : "")
                + (handed[w.name].map { "; not injected: each use case takes the one its member is handed today (\($0.map { "`\($0)`" }.joined(separator: ", "))) as a parameter" } ?? ""))
        }
        // Each role's file holds its protocols, so each PR creates whole files.
        var files = ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)Interactor.swift",
                     "\(dir)\(prefix)Router.swift"] + (shapes.isBase(name) ? [] : ["\(dir)\(prefix)Module.swift"])
        files += RuleRegistry.createdTypes(for: tasks.map(\.rule)).map { "\(dir)\(prefix)\($0).swift" }
        // A file the project already has (anywhere) is never listed to create again.
        files.removeAll { fileNames.contains(shortPath($0)) }
        var module = TargetModule(viewController: name, prefix: prefix, files: files, interactorInputs: inputs,
                                  presenterOutputs: outputs, routes: routes, services: services)
        module.triggers = namer.mobility.keys.filter(namer.isTrigger).sorted()
        module.inheritedBy = shapes.isBase(name) ? shapes.subclasses[name] ?? [] : []
        module.typeParameters = shapes.generics[name] ?? []
        return module
    }

    /// What the builder's PR leaves: a view that renders and forwards, and what stays in it, said
    /// with the split's numbers (what no finding covers stays too, so the lead reads it).
    static func afterBuilder(_ module: TargetModule) -> String {
        guard let stays = module.splitLines.last, module.codeLines > 0 else { return "After this PR the view controller only renders and forwards user actions." }
        return "After this PR the view controller renders what the presenter hands it and forwards user actions; \(stays) of its \(module.codeLines) code lines stay in it (layout, UIKit callbacks and any code no finding covers: read them before calling the screen passive)."
    }

    /// A screen that is `public` or `open` API of its module is created from other modules (an app
    /// extension, the app over its framework): its builder must be as visible, or they stop compiling.
    func publicNote(_ type: Int, prefix: String, build: String) -> String {
        let modifiers = index.types[type].decls.flatMap { index.decl($0).modifiers }
        guard let access = ["open", "public"].first(where: modifiers.contains) else { return "" }
        return " \(index.types[type].name) is `\(access)`, so other modules may create it: `\(prefix)Module` and its `\(build)` are `public`, and so is every type `\(build)` takes or returns."
    }

    /// How the builder hands the screen its dependencies, by how the screen is created today.
    private func injectionWords(_ kind: ScreenKind, storyboardOnly: Bool, objectiveC: Bool, prefix: String) -> String {
        objectiveC
            ? "Objective-C creates it through the inherited `init`, so its dependencies are set through properties right after creation (an initialiser with parameters would stop `init(nibName:bundle:)` being inherited there), and `\(prefix)Module` is an `NSObject` subclass whose `@objc` class method the Objective-C code calls"
            : kind == .code ? "its dependencies go through the initialiser"
            : storyboardOnly ? "no code creates it — a storyboard segue or a storyboard's initial screen does — so replace that segue with a route that calls the builder, which instantiates the screen from its storyboard and sets its dependencies right after, not through `init`"
            : "it is created from a storyboard\(kind == .both ? " and from code" : ""), so the builder instantiates it and sets its dependencies right after, not through `init`"
    }

    /// The closures the screen's creator sets and the screen calls with its result (`var onFinish:
    /// ((Bool) -> Void)?` called as `onFinish?(true)`), with the members that call them: the
    /// module's output, which closing the module must keep calling.
    func moduleOutput(of type: Int) -> String? {
        var callers: [String: [String]] = [:], order: [String] = []
        for (_, decl) in index.declarations(of: type) {
            let closures = Set(decl.properties.filter { !$0.isStatic && !$0.isComputed && ($0.typeName ?? "").contains("->") }.map(\.name))
            let uses = decl.references.filter { !$0.isAssignment && ($0.chain.isEmpty || $0.chain == ["self"]) }.map { ($0.name, $0.member, $0.position.line) }
                + decl.propertyAccesses.filter { !$0.isWrite }.map { ($0.name, $0.member, $0.position.line) }
            for (name, member, _) in uses.sorted(by: { $0.2 < $1.2 }) where closures.contains(name) {
                guard let member, !member.hasPrefix("init(") else { continue }
                if callers[name] == nil { order.append(name) }
                if !(callers[name] ?? []).contains(member) { callers[name, default: []].append(member) }
            }
        }
        guard !order.isEmpty else { return nil }
        return TaskGrouping.list(order.map { name in "`\(name)` (called in " + TaskGrouping.list(callers[name]!.map { "`\($0)`" }) + ")" })
    }

    /// The screen's own exits (`dismiss`, `popViewController`, `popToRootViewController`) by route:
    /// going back is `close()`, to the root `closeToRoot()`; the members that call each and where.
    /// `calls` says which call each member makes ("`dismiss` in `deleteTapped(_:)`"). A screen that
    /// runs code once it has closed (`dismiss(animated: true) { completion?(share) }`) closes through
    /// `close(completion:)`, so the router keeps that order.
    func exits(of type: Int) -> [(route: String, calls: String, members: [String], sites: [String])] {
        var found: [String: (calls: [String], members: [String], sites: [String])] = [:]
        var after: [String] = []
        for (path, decl) in index.declarations(of: type) {
            for reference in decl.references where isOwnExit(reference, in: decl) {
                let route = reference.name == "popToRootViewController" ? "closeToRoot()" : "close()"
                var entry = found[route] ?? ([], [], [])
                if let member = reference.member, !entry.members.contains(member) {
                    entry.members.append(member)
                    entry.calls.append("`\(reference.name)` in `\(member)`")
                }
                if route == "close()", reference.name == "dismiss", reference.passesClosure, let member = reference.member, !after.contains(member) {
                    after.append(member)
                }
                entry.sites.append("`\(shortPath(path)):\(reference.position.line)`")
                found[route] = entry
            }
        }
        if !after.isEmpty, let close = found.removeValue(forKey: "close()") {
            var entry = close
            entry.calls.append("with code that runs once it has closed in \(TaskGrouping.list(after.map { "`\($0)`" })): the router calls `completion` when the dismissal ends, as `dismiss(animated:completion:)` does today")
            found[Self.closeAfter] = entry
        }
        return found.keys.sorted().map { (route: $0, calls: found[$0]!.calls.joined(separator: ", "), members: found[$0]!.members, sites: found[$0]!.sites) }
    }

    /// The exit of a screen that runs code once it has closed.
    static let closeAfter = "close(completion:)"

    /// A screen's only navigation is closing itself: its Router still gets the exit routes, so the
    /// module never dismisses itself from the view.
    func exitTask(for type: Int) -> PlanTask? {
        let exits = exits(of: type)
        guard !exits.isEmpty else { return nil }
        let name = index.types[type].name, prefix = modulePrefix(name)
        let path = index.path(index.types[type].decls[0]), line = index.decl(index.types[type].decls[0]).position.line
        let calls = exits.map(\.calls).joined(separator: "; ")
        let routes = exits.map { "`\($0.route)`" }.joined(separator: ", ")
        var task = PlanTask(category: .R, title: "Route the exits of \(name) through \(prefix)Router",
                            fingerprint: FindingFingerprint.make(rule: "vp-exits", type: name, member: nil, discriminator: ""),
                            rule: nil, viewController: name, file: path, line: line, severity: .medium,
                            problem: "\(name) closes itself (\(calls)). Once its work moves to a presenter the view would still decide when the module ends, and no test can see the screen close.",
                            fix: "Its exits are its only routes: `\(prefix)Router` gets \(routes), called by `\(prefix)Presenter` when \(name) reports the user's action.",
                            evidence: exits.flatMap(\.sites).prefix(8).map { $0 },
                            estimate: [EstimatePart(0, "the exit routes come with `\(prefix)Router` (counted in its PR)")])
        task.routes = exits.map(\.route)
        task.structural = .view(type: prefix + "Router")
        return task
    }

    /// B and T tasks for a view controller that becomes a module. `god` is its vc-god task, which
    /// then stands for the builder work.
    func structuralTasks(for type: Int, module: TargetModule, tasks: [PlanTask]) -> [PlanTask] {
        let name = index.types[type].name, prefix = module.prefix
        if shapes.isBase(name) { return baseTasks(for: type, prefix: prefix, tasks: tasks) }
        // A generic screen is one generic module: its `build` takes the type parameters.
        let parameters = shapes.generics[name] ?? []
        let build = parameters.isEmpty ? "build()" : "build<\(parameters.joined(separator: ", "))>(…)"
        let path = index.path(index.types[type].decls[0])
        let line = index.decl(index.types[type].decls[0]).position.line
        let exists = index.resolve(prefix + "Module") != nil || index.resolve(prefix + "Builder") != nil
        // Every place that creates the screen today (initialiser calls, storyboard instantiation,
        // segues, factory helpers), the screen's own (the next folder, the next step, a shared
        // instance) included: the builder replaces each one.
        // Each file holding such a place is edited by the builder's PR.
        let objc = objectiveCCreators[name] ?? []
        let sites = index.creationSites(of: type), creators = sites.count + objc.count
        let inRouter = sitesInRouter(of: type, sites: sites, tasks: tasks, prefix: prefix)
        let siteFiles = Self.siteFiles(sites, inRouter: inRouter, objectiveC: objc, screen: name)
        var result: [PlanTask] = []
        func make(_ category: TaskCategory, _ kind: String, _ discriminator: String, _ title: String, _ severity: Severity,
                  _ problem: String, _ fix: String, _ estimate: [EstimatePart]) -> PlanTask {
            var task = PlanTask(category: category, title: title,
                                fingerprint: FindingFingerprint.make(rule: "vp-" + kind, type: name, member: nil, discriminator: discriminator),
                                rule: nil, viewController: name, file: path, line: line, severity: severity, problem: problem, fix: fix,
                                evidence: ["`\(shortPath(path)):\(line)` `\(name)`"], estimate: estimate)
            task.structural = kind == "builder" ? .builder(prefix: prefix) : .tests(type: prefix + "Module")
            if kind == "builder" { task.edits = siteFiles }
            return task
        }
        // No code creates a screen with outlets: a storyboard does (its initial screen or a segue).
        let hasOutlets = index.declarations(of: type).contains { $0.decl.properties.contains(where: \.isIBOutlet) }
        // Objective-C's `new`/`alloc` is code creating it (its outlets come from a nib).
        let storyboardOnly = sites.isEmpty && objc.isEmpty && hasOutlets
        let kind = storyboardOnly ? ScreenKind.storyboard : sites.isEmpty && !objc.isEmpty ? .code : index.screenKind(of: type)
        let siteList = Self.siteList(sites, objectiveC: objc, inRouter: inRouter, screen: name)
        let injection = injectionWords(kind, storyboardOnly: storyboardOnly, objectiveC: !objc.isEmpty, prefix: prefix)
        let genericNote = genericWords(type, parameters: parameters, prefix: prefix, build: build) + publicNote(type, prefix: prefix, build: build)
        let (setByCallers, settingNote) = creatorSettings(of: name, sites: sites, build: build)
        if !exists {
            let services = module.services.count
            let phases = Set(tasks.map(\.category))
            // Only the roles this plan gives the module (a screen without navigation gets no router).
            let roleList = ["`\(prefix)Presenter`"] + (phases.contains(.I) ? ["`\(prefix)Interactor`" + (services == 0 ? "" : " (with its \(services) service\(services == 1 ? "" : "s"))")] : [])
                + (phases.contains(.R) ? ["`\(prefix)Router`"] : [])
            let roles = TaskGrouping.list(roleList)
            let builder: [EstimatePart] = [
                EstimatePart(15, "`\(prefix)Module.\(build)` creating and wiring view, presenter, interactor, router"),
                EstimatePart(services, "\(services) service\(services == 1 ? "" : "s") injected"),
                EstimatePart(3 * creators, "\(creators) place\(creators == 1 ? " that creates" : "s that create") \(name) today switched to the builder, ~3 lines each"),
                EstimatePart(2 * siteFiles.count, "\(siteFiles.count) file\(siteFiles.count == 1 ? "" : "s") holding \(creators == 1 ? "it" : "them"), ~2 lines each: the caller no longer builds what the builder injects")]
                + (kind == .code ? [] : [EstimatePart(3, "dependencies set after storyboard instantiation")])
                + handover(module, name: name, prefix: prefix)
                + (setByCallers.isEmpty ? [] : [EstimatePart(2 * setByCallers.count, "\(setByCallers.count) value\(setByCallers.count == 1 ? "" : "s") its creators set today taken by the builder")])
            if let godIndex = tasks.firstIndex(where: { $0.plays(.assemblesModule) }) {
                var god = tasks[godIndex]
                god.estimate = builder
                god.edits = siteFiles
                god.fix = "Add `\(prefix)Module.\(build)`, the only place that creates \(name): it creates \(roles), wires them and returns the view; \(injection)\(creators > 0 ? ". Switch the \(creators) place\(creators == 1 ? " that creates" : "s that create") \(name) today to it: \(siteList)" : ""). " + Self.afterBuilder(module) + Self.loadingHandover(module) + genericNote + settingNote
                result.append(god)
            } else {
                result.append(make(.B, "builder", "", "Wire \(prefix)Module", .medium,
                    "\(name) is created directly by the screens that show it, so its dependencies cannot be injected.",
                    "Add `\(prefix)Module.\(build)` that creates the view and \(roles), wires them and returns the view controller; \(injection)." + (creators > 0 ? " Switch the \(creators) place\(creators == 1 ? " that creates" : "s that create") \(name) today to it: \(siteList)." : "") + Self.loadingHandover(module) + genericNote + settingNote,
                    builder))
            }
        } else if let god = tasks.first(where: { $0.plays(.assemblesModule) }) {
            result.append(god)
        }
        // With a non-ASCII prefix (which could end in a character that joins the next one) every
        // test file is searched: the index by suffix assumes the prefix ends where its bytes do.
        let candidates = { (suffix: String) in (prefix.utf8.allSatisfy { $0 < 0x80 } ? testFilesBySuffix[suffix] : nil) ?? testFiles }
        let hasTest = { (suffix: String) in candidates(suffix).contains { foundationContains($0, prefix + suffix) } }
        // The unit tests of each new type come with the PR that creates it; the Tests phase keeps the
        // screen-level tests: the assembled module driven through its view protocol.
        let cases = module.interactorInputs.map(\.name) + module.presenterOutputs.map(\.name) + module.routes.map(\.name)
        if !cases.isEmpty && !hasTest("ModuleTests") {
            result += testTasks(name: name, prefix: prefix, role: "Module", items: cases, make: make)
        }
        return result
    }

    private func testTasks(name: String, prefix: String, role: String, items: [String],
                           make: (TaskCategory, String, String, String, Severity, String, String, [EstimatePart]) -> PlanTask) -> [PlanTask] {
        // 15 lines of test scaffolding (doubles, setUp) and ~8 per case: chunked so each task fits a PR.
        let perPR = max(1, (cap - 15) / 8)
        let chunks = stride(from: 0, to: items.count, by: perPR).map { Array(items[$0..<min($0 + perPR, items.count)]) }
        return chunks.enumerated().map { i, chunk in
            let part = chunks.count > 1 ? " (part \(i + 1) of \(chunks.count))" : ""
            return make(.T, role.lowercased() + "-tests", i == 0 ? "" : "\(i)", "Screen tests for the \(prefix) module\(part)", .medium,
                        "What moves out of \(name) has no tests today; without them the next extraction cannot prove the behaviour is unchanged.",
                        "Add `\(prefix)\(role)Tests`: build the screen with `\(prefix)Module` and service doubles, drive it through its view protocol and assert what the view shows and where it navigates; one case each for " + chunk.map { "`\($0)`" }.joined(separator: ", ") + ".",
                        [EstimatePart(i == 0 ? 15 : 4, i == 0 ? "test file, doubles and setUp" : "test class extension"),
                         EstimatePart(8 * chunk.count, "\(chunk.count) case\(chunk.count == 1 ? "" : "s") × ~8 lines")])
        }
    }
}

func uniqued<T: Hashable>(_ items: [T]) -> [T] {
    var seen: Set<T> = []
    return items.filter { seen.insert($0).inserted }
}

func isTypeName(_ s: String) -> Bool { s.first?.isUppercase == true && !s.contains(" ") }

/// "ProductDetailViewController" → "ProductDetail"; "showCart" segue → "ShowCart".
func routeName(_ destination: String) -> String {
    if let system = KnownTypes.systemScreenRoutes[destination] { return system }
    let base = modulePrefix(destination)
    var cleaned = base.split { !($0.isLetter || $0.isNumber) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    // A segue's verb or direction is not the destination (`toNotificationsSettings` → NotificationsSettings).
    for verb in ["Show", "Present", "Push", "Open", "Goto", "To"] where cleaned.hasPrefix(verb) && cleaned.count > verb.count
        && cleaned.unicodeScalars.dropFirst(verb.count).first.map({ $0.properties.isUppercase }) == true {
        cleaned = String(cleaned.dropFirst(verb.count)); break
    }
    if cleaned.hasPrefix("UI") && cleaned.count > 2 { cleaned = String(cleaned.dropFirst(2)) }
    return cleaned.isEmpty ? "Destination" : cleaned
}
