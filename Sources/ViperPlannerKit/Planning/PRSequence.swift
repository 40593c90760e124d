/// The order of a feature's PRs as a sequence that can be merged one by one: which PR creates each
/// new type (the first that needs it, with its protocol and its unit-test file), which PRs each one
/// depends on, and PRs too small to review alone folded into a neighbour of the same concern.
extension PRSlicer {
    /// What the first PR of a phase creates for a view controller, and its estimate parts.
    struct Creation {
        var types: [String] = []
        /// The estimate parts of each type, in `types` order.
        var partsByType: [[EstimatePart]] = []
        var parts: [EstimatePart] { partsByType.flatMap { $0 } }
    }

    /// The smallest PR worth its own review; smaller ones join a neighbour (critical fixes excepted).
    static let smallestPR = 20

    func creation(_ phase: TaskCategory, vc: String) -> Creation {
        if style == .swiftui { return swiftUICreation(phase, vc: vc) }
        guard let owner = owners[vc] else { return Creation() }
        let p = owner.prefix
        let phases = phasesOf[vc] ?? []
        var made = Creation()
        func add(_ suffix: String, _ parts: [EstimatePart]) {
            // A type's tests come with it: an existing type gets none planned here.
            let type = suffix.hasSuffix("Tests") && suffix != "ModuleTests" ? String(suffix.dropLast(5)) : suffix
            guard !owner.existing.contains(type), !made.types.contains(suffix) else { return }
            made.types.append(suffix)
            made.partsByType.append(parts + projectEntries(suffix, vc: vc))
        }
        let shape = scaffoldShape(vc)
        // The lines `scaffold` writes for a role, with what exists when it lands.
        func written(_ role: ScaffoldRole, with present: Set<ScaffoldRole>) -> Int {
            var s = shape
            s.present = present
            return ScaffoldEstimate.lines(role, style: .uikit, shape: s)
        }
        let before = Set(owner.existing.compactMap { Self.roleOfSuffix[$0] })
        func presenter(_ role: String, with present: Set<ScaffoldRole>) {
            add("Presenter", [EstimatePart(written(.presenter, with: before.union(present)), "new `\(p)Presenter`, which \(role), with `\(p)PresenterProtocol`, `\(p)ViewProtocol` and its view states (\(shape.outputs) output\(shape.outputs == 1 ? "" : "s"))"),
                              EstimatePart(3, "view controller conforms to `\(p)ViewProtocol` and holds `presenter` (made in place until the module's builder injects it)")])
            add("PresenterTests", [EstimatePart(written(.presenterTests, with: before.union(present)), "new `\(p)PresenterTests`: view double and setUp")])
        }
        func interactor(_ what: String, _ more: [EstimatePart] = [], doubles: [EstimatePart] = []) {
            add("Interactor", [EstimatePart(written(.interactor, with: before), "new `\(p)Interactor` with `\(p)InteractorInput` and `\(p)InteractorOutput`: \(what)")] + more)
            add("InteractorTests", [EstimatePart(written(.interactorTests, with: before), "new `\(p)InteractorTests`: output double and setUp")] + doubles)
        }
        let interactorWhat = "\(shape.inputs) use case\(shape.inputs == 1 ? "" : "s"), \(shape.services) injected service\(shape.services == 1 ? "" : "s")"
        // A role that lands after the presenter is added to it.
        func wired(_ role: ScaffoldRole, _ label: String) -> [EstimatePart] {
            var s = shape
            s.present = before.union([.presenter, .interactor])
            return [EstimatePart(ScaffoldEstimate.wiring(role, style: .uikit, shape: s), label)]
        }
        switch phase {
        case .I:
            interactor(interactorWhat, [EstimatePart(3, "view controller holds `interactor` (made in place until the module's builder injects it)")],
                       doubles: serviceDoubles(vc: vc))
            for service in newServicesOf[vc] ?? [] {
                add(service, [EstimatePart(written(.service(service), with: []), "new `\(p)\(service)Protocol` and `\(p)\(service)`, around the system calls the view controller makes itself"),
                              Self.doublePart(of: "\(p)\(service)Protocol", members: newServiceMembersOf[vc]?[service]?.count ?? 1, in: "\(p)InteractorTests")])
            }
        case .P:
            presenter("turns model values into display-ready text", with: phases.contains(.I) ? [.interactor] : [])
        case .R:
            if !phases.contains(.P) { presenter("takes the user's choices and calls the router", with: phases.contains(.I) ? [.interactor, .router] : [.router]) }
            let presenterFirst = phases.contains(.P) || owner.existing.contains("Presenter")
            add("Router", [EstimatePart(written(.router, with: []), "new `\(p)Router` with `\(p)RouterProtocol` and a weak reference to the view controller"),
                           EstimatePart(6, "router double in `\(p)PresenterTests`")]
                + (presenterFirst ? wired(.router, "`\(p)Presenter` gets `router` and a forward per route") : [])
                + owner.exits.keys.sorted().flatMap { route -> [EstimatePart] in
                    let members = owner.exits[route]!
                    return [EstimatePart(4 + 2 * members.count, "`\(route)` for the screen's own exits in \(members.count) member\(members.count == 1 ? "" : "s"), rewired"),
                            EstimatePart(5, "a case for `\(route)` in `\(p)PresenterTests`")]
                })
        case .B:
            // A screen whose only Interactor work is splitting a method in place: the builder
            // wires its Interactor, empty until use cases move into it.
            if phases.contains(.I), !movesIntoInteractor.contains(vc) {
                let presenterFirst = phases.contains(.P) || phases.contains(.R) || owner.existing.contains("Presenter")
                interactor("empty until use cases move into it",
                           presenterFirst ? wired(.interactor, "`\(p)Presenter` gets `interactor`, a forward per use case and its results") : [])
            }
            if !phases.contains(.P) && !phases.contains(.R) {
                presenter("passes the view's actions to the interactor and its results back", with: phases.contains(.I) ? [.interactor] : [])
            }
            // The builder's own lines are its task's estimate; an abstract base has no builder.
            if !owner.isBase { add("Module", []) }
        case .T:
            add("ModuleTests", [])
        default: break
        }
        return made
    }

