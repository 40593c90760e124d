import Foundation

/// Screens that are not one screen each: a base view controller other view controllers subclass
/// (abstract: it is never shown by itself) and a generic view controller shown with several type
/// arguments. A base is planned with its subclasses, as the shared Presenter/Interactor pieces their
/// modules reuse, and gets no module of its own (in cross-cutting.md when its subclasses sit in
/// several features); a generic screen is one generic module whose
/// `build` takes its type parameters.
struct ScreenShapes: Sendable, Hashable {
    /// A planned view controller → the project view controllers that inherit it (directly or not), sorted.
    var subclasses: [String: [String]] = [:]
    /// A view controller → its nearest planned project base.
    var baseOf: [String: String] = [:]
    /// The bases no code creates: abstract, never shown by themselves. A base that is also created
    /// directly is a screen of its own (with its module); its subclasses still inherit its pieces.
    var abstract: Set<String> = []
    /// A generic view controller (not a base) → its type parameters.
    var generics: [String: [String]] = [:]

    func isBase(_ name: String) -> Bool { abstract.contains(name) }

    init() {}

    init(index: TypeIndex, planned: [Int]) {
        let names = Set(planned.map { index.types[$0].name })
        for (i, type) in index.types.enumerated() where type.isViewController && type.kind == .class {
            var nearest: String?
            for ancestor in index.superclasses(of: i) where ancestor != i {
                let base = index.types[ancestor].name
                guard names.contains(base), index.types[ancestor].isViewController else { continue }
                nearest = nearest ?? base
                if !(subclasses[base] ?? []).contains(type.name) { subclasses[base, default: []].append(type.name) }
            }
            if let nearest { baseOf[type.name] = nearest }
        }
        for base in subclasses.keys { subclasses[base]!.sort() }
        for t in planned where subclasses[index.types[t].name] != nil {
            let name = index.types[t].name
            if !index.creationSites(of: t).contains(where: { $0.inType != name }) { abstract.insert(name) }
        }
        for t in planned where subclasses[index.types[t].name] == nil {
            let parameters = index.types[t].decls.lazy.map { index.decl($0).genericParameters }.first { !$0.isEmpty } ?? []
            if !parameters.isEmpty { generics[index.types[t].name] = parameters }
        }
    }

    /// Each abstract base joins the feature that holds most of its subclasses (ties: the first by
    /// name), so its shared pieces are made in the file whose PRs reuse most of them; a base whose
    /// subclasses are spread one per feature keeps its own feature (and, when it has work, is planned
    /// in cross-cutting.md instead: `sharedAcrossFeatures`).
    func regroup(_ featureOf: [String: String]) -> [String: String] {
        var result = featureOf
        for (base, subs) in subclasses where isBase(base) {
            var counts: [String: Int] = [:]
            for sub in subs { if let f = featureOf[sub] { counts[f, default: 0] += 1 } }
            guard let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.value > 1 || counts.count == 1 else { continue }
            result[base] = best.key
        }
        return result
    }

    /// The abstract bases whose subclasses sit in two or more features: no feature file plans them;
    /// cross-cutting.md plans each once, as the seam its subclasses share.
    func sharedAcrossFeatures(_ featureOf: [String: String]) -> Set<String> {
        Set(subclasses.filter { base, subs in isBase(base) && Set(subs.compactMap { featureOf[$0] }).count >= 2 }.keys)
    }

    /// The planned view controllers in the given order, except that each base moves just before
    /// the first view controller that inherits it, so its PRs come before the PRs that reuse its pieces.
    func basesFirst(_ vcs: [Int], index: TypeIndex) -> [Int] {
        var position: [String: Int] = [:]
        for (i, t) in vcs.enumerated() { position[index.types[t].name] = position[index.types[t].name] ?? i }
        func depth(_ name: String) -> Int {
            var n = 0, current = name
            while let base = baseOf[current], n < 32 { n += 1; current = base }
            return n
        }
        let keys = vcs.enumerated().map { i, t -> (Int, Int, Int) in
            let name = index.types[t].name
            guard isBase(name), let subs = subclasses[name] else { return (i, 1, i) }
            return (min(i, subs.compactMap { position[$0] }.min() ?? i), 0, depth(name))
        }
        return vcs.indices.sorted { keys[$0] < keys[$1] }.map { vcs[$0] }
    }

