import Foundation

/// Cuts one file's tasks into PR slices: one phase per
/// slice, packed in source order up to the phase's cap, methods that call each other together,
/// a preparatory split for any method too large to move within the cap. No slice exceeds its cap.
struct PRSlicer {
    struct Owner: Sendable, Hashable {
        var prefix: String; var folder: String; var large: Bool
        /// Role suffixes whose type already exists in the code (`Presenter` for `OrdersPresenter`).
        var existing: Set<String> = []
        /// The module's type names the code already declares (`OrdersViewProtocol`): never created again.
        var existingNames: Set<String> = []
        /// The screen's own exits by route (`close()` → the members calling `dismiss`/`pop…`), added
        /// to the Router by the PR that creates it.
        var exits: [String: [String]] = [:]
        /// An abstract base view controller: its pieces are shared by subclasses, it has no module.
        var isBase = false
        /// The planned base it inherits: its new presenter, interactor and router inherit the base's.
        var base: String?
        /// A generic view controller's type parameters: its module's `build` is generic over them.
        var typeParameters: [String] = []
        /// Its code lines and, per size rule, the line count it is reported from (the Verify of a
        /// PR promises a size finding gone only once the moves bring it under).
        var codeLines = 0; var sizeLimits: [String: Int] = [:]
        /// The code lines its PRs move out in all (the screen's split; nil: not computed).
        var movedOut: Int?
        /// What a characterization test pins down before the first move (`Characterization`).
        var characterization: [String] = []
        /// Where its new test files go (`ProjectLayout.testFolder(near:)`), and the project files
        /// that must list its new files and its new test files (nil: none needs an entry).
        var testFolder = ProjectLayout.defaultTestFolder
        /// "Swift Testing" or "XCTest" when the folder holds tests to follow; nil without any.
        var testFramework: String?
        var projectFile: String?; var testProjectFile: String?
        /// The project services its Interactor gets injected, with how many of their members the
        /// screen uses: the size of each one's test double.
        var services: [String: Int] = [:]
        /// The size of its Target module's contract: what `scaffold` writes for it, and so what
        /// the PRs creating its types estimate.
        var contract: Contract?

        struct Contract: Sendable, Hashable {
            var inputs: Int, outputs: Int, routes: Int, services: Int
            init(_ module: TargetModule) {
                inputs = module.interactorInputs.count; outputs = module.presenterOutputs.count
                routes = module.routes.filter { $0.name != "returned(from:)" }.count
                services = module.services.filter { !$0.detail.contains("not injected") }.count
            }
        }
    }
    let configCap: Int; let owners: [String: Owner]
    /// The phases each view controller has tasks in, and the new services its raw I/O needs
    /// (set by `slices(for:)` before slicing).
    var phasesOf: [String: Set<TaskCategory>] = [:]
    /// View controllers with a task that moves code into the Interactor (not only splits).
    var movesIntoInteractor: Set<String> = []
    var newServicesOf: [String: [String]] = [:]
    /// View controllers whose services get protocols first (a seam task), with those services:
    /// their Interactor PRs follow it and reuse its test doubles.
    var seamed: [String: Set<String>] = [:]
    /// View controllers whose presenter is first needed by an Interactor PR (no presenter tasks of
    /// their own): that PR creates it.
    var presenterForInteractor: Set<String> = []
    /// Per view controller: the members each new service takes over, and the distinct members
    /// its presenter outputs and its interactor inputs come from (the output protocols' sizes).
    var newServiceMembersOf: [String: [String: Set<String>]] = [:]
    var presenterOutputsOf: [String: Set<String>] = [:]
    var interactorInputsOf: [String: Set<String>] = [:]
    /// SwiftUI: the view-conversion tasks of each view controller (the new View lists them).
    var viewTasksOf: [String: Int] = [:]
    /// The target style: `.swiftui` creates, sequences and words the PRs in `SwiftUITarget.swift`.
    var style: TargetStyle = .uikit

