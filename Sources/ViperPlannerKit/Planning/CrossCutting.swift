/// Work several features share: a project wrapper (API client, settings store, formatter) called
/// by view controllers of two or more features becomes one protocol task, done before the
/// features' Service PRs; a project singleton reached (`X.shared`) from three or more features is
/// put behind a protocol the builders inject; a project base view controller that does a family's
/// work itself is slimmed once for all its subclasses.
enum CrossCutting {
    /// Why a wrapper several features call goes behind one protocol first: said once above its
    /// tasks (`PlanRenderer.statedReason`), each task keeps its own sentence.
    static let sharedWrapperWhy = "Each feature's Interactor would otherwise depend on the concrete type and its shared instance, so none can be tested without real I/O, and the features' PRs would each invent their own protocol."
    static let sharedWrapperID = "vp-shared-wrapper"
    /// The fingerprint namespace of the task that slims a base class several features' screens inherit.
    static let sharedBaseID = "vp-shared-base"

    static func sharedWork(result: AuditResult, featureOf: [String: String], sharedBases: Set<String> = [],
                           layout: ProjectLayout = ProjectLayout()) -> [PlanTask] {
        let index = result.index
        struct Use { var family: Family; var members: [String] = []; var vcs: [String] = []; var sites = 0 }
        var uses: [String: Use] = [:]
        for (t, profile) in result.profiles.sorted(by: { $0.key < $1.key }) {
            let vc = index.types[t].name
            for site in profile.sites {
                guard let note = site.note, note.hasPrefix("via `") else { continue }
                let wrapper = String(note.dropFirst(5).prefix { $0 != "`" })
                var use = uses[wrapper] ?? Use(family: site.family)
                let member = String(site.api.dropFirst(wrapper.count + 1))
                if !use.members.contains(member) { use.members.append(member) }
                if !use.vcs.contains(vc) { use.vcs.append(vc) }
                use.sites += 1
                uses[wrapper] = use
            }
            // Services whose code the sources do not show (an SDK's or Objective-C class): a protocol
            // over one that several features' seams would each declare is declared once, here, or the
            // second feature's copy does not compile. It declares every member the screens use on it.
            for call in index.opaqueCalls(of: t) where !call.service.isEmpty {
                var use = uses[call.service] ?? Use(family: .businessLogic)
                for member in [call.call] + index.membersUsed(of: call.service, by: t) where member != "init" && !use.members.contains(member) {
                    use.members.append(member)
                }
                if !use.vcs.contains(vc) { use.vcs.append(vc) }
                use.sites += 1
                uses[call.service] = use
            }
        }
        var tasks: [PlanTask] = []
        for wrapper in uses.keys.sorted() {
            let use = uses[wrapper]!
            let vcs = use.vcs.sorted()
            let features = Set(vcs.compactMap { featureOf[$0] })
            // A protocol already (`DataManagerProtocol`) is injected as it is, never wrapped again.
            guard features.count >= 2, !isProtocol(wrapper, index: index) else { continue }
            // A helper function (`UIViewController.push(module:)`) is no type to put behind a
            // protocol, and navigation helpers move into each screen's Router, not into a service.
            guard !wrapper.contains("("), use.family != .navigation else { continue }
            let proto = protocolName(for: wrapper)
            let members = use.members.sorted()
            let location = index.resolve(wrapper).map { (index.path(index.types[$0].decls[0]), index.decl(index.types[$0].decls[0]).position.line) }
            // Two targets may both have a screen of that name: the first in index order, so runs agree.
            let file = location?.0 ?? vcs.first.flatMap { name in
                result.profiles.filter { index.types[$0.key].name == name }.min { $0.key < $1.key }?.value.files.first
            } ?? ""
            // A service the Swift sources do not declare (Objective-C, a package) has no Swift file
            // to hold the protocol: a new file beside the first screen's does, with the conformance.
            let home = location == nil && !file.isEmpty ? ProjectLayout.folder(of: file) + proto + ".swift" : nil
            var task = PlanTask(
                category: .X, title: "Put `\(wrapper)` behind `\(proto)`, shared by \(features.count) features",
                fingerprint: FindingFingerprint.make(rule: sharedWrapperID, type: wrapper, member: nil, discriminator: ""),
                rule: nil, viewController: nil, member: nil, file: file, line: location?.1 ?? 1,
                severity: .high,
                problem: "\(vcs.count) view controllers (\(vcs.joined(separator: ", "))) call `\(wrapper)` directly for \(use.family.words) (\(use.sites) site\(use.sites == 1 ? "" : "s")). " + Self.sharedWrapperWhy,
                fix: "Declare `\(proto)`\(home.map { " in a new `\($0)`" } ?? "") with the \(members.count) member\(members.count == 1 ? "" : "s") the screens use (\(members.prefix(12).map { "`\($0)`" }.joined(separator: ", "))\(members.count > 12 ? ", …" : "")), make `\(wrapper)` conform\(home == nil ? "" : " there (`extension \(wrapper): \(proto) {}`: its declaration is not Swift)"), and let each feature's Interactor receive `\(proto)` in its initialiser instead of reaching `\(wrapper)` itself.",
                evidence: vcs.prefix(8).map { "used by `\($0)` (\(featureOf[$0].map { PlanNames.kebab($0) + ".md" } ?? ""))" },
                estimate: [EstimatePart(2 + members.count, "protocol with \(members.count) requirement\(members.count == 1 ? "" : "s")"),
                           EstimatePart(1, "conformance of `\(wrapper)`"),
                           EstimatePart(6, "in-memory test double for the features' tests")])
            task.sharedType = wrapper
            if let home {
                task.newFiles = [PlanTask.NewFile(path: home, project: layout.projectFile(for: home))]
                if task.newFiles[0].project != nil { task.estimate.append(PRSlicer.projectEntriesPart(1)) }
            }
            tasks.append(task)
        }
        tasks += singletons(result: result, featureOf: featureOf, wrappers: Set(uses.keys))
        tasks += duplicatedHelpers(result: result, featureOf: featureOf)
        tasks += bases(result: result, featureOf: featureOf, sharedBases: sharedBases)
        return tasks
    }