    /// The context lines of the bases among a feature's view controllers.
    func baseNotes(_ names: [String]) -> String {
        names.filter(isBase).map { baseNote($0, prefix: modulePrefix($0)) }.joined()
    }

    /// The context line of a base: who inherits it and why it has no module.
    func baseNote(_ name: String, prefix: String) -> String {
        let subs = subclasses[name] ?? []
        let list = subs.prefix(8).joined(separator: ", ") + (subs.count > 8 ? " and \(subs.count - 8) more" : "")
        return " \(name) is a base class inherited by \(subs.count) screen\(subs.count == 1 ? "" : "s") (\(list)): it is never shown by itself, so it gets no module and no `build()`; its work becomes the shared `\(prefix)` pieces (presenter, interactor) that the subclasses' modules inherit."
    }
}

extension ModulePlanner {
    /// The places that create a generic screen, with their type arguments, for its Builder PR:
    /// "`SelectItemViewController<Country>` at `Checkout/…:42`".
    func instantiations(of type: Int) -> [String] {
        let name = index.types[type].name
        return uniqued(index.creationSites(of: type).filter { $0.inType != name }.map { site in
            "`\(name)\(site.typeArguments.map { "<\($0)>" } ?? "")`\(site.typeArguments == nil ? " (type argument inferred)" : "") at `\(shortPath(site.file)):\(site.line)`"
        })
    }

    /// The B task of a base view controller: no builder, the subclasses' modules reuse its pieces.
    /// Its god finding (if any) stands for this work; otherwise there is no B task.
    func baseTasks(for type: Int, prefix: String, tasks: [PlanTask]) -> [PlanTask] {
        guard var god = tasks.first(where: { $0.plays(.assemblesModule) }) else { return [] }
        let name = index.types[type].name
        let subs = shapes.subclasses[name] ?? []
        let phases = Set(tasks.map(\.category))
        let pieces = ["`\(prefix)Presenter`"] + (phases.contains(.I) ? ["`\(prefix)Interactor`"] : [])
        god.fix = "Add no module for \(name): it is an abstract base, never shown by itself. Make \(pieces.joined(separator: " and ")) the shared part that the modules of its \(subs.count) subclass\(subs.count == 1 ? "" : "es") (\(subs.prefix(8).joined(separator: ", "))\(subs.count > 8 ? ", …" : "")) inherit: each subclass's presenter and interactor subclass them, and each subclass's own `build()` wires them."
        god.estimate = [EstimatePart(4, "shared pieces opened for subclassing (`open`/overridable hooks)"),
                        EstimatePart(2 * subs.count, "\(subs.count) subclass\(subs.count == 1 ? "" : "es") told which shared piece to inherit")]
        god.structural = nil
        return [god]
    }
}

