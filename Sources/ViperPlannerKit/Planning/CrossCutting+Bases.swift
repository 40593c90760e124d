extension CrossCutting {
    /// A project base class of view controllers in two or more features: one task for all its
    /// subclasses. An abstract base (`sharedBases`, planned in no feature file) is planned here
    /// whatever it does, as the seam its subclasses share; a base that is also a screen of its own
    /// is slimmed here when it does a family's work itself.
    static func bases(result: AuditResult, featureOf: [String: String], sharedBases: Set<String>) -> [PlanTask] {
        let index = result.index
        // Who inherits whom, indexed once so the search stays linear in view controllers; each list
        // keeps the profiles' order.
        var inheritors: [String: [Int]] = [:]
        for k in result.profiles.keys {
            var seen: Set<String> = []
            for ancestor in index.types[k].superclassChain where seen.insert(ancestor).inserted { inheritors[ancestor, default: []].append(k) }
        }
        var tasks: [PlanTask] = []
        for t in result.profiles.keys.sorted() {
            let base = index.types[t].name
            let subclasses = (inheritors[base] ?? []).map { index.types[$0].name }.sorted()
            let features = Set(subclasses.compactMap { featureOf[$0] })
            guard features.count >= 2, let profile = result.profiles[t], !profile.families.isEmpty || sharedBases.contains(base) else { continue }
            let families = profile.families.map(\.words).joined(separator: ", ")
            let list = "\(subclasses.prefix(8).joined(separator: ", "))\(subclasses.count > 8 ? ", …" : "")"
            var task = PlanTask(
                category: .X, title: "Slim the shared base class `\(base)` (inherited by \(subclasses.count) screens)",
                fingerprint: FindingFingerprint.make(rule: sharedBaseID, type: base, member: nil, discriminator: ""),
                rule: nil, viewController: nil, member: nil, file: index.path(index.types[t].decls[0]),
                line: index.decl(index.types[t].decls[0]).position.line, severity: .high,
                problem: "`\(base)` does \(families) itself and \(subclasses.count) view controllers inherit it (\(list)). Whatever stays in it keeps every one of them from becoming a passive VIPER view.",
                fix: "Keep only view helpers in `\(base)`; move its \(families) into services injected into the modules that need them, one family per PR.",
                evidence: profile.sites.prefix(6).map { "`\(shortPath($0.file)):\($0.position.line)` \($0.api)" },
                estimate: [EstimatePart(min(6 * profile.sites.count, 190), "\(profile.sites.count) site\(profile.sites.count == 1 ? "" : "s") × ~3 lines moved out (deleted + added)"),
                           EstimatePart(4, "service protocol and injection")])
            if sharedBases.contains(base) {
                let seam = Self.seam(of: t, subclasses: inheritors[base] ?? [], index: index)
                let prefix = modulePrefix(base)
                let work = families.isEmpty ? "" : " does \(families) itself and"
                task.title = "Turn the shared base class `\(base)` into the seam of its \(subclasses.count) screens in \(features.count) features"
                task.problem = "`\(base)`\(work) is inherited by \(subclasses.count) view controllers in \(features.count) features (\(list)). It is never shown by itself, so no feature owns it: each feature's modules would otherwise copy or re-plan it, and whatever stays in it keeps every subclass from becoming a passive VIPER view."
                task.fix = "Make `\(prefix)Presenter` and `\(prefix)Interactor` the shared part the subclasses' modules inherit\(families.isEmpty ? "" : ", with its \(families) in a service behind a protocol")"
                    + ", and keep in `\(base)` only the seam the subclasses use: "
                    + seamWords(seam)
                    + ". The subclasses' feature PRs build on it."
                if task.evidence.isEmpty {
                    task.evidence = subclasses.prefix(8).map { "inherited by `\($0)` (\(featureOf[$0].map { PlanNames.kebab($0) + ".md" } ?? ""))" }
                }
                task.estimate = (families.isEmpty ? [] : [task.estimate[0]])
                    + [EstimatePart(4 + 2 * (seam.templates.count + seam.calls.count), "shared presenter and interactor with the \(seam.templates.count + seam.calls.count) seam member\(seam.templates.count + seam.calls.count == 1 ? "" : "s")"),
                       EstimatePart(2 * subclasses.count, "\(subclasses.count) subclass\(subclasses.count == 1 ? "" : "es") told which shared piece to inherit")]
            }
            tasks.append(task)
        }
        return tasks
    }

    /// What a base's subclasses use of it: the base's own methods they override (its template
    /// methods, not framework overrides it makes itself) and its members they call, sorted.
    static func seam(of base: Int, subclasses: [Int], index: TypeIndex) -> (templates: [String], calls: [String]) {
        let own = index.declarations(of: base).map(\.decl)
        let methods = Set(own.flatMap(\.functions).filter { !$0.isOverride }.map(\.name))
        let bareMethods = Dictionary(methods.map { (String($0.prefix { $0 != "(" }), $0) }, uniquingKeysWith: min)
        let properties = Set(own.flatMap(\.properties).filter { !$0.isOverride }.map(\.name))
        var templates: Set<String> = [], calls: Set<String> = []
        for sub in subclasses {
            let decls = index.declarations(of: sub).map(\.decl)
            let overridden = Set(decls.flatMap(\.functions).filter { $0.isOverride && methods.contains($0.name) }.map(\.name))
            templates.formUnion(overridden)
            for r in decls.flatMap(\.references) {
                // `items.count` reads the base's `items`: the head of the chain, after an explicit `self`.
                let chain = r.chain.first == "self" ? Array(r.chain.dropFirst()) : r.chain
                if let head = chain.first, properties.contains(head) { calls.insert(head); continue }
                guard chain.isEmpty || chain == ["super"] else { continue }
                if r.isCall, let method = r.fullName.flatMap({ methods.contains($0) ? $0 : nil }) ?? bareMethods[r.name],
                   !overridden.contains(method) || chain == ["super"] { calls.insert(method) }
                else if !r.isCall, properties.contains(r.name) { calls.insert(r.name) }
            }
        }
        return (templates.sorted(), calls.subtracting(templates).sorted())
    }

    /// "the methods they override (`endpoint()`) and the members they call on it (`reload()`)".
    static func seamWords(_ seam: (templates: [String], calls: [String])) -> String {
        let parts = [seam.templates.isEmpty ? nil : "the methods they override (\(seam.templates.map { "`\($0)`" }.joined(separator: ", ")))",
                     seam.calls.isEmpty ? nil : "the members they call on it (\(seam.calls.map { "`\($0)`" }.joined(separator: ", ")))"].compactMap { $0 }
        return parts.isEmpty ? "its view helpers" : parts.joined(separator: " and ")
    }
}