    /// A method copied into several view controllers (same body, token for token): one shared helper
    /// with its tests, instead of each feature planning its own copy.
    static func duplicatedHelpers(result: AuditResult, featureOf: [String: String]) -> [PlanTask] {
        let index = result.index
        return index.duplicatedHelpers.compactMap { copies -> PlanTask? in
            guard let first = copies.first, copies.count >= 2 else { return nil }
            let screens = uniqued(copies.map(\.type))
            guard screens.count >= 2 else { return nil }
            let lines = index.resolve(first.type).flatMap { t in
                index.declarations(of: t).lazy.compactMap { $0.decl.functions.first { $0.name == first.member }?.codeLines }.first
            } ?? 3
            var task = PlanTask(
                category: .X, title: "Share `\(first.member)`, copied into \(screens.count) screens",
                fingerprint: FindingFingerprint.make(rule: "vp-duplicated-helper", type: first.type, member: first.member, discriminator: ""),
                rule: nil, viewController: nil, member: first.member, file: first.file, line: first.line, severity: .medium,
                problem: "\(screens.joined(separator: ", ")) each carry the same `\(first.member)` (\(lines) code lines). Each feature's plan would move its own copy, and a fix made in one copy is missed in the others.",
                fix: "Move one copy of `\(first.member)` into a shared helper (an extension or a small type) with its unit tests, and make each screen call it; the screens' own PRs then move a one-line call.",
                evidence: copies.prefix(8).map { "`\(shortPath($0.file)):\($0.line)` `\($0.type).\($0.member)`\(featureOf[$0.type].map { " (\(PlanNames.kebab($0)).md)" } ?? "")" },
                estimate: [EstimatePart(lines + 3, "the shared helper"),
                           EstimatePart((lines + 1) * copies.count, "\(copies.count) copies replaced by a call"),
                           EstimatePart(10, "its unit test")])
            task.sharedCopies = copies.map { "\($0.type)|\($0.member)" }
            return task
        }
    }

    /// A screen's task on its copy of a shared helper: the cross-cutting task moves the helper once,
    /// so the screen only adopts it (a small change) instead of moving its copy's code again. The
    /// task stays, so its finding keeps its place in the plan.
    static func adoptSharedHelpers(_ tasks: [PlanTask], sharedHelpers: [String: SharedProtocol], prefix: (String) -> String) -> [PlanTask] {
        guard !sharedHelpers.isEmpty else { return tasks }
        return tasks.map { task in
            guard [.I, .P].contains(task.category), task.rule != nil, let vc = task.viewController, let member = task.member,
                  let shared = sharedHelpers["\(vc)|\(member)"] else { return task }
            var adopted = task
            let owner = prefix(vc) + (task.category == .I ? "Interactor" : "Presenter")
            adopted.fix = "Adopt the shared helper \(shared.text): delete \(vc)'s copy of `\(member)` and call the shared helper from `\(owner)` where the view called its copy. The helper's code moves once, in the cross-cutting PR, not copy by copy."
            adopted.estimate = [EstimatePart(2, "the call to the shared helper moved into `\(owner)`"), EstimatePart(1, "call site rewired")]
            return adopted
        }
    }