extension Planner {
    /// A subclass planned in another file than its base (its base joined the feature of most of its
    /// subclasses): the PR creating its presenter, interactor or router depends on the base file's
    /// PR creating the shared piece it inherits. UIKit only, as in `PRSlicer.inheritedPieces`.
    static func inheritAcrossFiles(_ plans: inout [FeaturePlan], shapes: ScreenShapes, owners: [String: PRSlicer.Owner]) {
        var fileOf: [String: Int] = [:]
        for (i, plan) in plans.enumerated() { for vc in plan.viewControllers { fileOf[vc] = i } }
        for (sub, base) in shapes.baseOf.sorted(by: { $0.key < $1.key }) {
            guard let s = fileOf[sub], let b = fileOf[base], s != b, let subOwner = owners[sub], let baseOwner = owners[base] else { continue }
            for suffix in ["Router", "Presenter", "Interactor"] {
                let piece = baseOwner.prefix + suffix
                guard let creator = plans[b].slices.first(where: { $0.creates.contains(piece) }),
                      let i = plans[s].slices.firstIndex(where: { $0.creates.contains(subOwner.prefix + suffix) }) else { continue }
                let dependency = "\(plans[b].fileName) PR \(creator.number)"
                plans[s].slices[i].changes.insert(inheritsSentence(sub: sub, subPrefix: subOwner.prefix, suffix: suffix, piece: piece, base: base, from: dependency), at: 0)
                renamingHeld(&plans[s], from: i, sub: sub, subPrefix: subOwner.prefix, suffix: suffix)
                if !plans[s].slices[i].dependsOn.contains(dependency) { plans[s].slices[i].dependsOn.insert(dependency, at: 0) }
            }
        }
    }

    /// "`SharePresenter` inherits `CollectionPresenter` …": the subclass keeps only what it adds, and
    /// reaches its own piece under a name of its own, since the base class already holds one under
    /// the role's name (a subclass cannot redeclare a stored property).
    static func inheritsSentence(sub: String, subPrefix: String, suffix: String, piece: String, base: String, from: String) -> String {
        let role = lowerFirst(suffix), own = lowerFirst(subPrefix) + suffix
        return "`\(subPrefix)\(suffix)` inherits `\(piece)`, the shared part of the base class \(base) (\(from)): keep only what \(sub) adds. "
            + "\(base) already holds `\(role)`: \(sub) reaches its own as `\(own)` (the same object, typed `\(subPrefix)\(suffix)`), never a second `\(role)`, which a subclass cannot redeclare."
    }

    /// The subclass's tasks say its own piece's name too: a forward the view keeps
    /// (`get { presenter.mode }`) or a call through the piece names `sharePresenter`, the property
    /// the subclass holds, not the base class's `presenter`. Read from the sentences
    /// `inheritsSentence` wrote into the plan's PRs, whichever way the piece was inherited.
    static func renamingHeldInTasks(_ plan: inout FeaturePlan) {
        var renames: [(sub: String, role: String, own: String)] = []
        for change in plan.slices.flatMap(\.changes) where change.contains(", the shared part of the base class ") {
            guard let held = change.range(of: " already holds `"), let reaches = change.range(of: " reaches its own as `") else { continue }
            let role = change[held.upperBound...].prefix { $0 != "`" }, own = change[reaches.upperBound...].prefix { $0 != "`" }
            let head = change[..<reaches.lowerBound]
            guard let colon = head.range(of: "`: ", options: .backwards) else { continue }
            renames.append((String(head[colon.upperBound...]), String(role), String(own)))
        }
        for i in plan.tasks.indices {
            for r in renames where plan.tasks[i].viewController == r.sub {
                plan.tasks[i].fix = renamedPiece(plan.tasks[i].fix, role: r.role, own: r.own)
            }
        }
    }