    /// The Interactor moves a presenter drives (a results controller the list answers from, data the
    /// view builds from) land right after the PR that creates the screen's presenter, before the
    /// presenter PRs that move the view state read from that data: the Presenter then answers from
    /// the results it receives instead of reaching for data still in the view controller.
    static func dataBeforeDisplay(_ drafts: [Draft], cap: Int = .max) -> [Draft] {
        // With the PR that only creates the Interactor for them, when that alone fills a PR.
        let isDriven = { (d: Draft) in d.phase == .P && (d.tasks.contains { $0.category == .I } || d.creates.contains("Interactor")) }
        var result = drafts.filter { !isDriven($0) }
        for vc in uniqued(drafts.filter(isDriven).map(\.vc)) {
            let driven = drafts.filter { isDriven($0) && $0.vc == vc }
            // After the PR creating the presenter; a screen without one gets it from its first driven PR.
            guard let creating = result.firstIndex(where: { $0.phase == .P && $0.vc == vc && $0.creates.contains("Presenter") }) else {
                let end = result.firstIndex { $0.phase > .P } ?? result.count
                result.insert(contentsOf: driven, at: end)
                continue
            }
            // A presenter too large for one PR is created over several: after the last of them.
            var after = creating + 1
            while after < result.count, result[after].phase == .P, result[after].vc == vc, result[after].tasks.isEmpty, !result[after].creates.isEmpty { after += 1 }
            let before = result
            result.insert(contentsOf: driven, at: after)
            // The screen edit giving the view controller `presenter` goes into the driven PR, or
            // else the PR creating the presenter; with room in neither, the driven PRs wait for the
            // presenter move that carries it.
            if !handOverScreenEdit(in: &result, to: after, vc: vc, cap: cap), !handOverScreenEdit(in: &result, to: creating, vc: vc, cap: cap) {
                result = before
                let holder = result.indices.first { $0 >= after && result[$0].vc == vc && result[$0].parts.contains(where: givesPresenter) }
                result.insert(contentsOf: driven, at: holder.map { $0 + 1 } ?? after)
            }
        }
        return result
    }

    /// The estimate part of the screen's edit that gives the view controller its `presenter`
    /// (`role`: or its `interactor`).
    static func givesPresenter(_ part: EstimatePart) -> Bool { givesScreen("presenter", part) }
    static func givesScreen(_ role: String, _ part: EstimatePart) -> Bool {
        part.label.hasPrefix(screenEdit) && part.label.contains("holds `\(role)`")
    }

    /// The view controller gets `presenter` in the first PR that calls it: a driven PR now ahead of
    /// the presenter move that carried that edit takes it over.
    @discardableResult
    private static func handOverScreenEdit(in drafts: inout [Draft], to first: Int, vc: String?, cap: Int) -> Bool {
        guard first < drafts.count, !drafts[first].parts.contains(where: givesPresenter),
              let h = drafts.indices.first(where: { $0 > first && drafts[$0].vc == vc && drafts[$0].parts.contains(where: givesPresenter) }),
              let k = drafts[h].parts.firstIndex(where: givesPresenter),
              drafts[first].total + drafts[h].parts[k].lines <= min(cap, drafts[first].cap ?? .max) else { return false }
        let part = drafts[h].parts.remove(at: k)
        if k < drafts[h].creationParts { drafts[h].creationParts -= 1 }
        drafts[first].parts.insert(part, at: drafts[first].creationParts)
        drafts[first].creationParts += 1
        return true
    }