    /// The protocol a shared type gets: `APIClient` → `APIClientProtocol`; a nested or generic type
    /// (`Preferences.Option<Bool>`) → `PreferencesOptionProtocol`, one Swift identifier.
    static func protocolName(for type: String) -> String {
        String(type.prefix { $0 != "<" }.filter { $0 != "." }) + "Protocol"
    }

    /// A type the features can already depend on as it is: a protocol, or a name that says it is one.
    static func isProtocol(_ name: String, index: TypeIndex) -> Bool {
        name.hasSuffix("Protocol") || index.resolve(name).map { index.types[$0].kind == .protocol } == true
    }

    /// `Settings.shared.theme` from screens of three or more features, for a project type that is not
    /// already a wrapper task: one protocol for the builders to inject.
    static func singletons(result: AuditResult, featureOf: [String: String], wrappers: Set<String>) -> [PlanTask] {
        let index = result.index
        var members: [String: Set<String>] = [:], vcs: [String: Set<String>] = [:], sites: [String: Int] = [:]
        for t in result.profiles.keys {
            let vc = index.types[t].name
            for (path, decl) in index.declarations(of: t) {
                for r in decl.references {
                    let head: String?
                    if r.chain.count >= 2, WrapperAnalysis.singletonNames.contains(r.chain[1]) { head = r.chain[0] }
                    else if r.chain.count == 1, WrapperAnalysis.singletonNames.contains(r.name) { head = r.chain[0] }
                    else { head = nil }
                    guard let head, !wrappers.contains(head), let target = index.resolve(head, near: path),
                          !index.types[target].isViewController else { continue }
                    let name = index.types[target].name
                    if r.chain.count >= 2 { members[name, default: []].insert(r.name) }
                    vcs[name, default: []].insert(vc)
                    sites[name, default: 0] += 1
                }
            }
        }
        return vcs.keys.sorted().compactMap { name -> PlanTask? in
            let screens = vcs[name]!.sorted()
            let features = Set(screens.compactMap { featureOf[$0] })
            guard features.count >= 3, let target = index.resolve(name), !isProtocol(name, index: index) else { return nil }
            let used = (members[name] ?? []).sorted()
            let proto = protocolName(for: name)
            var task = PlanTask(
                category: .X, title: "Stop reaching the singleton `\(name)` from \(screens.count) screens in \(features.count) features",
                fingerprint: FindingFingerprint.make(rule: "vp-shared-singleton", type: name, member: nil, discriminator: ""),
                rule: nil, viewController: nil, member: nil, file: index.path(index.types[target].decls[0]),
                line: index.decl(index.types[target].decls[0]).position.line, severity: .medium,
                problem: "\(screens.count) view controllers (\(screens.prefix(8).joined(separator: ", "))\(screens.count > 8 ? ", …" : "")) reach `\(name)` through its shared instance (\(sites[name]!) site\(sites[name]! == 1 ? "" : "s")). Hidden global state couples the screens: a test of one screen sees what another left behind, and no module can be built with a different instance.",
                fix: "Declare `\(proto)` with the \(used.count) member\(used.count == 1 ? "" : "s") the screens use\(used.isEmpty ? "" : " (" + used.prefix(12).map { "`\($0)`" }.joined(separator: ", ") + (used.count > 12 ? ", …" : "") + ")"), make `\(name)` conform, and let each feature's module builder pass the shared instance in; the screens stop naming `\(name)`.",
                evidence: screens.prefix(8).map { "used by `\($0)` (\(featureOf[$0].map { PlanNames.kebab($0) + ".md" } ?? ""))" },
                estimate: [EstimatePart(2 + used.count, "protocol with \(used.count) requirement\(used.count == 1 ? "" : "s")"),
                           EstimatePart(1, "conformance of `\(name)`"),
                           EstimatePart(6, "in-memory test double for the features' tests")])
            task.sharedType = name
            return task
        }
    }
}