    /// The folders of the feature (its screens' and their tests'), to tell its edits from others'.
    let featureFolders: [String]

    init(configCap: Int, owners: [String: Owner], style: TargetStyle = .uikit) {
        (self.configCap, self.owners, self.style) = (configCap, owners, style)
        featureFolders = uniqued(owners.values.flatMap { [$0.folder, $0.testFolder] }.filter { !$0.isEmpty }).sorted()
    }

    /// Findings of one rule next to each other (in their first finding's order), so that a sweep PR
    /// takes them together; shared work (no rule) keeps its place.
    static func byRule(_ tasks: [PlanTask]) -> [PlanTask] {
        var first: [String: Int] = [:]
        for (i, task) in tasks.enumerated() { first[task.rule ?? "#\(i)"] = first[task.rule ?? "#\(i)"] ?? i }
        return tasks.enumerated().sorted { a, b in
            let ka = first[a.element.rule ?? "#\(a.offset)"]!, kb = first[b.element.rule ?? "#\(b.offset)"]!
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    /// What cross-cutting work may share a PR with: findings with findings, shared protocols with
    /// shared protocols, shared helpers with shared helpers; anything else stands alone.
    static func sweepKind(_ task: PlanTask) -> String {
        task.rule != nil ? "finding" : task.sharedType != nil ? "protocol" : !task.sharedCopies.isEmpty ? "helper" : "alone:\(task.fingerprint)"
    }

    static func cap(for phase: TaskCategory, configCap: Int) -> Int {
        min(configCap, phase == .C ? 50 : phase == .P ? 100 : 200, 200)
    }

    /// A draft slice before numbering and wording.
    struct Draft {
        var phase: TaskCategory
        var vc: String?
        var concern = ""
        var tasks: [PlanTask] = []
        var parts: [EstimatePart] = []
        var title: String?
        var isPreparatory = false
        /// Set when it differs from the phase's cap (cross-cutting safety fixes).
        var cap: Int?
        /// The role suffixes of the types this draft creates; their parts lead `parts`.
        var creates: [String] = []
        var creationParts = 0
        /// Preparatory splits: the member split, and whether its body is one statement (one `if`,
        /// one `switch`), which is cut branch by branch rather than between statements.
        var splits: String?
        var splitsOneStatement = false
        /// One of the PRs a task or a split is spread over, and the members this one moves.
        var part: Part?, partMembers: [String] = []
        /// Size findings of its tasks this PR cannot make disappear → what its Verify says instead.
        var withheld: [String: String] = [:]
        var total: Int { parts.reduce(0) { $0 + $1.lines } }
    }

    /// Part `index` of `count` ("part 2 of 3" in the plan).
    struct Part: Equatable {
        var index: Int, count: Int
        init(_ index: Int, of count: Int) { self.index = index; self.count = count }
        var isLast: Bool { index == count }
        var text: String { "part \(index) of \(count)" }
    }

    func slices(for tasks: [PlanTask]) -> [PRSlice] {
        var me = self
        for task in tasks {
            guard let vc = task.viewController else { continue }
            me.phasesOf[vc, default: []].insert(task.category)
            if task.category == .V { me.viewTasksOf[vc, default: 0] += 1 }
            if task.concern == "seam" { me.seamed[vc, default: []].formUnion(task.wrappers) }
            // A method split in place creates no Interactor: only tasks that move code into it do.
            if task.category == .I, !task.plays(.splitFirst) { me.movesIntoInteractor.insert(vc) }
            if task.category == .I, task.rawIO, let suffix = RuleRegistry.planning(of: task.rule)?.createsType {
                if !(me.newServicesOf[vc] ?? []).contains(suffix) { me.newServicesOf[vc, default: []].append(suffix) }
                me.newServiceMembersOf[vc, default: [:]][suffix, default: []].insert(task.member ?? vc)
            }
            if task.rule != nil, !task.plays(.splitFirst) {
                if task.category == .P { me.presenterOutputsOf[vc, default: []].insert(task.member ?? vc) }
                if task.category == .I { me.interactorInputsOf[vc, default: []].insert(task.member ?? vc) }
            }
        }
        for task in tasks where task.needsPresenter && task.category == .I && style != .swiftui {
            guard let vc = task.viewController, !(me.phasesOf[vc] ?? []).contains(.P) else { continue }
            me.presenterForInteractor.insert(vc)
            me.phasesOf[vc, default: []].insert(.P)
        }
        return me.sliced(tasks)
    }

    private func sliced(_ tasks: [PlanTask]) -> [PRSlice] {
        var drafts: [Draft] = []
        // The I/O of a member that builds the view or answers at once moves when the presenter that
        // will drive that view exists: after the screen's presenter PRs.
        // (A SwiftUI target rewrites the view with its presenter: nothing waits.)
        let afterPresenter = style == .swiftui ? [] : tasks.filter { $0.category == .I && $0.needsPresenter && $0.concern != "seam" }
        for phase in TaskCategory.allCases {
            if phase == .R, !afterPresenter.isEmpty {
                let opened = Set(drafts.filter { $0.phase == .I && !$0.isPreparatory && $0.concern != "seam" }.compactMap(\.vc))
                drafts += slice(phase: .P, tasks: afterPresenter, cap: Self.cap(for: .I, configCap: configCap), interactors: opened,
                                split: Set(drafts.compactMap(\.splits)))
            }
            // Splits of what the moves leave in a long method: after every move of the screen.
            if phase == .B { drafts += remainders(tasks.filter(\.afterMoves)) }
            let phaseTasks = tasks.filter { $0.category == phase && !(phase == .I && afterPresenter.contains($0)) && !$0.afterMoves }
            if phase == .X {
                // Cross-cutting safety fixes keep the critical cap and are grouped per type; shared work is one PR each.
                let safety = phaseTasks.filter { RuleRegistry.planning(of: $0.rule)?.category == .C }
                let other = phaseTasks.filter { RuleRegistry.planning(of: $0.rule)?.category != .C }
                if !safety.isEmpty { drafts += slice(phase: phase, tasks: Self.byRule(safety), cap: Self.cap(for: .C, configCap: configCap)) }
                if !other.isEmpty { drafts += slice(phase: phase, tasks: Self.byRule(other)) }
            } else if !phaseTasks.isEmpty {
                // Each screen's seams are one PR ahead of its moves: protocols only, nothing moves.
                for seam in phaseTasks where seam.concern == "seam" {
                    drafts.append(Draft(phase: phase, vc: seam.viewController, concern: "seam", tasks: [seam],
                                        parts: seam.estimate.map { EstimatePart($0.lines, "\(seam.id): \($0.label)") }
                                            + (seam.viewController.map { projectEntries("Seams", vc: $0) } ?? []), creates: ["Seams"]))
                }
                let rest = phaseTasks.filter { $0.concern != "seam" }
                if !rest.isEmpty { drafts += slice(phase: phase, tasks: rest) }
            }
        }
        drafts = mergeSmall(insertCharacterization(Self.dataBeforeDisplay(drafts, cap: Self.cap(for: .I, configCap: configCap))))
        withholdSizeClaims(&drafts)
        let dependencies = sequence(drafts)
        let inherited = inheritedPieces(drafts)
        // A protocol declared over several seams PRs is created by the first of them.
        var declared = Set<String>()
        // A subclass that inherited a piece reaches its own by its own name in every later PR too.
        var renamed: [(vc: String, prefix: String, suffix: String)] = []
        return drafts.enumerated().map { i, draft in
            var slice = finish(draft, number: i + 1)
            for r in renamed { Planner.renamingHeld(&slice, subPrefix: r.prefix, suffix: r.suffix, onlyLinesNaming: draft.vc == r.vc ? nil : r.vc) }
            if slice.concern == "seam" { slice.creates = slice.creates.filter { declared.insert($0).inserted } }
            slice.dependsOn = dependencies[i].map { "PR \($0 + 1)" }
            slice.changes.insert(contentsOf: inherited[i].map { suffix, base, j in
                Planner.inheritsSentence(sub: draft.vc ?? "the screen", subPrefix: owners[draft.vc ?? ""]?.prefix ?? "", suffix: suffix,
                                              piece: (owners[base]?.prefix ?? modulePrefix(base)) + suffix, base: base, from: "PR \(j + 1)")
            }, at: 0)
            let prefix = owners[draft.vc ?? ""]?.prefix ?? ""
            for (suffix, _, _) in inherited[i] { Planner.renamingHeld(&slice, subPrefix: prefix, suffix: suffix); renamed.append((draft.vc ?? "", prefix, suffix)) }
            return slice
        }
    }

    /// `interactors`: for Interactor tasks the presenter drives (sliced in the presenter phase),
    /// the screens whose Interactor earlier PRs created; `split`: the members earlier PRs split
    /// (`Screen|member`).
    func slice(phase: TaskCategory, tasks: [PlanTask], cap fixedCap: Int? = nil, interactors: Set<String>? = nil, split: Set<String> = []) -> [Draft] {
        let cap = fixedCap ?? Self.cap(for: phase, configCap: configCap)
        var drafts: [Draft] = []
        var opened: Set<String> = []
        var current: Draft?
        func creation(_ phase: TaskCategory, vc: String) -> Creation {
            guard let interactors else { return self.creation(phase, vc: vc) }
            // The Interactor when no earlier PR made it, and the presenter when no presenter PR did.
            var made = interactors.contains(vc) ? Creation() : self.creation(.I, vc: vc)
            if presenterForInteractor.contains(vc) {
                let presenter = self.creation(.P, vc: vc)
                made.types += presenter.types; made.partsByType += presenter.partsByType
            }
            return made
        }
        func opening(_ vc: String?) -> Creation {
            guard let vc, !opened.contains(vc) else { return Creation() }
            return creation(phase, vc: vc)
        }
        func overhead(_ vc: String?) -> [EstimatePart] { opening(vc).parts }
        func flush() { if let c = current, !c.tasks.isEmpty { drafts.append(c) }; current = nil }
        func open(_ vc: String?, concern: String) {
            // A model's action enum creates no layer: the next PR of the phase makes it.
            if concern == Planner.actionsConcern { current = Draft(phase: phase, vc: vc, concern: concern, parts: [], cap: cap); return }
            current = Draft(phase: phase, vc: vc, concern: concern, parts: overhead(vc), cap: cap)
            if let vc, !opened.contains(vc) {
                let made = creation(phase, vc: vc)
                current!.creates = made.types; current!.creationParts = made.parts.count
                opened.insert(vc)
            }
        }
        // Methods too long to move within the cap are split first, in their own PRs.
        let (first, later, pending) = splits(tasks, cap: cap, split: split)
        drafts += first
        for unit in units(pending) {
            let vc = unit.first?.viewController
            let concern = Self.concern(of: unit, large: owners[vc ?? ""]?.large == true)
            let cost = unit.reduce(0) { $0 + $1.estimatedLines }
            // Critical fixes of several screens may share a PR; cross-cutting work of one kind is one
            // concern (a sweep of findings, protocols over shared wrappers, copied helpers shared).
            let mixes = phase == .C || phase == .X
            if let c = current, (c.vc != vc && !mixes) || (phase == .X && Self.sweepKind(unit[0]) != c.tasks.last.map(Self.sweepKind))
                || c.concern != concern || c.total + cost + overhead(vc).reduce(0, { $0 + $1.lines }) > cap {
                flush()
            }
            if cost + (concern == Planner.actionsConcern ? 0 : overhead(vc).reduce(0, { $0 + $1.lines })) > cap {
                if unit.count > 1 {
                    // Together they exceed the cap: each moves on its own, in source order.
                    for task in unit {
                        let single = slice(oversize: task, phase: phase, cap: cap, creation: opening(vc))
                        if let vc { opened.insert(vc) }
                        if single.count == 1, let c = current, c.vc == vc, c.total + single[0].total <= cap {
                            current!.tasks += single[0].tasks; current!.parts += single[0].parts.dropFirst(single[0].creationParts)
                        } else if single.count == 1 {
                            flush(); current = single[0]
                        } else {
                            flush(); drafts += single
                        }
                    }
                    continue
                }
                flush()
                drafts += slice(oversize: unit[0], phase: phase, cap: cap, creation: opening(vc))
                if let vc { opened.insert(vc) }
                continue
            }
            if current == nil { open(vc, concern: concern) }
            for task in unit {
                current!.tasks.append(task)
                // Zero parts ("0 call sites rewired") say nothing in a PR; a task of zero lines keeps its reason.
                let parts = task.estimatedLines == 0 ? task.estimate : task.estimate.filter { $0.lines > 0 }
                current!.parts += parts.map { EstimatePart($0.lines, "\(task.id): \($0.label)") }
            }
        }
        flush()
        return drafts + later
    }

    /// One task larger than the cap on its own: its moved method goes in parts, each under the cap;
    /// the first part creates what the phase needs (`creation`), each later part follows the one before.
    func slice(oversize task: PlanTask, phase: TaskCategory, cap: Int, creation: Creation) -> [Draft] {
        let head = creation.parts.reduce(0) { $0 + $1.lines }
        let total = task.estimatedLines
        // Under a low cap the new types alone may not leave room to move anything: each is created
        // in a PR of its own first, and the task's parts follow.
        // New types that nothing calls yet change no behaviour: a presenter's skeleton is not a
        // presenter change, and gets the cap of additive work.
        let createCap = max(cap, Self.cap(for: .B, configCap: configCap))
        // One member's view state moves whole when it fits the general cap: cut into parts, the
        // member would sit half in the view and half in the presenter between two PRs that a
        // reviewer must read together anyway. The presenter's cap packs several tasks.
        let wholeCap = phase == .P && !task.plays(.splitFirst) ? createCap : cap
        let fits = head + total <= cap
        if fits || head + total <= wholeCap || (head > cap / 2 && !creation.types.isEmpty && total <= cap && head + total <= createCap) {
            // The skeleton rides with the first move that fills it, the whole under the additive
            // cap, and no PR of empty types is left to review.
            var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                              parts: creation.parts + task.estimate.map { EstimatePart($0.lines, "\(task.id): \($0.label)") }, cap: fits ? cap : createCap)
            draft.creates = creation.types; draft.creationParts = creation.parts.count
            return [draft]
        }
        if head > cap / 2, !creation.types.isEmpty {
            let prefix = owners[task.viewController ?? ""]?.prefix ?? ""
            // Types that fit together share a PR; a type whose doubles and protocols alone exceed
            // the cap is created over several PRs.
            var groups: [(types: [String], parts: [EstimatePart])] = []
            // The screen's own edits (it holds the new type) come with the first move, not here.
            let screen = creation.parts.filter { $0.label.hasPrefix(Self.screenEdit) }
            for (i, suffix) in creation.types.enumerated() {
                let parts = creation.partsByType[i].filter { !$0.label.hasPrefix(Self.screenEdit) }, lines = parts.reduce(0) { $0 + $1.lines }
                if let last = groups.last, last.parts.reduce(0, { $0 + $1.lines }) + lines <= createCap {
                    groups[groups.count - 1].types.append(suffix); groups[groups.count - 1].parts += parts
                } else {
                    groups.append(([suffix], parts))
                }
            }
            let first = groups.flatMap { group -> [Draft] in
                let names = group.types.map { "`\(prefix)\($0)`" }
                let chunks = Self.chunked(group.parts, cap: createCap)
                return chunks.enumerated().map { j, parts in
                    var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, parts: parts,
                                      title: j == 0 ? "Create \(TaskGrouping.list(names)) (skeleton, protocols and test scaffolding; nothing moves yet)"
                                          : "Finish the skeleton and test scaffolding of \(TaskGrouping.list(names)) (part \(j + 1) of \(chunks.count))", cap: createCap)
                    if j == 0 { draft.creates = group.types; draft.creationParts = parts.count }
                    if chunks.count > 1 { draft.part = Part(j + 1, of: chunks.count) }
                    return draft
                }
            }
            // Under a tiny cap they would not fit next to a part of the move: they go unestimated.
            let edits = screen.reduce(0) { $0 + $1.lines } <= cap / 2 ? [screen] : []
            return first + slice(oversize: task, phase: phase, cap: cap, creation: Creation(types: [], partsByType: edits))
        }
        let room = max(1, cap - head)
        if let steps = builderSteps(task, phase: phase, cap: cap, creation: creation) { return steps }
        if let whole = Self.wholeMembers(task.estimate, firstRoom: room, cap: cap) {
            return whole.enumerated().map { k, parts in
                let i = k + 1, members = parts.map(\.label).filter { $0.hasPrefix("`") && $0.hasSuffix("`") }
                var draft = Draft(phase: phase, vc: task.viewController, concern: task.concern, tasks: [task],
                                  parts: (i == 1 ? creation.parts : []) + parts.map { EstimatePart($0.lines, "\(task.id), part \(i) of \(whole.count): \($0.label)") },
                                  title: "\(task.id) part \(i) of \(whole.count): move " + (members.isEmpty ? "the rest" : TaskGrouping.list(members)), cap: cap)
                if i == 1 { draft.creates = creation.types; draft.creationParts = creation.parts.count }
                (draft.part, draft.partMembers) = (Part(i, of: whole.count), whole.count > 1 ? members : [])
                return draft
            }
        }
        return inSteps(task, phase: phase, cap: cap, creation: creation, room: room)
    }

