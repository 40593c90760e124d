/// A feature's tasks beyond its findings: each screen's own structure (exits, coverage moves, builder,
/// tests), the seams ahead of its moves, the target modules from the numbered tasks, and the
/// navigation map.
extension Planner {
    /// A screen's tasks beyond its findings (the exit routes of a screen that only closes itself,
    /// the builder and screen tests, SwiftUI views) and its target module, when it becomes one.
    static func screenTasks(_ t: Int, findingTasks: [PlanTask], modules: ModulePlanner, layout: ProjectLayout,
                            configuration: Configuration) -> (tasks: [PlanTask], module: TargetModule?) {
        let style = configuration.target, cap = min(configuration.prLineCap, 200)
        let architecture = ScreenArchitecture.of(t, modules.index)
        // A screen already split into roles keeps them: only its real violations are planned, never
        // its layers again. Its own pattern decides where navigation lives, except in VIPER (a Router).
        if architecture.isModular {
            return (findingTasks.filter { task in
                // Size is tracked by tasks that wait for the layers' PRs to move code out; a modular
                // screen gets no such PRs, so its size stays an audit finding only.
                !task.plays(.assemblesModule) && task.rule != VCSizeRule.id
                    && (architecture == .viper || task.rule != VCNavigationRule.id)
            }.map { task in
                // A fix that waits for the layers' PRs is done here by hand: a local change.
                guard task.estimatedLines == 0 else { return task }
                var local = task
                local.estimate = [EstimatePart(4, "a local change at the finding (the screen already has its layers)")]
                return local
            }, nil)
        }
        // A method nothing calls is deleted, never moved: no other task takes it.
        let unused = Set(findingTasks.filter { $0.rule == UnusedMemberRule.id }.compactMap(\.member))
        var tasks = withoutUnused(findingTasks, unused: unused)
        // A module whose only navigation is closing itself still gets a Router for its exits.
        if style == .uikit, tasks.contains(where: { [.I, .P, .B].contains($0.category) }), !tasks.contains(where: { $0.category == .R }),
           let exitTask = modules.exitTask(for: t) { tasks.append(exitTask) }
        if style == .uikit, tasks.contains(where: { [.I, .P, .B].contains($0.category) }), let appTask = modules.appNavigationTask(for: t) { tasks.append(appTask) }
        if style == .uikit, tasks.contains(where: { [.I, .P, .B].contains($0.category) }), let handOffTask = modules.handOffNavigationTask(for: t) { tasks.append(handOffTask) }
        guard tasks.contains(where: { [.I, .P, .R, .B].contains($0.category) }) else { return (tasks, nil) }
        // Every line gets a destination; what the findings' tasks leave behind gets its own moves.
        let split = ScreenSplit.of(t, index: modules.index, profile: modules.profiles[t], namer: UseCaseNamer(index: modules.index, type: t, mobility: modules.mobility),
                                   // The app delegate's state and navigation is no I/O of the screen's.
                                   wrappers: Set(modules.wrappers(of: t).map(\.name).filter { !TypeIndex.isAppDelegateName($0) }),
                                   unused: unused)
        if style == .uikit, !modules.shapes.isBase(modules.index.types[t].name) {
            tasks += modules.coverageTasks(for: t, split: split, tasks: tasks)
            tasks = tasks.map { remainderSplit($0, split: split, limit: configuration.thresholds.longMethod, cap: cap) }
            tasks = tasks.map { withUIKitLeftBehind($0, split: split, index: modules.index, type: t) }
            tasks = withScreenTypesMoved(tasks, index: modules.index, type: t, folder: modules.folder(of: t), layout: layout)
            tasks = withScreenStateNamed(tasks, index: modules.index, type: t, split: split, services: Set(modules.wrappers(of: t).map(\.name)),
                                         mobility: modules.mobility.of(t))
            tasks = withLiveQueries(tasks, index: modules.index, type: t)
            // The actions a model names by selector get their enum before any Presenter move.
            if let seam = selectorSeamTask(for: t, index: modules.index, mobility: modules.mobility.of(t)) {
                tasks.insert(seam, at: tasks.firstIndex { $0.category == .P } ?? tasks.endIndex)
            }
            tasks = tasks.map { $0.rule == VCSizeRule.id ? sizeTarget($0, split: split, limit: configuration.thresholds.review) : $0 }
        }
        tasks = tasks.map { modules.withAnalytics($0, in: t) }
        // Ids are needed by the module sketch; provisional ones are replaced per file later.
        var module = modules.module(for: t, tasks: assignIDs(tasks, start: [:]).tasks)
        // The first move of the use cases an action chooses between (the contract merged them) takes the rule along.
        tasks = withRuleChoices(tasks, index: modules.index, type: t, namer: UseCaseNamer(index: modules.index, type: t, mobility: modules.mobility),
                                merged: Set(module.interactorInputs.compactMap(\.chosenBy)))
        module.lineSplit = split.summary
        module.splitLines = ScreenSplit.Destination.allCases.map(split.lines)
        module.codeLines = split.codeLines
        let structural = modules.structuralTasks(for: t, module: module, tasks: tasks)
        tasks.removeAll { $0.plays(.assemblesModule) }
        tasks += structural
        if style == .swiftui {
            tasks += SwiftUITarget.viewTasks(index: modules.index, type: t, prefix: modulePrefix(modules.index.types[t].name), tasks: tasks, cap: cap)
        }
        return (tasks, module)
    }

