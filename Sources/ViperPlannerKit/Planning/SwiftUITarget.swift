import Foundation

/// The Swift 6 + SwiftUI target (`target: swiftui`, `plan --target swiftui`): what a view controller
/// becomes and the PRs that get there. The module has the SwiftUIClean sample's shape, so a module
/// written from the plan passes the SwiftUI rules:
/// - `FeatureView`, a SwiftUI struct, hosted in a `UIHostingController` while the app's navigation is UIKit;
/// - `FeaturePresenter`, `@MainActor @Observable final class` owning `FeatureViewState: Sendable`;
/// - `FeatureInteractor`, an `actor` behind `FeatureInteractorInput: Sendable`, one `async` use case per input;
/// - `FeatureRouter`, `@MainActor @Observable` with `route: FeatureRoute?` (one case per destination);
/// - `FeatureModule.build()`, the only place where construction happens.
/// Phases: Critical → Interactor actor (I) → Presenter and view state (P) → Router state (R) →
/// SwiftUI View (V, section by section for a large screen) → Builder (B) → Tests (T).
/// The UIKit planner calls in here wherever its style is `.swiftui`; all Swift 6 wording lives here.
enum SwiftUITarget {
    /// Type names a Swift 6 plan may create beyond the UIKit ones, as suffixes of the module prefix.
    static let typeSuffixes = ["View", "ViewState", "Route"]
    /// Lines of hosting one section in a child `UIHostingController` of the old controller.
    static let sectionHost = 6
    /// Lines of the swap: the controller keeps one host of the whole view.
    static let swapLines = 10

    /// `showCheckout()` → `checkout`: the `FeatureRoute` case of a UIKit route method.
    static func routeCase(_ route: String) -> String {
        var base = String(route.prefix { $0 != "(" })
        if base.hasPrefix("show") && base.count > 4 { base = String(base.dropFirst(4)) }
        return base.prefix(1).lowercased() + base.dropFirst()
    }

    // MARK: The V tasks

