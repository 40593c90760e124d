import Foundation

/// Plan → the files of `refactoring/` (name → content), rendered from the templates. Pure: the
/// caller writes the files.
public struct PlanRenderer: Sendable {
    public static let templateNames = TemplateSet.names
    let templates: TemplateSet
    /// How many of a file's next PRs are written out in full (`prs_written_out:`); the others are
    /// rows of its PR table until they come up.
    let detailedPRs: Int

    /// `overrides`: template name → source (from `--templates DIR`); missing ones use the built-ins.
    public init(overrides: [String: String] = [:], prsWrittenOut: Int = Configuration.defaultPRsWrittenOut) throws {
        templates = try TemplateSet(overrides: overrides)
        detailedPRs = max(1, prsWrittenOut)
    }

    public func render(_ plan: Plan) -> [String: String] {
        var files = renderTaskFiles(plan)
        var dashboard = dashboardContext(plan)
        // The same reading of the files as `update` makes, so both runs order the next PRs alike.
        dashboard["nextUp"] = Dashboard.nextUpContext(Dashboard.nextUp(files.mapValues { PlanDocument(parsing: $0) }))
        files["README.md"] = templates.render("readme", dashboard)
        files["progress.svg"] = ProgressChart.svg(points: [(plan.date, 0, plan.taskFiles.reduce(0) { $0 + $1.tasks.count })])
        files[".state.json"] = PlanState.initial(plan, files: files).encoded()
        return files
    }

    /// The feature files, cross-cutting.md and discovered.md as `render` writes them: all `update`
    /// reads from a fresh plan (it writes the dashboard, chart and state itself).
    public func renderTaskFiles(_ plan: Plan) -> [String: String] {
        var files: [String: String] = [:]
        // Features render side by side; a later feature of the same file name wins, as in order.
        let features = plan.features
        let texts = parallelMap(count: features.count, jobs: defaultJobCount) { i in
            templates.render("feature", featureContext(features[i], plan: plan))
        }
        for (feature, text) in zip(features, texts) { files[feature.fileName] = text }
        files["cross-cutting.md"] = templates.render("cross-cutting", featureContext(plan.crossCutting, plan: plan))
        files["discovered.md"] = templates.render("discovered", ["date": .text(plan.date)])
        return files
    }

    /// A feature's `## PR Plan` section as its file would show it.
    func prPlanSection(_ feature: FeaturePlan, plan: Plan) -> String? {
        PlanMarkdown.prPlanSection(featureText(feature, plan: plan))
    }

    /// A feature's file as `plan` would write it.
    func featureText(_ feature: FeaturePlan, plan: Plan) -> String {
        let template = feature.fileName == "cross-cutting.md" ? "cross-cutting" : "feature"
        return templates.render(template, featureContext(feature, plan: plan))
    }

    /// `renderTaskFiles(plan)[name]`, rendered when asked: one file in memory at a time.
    public struct LazyTaskFiles: Sendable {
        let renderer: PlanRenderer
        let plan: Plan
        /// File name → the last feature with it (as the dictionary of `renderTaskFiles` keeps it).
        let features: [String: Int]

        public subscript(name: String) -> String? {
            inputs(name, rendering: true).map { renderer.templates.render($0.template, $0.context) }
        }

        /// A hash of the file `self[name]` would render, without rendering it.
        public func digest(_ name: String) -> String? {
            inputs(name, rendering: false).map { renderer.templates.digest($0.template, $0.context) }
        }

        private func inputs(_ name: String, rendering: Bool) -> (template: String, context: [String: TemplateValue])? {
            switch name {
            case "cross-cutting.md": ("cross-cutting", renderer.featureContext(plan.crossCutting, plan: plan, slicesRendered: rendering))
            case "discovered.md": ("discovered", ["date": .text(plan.date)])
            default: features[name].map { ("feature", renderer.featureContext(plan.features[$0], plan: plan, slicesRendered: rendering)) }
            }
        }
    }

    public func lazyTaskFiles(_ plan: Plan) -> LazyTaskFiles {
        LazyTaskFiles(renderer: self, plan: plan,
                      features: Dictionary(plan.features.enumerated().map { ($0.element.fileName, $0.offset) }, uniquingKeysWith: { _, last in last }))
    }

