/// Findings → plan: feature grouping, tasks with ids, target modules, PR slices, cross-cutting work
/// and the navigation map. A pure function of the audit result; nothing here touches the disk.
public enum Planner {
    /// `grouping`: findings of one kind per screen share a task (`TaskGrouping`) as a new plan
    /// writes them; `update` groups them as the plan it updates did.
    public static func plan(_ result: AuditResult, configuration: Configuration, date: String, scanCommit: String? = nil,
                            grouping: TaskGrouping.Mode = .automatic) -> Plan {
        let index = result.index
        let cap = min(configuration.prLineCap, 200), style = configuration.target
        let mobility = MobilityMemo(index: index)
        let factory = TaskFactory(index: index, cap: cap, mobility: mobility)
        let (vcs, featureOf, shapes) = groupViewControllers(result, configuration: configuration)
        let modules = {
            var modules = ModulePlanner(index: index, profiles: result.profiles, testFiles: result.testFiles, cap: cap, mobility: mobility)
            modules.shapes = shapes
            modules.objectiveCCreators = result.objectiveCCreations
            return modules
        }()
        let vcByName = Dictionary(vcs.map { (index.types[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        let copies = Dictionary(grouping: vcs) { index.types[$0].name }
        var (tasksByVC, crossTasks) = findingTasks(result, vcByName: vcByName, copies: copies, factory: factory)
        // A base shared by several features is planned once, in cross-cutting.md.
        let sharedBases = shapes.sharedAcrossFeatures(featureOf).filter { vcByName[$0].flatMap { tasksByVC[$0] }?.isEmpty == false }
        let layout = ProjectLayout(result)
        var (owners, features) = plannedScreens(vcs, tasksByVC: tasksByVC, sharedBases: sharedBases, featureOf: featureOf,
                                                modules: modules, layout: layout, configuration: configuration)
        // A subclass planned in its base's file inherits the base's pieces.
        for (name, base) in shapes.baseOf where owners[name] != nil && owners[base] != nil && featureOf[name] == featureOf[base] { owners[name]!.base = base }
        crossTasks += sweep(&features)
        crossTasks += CrossCutting.sharedWork(result: result, featureOf: featureOf, sharedBases: sharedBases, layout: layout)
        // Shared work located outside the report scope (a vendored or excluded wrapper or singleton) is not the project's to plan.
        crossTasks.removeAll { result.unreported.contains($0.file) }
        let crossTasksX = crossTasks.map { var t = $0; t.category = .X; return t }
        let crossNumbered = assignIDs(TaskGrouping.apply(grouping, to: crossTasksX, cap: cap), start: [:]).tasks
        var crossSlices = PRSlicer(configCap: cap, owners: [:]).slices(for: crossNumbered)
        addNotInThisPR(&crossSlices)
        let sharedProtocols = Self.sharedProtocols(crossNumbered, slices: crossSlices)
        // Each copy names its own helper, also when several helpers share one task.
        let sharedHelpers = Self.sharedHelpers(Self.parts(of: crossNumbered, in: crossTasksX), slices: crossSlices)
        let slugs = FeatureGrouping.slugs(for: Array(features.keys))
        // Each feature is planned from shared, read-only inputs: features run side by side.
        let names = features.keys.sorted(by: { slugs[$0]! < slugs[$1]! })
        let (allFeatures, allOwners) = (features, owners)
        var plans = parallelMap(count: names.count, jobs: defaultJobCount) { i -> FeaturePlan in
            let (name, owners) = (names[i], allOwners)
            var f = allFeatures[name]!
            // Seams first: the protocols over each screen's services lead its Interactor work.
            if style == .uikit { f.tasks = seamTasks(f, modules: modules, shared: Set(sharedProtocols.keys)) + f.tasks }
            let tasks = TaskGrouping.apply(grouping, to: f.tasks, cap: cap, alone: Set(sharedHelpers.keys))
            var numbered = shareRoutes(shareMoves(assignIDs(tasks, start: [:]).tasks), owners: owners)
            numbered = CrossCutting.adoptSharedHelpers(numbered, sharedHelpers: sharedHelpers) { owners[$0]?.prefix ?? modulePrefix($0) }
            if style == .swiftui { numbered = SwiftUITarget.adapt(numbered) { owners[$0]?.prefix ?? modulePrefix($0) } }
            // The contract reads each finding on its own, under the id of the task that carries it.
            var parts = grouping == .none ? numbered : Self.parts(of: numbered, in: f.tasks)
            if grouping != .none, style == .swiftui { parts = SwiftUITarget.adapt(parts) { owners[$0]?.prefix ?? modulePrefix($0) } }
            let finalModules = finalModules(f, tasks: parts, modules: modules, style: style)
            let names = Set(f.vcs.map { index.types[$0].name })
            var setup = SliceSetup(cap: cap, owners: owners.filter { names.contains($0.key) },
                                   sharedProtocols: sharedProtocols, style: style)
            setup.sharedHelpers = sharedHelpers
            var plan = FeaturePlan(name: name, slug: slugs[name]!, viewControllers: f.vcs.map { index.types[$0].name },
                                   context: context(f.vcs, result: result) + copiesNote(f.vcs, copies: copies, index: index)
                                       + shapes.baseNotes(f.vcs.map { index.types[$0].name }),
                                   modules: finalModules, tasks: numbered, slices: [])
            plan.slicing = setup
            plan.slices = slices(numbered, setup: setup, firstNumber: 1)
            return plan
        }
        var cross = FeaturePlan(name: "Cross-cutting", slug: "cross-cutting", viewControllers: [],
                                context: "Infrastructure that several features share: do it before the features' Service PRs that depend on it.",
                                modules: [], tasks: crossNumbered, slices: crossSlices)
        if style == .uikit {
            inheritAcrossFiles(&plans, shapes: shapes, owners: owners)
            inheritSharedBases(&plans, shapes: shapes, sharedBases: sharedBases, cross: &cross, owners: owners) { index.resolve($0) != nil }
            for i in plans.indices { renamingHeldInTasks(&plans[i]) }
        }
        var plan = Plan(date: date, scanCommit: scanCommit, features: plans, crossCutting: cross,
                        navigation: navigation(result), viewControllerCount: vcs.count, findingCount: result.findings.count, cap: cap)
        plan.style = style
        plan.architectures = result.architectureLine()
        return plan
    }

    /// The findings' own tasks, each with the id of the task that carries it in `numbered`.
    static func parts(of numbered: [PlanTask], in tasks: [PlanTask]) -> [PlanTask] {
        var idOf: [String: String] = [:]
        for task in numbered { for fp in [task.fingerprint] + task.covers { idOf[fp] = task.id } }
        return tasks.map { var part = $0; part.id = idOf[$0.fingerprint] ?? ""; return part }
    }

    /// One task per finding: on its view controller, or cross-cutting. A class that several targets
    /// declare (an app and its extension) is one screen, planned from its first declaration.
    static func findingTasks(_ result: AuditResult, vcByName: [String: Int], copies: [String: [Int]],
                             factory: TaskFactory) -> (byVC: [Int: [PlanTask]], cross: [PlanTask]) {
        let index = result.index
        var byVC: [Int: [PlanTask]] = [:], cross: [PlanTask] = []
        for finding in result.findings {
            if let t = vcByName[finding.type] {
                if copies[finding.type, default: []].count > 1, !index.types[t].decls.contains(where: { index.path($0) == finding.file }) { continue }
                let task = factory.task(for: finding, type: t)
                if !TaskFactory.joinStaticHelper(task, into: &byVC[t, default: []]) { byVC[t, default: []].append(task) }
            } else {
                cross.append(factory.task(for: finding, type: nil))
            }
        }
        return (byVC, cross)
    }

    /// What the slicer knows of a view controller: its module prefix and folder, whether it is very
    /// large, the module types the code already has, and its own exits (UIKit routes).
    static func owner(of t: Int, tasks: [PlanTask], modules: ModulePlanner, configuration: Configuration) -> PRSlicer.Owner {
        let index = modules.index, style = configuration.target
        let name = index.types[t].name, prefix = modulePrefix(name)
        var owner = PRSlicer.Owner(prefix: prefix, folder: modules.folder(of: t),
                              large: index.types[t].codeLines >= configuration.thresholds.mustAddress,
                              existing: Set(["Interactor", "Presenter", "Router", "Module", "Service", "Repository"].filter { index.resolve(prefix + $0) != nil }),
                              existingNames: Set((moduleTypeSuffixes + (style == .swiftui ? SwiftUITarget.typeSuffixes : [])).map { prefix + $0 }.filter { index.resolve($0) != nil }),
                              exits: style == .uikit && tasks.contains { $0.category == .R }
                                  ? Dictionary(modules.exits(of: t).map { ($0.route, $0.members) }, uniquingKeysWith: { a, _ in a }) : [:],
                              codeLines: modules.profiles[t]?.codeLines ?? index.types[t].codeLines,
                              sizeLimits: [VCSizeRule.description.id: configuration.thresholds.review, VCGodRule.description.id: configuration.thresholds.godHigh,
                                           PRSlicer.godAloneLimit: configuration.thresholds.mustAddress],
                              // Once its characterization tests exist they are not planned again.
                              characterization: modules.testFiles.contains { foundationContains($0, prefix + "CharacterizationTests") } ? []
                                  : Characterization.surprises(of: t, index: index, profile: modules.profiles[t]))
        owner.isBase = modules.shapes.isBase(name)
        // A screen already split into roles is assembled under its own name (an Assembly, a
        // Configurator): its fixes never create a Module.
        if ScreenArchitecture.of(t, index).isModular { owner.existing.insert("Module") }
        owner.typeParameters = modules.shapes.generics[name] ?? []
        return owner
    }

    /// "Put `APIClient` behind `APIClientProtocol`": the protocol each shared wrapper gets, and the
    /// cross-cutting PR that makes it (the features' Service PRs depend on it).
    static func sharedProtocols(_ tasks: [PlanTask], slices: [PRSlice]) -> [String: SharedProtocol] {
        var shared: [String: SharedProtocol] = [:]
        for task in tasks {
            guard let type = task.sharedType else { continue }
            let pr = slices.first { $0.taskIDs.contains(task.id) }.map { "cross-cutting.md PR \($0.number)" }
            shared[type] = SharedProtocol(text: "`\(CrossCutting.protocolName(for: type))` (cross-cutting.md \(task.id))", pr: pr)
        }
        return shared
    }

    /// `Screen|member` of each copy of a duplicated helper → the cross-cutting task that shares it and
    /// its PR (the screens' PRs that move or change their copy depend on it).
    static func sharedHelpers(_ tasks: [PlanTask], slices: [PRSlice]) -> [String: SharedProtocol] {
        var shared: [String: SharedProtocol] = [:]
        for task in tasks where !task.sharedCopies.isEmpty {
            let pr = slices.first { $0.taskIDs.contains(task.id) }.map { "cross-cutting.md PR \($0.number)" }
            let member = task.member ?? ""
            for key in task.sharedCopies { shared[key] = SharedProtocol(text: "`\(member)` (cross-cutting.md \(task.id))", pr: pr) }
        }
        return shared
    }

    /// The Target module of a view controller from its numbered tasks, in the plan's style.
    static func targetModule(_ t: Int, tasks: [PlanTask], all: [PlanTask], modules: ModulePlanner, style: TargetStyle) -> TargetModule {
        let module = viewUpdates(modules.module(for: t, tasks: tasks), tasks: tasks)
        guard style == .swiftui else { return module }
        return SwiftUITarget.module(module, folder: modules.folder(of: t), viewTasks: all.filter { $0.category == .V })
    }

    /// " X is declared in 2 targets (…)": for each view controller that several targets declare.
    static func copiesNote(_ vcs: [Int], copies: [String: [Int]], index: TypeIndex) -> String {
        vcs.map { t -> String in
            let all = copies[index.types[t].name] ?? []
            guard all.count > 1 else { return "" }
            let paths = all.map { "`\(index.path(index.types[$0].decls[0]))`" }
            return " \(index.types[t].name) is declared in \(all.count) targets (\(paths.joined(separator: ", "))): it is planned once, from the first; apply each PR to every copy, or merge the copies first."
        }.joined()
    }

    /// Every type name a plan may create for a module, as suffixes of its prefix.
    static let moduleTypeSuffixes = ["Interactor", "InteractorInput", "InteractorOutput", "InteractorTests", "Presenter", "PresenterProtocol", "ViewProtocol",
                                     "PresenterTests", "Router", "RouterProtocol", "Module", "ModuleTests",
                                     "Service", "ServiceProtocol", "Repository", "RepositoryProtocol"]

    /// A file's tasks cut into PRs numbered from `firstNumber` (after the PRs already done).
    static func slices(_ tasks: [PlanTask], setup: SliceSetup, firstNumber: Int) -> [PRSlice] {
        var positionsOfID: [String: [Int]] = [:]
        for (i, task) in tasks.enumerated() { positionsOfID[task.id, default: []].append(i) }
        var slices = pack(PRSlicer(configCap: setup.cap, owners: setup.owners, style: setup.style).slices(for: tasks))
        let offset = firstNumber - 1
        if offset > 0 {
            for i in slices.indices {
                slices[i].number += offset
                slices[i].dependsOn = slices[i].dependsOn.map { d in d.hasPrefix("PR ") ? Int(d.dropFirst(3)).map { "PR \($0 + offset)" } ?? d : d }
            }
        }
        addNotInThisPR(&slices)
        useSharedProtocols(&slices, tasks: tasks, positionsOfID: positionsOfID, sharedProtocols: setup.sharedProtocols)
        useSharedHelpers(&slices, tasks: tasks, positionsOfID: positionsOfID, sharedHelpers: setup.sharedHelpers)
        return slices
    }

    /// `update`: the PRs of what is still to do in a feature. `ids` maps the fresh plan's fingerprints
    /// of the tasks still open in the file to their ids there; the other tasks are left out.
    static func reslice(_ feature: FeaturePlan, ids: [String: String], firstNumber: Int) -> [PRSlice] {
        slices(openTasks(feature, ids: ids), setup: feature.slicing, firstNumber: firstNumber)
    }

    /// The tasks of the fresh plan still open in the file, under their ids there, in plan order.
    static func openTasks(_ feature: FeaturePlan, ids: [String: String]) -> [PlanTask] {
        feature.tasks.compactMap { task -> PlanTask? in
            guard let id = ids[task.fingerprint] else { return nil }
            var t = task
            t.id = id
            return t
        }.sorted { ($0.category, PlanState.idOrder($0.id).1) < ($1.category, PlanState.idOrder($1.id).1) }
    }

    /// The view controllers in path order (each base just before its first subclass), the feature each
    /// belongs to (a base: its subclasses'), and the bases and generic screens among them.
    static func groupViewControllers(_ result: AuditResult, configuration: Configuration)
        -> (vcs: [Int], featureOf: [String: String], shapes: ScreenShapes) {
        let index = result.index
        let vcs = result.profiles.keys.sorted { index.path(index.types[$0].decls[0]) < index.path(index.types[$1].decls[0]) || (index.path(index.types[$0].decls[0]) == index.path(index.types[$1].decls[0]) && index.types[$0].name < index.types[$1].name) }
        let appFolders = Set(index.types.indices.filter { i in
            index.types[i].name.hasSuffix("AppDelegate") || index.types[i].inheritance.contains("UIApplicationDelegate")
        }.map { i -> [String] in
            // The app's own folder (`Reader/AppLifecycle/AppDelegate.swift` → `Reader`) and the
            // app delegate's folder name nothing about a feature.
            let parts = index.path(index.types[i].decls[0]).split(separator: "/").dropLast().map(String.init)
            return parts.isEmpty ? [] : [parts.first!, parts.last!]
        }.flatMap { $0 })
        let featureOf = FeatureGrouping.group(
            viewControllers: vcs.map { (index.types[$0].name, index.path(index.types[$0].decls[0])) },
            features: configuration.features, appFolders: appFolders, macOS: result.macOSFiles)
        let shapes = ScreenShapes(index: index, planned: vcs)
        return (shapes.basesFirst(vcs, index: index), shapes.regroup(featureOf), shapes)
    }

    /// Service PRs that call a wrapper made shared in cross-cutting.md first merge its protocol.
    static func useSharedProtocols(_ slices: inout [PRSlice], tasks: [PlanTask], positionsOfID: [String: [Int]],
                                   sharedProtocols: [String: SharedProtocol]) {
        // Interactor tasks the presenter drives are sliced in the presenter phase.
        for i in slices.indices where slices[i].phase == .I || slices[i].phase == .P {
            let positions = Set(slices[i].taskIDs).flatMap { positionsOfID[$0] ?? [] }.sorted()
            // The PR that creates the Interactor (or its test scaffolding) writes a double of every
            // service it injects ("double of `SPObjectManager`"): that double implements the shared protocol too.
            let doubled = slices[i].estimate.compactMap { part -> String? in
                guard let r = part.label.range(of: "double of `") else { return nil }
                return String(part.label[r.upperBound...].prefix { $0 != "`" })
            }
            guard positions.contains(where: { tasks[$0].category == .I }) || !doubled.isEmpty else { continue }
            let apis = positions.map { tasks[$0] }.flatMap(\.apis)
            let wrappers = uniqued(apis.compactMap { api in api.split(separator: ".").first.map(String.init) } + doubled).filter { sharedProtocols[$0] != nil }
            if !wrappers.isEmpty {
                slices[i].changes.insert("First merge the shared protocol\(wrappers.count == 1 ? "" : "s") " + wrappers.map { sharedProtocols[$0]!.text }.joined(separator: ", ") + " and depend on \(wrappers.count == 1 ? "it" : "them") rather than on the concrete type\(wrappers.count == 1 ? "" : "s").", at: 0)
                slices[i].dependsOn = uniqued(wrappers.compactMap { sharedProtocols[$0]!.pr }) + slices[i].dependsOn
            }
        }
    }

    /// PRs that move or change a screen's copy of a duplicated helper first merge the cross-cutting
    /// PR that shares it: they then move a one-line call, not the copy.
    static func useSharedHelpers(_ slices: inout [PRSlice], tasks: [PlanTask], positionsOfID: [String: [Int]],
                                 sharedHelpers: [String: SharedProtocol]) {
        guard !sharedHelpers.isEmpty else { return }
        for i in slices.indices where slices[i].phase != .X {
            let positions = Set(slices[i].taskIDs).flatMap { positionsOfID[$0] ?? [] }.sorted()
            let keys = uniqued(positions.map { tasks[$0] }.flatMap { task -> [String] in
                let vc = task.viewController ?? ""
                return (task.member.map { [$0] } ?? []).map { "\(vc)|\($0)" } + task.moves.map { "\(vc)|\($0.name)" }
            }).filter { sharedHelpers[$0] != nil }
            let helpers = uniqued(keys.map { sharedHelpers[$0]! })
            guard !helpers.isEmpty else { continue }
            slices[i].changes.insert("First merge the shared helper\(helpers.count == 1 ? "" : "s") " + helpers.map(\.text).joined(separator: ", ")
                + ": this screen's copy is then a one-line call to it, and this PR changes that call, not a copy.", at: 0)
            // Cross-cutting PRs first, in their order, then the file's own.
            let all = uniqued(helpers.compactMap(\.pr) + slices[i].dependsOn)
            let cross = all.filter { $0.hasPrefix("cross-cutting.md") }.sorted { Int($0.split(separator: " ").last!) ?? 0 < Int($1.split(separator: " ").last!) ?? 0 }
            slices[i].dependsOn = cross + all.filter { !$0.hasPrefix("cross-cutting.md") }
        }
    }

    /// Ids per file and letter in order: C1, C2, … (source order within each view controller).
    static func assignIDs(_ tasks: [PlanTask], start: [TaskCategory: Int]) -> (tasks: [PlanTask], next: [TaskCategory: Int]) {
        var next = start
        let ordered = tasks.enumerated().sorted { ($0.element.category, $0.offset) < ($1.element.category, $1.offset) }.map(\.element)
        let numbered = ordered.map { task -> PlanTask in
            var t = task
            let n = next[t.category, default: 1]
            next[t.category] = n + 1
            t.id = "\(t.category.rawValue)\(n)"
            return t
        }
        return (numbered, next)
    }

    /// A method with several findings (networking and persistence in `fetchProducts`) moves once:
    /// the first task carries its lines, the others say so.
    static func shareMoves(_ tasks: [PlanTask]) -> [PlanTask] {
        var carrier: [String: String] = [:]
        return tasks.map { task in
            var t = task
            for m in t.moves where !t.plays(.splitFirst) {
                let key = "\(t.viewController ?? "")|\(m.name)"
                if let first = carrier[key] {
                    // A grouped task sums each member's parts under its name (`render()`).
                    t.estimate = t.estimate.map { $0.label.contains("code lines of `\(m.name)` moved") || $0.label == "`\(m.name)`" ? EstimatePart(0, "`\(m.name)` moves with \(first)") : $0 }
                        .map { $0.label.contains("protocol requirement") || $0.label.contains("rewired") || $0.label.hasPrefix("a case in") ? EstimatePart(0, $0.label + " (counted in \(first))") : $0 }
                } else {
                    carrier[key] = t.id
                }
            }
            return t
        }
    }

    /// A route several members need is added once (by the first Router task) and reused after.
    static func shareRoutes(_ tasks: [PlanTask], owners: [String: PRSlicer.Owner]) -> [PlanTask] {
        var introducedBy: [String: [String: String]] = [:]
        return tasks.map { task in
            guard task.category == .R, task.plays(.routes), let vc = task.viewController else { return task }
            var t = task
            for route in t.routes where introducedBy[vc, default: [:]][route] == nil { introducedBy[vc, default: [:]][route] = t.id }
            t.fix = TaskFactory.routerFix(t, prefix: owners[vc]?.prefix ?? modulePrefix(vc), introducedBy: introducedBy[vc] ?? [:])
            let reused = t.routes.filter { introducedBy[vc]?[$0] != t.id }.count
            if reused > 0 {
                t.estimate = t.estimate.map { $0.label.hasPrefix("route method") ? EstimatePart(max(0, $0.lines - reused), $0.label + " (\(reused) reused)") : $0 }
            }
            return t
        }
    }

    static func addNotInThisPR(_ slices: inout [PRSlice]) {
        // PR numbers per phase in slice order, built once (no copies of every slice per slice).
        var phases: [TaskCategory] = []
        var numbers: [TaskCategory: [Int]] = [:]
        for slice in slices {
            if numbers[slice.phase] == nil { phases.append(slice.phase) }
            numbers[slice.phase, default: []].append(slice.number)
        }
        for i in slices.indices {
            let phase = slices[i].phase, number = slices[i].number
            slices[i].notInThisPR = phases.filter { $0 != phase }.map { other in
                let list = numbers[other]!
                let range = list.count == 1 ? "PR \(list[0])" : "PRs \(list.first!)–\(list.last!)"
                return "\(other.phase) (\(range))"
            }
            let sameLater = numbers[phase]!.filter { $0 > number }
            if !sameLater.isEmpty {
                slices[i].notInThisPR.insert("the rest of \(slices[i].phase == .V ? "SwiftUI views" : slices[i].phase.phase.lowercased()) (\(numberRanges(sameLater)))", at: 0)
            }
            if slices[i].notInThisPR.isEmpty { slices[i].notInThisPR = ["anything outside the tasks listed above"] }
        }
    }

    /// Ascending PR numbers as runs: [3, 4, 5, 7] → "PRs 3–5, PR 7".
    static func numberRanges(_ numbers: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for n in numbers {
            if let last = runs.last, last.1 + 1 == n { runs[runs.count - 1].1 = n } else { runs.append((n, n)) }
        }
        return runs.map { $0.0 == $0.1 ? "PR \($0.0)" : "PRs \($0.0)–\($0.1)" }.joined(separator: ", ")
    }

    static func context(_ vcs: [Int], result: AuditResult) -> String {
        let index = result.index
        let profiles = vcs.compactMap { result.profiles[$0] }
        let lines = profiles.reduce(0) { $0 + $1.codeLines }
        let files = Set(profiles.flatMap(\.files)).count
        var counts: [Family: Int] = [:]
        for p in profiles { for f in p.families { counts[f, default: 0] += p.count(f) } }
        let families = Family.allCases.filter { counts[$0] != nil }.map { "\($0.words) \(counts[$0]!)" }
        let worst = vcs.max { (result.profiles[$0]?.score ?? 0, index.types[$1].name) < (result.profiles[$1]?.score ?? 0, index.types[$0].name) }
        let names = vcs.map { index.types[$0].name }
        // A feature of many screens names a few: each has its section under Target module.
        let named = names.count > 4 ? "\(names.count) screens (\(names.prefix(3).joined(separator: ", ")) and \(names.count - 3) more)" : names.joined(separator: ", ")
        var text = "\(named): \(lines) code lines over \(files) file\(files == 1 ? "" : "s")"
        text += families.isEmpty ? "; no responsibility family found." : "; \(families.joined(separator: ", ")) evidence sites."
        if let worst, let p = result.profiles[worst] {
            text += " God-VC score \(p.score)/100 (\(index.types[worst].name))."
        }
        let testOnly = profiles.reduce(0) { $0 + $1.testOnlyLines }
        if testOnly > 0 {
            text += " \(testOnly) of its code lines are test-only (`#if DEBUG`, launch-argument switches): counted in its size, planned as nothing."
        }
        let present = Family.allCases.filter { counts[$0] != nil }.map(\.words)
        text += present.count >= 2
            ? " Every change to this screen today touches \(present.dropLast().joined(separator: ", ")) and \(present.last!) at once, and none of it can be unit-tested."
            : " The work is small: fix the safety issues, then move what the view controller should not do."
        return text
    }
}