    /// The tasks with the unused methods left out of their moves; a task that moved only those,
    /// or is about one of them, is dropped (its own deletion task stays).
    static func withoutUnused(_ tasks: [PlanTask], unused: Set<String>) -> [PlanTask] {
        guard !unused.isEmpty else { return tasks }
        return tasks.compactMap { task in
            guard task.rule != UnusedMemberRule.id else { return task }
            var kept = task
            kept.moves.removeAll { unused.contains($0.name) }
            if kept.moves.isEmpty, !task.moves.isEmpty || task.member.map(unused.contains) == true { return nil }
            return kept
        }
    }

    /// A long method the screen's moves take out: each move cuts what it takes (one too large for a
    /// PR moves in steps), so no split comes first and no line is churned twice; what stays in the
    /// view is split after the moves, or not at all when it is under the limit.
    static func remainderSplit(_ task: PlanTask, split: ScreenSplit, limit: Int, cap: Int) -> PlanTask {
        guard task.plays(.splitFirst), let m = task.moves.first,
              let s = split.members.first(where: { $0.name == m.name && $0.file == m.file })
        else { return task }
        let stays = s.lines[.view] ?? 0, out = s.codeLines - stays
        guard out > 0 else { return task }
        var t = task
        t.afterMoves = true
        if stays < limit {
            // Nothing to do but wait for the moves, like the size task: a Builders task of no lines.
            t.category = .B
            t.afterMoves = false
            t.moves = []
            t.estimate = [EstimatePart(0, "none of its own: the moves take \(out) of its \(s.codeLines) code lines out")]
            t.fix = "No split of its own: the PRs that move its view state, data work and navigation out each cut what they move, and take \(out) of its \(s.codeLines) code lines; the \(stays) that stay in the view are under the \(limit)-line limit."
        } else {
            t.moves[0].codeLines = min(m.codeLines, stays)
            t.estimate = TaskFactory.splitEstimate(m.name, lines: t.moves[0].codeLines, cap: cap)
            t.fix = "After the PRs that move \(out) of its \(s.codeLines) code lines out (each cuts what it moves), split the \(stays) lines that stay in the view into methods of one step each, in place."
        }
        return t
    }

    /// The size task measured against the plan: how much the PRs move out and whether what stays is
    /// under the threshold.
    static func sizeTarget(_ task: PlanTask, split: ScreenSplit, limit: Int) -> PlanTask {
        var t = task
        let stays = split.lines(.view), moved = split.codeLines - stays
        let parts = [ScreenSplit.Destination.interactor, .presenter, .router, .deleted].filter { $0 != .deleted || split.lines($0) > 0 }
            .map { "\($0.rawValue) \(split.lines($0))" }.joined(separator: ", ")
        // The members that keep the most lines in the view are the pieces to split off.
        let largest = split.members.filter { ($0.lines[.view] ?? 0) >= 10 }.sorted { ($0.lines[.view] ?? 0, $1.line) > ($1.lines[.view] ?? 0, $0.line) }
            .prefix(3).map { "`\($0.name)`, \($0.lines[.view] ?? 0) lines" }
        let pieces = largest.isEmpty ? "its layout and the views it builds" : largest.joined(separator: "; ")
        t.fix = "No change of its own: the PRs of this file move \(moved) of its \(split.codeLines) code lines out (\(parts)); the \(stays) that stay in the view are "
            + (stays < limit ? "under the \(limit)-line threshold. Tick it when `viper-planner audit` stops reporting it."
                : "still over the \(limit)-line threshold: after the moves, split the view's largest pieces (\(pieces)) into views or child view controllers of their own.")
        t.estimate = [EstimatePart(0, "none of its own: \(stays) of \(split.codeLines) code lines stay in the view after the moves")]
        return t
    }

    /// The seams of the feature's screens that move I/O, one protocol per wrapper in the file
    /// (`shared`: wrappers cross-cutting.md already puts behind one).
    static func seamTasks(_ f: (vcs: [Int], tasks: [PlanTask], modules: [TargetModule]), modules: ModulePlanner, shared: Set<String>) -> [PlanTask] {
        let index = modules.index
        var seamed = shared, seams: [PlanTask] = []
        // A finding's I/O or the calls into services the sources do not show (no finding): both move.
        for t in f.vcs where f.tasks.contains(where: { $0.viewController == index.types[t].name && $0.category == .I && ($0.rule != nil || !$0.wrappers.isEmpty) }) {
            for seam in modules.seamTasks(for: t, shared: seamed) {
                seamed.formUnion(seam.wrappers)
                seams.append(seam)
            }
        }
        return seams
    }