    func scan(_ plan: Plan) -> String { plan.date + (plan.scanCommit.map { " (\($0))" } ?? "") }

    /// `slicesRendered: false` leaves each PR slice's context in place of the text the `pr-slice`
    /// template makes of it: for a digest of the file, which already covers the templates.
    func featureContext(_ feature: FeaturePlan, plan: Plan, slicesRendered: Bool = true) -> [String: TemplateValue] {
        var feature = feature
        feature.slices = Self.directDependencies(feature.slices)
        let outlined = Self.outlinedTasks(feature.slices, detailed: detailedPRs)
        let sections = TaskCategory.allCases.compactMap { category -> [String: TemplateValue]? in
            let tasks = feature.tasks.filter { $0.category == category }
            guard !tasks.isEmpty else { return nil }
            // Each rule's reason is stated once per section; its tasks keep only what is theirs.
            var seen: Set<String> = []
            let rules = tasks.compactMap(Self.statedReason).filter { seen.insert($0.id).inserted }.map { reason -> [String: TemplateValue] in
                ["id": .text(reason.id), "why": .text(Self.consequences(reason.why))]
            }
            return ["heading": .text(category.heading), "rules": .list(rules), "hasRules": .flag(!rules.isEmpty),
                    "tasks": .list(tasks.map { taskContext($0, statedOnce: true, outlined: outlined.contains($0.id)) })]
        }
        let prefixes = Self.longestFirst(feature.modules.map(\.prefix))
        let slices = feature.slices.map { slice -> [String: TemplateValue] in
            ["number": .text("\(slice.number)"), "phase": .text(slice.phase.phase), "tasks": .text(taskCell(slice)),
             "creates": .text(slice.creates.isEmpty ? "—" : Self.typeNames(slice.creates, prefixes: prefixes).joined(separator: ", ")),
             "dependsOn": .text(slice.dependsOn.isEmpty ? "—" : slice.dependsOn.joined(separator: ", ")),
             "fileCount": .text("\(slice.files.count)"), "estimate": .text("\(slice.estimatedLines)"), "cap": .text("\(slice.cap)")]
        }
        // The next PRs are written out in full; later ones are in the table until they come up
        // (every `update` re-plans what is left, so their details would change before then).
        let detailed = Array(feature.slices.prefix(detailedPRs))
        let later = feature.slices.dropFirst(detailedPRs).map(\.number)
        let laterNote = later.isEmpty ? "" : "\n_\(Planner.numberRanges(later)): written out here when \(later.count == 1 ? "it is" : "they are") among the next \(detailedPRs) (each `update` re-plans what is left); the table above has \(later.count == 1 ? "its" : "their") tasks, files and estimates. `prs_written_out: all` in `.viper-planner.yml` writes every PR out now._\n"
        let slicesText: TemplateValue = slicesRendered
            ? .text(detailed.map { templates.render("pr-slice", sliceContext($0, prefixes: prefixes)) }.joined() + laterNote)
            : .list(detailed.map { sliceContext($0, prefixes: prefixes) })
        return [
            "name": .text(feature.name), "context": .text(feature.context), "date": .text(plan.date),
            "status": .text("Planned"), "scan": .text(scan(plan)),
            "modules": .list(feature.modules.map { moduleContext($0, outlined: Self.outlinedModule($0, feature: feature, outlined: outlined, detailed: detailedPRs)) }),
            "uikitModules": .flag(feature.modules.contains { $0.style != .swiftui }),
            "sections": .list(sections), "slices": .list(slices), "slicesText": slicesText,
            "outlineNote": .text(outlined.isEmpty ? "" : Self.outlineNote(detailed: detailedPRs)),
        ]
    }

    /// The tasks that only later PRs move: outlined (where, how severe, how big) until their PR is
    /// among the next `detailed`, when `update` writes them out in full. A task that no PR or one
    /// of the next PRs moves is written out now.
    static func outlinedTasks(_ slices: [PRSlice], detailed detailedPRs: Int) -> Set<String> {
        let near = Set(slices.prefix(detailedPRs).flatMap(\.taskIDs))
        return Set(slices.dropFirst(detailedPRs).flatMap(\.taskIDs)).subtracting(near)
    }