    /// The size of the module `scaffold` writes for a view controller: its use cases, display
    /// outputs, exits and injected services (the new ones included).
    func scaffoldShape(_ vc: String) -> ScaffoldEstimate.Shape {
        let new = newServicesOf[vc]?.count ?? 0
        var shape = ScaffoldEstimate.Shape(inputs: interactorInputsOf[vc]?.count ?? 0, outputs: presenterOutputsOf[vc]?.count ?? 0,
                                           routes: owners[vc]?.exits.count ?? 0, services: (owners[vc]?.services.count ?? 0) + new)
        if let c = owners[vc]?.contract {
            shape = ScaffoldEstimate.Shape(inputs: c.inputs, outputs: c.outputs, routes: c.routes, services: c.services + new)
        }
        shape.views = viewTasksOf[vc] ?? 0
        return shape
    }

    static let roleOfSuffix: [String: ScaffoldRole] = ["Interactor": .interactor, "Presenter": .presenter, "Router": .router, "View": .view, "Module": .module]

    /// The type names behind a role suffix: the type, its protocols and its unit-test case.
    func typeNames(_ suffix: String, vc: String) -> [String] {
        let existing = owners[vc]?.existingNames ?? []
        return allTypeNames(suffix, vc: vc).filter { !existing.contains($0) }
    }

    private func allTypeNames(_ suffix: String, vc: String) -> [String] {
        let p = owners[vc]?.prefix ?? modulePrefix(vc)
        if style == .swiftui, let names = swiftUITypeNames(suffix, prefix: p) { return names }
        switch suffix {
        case "Interactor": return ["\(p)Interactor", "\(p)InteractorInput", "\(p)InteractorOutput"]
        case "Seams": return []
        case "Presenter": return ["\(p)Presenter", "\(p)PresenterProtocol", "\(p)ViewProtocol"]
        case "InteractorTests", "PresenterTests": return ["\(p)\(suffix)"]
        case "Router": return ["\(p)Router", "\(p)RouterProtocol"]
        case "Module": return ["\(p)Module"]
        case "ModuleTests": return ["\(p)ModuleTests"]
        case "Characterization": return ["\(p)CharacterizationTests"]
        default: return ["\(p)\(suffix)Protocol", "\(p)\(suffix)"]
        }
    }

    /// The role suffixes a draft's work uses for its view controller.
    func uses(_ draft: Draft) -> [String] {
        let roles = style == .swiftui ? swiftUIUses(draft) : uikitUses(draft)
        // A PR that works on a type extends its unit tests (a move's cases, a router's double)
        // once they exist.
        return roles + ["Interactor", "Presenter"].filter(roles.contains).map { $0 + "Tests" }
    }

    private func uikitUses(_ draft: Draft) -> [String] {
        guard let vc = draft.vc, !draft.isPreparatory else { return [] }
        let phases = phasesOf[vc] ?? []
        let services = newServicesOf[vc] ?? []
        switch draft.phase {
        case .I, .P where draft.tasks.contains { $0.category == .I }:
            let needed = Set(draft.tasks.filter(\.rawIO).compactMap { RuleRegistry.planning(of: $0.rule)?.createsType })
            if draft.concern == "seam" { return [] }
            return ["Interactor"] + services.filter(needed.contains) + (seamed[vc] != nil ? ["Seams"] : [])
                + (draft.tasks.contains(where: \.needsPresenter) ? ["Presenter"] : [])
        // A presenter made after the interactor holds its input: its PR needs the interactor's.
        case .P: return ["Presenter"] + (draft.creates.contains("Presenter") && phases.contains(.I) && movesIntoInteractor.contains(vc) ? ["Interactor"] : [])
        case .R: return ["Presenter", "Router"] + (draft.creates.contains("Presenter") && phases.contains(.I) && movesIntoInteractor.contains(vc) ? ["Interactor"] : [])
        case .B: return (owners[vc]?.isBase == true ? [] : ["Module"]) + ["Presenter"] + (phases.contains(.I) ? ["Interactor"] + services : []) + (phases.contains(.R) ? ["Router"] : [])
        case .T: return ["ModuleTests"] + (phases.contains(.B) ? ["Module"] : [])
        default: return []
        }
    }