    /// `presenter.mode` and `` `presenter` `` (not `sharePresenter.mode` nor `presenter(for:)`) → the own name.
    static func renamedPiece(_ text: String, role: String, own: String) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "(?<![A-Za-z0-9_])\(NSRegularExpression.escapedPattern(for: role))(?=\\.[A-Za-z_]|`)") else { return text }
        return pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: own))
    }

    /// The subclass's own piece under its own name everywhere in the PR that creates it ("holds
    /// `interactor: …`" → "holds `shareInteractor: …`"), so no step redeclares the base's property.
    /// The same in every later PR: all of a PR of the subclass's own tasks ("then only forwards to
    /// `shareInteractor`"), and the lines that name the subclass in a PR shared with other screens.
    static func renamingHeld(_ plan: inout FeaturePlan, from first: Int, sub: String, subPrefix: String, suffix: String) {
        let own = Set(plan.tasks.filter { $0.viewController == sub }.map(\.id))
        for i in plan.slices.indices where i >= first {
            let whole = i == first || !plan.slices[i].taskIDs.isEmpty && plan.slices[i].taskIDs.allSatisfy(own.contains)
            renamingHeld(&plan.slices[i], subPrefix: subPrefix, suffix: suffix, onlyLinesNaming: whole ? nil : sub)
        }
    }

    static func renamingHeld(_ slice: inout PRSlice, subPrefix: String, suffix: String, onlyLinesNaming screen: String? = nil) {
        let role = lowerFirst(suffix), own = lowerFirst(subPrefix) + suffix
        func renamed(_ text: String) -> String {
            guard screen.map({ text.contains($0) }) ?? true else { return text }
            return text.replacingOccurrences(of: "holds `\(role):", with: "holds `\(own):").replacingOccurrences(of: "`\(role)`", with: "`\(own)`")
        }
        slice.changes = slice.changes.map { $0.contains(", the shared part of the base class ") ? $0 : renamed($0) }
        slice.estimate = slice.estimate.map { EstimatePart($0.lines, renamed($0.label)) }
    }

    /// A subclass of a base shared by several features (planned in cross-cutting.md): the PR creating
    /// its presenter or interactor first merges the cross-cutting PR that makes the shared piece.
    static func inheritSharedBases(_ plans: inout [FeaturePlan], shapes: ScreenShapes, sharedBases: Set<String>,
                                   cross: inout FeaturePlan, owners: [String: PRSlicer.Owner], exists: (String) -> Bool) {
        // The cross-cutting PR of each such base creates its shared presenter and interactor.
        for base in sharedBases.sorted() {
            let fingerprint = FindingFingerprint.make(rule: CrossCutting.sharedBaseID, type: base, member: nil, discriminator: "")
            guard let task = cross.tasks.first(where: { $0.fingerprint == fingerprint }),
                  let i = cross.slices.firstIndex(where: { $0.taskIDs.contains(task.id) }) else { continue }
            // A base already split into roles (its presenter exists) creates nothing again.
            cross.slices[i].creates = uniqued(cross.slices[i].creates + ["Presenter", "Interactor"].map { modulePrefix(base) + $0 }.filter { !exists($0) })
        }
        for (sub, base) in shapes.baseOf.sorted(by: { $0.key < $1.key }) where sharedBases.contains(base) {
            guard let task = cross.tasks.first(where: { $0.fingerprint == FindingFingerprint.make(rule: CrossCutting.sharedBaseID, type: base, member: nil, discriminator: "") }),
                  let pr = cross.slices.first(where: { $0.taskIDs.contains(task.id) }),
                  let s = plans.firstIndex(where: { $0.viewControllers.contains(sub) }), let subOwner = owners[sub] else { continue }
            let dependency = "cross-cutting.md PR \(pr.number)"
            for suffix in ["Presenter", "Interactor"] {
                guard let i = plans[s].slices.firstIndex(where: { $0.creates.contains(subOwner.prefix + suffix) }) else { continue }
                plans[s].slices[i].changes.insert(inheritsSentence(sub: sub, subPrefix: subOwner.prefix, suffix: suffix, piece: modulePrefix(base) + suffix, base: base, from: "cross-cutting.md \(task.id)"), at: 0)
                renamingHeld(&plans[s], from: i, sub: sub, subPrefix: subOwner.prefix, suffix: suffix)
                // Cross-cutting PRs first, in their order, then the file's own.
                let all = uniqued([dependency] + plans[s].slices[i].dependsOn)
                let cross = all.filter { $0.hasPrefix("cross-cutting.md") }.sorted { Int($0.split(separator: " ").last!) ?? 0 < Int($1.split(separator: " ").last!) ?? 0 }
                plans[s].slices[i].dependsOn = cross + all.filter { !$0.hasPrefix("cross-cutting.md") }
            }
        }
    }
}