    static func outlineNote(detailed detailedPRs: Int) -> String { "\n\n\(outlineNoteLead) (location, severity, size); each is written out with its problem, fix and evidence when its PR is among the next \(detailedPRs) (`update`), and `viper-planner audit` lists every finding in full now." }

    /// The sentence the outline note starts with: `update` drops the note once no task is outlined.
    static let outlineNoteLead = "> Tasks that only later PRs move are outlined"

    /// Each PR's Depends-on without what another of its dependencies already depends on ("PR 25"
    /// rather than "PR 2, PR 3, PR 25" when PR 25 depends on PR 2 and PR 3): a PR is ready when
    /// its listed PRs are merged either way.
    static func directDependencies(_ slices: [PRSlice]) -> [PRSlice] {
        var reach: [String: Set<String>] = [:]
        for slice in slices.sorted(by: { $0.number < $1.number }) {
            reach["PR \(slice.number)"] = slice.dependsOn.reduce(into: Set(slice.dependsOn)) { $0.formUnion(reach[$1] ?? []) }
        }
        return slices.map { slice in
            var s = slice
            s.dependsOn = slice.dependsOn.filter { d in !slice.dependsOn.contains { $0 != d && reach[$0]?.contains(d) == true } }
            return s
        }
    }

    /// Evidence beyond this many lines is counted, not listed: the audit shows every site.
    static let evidenceShown = 4
    /// A grouped task's estimate names this many members' parts, and sums the others.
    static let estimateMembersShown = 3

    /// A rule's reason above its tasks without its first sentence, which says what the rule
    /// detects: each task's Problem says that of its own code ("does networking itself: …"), and
    /// `viper-planner rules ID` has the whole text. A rest whose first words refer back to the
    /// first sentence (a pronoun, "When …", "Reported only …") needs it, so the text stays whole.
    static func consequences(_ why: String) -> String {
        let sentences = TaskGrouping.sentences(why)
        guard sentences.count > 1 else { return why }
        let rest = sentences.dropFirst().joined(separator: " ")
        let words = rest.split(separator: " ").prefix(8).map { $0.filter(\.isLetter).lowercased() }
        let refersBack: Set<String> = ["it", "its", "this", "these", "those", "they", "them", "their", "that", "such"]
        return words.contains(where: refersBack.contains) || ["when", "reported", "only"].contains(words.first ?? "") ? why : rest
    }

    /// The reason a task's section states once above its tasks: its rule's, or the one every
    /// shared-wrapper task has.
    static func statedReason(_ task: PlanTask) -> (id: String, why: String)? {
        if let rule = task.rule, let why = TaskFactory.whyByRule[rule], !why.isEmpty { return (rule, why) }
        return task.sharedType != nil ? (CrossCutting.sharedWrapperID, CrossCutting.sharedWrapperWhy) : nil
    }

    /// `statedOnce`: the rule's reason is in the section above the task, so its Problem is only
    /// the finding's own sentence.
    func taskContext(_ task: PlanTask, statedOnce: Bool = false, outlined: Bool = false) -> [String: TemplateValue] {
        let why = Self.statedReason(task)?.why ?? ""
        let problem = statedOnce && !why.isEmpty && task.problem.hasSuffix(" " + why)
            ? String(task.problem.dropLast(why.count + 1)) : task.problem
        let shown = task.evidence.count > Self.evidenceShown + 1 ? Array(task.evidence.prefix(Self.evidenceShown)) : task.evidence
        let more = task.evidence.count - shown.count
        let evidence = task.evidence.count == 1 ? " " + task.evidence[0]
            : (shown + (more > 0 ? ["… and \(more) more sites (`viper-planner audit` lists them)"] : [])).map { "\n    - \($0)" }.joined()
        // A task of no lines of its own says why once ("`load()` moves with I3"), not per part.
        var counted = task.estimate.filter { $0.lines > 0 }
        // A task over many members names a few of them; the rest are one sum.
        if task.members.count > Self.estimateMembersShown + 2, counted.count > Self.estimateMembersShown + 2 {
            let rest = counted.dropFirst(Self.estimateMembersShown)
            counted = Array(counted.prefix(Self.estimateMembersShown)) + [EstimatePart(rest.reduce(0) { $0 + $1.lines }, "\(rest.count) more members")]
        }
        let parts = task.estimatedLines == 0 ? task.estimate.prefix(1).map { "0 (\($0.label))" }.joined()
            : counted.map { "\($0.lines) (\($0.label))" }.joined(separator: " + ")
        return ["id": .text(task.id), "title": .text(task.title), "fingerprint": .text(([task.fingerprint] + task.covers).joined(separator: " ")),
                "location": .text(task.location), "severity": .text("\(task.severity.emoji) \(task.severity.label)"),
                "problem": .text(problem), "fix": .text(task.fix), "evidence": .text(evidence),
                "estimate": .text("\(task.estimatedLines)"), "estimateParts": .text(parts), "outlined": .flag(outlined)]
    }