    /// For each draft, the drafts it depends on (indices, ascending): the creators of the types it
    /// uses and the PR giving the view controller its property for them, the split of a method it
    /// moves, the last move out of a method it splits, the part before it.
    func sequence(_ drafts: [Draft]) -> [[Int]] {
        var createdBy: [String: Int] = [:]
        var splitBy: [String: Int] = [:], heldFrom: [String: Int] = [:], movedFrom: [String: Int] = [:], typeMovedBy: [String: Int] = [:]
        var result: [[Int]] = []
        let edits = drafts.map(Self.membersAndCalls)
        for (i, draft) in drafts.enumerated() {
            var mine: [Int] = []
            let vc = draft.vc ?? ""
            for suffix in uses(draft) + pinned(draft) where !draft.creates.contains(suffix) {
                if let j = createdBy["\(vc)|\(suffix)"] { mine.append(j) }
            }
            // The view controller gets its `presenter` (or `interactor`) property in the PR that
            // first edits the screen for it, which may come after the PR creating the type.
            for suffix in uses(draft) where !draft.creates.contains(suffix) && !draft.tasks.isEmpty {
                if let j = heldFrom["\(vc)|\(suffix)"] { mine.append(j) }
            }
            for suffix in draft.creates { createdBy["\(vc)|\(suffix)"] = i }
            for role in ["presenter", "interactor"] where heldFrom["\(vc)|\(role.capitalized)"] == nil && draft.parts.contains(where: { Self.givesScreen(role, $0) }) {
                heldFrom["\(vc)|\(role.capitalized)"] = i
            }
            for (_, _, j) in inheritedPieces(draft, index: i, createdBy: createdBy) { mine.append(j) }
            if let key = draft.splits {
                if let j = splitBy[key] { mine.append(j) }
                // A split of what the moves leave in a method cuts the method as they left it.
                if let j = movedFrom[key] { mine.append(j) }
                splitBy[key] = i
            } else {
                for task in draft.tasks { for m in task.moves { if let j = splitBy["\(vc)|\(m.name)"] { mine.append(j) } } }
            }
            if !draft.isPreparatory { for task in draft.tasks { for m in task.moves { movedFrom["\(vc)|\(m.name)"] = i } } }
            // A type the screen kept to itself is usable elsewhere once a PR has moved it out.
            for task in draft.tasks {
                for name in task.usesScreenTypes { if let j = typeMovedBy["\(vc)|\(name)"], j < i { mine.append(j) } }
                for name in task.movesScreenTypes where typeMovedBy["\(vc)|\(name)"] == nil { typeMovedBy["\(vc)|\(name)"] = i }
            }
            // Code that uses the screen's state as the presenter's own needs the PR that moved it there.
            if draft.tasks.contains(where: \.usesOwnedState) {
                mine += drafts[..<i].indices.filter { drafts[$0].vc == draft.vc && drafts[$0].concern == ScreenStateOwner.concern }
            }
            if draft.part != nil, !draft.isPreparatory, i > 0, drafts[i - 1].tasks.map(\.id) == draft.tasks.map(\.id) { mine.append(i - 1) }
            // A PR that moves or reroutes a member whose caller an earlier PR of the screen moves (or the
            // reverse) edits the same call sites: merged in either order they conflict, so it waits.
            if [.I, .P, .R].contains(draft.phase), !draft.isPreparatory {
                let (touched, calls) = edits[i]
                mine += drafts[..<i].indices.filter { j in
                    guard drafts[j].vc == draft.vc, [.I, .P, .R].contains(drafts[j].phase), !drafts[j].isPreparatory else { return false }
                    return !touched.isDisjoint(with: edits[j].calls) || !calls.isDisjoint(with: edits[j].members)
                }
            }
            // Assembling the module makes the presenter the output of every use case moved before and
            // wires the router every route was added to: it waits for each move and each route.
            if draft.phase == .B, draft.creates.contains("Module") { mine += drafts[..<i].indices.filter { drafts[$0].vc == draft.vc && [.I, .P, .R].contains(drafts[$0].phase) && !drafts[$0].isPreparatory } }
            // A protocol declared over several seams PRs: each later slice extends the first's.
            if draft.concern == "seam" {
                let wrappers = Set(draft.tasks.flatMap(\.wrappers))
                if let j = drafts[..<i].lastIndex(where: { $0.concern == "seam" && $0.vc == draft.vc && !wrappers.isDisjoint(with: $0.tasks.flatMap(\.wrappers)) }) { mine.append(j) }
            }
            result.append(uniqued(mine).sorted())
        }
        return result
    }

