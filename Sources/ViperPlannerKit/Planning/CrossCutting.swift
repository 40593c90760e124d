/// Work several features share: a project wrapper (API client, settings store, formatter) called
/// by view controllers of two or more features becomes one protocol task, done before the
/// features' Service PRs; a project base view controller that does a family's work itself is
/// slimmed once for all its subclasses.
enum CrossCutting {
    static func sharedWork(result: AuditResult, featureOf: [String: String]) -> [PlanTask] {
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
        }
        var tasks: [PlanTask] = []
        for wrapper in uses.keys.sorted() {
            let use = uses[wrapper]!
            let vcs = use.vcs.sorted()
            let features = Set(vcs.compactMap { featureOf[$0] })
            guard features.count >= 2 else { continue }
            let proto = "\(wrapper)Protocol"
            let members = use.members.sorted()
            let location = index.resolve(wrapper).map { (index.path(index.types[$0].decls[0]), index.decl(index.types[$0].decls[0]).position.line) }
            let file = location?.0 ?? vcs.first.flatMap { name in result.profiles.first { index.types[$0.key].name == name }?.value.files.first } ?? ""
            tasks.append(PlanTask(
                category: .X, title: "Put `\(wrapper)` behind `\(proto)`, shared by \(features.count) features",
                fingerprint: FindingFingerprint.make(rule: "vp-shared-wrapper", type: wrapper, member: nil, discriminator: ""),
                rule: nil, viewController: nil, member: nil, file: file, line: location?.1 ?? 1,
                severity: .high,
                problem: "\(vcs.count) view controllers (\(vcs.joined(separator: ", "))) call `\(wrapper)` directly for \(use.family.words) (\(use.sites) site\(use.sites == 1 ? "" : "s")). Each feature's Interactor would otherwise depend on the concrete type and its shared instance, so none can be tested without real \(use.family == .networking ? "network" : use.family == .persistence ? "storage" : "formatting") and the features' PRs would each invent their own protocol.",
                fix: "Declare `\(proto)` with the \(members.count) member\(members.count == 1 ? "" : "s") the screens use (\(members.prefix(12).map { "`\($0)`" }.joined(separator: ", "))\(members.count > 12 ? ", …" : "")), make `\(wrapper)` conform, and let each feature's Interactor receive `\(proto)` in its initialiser instead of reaching `\(wrapper)` itself.",
                evidence: vcs.prefix(8).map { "used by `\($0)` (\(featureOf[$0].map { PlanNames.kebab($0) + ".md" } ?? ""))" },
                estimate: [EstimatePart(2 + members.count, "protocol with \(members.count) requirement\(members.count == 1 ? "" : "s")"),
                           EstimatePart(1, "conformance of `\(wrapper)`"),
                           EstimatePart(6, "in-memory test double for the features' tests")]))
        }
        // A project base class of view controllers in two or more features that does a family's work.
        for t in result.profiles.keys.sorted() {
            let base = index.types[t].name
            let subclasses = result.profiles.keys.filter { index.types[$0].superclassChain.contains(base) }.map { index.types[$0].name }.sorted()
            let features = Set(subclasses.compactMap { featureOf[$0] })
            guard features.count >= 2, let profile = result.profiles[t], !profile.families.isEmpty else { continue }
            let families = profile.families.map(\.words).joined(separator: ", ")
            tasks.append(PlanTask(
                category: .X, title: "Slim the shared base class `\(base)` (inherited by \(subclasses.count) screens)",
                fingerprint: FindingFingerprint.make(rule: "vp-shared-base", type: base, member: nil, discriminator: ""),
                rule: nil, viewController: nil, member: nil, file: index.path(index.types[t].decls[0]),
                line: index.decl(index.types[t].decls[0]).position.line, severity: .high,
                problem: "`\(base)` does \(families) itself and \(subclasses.count) view controllers inherit it (\(subclasses.prefix(8).joined(separator: ", "))\(subclasses.count > 8 ? ", …" : "")). Whatever stays in it keeps every one of them from becoming a passive VIPER view.",
                fix: "Keep only view helpers in `\(base)`; move its \(families) into services injected into the modules that need them, one family per PR.",
                evidence: profile.sites.prefix(6).map { "`\(shortPath($0.file)):\($0.position.line)` \($0.api)" },
                estimate: [EstimatePart(min(6 * profile.sites.count, 190), "\(profile.sites.count) site\(profile.sites.count == 1 ? "" : "s") × ~3 lines moved out (deleted + added)"),
                           EstimatePart(4, "service protocol and injection")]))
        }
        return tasks
    }
}