    /// A task's block as the `task` template writes it out in full (never outlined).
    func fullBlock(_ task: PlanTask) -> TaskBlock? {
        PlanDocument(parsing: templates.render("task", taskContext(task, statedOnce: true))).tasks.first
    }

    /// " in `App/Cart/`: `Cart{Contract,Presenter}.swift`": the folder, the module's prefix and the
    /// extension said once (brace expansion, as a shell writes it); each path in full otherwise.
    static func filesLine(_ paths: [String], prefix: String) -> String {
        let folders = Set(paths.map { path in path.lastIndex(of: "/").map { String(path[...$0]) } ?? "" })
        guard folders.count == 1, let folder = folders.first else { return ": " + paths.map { "`\($0)`" }.joined(separator: ", ") }
        let names = paths.map { $0.dropFirst(folder.count) }
        let place = folder.isEmpty ? "" : " in `\(folder)`"
        guard names.count > 1, !prefix.isEmpty, names.allSatisfy({ $0.hasPrefix(prefix) && $0.hasSuffix(".swift") && $0.count > prefix.count + 6 }) else {
            return place + ": " + names.map { "`\($0)`" }.joined(separator: ", ")
        }
        return place + ": `\(prefix){" + names.map { $0.dropFirst(prefix.count).dropLast(6) }.joined(separator: ",") + "}.swift`"
    }

    /// A screen's contract waits with its tasks: a module whose every task only later PRs move says
    /// what its contract holds and when it is written out, instead of lists that each `update` would
    /// re-plan before anyone reads them. Empty when the module is written out in full.
    static func outlinedModule(_ m: TargetModule, feature: FeaturePlan, outlined: Set<String>, detailed detailedPRs: Int) -> String {
        let ids = Set(feature.tasks.filter { $0.viewController == m.viewController }.map(\.id))
        guard m.style != .swiftui, !ids.isEmpty, ids.isSubset(of: outlined),
              let first = feature.slices.first(where: { !ids.isDisjoint(with: $0.taskIDs) }) else { return "" }
        func count(_ n: Int, _ what: String) -> String { "\(n) \(what)\(n == 1 ? "" : "s")" }
        let holds = [(m.interactorInputs.count, "use case"), (m.presenterOutputs.count, "view state"),
                     (m.routes.count, "route"), (m.services.count, "service")].filter { $0.0 > 0 }.map { count($0.0, $0.1) }
        return "\(outlinedModuleLead) (\(holds.isEmpty ? "what the screen's PRs add" : TaskGrouping.list(holds))) are written out here when PR \(first.number) is among the next \(detailedPRs) (`update`)."
    }

    /// The sentence an outlined module's section starts with: `update` finds the sections it may
    /// write out by it.
    public static let outlinedModuleLead = "Its files and contract"