    /// The base names of the members a draft's tasks move or edit, and of the screen's own methods
    /// the moved members call.
    static func membersAndCalls(_ draft: Draft) -> (members: Set<String>, calls: Set<String>) {
        let members = draft.tasks.flatMap { t in t.moves.map(\.baseName) + ([t.member].compactMap { $0 } + t.members).map(baseName) }
        return (Set(members), Set(draft.tasks.flatMap { $0.moves.flatMap(\.selfCalls) }).subtracting(members))
    }

    /// For each draft, the pieces it creates that inherit its base's: (role suffix, base, the draft creating the base's piece).
    func inheritedPieces(_ drafts: [Draft]) -> [[(String, String, Int)]] {
        var createdBy: [String: Int] = [:]
        return drafts.enumerated().map { i, draft in
            for suffix in draft.creates { createdBy["\(draft.vc ?? "")|\(suffix)"] = createdBy["\(draft.vc ?? "")|\(suffix)"] ?? i }
            return inheritedPieces(draft, index: i, createdBy: createdBy)
        }
    }

    /// UIKit only: a SwiftUI view is a struct and an interactor an actor, neither can be inherited.
    private func inheritedPieces(_ draft: Draft, index i: Int, createdBy: [String: Int]) -> [(String, String, Int)] {
        guard style == .uikit, let base = owners[draft.vc ?? ""]?.base else { return [] }
        return draft.creates.filter { ["Interactor", "Presenter", "Router"].contains($0) }.compactMap { suffix in
            createdBy["\(base)|\(suffix)"].flatMap { $0 == i ? nil : (suffix, base, $0) }
        }
    }

    /// PRs under `smallestPR` lines join the nearest neighbour of the same phase, view controller and
    /// concern that has room under the cap; a PR of no lines at all (a task resolved by the others'
    /// moves) joins the view controller's previous PR whatever its phase. Critical fixes, splits and
    /// the parts of one oversized move stay as they are.
    func mergeSmall(_ input: [Draft]) -> [Draft] {
        var drafts = input
        var i = 0
        while i < drafts.count {
            let d = drafts[i]
            // A screen's seams stay one PR of their own, ahead of its moves.
            let movable = d.phase != .C && !d.isPreparatory && d.part == nil && d.total < Self.smallestPR && d.concern != "seam"
                || d.tasks.isEmpty && d.creates == ["Characterization"] && d.total < Self.smallestPR
            guard movable, let j = neighbour(of: i, in: drafts) else { i += 1; continue }
            var target = drafts[j]
            if j < i {
                target.tasks += d.tasks; target.parts += d.parts
            } else {
                target.tasks = d.tasks + target.tasks
                target.parts = Array(d.parts.prefix(d.creationParts)) + Array(target.parts.prefix(target.creationParts))
                    + Array(d.parts.dropFirst(d.creationParts)) + Array(target.parts.dropFirst(target.creationParts))
                target.creationParts += d.creationParts
            }
            target.creates += d.creates.filter { !target.creates.contains($0) }
            drafts[j] = target
            drafts.remove(at: i)
            if j < i { i = j + 1 }
        }
        return drafts
    }

    private func neighbour(of i: Int, in drafts: [Draft]) -> Int? {
        let d = drafts[i]
        let cap = d.cap ?? Self.cap(for: d.phase, configCap: configCap)
        func fits(_ j: Int) -> Bool {
            let o = drafts[j]
            // Cross-cutting work is one change per PR unless both are findings (a sweep).
            let both = o.tasks + d.tasks
            let oneConcern = d.phase != .X || Set(both.map(Self.sweepKind)).count == 1
            return (o.vc == d.vc || d.phase == .X) && o.phase == d.phase && o.concern == d.concern && !o.isPreparatory && o.part == nil
                && oneConcern && o.total + d.total <= min(cap, o.cap ?? cap)
        }
        if i > 0, fits(i - 1) { return i - 1 }
        if i + 1 < drafts.count, fits(i + 1) { return i + 1 }
        // A task of no lines of its own (its method moves with another task) joins that task's PR.
        let members = Set(d.tasks.compactMap(\.member))
        if d.total == 0, !members.isEmpty, let j = drafts.indices.last(where: { j in
            j != i && drafts[j].vc == d.vc && drafts[j].tasks.contains { t in t.moves.contains { members.contains($0.name) } }
        }) {
            return j
        }
        if d.total == 0, d.vc != nil, let j = drafts[..<i].lastIndex(where: { $0.vc == d.vc && $0.phase != .C && $0.phase != .X && $0.part == nil }) {
            return j
        }
        return nil
    }
}