    /// Tasks that must move together: same member, or members that call each other (Services &
    /// Interactors only; other phases move statements, not methods).
    func units(_ tasks: [PlanTask]) -> [[PlanTask]] {
        var parent = Array(tasks.indices)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        // Only pairs of one view controller can join, so pairs are compared within each view
        // controller's tasks. The groups do not depend on the order of the joins.
        var sameVC: [String?: [Int]] = [:]
        for i in tasks.indices where tasks[i].category == .I { sameVC[tasks[i].viewController, default: []].append(i) }
        for a in tasks.indices where tasks[a].category == .I {
            for b in sameVC[tasks[a].viewController]! where b > a {
                let sameMember = tasks[a].member != nil && tasks[a].member == tasks[b].member
                let calls = tasks[a].moves.contains { m in tasks[b].moves.contains { m.selfCalls.contains($0.baseName) || $0.selfCalls.contains(m.baseName) } }
                if sameMember || calls { parent[find(b)] = find(a) }
            }
        }
        var groups: [Int: [PlanTask]] = [:]
        var order: [Int] = []
        for i in tasks.indices {
            let root = find(i)
            if groups[root] == nil { order.append(root) }
            groups[root, default: []].append(tasks[i])
        }
        let result = order.map { groups[$0]! }
        // Very large view controllers: I/O into Services first, rules into the Interactor after.
        return result.enumerated().sorted { a, b in
            let ka = owners[a.element[0].viewController ?? ""]?.large == true && !a.element.contains { $0.concern == "service" } ? 1 : 0
            let kb = owners[b.element[0].viewController ?? ""]?.large == true && !b.element.contains { $0.concern == "service" } ? 1 : 0
            return (ka, a.offset) < (kb, b.offset)
        }.map(\.element)
    }
}