    /// The V tasks of a view controller: the view code that stays after the I/P/R moves, cut into
    /// sections that each fit one PR (each rewritten as a SwiftUI subview hosted in a child
    /// `UIHostingController` of the old controller), then the swap of the controller for the host.
    /// A screen whose view code fits one PR is one task.
    static func viewTasks(index: TypeIndex, type t: Int, prefix: String, tasks: [PlanTask], cap: Int) -> [PlanTask] {
        let name = index.types[t].name, path = index.path(index.types[t].decls[0])
        let line = index.decl(index.types[t].decls[0]).position.line
        let pieces = viewPieces(index: index, type: t, tasks: tasks)
        // Rewriting k UIKit lines deletes them and writes about half as many SwiftUI lines.
        func cost(_ k: Int) -> Int { k + (k + 1) / 2 }
        let total = pieces.reduce(0) { $0 + $1.lines }
        // Room for the View's skeleton, which the first V PR creates (`PRSlicer.swiftUICreation`).
        let room = PRSlicer.cap(for: .V, configCap: cap) - 8
        let routed = tasks.contains { $0.category == .R }
        func make(_ kind: String, _ title: String, _ fix: String, _ estimate: [EstimatePart]) -> PlanTask {
            var task = PlanTask(category: .V, title: title,
                                fingerprint: FindingFingerprint.make(rule: "vp-swiftui-view", type: name, member: nil, discriminator: kind),
                                rule: nil, viewController: name, file: path, line: line, severity: .medium,
                                problem: "\(name) builds its screen with UIKit views; the Swift 6 target renders `\(prefix)Presenter`'s state in a SwiftUI view.",
                                fix: fix, evidence: ["`\(shortPath(path)):\(line)` `\(name)`"], estimate: estimate)
            task.structural = .view(type: prefix + "View")
            return task
        }
        let binding = routed ? " `\(prefix)View` binds `router.route` with `.navigationDestination(item:)` (pushes) or `.sheet(item:)` (modals) instead of the UIKit navigation." : ""
        if cost(total) + swapLines <= room {
            return [make("", "Convert \(name) to `\(prefix)View` (SwiftUI)",
                         "Write `\(prefix)View`, a SwiftUI struct that renders `presenter.state` and sends the user's intents to `\(prefix)Presenter`; \(name) hosts it as its one child `UIHostingController` and its UIKit view code is deleted.\(binding)",
                         [EstimatePart(total, "\(total) lines of UIKit view code deleted"), EstimatePart(cost(total) - total, "SwiftUI body written"),
                          EstimatePart(swapLines, "\(name) hosts `\(prefix)View` in a child `UIHostingController`")])]
        }
        var budget = room - sectionHost
        while budget > 1 && cost(budget) + sectionHost > room { budget -= 1 }
        let sections = packSections(pieces, budget: budget)
        var result = sections.enumerated().map { i, section in
            let lines = section.reduce(0) { $0 + $1.lines }
            let what = section.map(\.label).joined(separator: ", ")
            return make("section-\(i + 1)", "Convert section \(i + 1) of \(sections.count) of \(name) to SwiftUI",
                        "Rewrite \(what) as a section of `\(prefix)View` (a SwiftUI subview that reads `presenter.state`); host it in a child `UIHostingController` inside \(name) in place of the UIKit views it replaces, and delete their UIKit code.",
                        [EstimatePart(lines, "\(lines) lines of UIKit view code deleted"), EstimatePart(cost(lines) - lines, "SwiftUI section written"),
                         EstimatePart(sectionHost, "child `UIHostingController` added to \(name)")])
        }
        result.append(make("swap", "Swap \(name) for the host of `\(prefix)View`",
                           "`\(prefix)View.body` composes its \(sections.count) sections; \(name) keeps only one child `UIHostingController` of `\(prefix)View` (the section hosts go) until the module's builder returns the host itself.\(binding)",
                           [EstimatePart(swapLines, "one host of `\(prefix)View` in \(name)"),
                            EstimatePart(2 * sections.count, "\(sections.count) section hosts removed")]))
        return result
    }

    /// The view controller's code that stays after the moves, as labelled pieces in source order:
    /// its stored properties and outlets, then each method not moved whole.
    static func viewPieces(index: TypeIndex, type t: Int, tasks: [PlanTask]) -> [(label: String, lines: Int)] {
        var movedLines: [String: Int] = [:]
        for task in tasks { for m in task.moves { movedLines[m.name] = m.codeLines } }
        let functions = index.declarations(of: t).flatMap(\.decl.functions).filter { movedLines[$0.name] == nil && $0.codeLines > 0 }
        var pieces = functions.map { (label: "`\($0.name)`", lines: $0.codeLines) }
        let rest = index.types[t].codeLines - movedLines.values.reduce(0, +) - functions.reduce(0) { $0 + $1.codeLines }
        if rest > 0 { pieces.insert((label: "the stored properties and outlets", lines: rest), at: 0) }
        return pieces
    }

    /// Pieces packed in order into sections of at most `budget` lines; a longer piece is cut.
    static func packSections(_ pieces: [(label: String, lines: Int)], budget: Int) -> [[(label: String, lines: Int)]] {
        var sections: [[(label: String, lines: Int)]] = [], current: [(label: String, lines: Int)] = []
        var used = 0
        for piece in pieces {
            var done = 0
            while done < piece.lines {
                if used == budget { sections.append(current); current = []; used = 0 }
                let take = min(piece.lines - done, budget - used)
                let label = take == piece.lines ? piece.label : "\(piece.label) (code lines \(done + 1)–\(done + take))"
                current.append((label: label, lines: take))
                used += take
                done += take
            }
        }
        if !current.isEmpty { sections.append(current) }
        return sections
    }