    /// The Target modules from the numbered tasks, keeping the line split each screen's sketch computed.
    static func finalModules(_ f: (vcs: [Int], tasks: [PlanTask], modules: [TargetModule]), tasks numbered: [PlanTask],
                             modules: ModulePlanner, style: TargetStyle) -> [TargetModule] {
        let index = modules.index
        let withModule = Set(f.modules.map(\.viewController))
        // Tasks per view controller, in plan order, indexed once per file so the work stays linear.
        var tasksOfVC: [String: [PlanTask]] = [:]
        for task in numbered { if let vc = task.viewController { tasksOfVC[vc, default: []].append(task) } }
        let provisional = Dictionary(f.modules.map { ($0.viewController, $0) }, uniquingKeysWith: { a, _ in a })
        return f.vcs.filter { withModule.contains(index.types[$0].name) }.map { t in
            var module = targetModule(t, tasks: tasksOfVC[index.types[t].name] ?? [], all: numbered, modules: modules, style: style)
            if let sketch = provisional[module.viewController] {
                (module.lineSplit, module.splitLines, module.codeLines) = (sketch.lineSplit, sketch.splitLines, sketch.codeLines)
            }
            return module
        }
    }

    /// Each screen with findings (a base shared across features left to cross-cutting.md): its tasks
    /// and module gathered by feature, and the owner its PRs are sized and placed by.
    static func plannedScreens(_ vcs: [Int], tasksByVC: [Int: [PlanTask]], sharedBases: Set<String>, featureOf: [String: String],
                               modules: ModulePlanner, layout: ProjectLayout, configuration: Configuration)
        -> (owners: [String: PRSlicer.Owner], features: [String: (vcs: [Int], tasks: [PlanTask], modules: [TargetModule])]) {
        let index = modules.index
        var owners: [String: PRSlicer.Owner] = [:]
        var features: [String: (vcs: [Int], tasks: [PlanTask], modules: [TargetModule])] = [:]
        // Each screen is planned from shared, read-only inputs: screens run side by side, and their
        // results are gathered in the order of `vcs`.
        let planned = vcs.filter { tasksByVC[$0]?.isEmpty == false && !sharedBases.contains(index.types[$0].name) }
        let screens = parallelMap(count: planned.count, jobs: defaultJobCount) { i -> (tasks: [PlanTask], module: TargetModule?, owner: PRSlicer.Owner) in
            let t = planned[i]
            let (tasks, module) = screenTasks(t, findingTasks: tasksByVC[t]!, modules: modules, layout: layout, configuration: configuration)
            var owner = layout.placed(owner(of: t, tasks: tasks, modules: modules, configuration: configuration),
                                      screen: index.path(index.types[t].decls[0]), services: modules.wrappers(of: t))
            if let module { owner.contract = PRSlicer.Owner.Contract(module) }
            if let module, let stays = module.splitLines.last { owner.movedOut = module.codeLines - stays }
            return (tasks, module, owner)
        }
        for (t, (tasks, module, owner)) in zip(planned, screens) {
            let name = index.types[t].name
            owners[name] = owner
            let feature = featureOf[name]!
            features[feature, default: ([], [], [])].vcs.append(t)
            features[feature]!.tasks += tasks
            if let module { features[feature]!.modules.append(module) }
        }
        return (owners, features)
    }

    /// Who pushes, presents or segues to whom, from the screens' navigation sites (the dashboard's map).
    static func navigation(_ result: AuditResult) -> [NavigationEdge] {
        var edges: Set<NavigationEdge> = []
        // An unwind segue leads to the screen declaring the action of that name (`unwindToAccount(_:)`).
        var unwindTargets: [String: String] = [:]
        for t in result.profiles.keys.sorted() {
            for action in result.index.unwindActions(of: t) { unwindTargets[baseName(action).lowercased()] = result.index.types[t].name }
        }
        for (t, profile) in result.profiles {
            for site in profile.sites where site.family == .navigation {
                guard let destination = site.destination else { continue }
                if unwindRoute(destination) != nil {
                    edges.insert(NavigationEdge(from: result.index.types[t].name, to: unwindTargets[destination.lowercased()] ?? destination, kind: "unwind"))
                    continue
                }
                let kind = site.api.lowercased().contains("segue") ? "segue" : site.api.lowercased().contains("present") ? "present" : site.api.lowercased().contains("push") ? "push" : "show"
                edges.insert(NavigationEdge(from: result.index.types[t].name, to: destination, kind: kind))
            }
        }
        return edges.sorted()
    }
}