    func moduleContext(_ m: TargetModule, outlined: String = "") -> [String: TemplateValue] {
        func items(_ list: [ContractItem]) -> TemplateValue { .list(list.map { ["name": .text($0.name), "detail": .text($0.detail)] }) }
        return ["viewController": .text(m.viewController), "prefix": .text(m.prefix), "target": .text(m.target),
                "files": .list(m.files.map { ["path": .text($0)] }), "filesLine": .text(Self.filesLine(m.files, prefix: m.prefix)), "inputs": items(m.interactorInputs),
                "outputs": items(m.presenterOutputs), "routes": items(m.routes), "services": items(m.services),
                "swiftui": .flag(m.style == .swiftui), "viewSections": items(m.viewSections),
                "split": .text(m.lineSplit), "hasSplit": .flag(!m.lineSplit.isEmpty), "codeLines": .text("\(m.codeLines)"),
                "outlined": .flag(!outlined.isEmpty), "outlineText": .text(outlined)]
    }

    /// "I3 (part 1 of 2)": the ids, with the part of a task moved over several PRs.
    func taskCell(_ s: PRSlice) -> String {
        s.taskIDs.map { id in s.part.map { "\(id) (\($0))" } ?? id }.joined(separator: ", ")
    }

    /// Module prefixes, the empty one left out, longest first (a type takes the longest it starts with).
    static func longestFirst(_ prefixes: [String]) -> [String] {
        prefixes.filter { !$0.isEmpty }.map { ($0, $0.utf8.count) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// "LoginTable{Presenter,Router}" for `LoginTablePresenter` and `LoginTableRouter`: the types
    /// of one module said with its prefix once, in the order they first appear (brace expansion, as
    /// the files to create are written); a type of no module's prefix stays whole.
    static func typeNames(_ names: [String], prefixes: [String]) -> [String] {
        let sorted = !prefixes.contains("") && zip(prefixes, prefixes.dropFirst()).allSatisfy { $0.utf8.count >= $1.utf8.count }
        let longestFirst = sorted ? prefixes : Self.longestFirst(prefixes)
        var order: [String] = [], rests: [String: [String]] = [:]
        for name in names {
            let prefix = longestFirst.first { name.hasPrefix($0) && name.count > $0.count && name.dropFirst($0.count).first!.isUppercase }
            // A prefix's group is keyed apart from a type named like the prefix itself.
            let key = prefix.map { "{" + $0 } ?? name
            if rests[key] == nil { order.append(key); rests[key] = [] }
            if let prefix { rests[key]!.append(String(name.dropFirst(prefix.count))) }
        }
        return order.map { key in
            guard key.hasPrefix("{") else { return key }
            let prefix = String(key.dropFirst()), rest = rests[key]!
            return rest.count == 1 ? prefix + rest[0] : prefix + "{" + rest.joined(separator: ",") + "}"
        }
    }

    func sliceContext(_ s: PRSlice, prefixes: [String] = []) -> [String: TemplateValue] {
        ["number": .text("\(s.number)"), "title": .text(s.title), "phase": .text(s.phase.phase),
         "tasks": .text(s.taskIDs.isEmpty ? (s.isPreparatory || s.creates.isEmpty ? "none (preparatory)" : "none (new types only)") : taskCell(s)),
         "creates": .text(s.creates.isEmpty ? "nothing new" : Self.typeNames(s.creates, prefixes: prefixes).map { "`\($0)`" }.joined(separator: ", ")),
         "dependsOn": .text(s.dependsOn.isEmpty ? "nothing: it can be merged first" : s.dependsOn.joined(separator: ", ")),
         "estimate": .text("\(s.estimatedLines)"), "cap": .text("\(s.cap)"), "risk": .text(s.risk),
         "parts": .list(Self.tasksSummed(Self.partsByTask(s.estimate)).map { ["lines": .text("\($0.lines)"), "label": .text($0.label)] }),
         "files": .list(s.files.map { ["path": .text($0)] }),
         "changes": .list(s.changes.enumerated().map { ["n": .text("\($0.offset + 1)"), "text": .text($0.element)] }),
         "checks": .list(Self.sharedChecks(s.checks).map { ["text": .text($0)] }),
         "notInThisPR": .text(s.notInThisPR.joined(separator: "; "))]
    }

    /// The dashboard from the values `update` recomputes (Markdown counts, history, attention).
    public func readme(_ context: [String: TemplateValue]) -> String { templates.render("readme", context) }

    public func dashboardContext(_ plan: Plan) -> [String: TemplateValue] {
        let files = plan.taskFiles
        let rows = files.map { f -> [String: TemplateValue] in
            ["name": .text(f.name), "file": .text(f.fileName), "total": .text("\(f.tasks.count)"), "done": .text("0"),
             "status": .text(f.tasks.isEmpty ? "Completed" : "Planned")]
        }
        // Counted in place: gathering every task into one array copied each of them.
        var total = 0, bySeverity: [Severity: Int] = [:], byCategory: [TaskCategory: Int] = [:]
        for f in files.indices {
            for t in files[f].tasks.indices {
                total += 1
                bySeverity[files[f].tasks[t].severity, default: 0] += 1
                byCategory[files[f].tasks[t].category, default: 0] += 1
            }
        }
        let critical = bySeverity[.critical, default: 0]
        let severities = Severity.allCases.map { s -> [String: TemplateValue] in
            ["label": .text("\(s.emoji) \(s.label)"), "count": .text("\(bySeverity[s, default: 0])")]
        }
        let phases = TaskCategory.allCases.compactMap { c -> [String: TemplateValue]? in
            let n = byCategory[c, default: 0]
            return n == 0 ? nil : ["label": .text("\(c.rawValue) — \(c.phase)"), "count": .text("\(n)")]
        }
        let next = files.compactMap { f -> [String: TemplateValue]? in
            guard let s = f.slices.first else { return nil }
            return ["name": .text(f.name), "file": .text(f.fileName), "number": .text("\(s.number)"), "title": .text(s.title),
                    "phase": .text(s.phase.phase), "estimate": .text("\(s.estimatedLines)"), "cap": .text("\(s.cap)")]
        }
        let edges = plan.navigation.map { e -> [String: TemplateValue] in
            ["from": .text(mermaidLabel(e.from)), "to": .text(mermaidLabel(e.to)), "kind": .text(e.kind),
             "fromID": .text(mermaidID(e.from)), "toID": .text(mermaidID(e.to))]
        }
        let summary = summaryText(plan, pullRequests: files.reduce(0) { $0 + $1.slices.count })
        return ["date": .text(plan.date), "scan": .text(scan(plan)), "version": .text(ToolInfo.version),
                "summary": .text(summary), "rows": .list(rows), "total": .text("\(total)"), "done": .text("0"),
                "percent": .text("0%"), "severities": .list(severities), "phases": .list(phases), "next": .list(next),
                "commit": .text(plan.scanCommit ?? "—"),
                "openCritical": .text("\(critical)"), "edges": .list(edges),
                "attention": .list([]),
                "history": .list([["date": .text(plan.date), "commit": .text(plan.scanCommit ?? "—"), "total": .text("\(total)"),
                                   "done": .text("0"), "openCritical": .text("\(critical)"),
                                   "new": .text("\(total)"), "resolved": .text("0"), "regressed": .text("0")]])]
    }

    /// The dashboard's opening sentence; `update` passes the PRs the plan files list.
    func summaryText(_ plan: Plan, pullRequests: Int) -> String {
        plan.viewControllerCount == 0
            ? "No view controllers were found: there is nothing to migrate."
            : "\(plan.viewControllerCount) view controller\(plan.viewControllerCount == 1 ? "" : "s"), \(plan.findingCount) finding\(plan.findingCount == 1 ? "" : "s"), \(plan.features.count) feature file\(plan.features.count == 1 ? "" : "s"); \(pullRequests) pull requests of at most \(plan.cap) changed lines each, in phase order: Critical safety → Services & Interactors → Presenters → Routers → Builders → Tests."
                + (plan.architectures.isEmpty ? "" : " Screens by architecture: \(plan.architectures)"
                    + (plan.architectures.split(separator: ",").allSatisfy { $0.hasSuffix(" MVC") } ? "." : "; screens already split into roles keep them and get only their violations fixed."))
    }

    func mermaidID(_ name: String) -> String {
        let id = name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "_" }.joined()
        return "n_" + id
    }

    func mermaidLabel(_ name: String) -> String { name.replacingOccurrences(of: "\"", with: "'") }
}