    // MARK: Tasks and modules in the Swift 6 words

    /// The tasks' Fix texts in the target's words: the view state for the view model, `FeatureRoute`
    /// cases for route methods, the builder returning a `UIHostingController`, screen tests that
    /// drive the Presenter. Runs on numbered tasks (after the routes are shared).
    static func adapt(_ tasks: [PlanTask], prefixOf: (String) -> String) -> [PlanTask] {
        tasks.map { task in
            guard let vc = task.viewController else { return task }
            let p = prefixOf(vc)
            var t = task
            for (old, new) in [("`\(p)ViewModel`", "`\(p)ViewState`"), ("`\(p)RouterProtocol`", "`\(p)Router`"),
                               ("`\(p)PresenterProtocol`", "`\(p)Presenter`"), ("`\(p)ViewProtocol`", "`\(p)View`")] {
                t.fix = t.fix.replacingOccurrences(of: old, with: new)
            }
            if t.category == .R, !t.routes.isEmpty, t.routes.allSatisfy({ $0.hasPrefix("close") }) {
                t.fix = "Have `\(p)Presenter` ask the view to close (the SwiftUI view's `dismiss` action; no `\(p)Route` case); \(t.member.map { "`\($0)`" } ?? vc) then only tells the presenter what the user did."
            } else if t.category == .R, !t.routes.isEmpty {
                let cases = t.routes.map { "`.\(routeCase($0))`" }.joined(separator: ", ")
                t.fix = "Add \(cases) to `\(p)Route` and have `\(p)Presenter` set `router.route` to \(t.routes.count == 1 ? "it" : "the one the user chose"); \(t.member.map { "`\($0)`" } ?? vc) then only tells the presenter what the user did. The router builds no screen: the destination's view is made by the module from the route."
            } else if t.category == .R {
                t.fix = t.fix.replacingOccurrences(of: "one route method per destination on `\(p)Router`, which builds and configures each destination",
                                                   with: "one `\(p)Route` case per destination (carrying the values it needs), set on `\(p)Router.route`")
            }
            if t.category == .R {
                t.estimate = t.estimate.map { EstimatePart($0.lines, $0.label.replacingOccurrences(of: "route method", with: "`\(p)Route` case")) }
            }
            if t.structural == .builder(prefix: p) || t.plays(.assemblesModule) {
                t.fix = "Add `\(p)Module.build()`, the only place where the module is constructed: it creates the interactor with its services, the router, the presenter and `\(p)View`, and returns `UIHostingController(rootView: \(p)View(…))`; switch every place that creates \(vc) to it and delete \(vc)."
            }
            if t.structural == .tests(type: p + "Module") {
                t.fix = t.fix.replacingOccurrences(of: "drive it through its view protocol and assert what the view shows and where it navigates",
                                                   with: "call `\(p)Presenter`'s intents (`await` the async ones, on the main actor) and assert `presenter.state` and `router.route`")
            }
            return t
        }
    }

    /// The Target module in the Swift 6 words: its files, `FeatureRoute` cases, the View's sections.
    static func module(_ m: TargetModule, folder dir: String, viewTasks: [PlanTask]) -> TargetModule {
        var module = m
        let p = m.prefix
        module.style = .swiftui
        let uikitRoles = ["Presenter", "Interactor", "Router", "Module"].map { "\(dir)\(p)\($0).swift" }
        module.files = ["View", "ViewState", "Presenter", "Interactor", "Router", "Module"].map { "\(dir)\(p)\($0).swift" }
            + m.files.filter { !uikitRoles.contains($0) }
        // Closing is the View's `dismiss` action in SwiftUI, an unwind target the presenter's input: no route case.
        module.routes = m.routes.filter { !$0.name.hasPrefix("close") && !$0.name.hasPrefix("returned(") }.map { route in
            ContractItem(name: "." + routeCase(route.name), detail: route.detail)
        }
        module.viewSections = viewTasks.filter { $0.viewController == m.viewController }.map { ContractItem(name: $0.id, detail: $0.title) }
        return module
    }
}

/// The PRs of the Swift 6 target: which PR creates which type, what each uses, and their words.
extension PRSlicer {
    /// What the first PR of a phase creates for a view controller: the Interactor actor (I), the
    /// Presenter and its view state (P, or the first of R, V that needs it), the Router and its
    /// route enum (R), the SwiftUI View (V), the builder (B), the screen tests (T).
    func swiftUICreation(_ phase: TaskCategory, vc: String) -> Creation {
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
        let before = Set(owner.existing.compactMap { Self.roleOfSuffix[$0] })
        func written(_ role: ScaffoldRole, with present: Set<ScaffoldRole>) -> Int {
            var s = shape
            s.present = before.union(present)
            return ScaffoldEstimate.lines(role, style: .swiftui, shape: s)
        }
        func wired(_ role: ScaffoldRole, _ label: String) -> [EstimatePart] {
            var s = shape
            s.present = before.union([.presenter, .interactor])
            return [EstimatePart(ScaffoldEstimate.wiring(role, style: .swiftui, shape: s), label)]
        }
        func presenter(with present: Set<ScaffoldRole>) {
            add("Presenter", [EstimatePart(written(.presenter, with: present), "new `\(p)Presenter` (`@MainActor @Observable final class` owning `state`) and `\(p)ViewState`, a `Sendable` struct of display-ready values (\(shape.outputs) output\(shape.outputs == 1 ? "" : "s"))"),
                    EstimatePart(3, "view controller holds `presenter` and renders `presenter.state` (made in place until the module's builder injects it)")])
            add("PresenterTests", [EstimatePart(written(.presenterTests, with: present), "new `\(p)PresenterTests`: interactor double and setUp")])
        }
        let withInteractor: Set<ScaffoldRole> = phases.contains(.I) ? [.interactor] : []
        switch phase {
        case .I:
            add("Interactor", [EstimatePart(written(.interactor, with: []), "new `\(p)Interactor`, an `actor` with its injected services, and its `Sendable` `\(p)InteractorInput` of `async` use cases (\(shape.inputs))"),
                               EstimatePart(3, "view controller holds `interactor` and calls it from a `Task` (made in place until the module's builder injects it)")])
            add("InteractorTests", [EstimatePart(written(.interactorTests, with: []), "new `\(p)InteractorTests`: output double and setUp")] + serviceDoubles(vc: vc))
            for service in newServicesOf[vc] ?? [] {
                add(service, [EstimatePart(written(.service(service), with: []), "new `\(p)\(service)Protocol: Sendable` and `\(p)\(service)`, around the system calls the view controller makes itself"),
                              Self.doublePart(of: "\(p)\(service)Protocol", members: newServiceMembersOf[vc]?[service]?.count ?? 1, in: "\(p)InteractorTests")])
            }
        case .P:
            presenter(with: withInteractor)
        case .R:
            if !phases.contains(.P) { presenter(with: withInteractor.union([.router])) }
            let presenterFirst = phases.contains(.P) || owner.existing.contains("Presenter")
            add("Router", [EstimatePart(written(.router, with: []), "new `\(p)Router` (`@MainActor @Observable final class` with `route`) and `\(p)Route`, one case per destination"),
                           EstimatePart(4, "view controller observes `router.route` and navigates with UIKit until the SwiftUI view binds it"),
                           EstimatePart(6, "router assertions in `\(p)PresenterTests`")]
                + (presenterFirst ? wired(.router, "`\(p)Presenter` gets `router` and a method per route") : []))
        case .V:
            if !phases.contains(.P) && !phases.contains(.R) { presenter(with: withInteractor) }
            add("View", [EstimatePart(written(.view, with: [.presenter]), "new `\(p)View`: a SwiftUI struct holding `presenter`")])
        case .B:
            if !phases.contains(.P) && !phases.contains(.R) && !phases.contains(.V) { presenter(with: withInteractor) }
            if !owner.isBase { add("Module", []) }
        case .T:
            add("ModuleTests", [])
        default: break
        }
        return made
    }

    /// The type names behind a role suffix in the Swift 6 target (nil: as in the UIKit target).
    func swiftUITypeNames(_ suffix: String, prefix p: String) -> [String]? {
        switch suffix {
        case "Interactor": ["\(p)Interactor", "\(p)InteractorInput", "\(p)InteractorOutput"]
        case "Presenter": ["\(p)Presenter", "\(p)ViewState"]
        case "Router": ["\(p)Router", "\(p)Route"]
        case "View": ["\(p)View"]
        case "Characterization": ["\(p)CharacterizationTests"]
        default: nil
        }
    }

    /// The role suffixes a draft's work uses for its view controller in the Swift 6 target.
    func swiftUIUses(_ draft: Draft) -> [String] {
        guard let vc = draft.vc, !draft.isPreparatory else { return [] }
        let phases = phasesOf[vc] ?? []
        let services = newServicesOf[vc] ?? []
        switch draft.phase {
        case .I:
            let needed = Set(draft.tasks.filter(\.rawIO).compactMap { RuleRegistry.planning(of: $0.rule)?.createsType })
            return ["Interactor"] + services.filter(needed.contains)
        case .P: return ["Presenter"]
        case .R: return ["Presenter", "Router"]
        case .V: return ["View", "Presenter"] + (phases.contains(.R) ? ["Router"] : [])
        case .B: return (owners[vc]?.isBase == true ? [] : ["Module"]) + ["Presenter"] + (phases.contains(.V) ? ["View"] : [])
            + (phases.contains(.I) ? ["Interactor"] + services : []) + (phases.contains(.R) ? ["Router"] : [])
        case .T: return ["ModuleTests"] + (phases.contains(.B) ? ["Module"] : [])
        default: return []
        }
    }

    /// A PR of the I, P, R, V, B or T phase in the Swift 6 words (critical and cross-cutting PRs are
    /// worded as in the UIKit target).
    func swiftUIFinish(_ draft: Draft, number: Int) -> PRSlice {
        let cap = draft.cap ?? Self.cap(for: draft.phase, configCap: configCap)
        let owner = draft.vc.flatMap { owners[$0] }
        var w = SwiftUIWording(draft: draft, prefix: owner?.prefix ?? "", dir: owner?.folder ?? "", testFolder: owner?.testFolder ?? ProjectLayout.defaultTestFolder,
                               phases: draft.vc.flatMap { phasesOf[$0] } ?? [], existing: owner?.existing ?? [])
        w.leftChecks = draft.tasks.filter { !$0.apis.isEmpty && draft.endsItsTasks }.map(leftCheck)
        switch draft.phase {
        case .I: w.interactor(cap: cap)
        case .P: w.presenter()
        case .R: w.router()
        case .V: w.view()
        case .B: w.builder()
        default: w.tests()
        }
        var checks = w.checks + findingChecks(draft)
        checks.append("The app builds and the screen behaves as before.")
        var slice = PRSlice(number: number, phase: draft.phase, title: w.title, taskIDs: uniqued(draft.tasks.map(\.id)), files: uniqued(w.files),
                            estimate: draft.parts, cap: cap, isPreparatory: draft.isPreparatory, changes: w.changes, checks: checks)
        slice.creates = draft.vc.map { vc in draft.creates.flatMap { typeNames($0, vc: vc) } } ?? []
        slice.part = draft.part?.text
        slice.severity = draft.tasks.map(\.severity).min() ?? .medium
        slice.hazards = draft.isPreparatory ? [] : PRHazards.of(draft.tasks)
        return slice
    }
}
