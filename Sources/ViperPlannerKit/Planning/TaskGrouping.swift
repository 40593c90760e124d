import Foundation

/// Findings of one kind on one screen that go to the same place through the same services are one
/// task: "Move the storage access of `a`, `b` and 6 more into a Repository", sized to fill a PR.
/// A lead plans work this way, and a screen with a hundred such members gets a readable file.
///
/// The task keeps every finding's fingerprint: the first is its identity, the others (`covers`) are
/// written into its hidden comment, so `update` ticks it when none of them is detected any more and
/// keeps it open while one is. A screen's safety fixes of one rule in one member are one task too
/// (four form-row closures of one method that capture `self` are one fix, said once). Structural
/// tasks, seams and shared protocols stay one task each: they are referenced or costed on their own.
public enum TaskGrouping {
    /// How a plan groups its findings' tasks.
    public enum Mode: Sendable, Equatable {
        /// A new plan: neighbours of one key, up to a PR's worth (`group`).
        case automatic
        /// One task per finding.
        case none
        /// `update`: as the plan being updated grouped them (finding fingerprint → the fingerprint
        /// of the task that holds it), so every tracked task is planned again as it was written.
        case tracked([String: String])
    }

    /// The tasks grouped as `mode` says. `alone`: `Screen|member` of the copies of a shared helper,
    /// whose tasks adopt the helper on their own.
    static func apply(_ mode: Mode, to tasks: [PlanTask], cap: Int, alone: Set<String> = []) -> [PlanTask] {
        switch mode {
        case .automatic: return group(tasks, cap: cap, alone: alone)
        case .none: return tasks
        case .tracked(let holder): return regroup(tasks, holder: holder)
        }
    }

    /// The findings a tracked task holds, merged into it in order, under its own fingerprint (even
    /// when that finding itself is gone); every other task as it is.
    static func regroup(_ tasks: [PlanTask], holder: [String: String]) -> [PlanTask] {
        var order: [String] = [], members: [String: [PlanTask]] = [:]
        for task in tasks {
            let key = holder[task.fingerprint] ?? task.fingerprint
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(task)
        }
        return order.map { key in
            var task = merge(members[key]!)
            if task.fingerprint != key {
                task.covers = uniqued([task.fingerprint] + task.covers)
                task.fingerprint = key
            }
            return task
        }
    }

    /// At most this many findings per task of a screen: its members are the screen's methods, read
    /// one by one. Outside screens (one rule over many presenters or interactors, each fix a line or
    /// two) the budget alone limits a task: its Problem, Evidence and Estimate name a few members
    /// and count the rest.
    static let maxMembers = 12
    static let maxMembersOutsideScreens = 40

    /// Tasks that may share a task: same phase, rule (or coverage kind), screen and concern.
    static func key(_ t: PlanTask) -> String? {
        guard t.category != .B, t.category != .T, t.structural == nil, t.concern != "seam",
              t.sharedType == nil else { return nil }
        // Helpers copied across screens: one shared-helpers task for several.
        if !t.sharedCopies.isEmpty { return "\(t.category.rawValue)|helpers" }
        guard t.rule != nil || ["rules", "state"].contains(t.concern) else { return nil }
        // A safety fix is verified where it is made: one task holds the sites of one member.
        let member = t.category == .C ? "|" + (t.member ?? "\(t.file):\(t.line)") : ""
        // Calls into services the sources do not show share a task with each other, not with rules.
        let kind = t.rule ?? (t.concern == "rules" && !t.wrappers.isEmpty ? "service-calls" : t.concern)
        // Navigation to a destination the sources name, and to one chosen at run time, are told apart:
        // a grouped fix names the routes of all its members, which one without a route would not have.
        let routed = t.category == .R && t.routes.isEmpty ? "|unnamed" : ""
        // I/O the presenter drives lands after the presenter exists; the rest does not wait for it.
        let waits = Planner.landing(t).1 ? "|after-presenter" : ""
        return [t.category.rawValue, kind, t.viewController ?? "", t.concern].joined(separator: "|") + member + routed + waits
    }

    /// Lines a task of several findings may hold: nine tenths of its phase's PR cap, leaving room
    /// for what its PR adds around it (the screen's first such task gets two thirds of that: its PR
    /// also creates the module's types, a skeleton and doubles). Tasks near the cap fill their PRs:
    /// PRs carry one task each where two smaller ones would not fit together.
    static func budget(_ category: TaskCategory, cap: Int) -> Int { PRSlicer.cap(for: category, configCap: cap) * 9 / 10 }

    /// The tasks in order, neighbours of one key merged while their estimates fit the budget: a
    /// group sits where its first task was. A task over the budget stays alone.
    static func group(_ tasks: [PlanTask], cap: Int, alone: Set<String> = []) -> [PlanTask] {
        var slots: [[PlanTask]] = [], open: [String: Int] = [:], size: [Int] = [], limit: [Int] = []
        var started: Set<String> = []
        for task in tasks {
            let budget = budget(task.category, cap: cap)
            guard let k = key(task), task.estimatedLines <= budget, !alone.contains("\(task.viewController ?? "")|\(subject(task))") else {
                slots.append([task]); size.append(0); limit.append(0); continue
            }
            if let i = open[k], size[i] + task.estimatedLines <= limit[i],
               slots[i].count < (task.viewController == nil ? maxMembersOutsideScreens : maxMembers) {
                slots[i].append(task); size[i] += task.estimatedLines
            } else {
                open[k] = slots.count
                slots.append([task]); size.append(task.estimatedLines)
                // A screen's first group of a phase shares its PR with the types that PR creates.
                // Safety fixes create nothing.
                limit.append(task.category != .C && started.insert("\(task.category.rawValue)|\(task.viewController ?? "")").inserted ? budget * 2 / 3 : budget)
            }
        }
        return slots.map(merge)
    }

    /// What a finding of the group is about: its member, else what it moves, else its place.
    /// `qualified`: the group spans several types outside any screen, so each member names its type.
    static func subject(_ t: PlanTask, qualified: Bool = false) -> String {
        if qualified, let owner = t.owner { return t.member.map { "\(owner).\($0)" } ?? owner }
        return t.member ?? t.moves.first?.name ?? "\(shortPath(t.file)):\(t.line)"
    }

    static func spansTypes(_ tasks: [PlanTask]) -> Bool { Set(tasks.compactMap(\.owner)).count > 1 }

    /// One task for several: the first one's wording over the list of members, every site as
    /// evidence, the estimate per member, the worst severity, and everything the slicer and the
    /// checks read (moves, routes, APIs, services, files) joined.
    static func merge(_ tasks: [PlanTask]) -> PlanTask {
        guard var group = tasks.first, tasks.count > 1 else { return tasks[0] }
        let qualified = spansTypes(tasks)
        let subject = { (t: PlanTask) in Self.subject(t, qualified: qualified) }
        let names = uniqued(tasks.map(subject))
        let spans = names.map { "`\($0)`" }
        let short = spans.count <= 3 ? list(spans) : spans.prefix(2).joined(separator: ", ") + " and \(spans.count - 2) more"
        // A finding outside screens is titled "rule in Type.`member`": over several types, the
        // qualified members replace the type too.
        let typed = group.owner.map { "\($0).`\(group.member ?? "")`" }
        let own = qualified && typed.map(group.title.contains) == true ? typed! : "`\(Self.subject(group))`"
        group.title = tasks.allSatisfy({ !$0.sharedCopies.isEmpty }) ? "Share \(short), each copied into several screens"
            : names.count == 1 ? group.title
            : group.title.contains(own) ? replacingFirst(own, in: group.title, with: short) : group.title + " (and \(names.count - 1) more)"
        // Several findings in one member (two closures of one method) are counted, not repeated.
        let extra = tasks.count - names.count
        if extra > 0 { group.title += ", \(tasks.count) sites" }
        // The list goes before the rule's reason, which the section states once.
        let more = extra > 0 ? "\(extra) more site\(extra == 1 ? "" : "s")" : ""
        // A long list names a few members; the Evidence and the Estimate have every one.
        let others = Array(spans.dropFirst())
        let named = others.count > listedMembers ? others.prefix(listedMembers - 1).joined(separator: ", ") + " and \(others.count - listedMembers + 1) more"
            : list(others)
        let also = names.count == 1 ? "The same at \(more) of \(spans[0])."
            : "The same in " + named + (extra > 0 ? ", with \(more) in these members." : ".")
        if let why = group.rule.flatMap({ TaskFactory.whyByRule[$0] }), !why.isEmpty, group.problem.hasSuffix(" " + why) {
            group.problem = String(group.problem.dropLast(why.count)) + also + " " + why
        } else {
            group.problem += " " + also
        }
        group.fix = mergedFix(tasks)
        group.evidence = tasks.flatMap(\.evidence)
        group.estimate = names.map { name in
            EstimatePart(tasks.filter { subject($0) == name }.reduce(0) { $0 + $1.estimatedLines }, "`\(name)`")
        }
        group.severity = tasks.map(\.severity).min() ?? group.severity
        group.members = names
        group.covers = uniqued(tasks.dropFirst().flatMap { [$0.fingerprint] + $0.covers } + group.covers)
        group.moves = uniqued(tasks.flatMap(\.moves))
        group.routes = uniqued(tasks.flatMap(\.routes))
        group.popover = PopoverNeeds.merged(tasks.map(\.popover))
        group.apis = uniqued(tasks.flatMap(\.apis))
        group.wrappers = uniqued(tasks.flatMap(\.wrappers))
        group.rawIO = tasks.contains(where: \.rawIO)
        group.handed = uniqued(tasks.flatMap(\.handed)).filter { w in !tasks.contains { $0.wrappers.contains(w) && !$0.handed.contains(w) } }
        group.needsPresenter = tasks.contains(where: \.needsPresenter)
        group.traced = uniqued(tasks.flatMap { [$0.file] + $0.traced }.filter { $0 != group.file })
        group.edits = uniqued(tasks.flatMap(\.edits))
        group.newFiles = uniqued(tasks.flatMap(\.newFiles))
        group.sharedCopies = uniqued(tasks.flatMap(\.sharedCopies))
        // The PR order reads these: a type one member moves out, state another uses as the presenter's.
        group.movesScreenTypes = uniqued(tasks.flatMap(\.movesScreenTypes))
        group.usesScreenTypes = uniqued(tasks.flatMap(\.usesScreenTypes)).filter { !group.movesScreenTypes.contains($0) }
        group.usesOwnedState = tasks.contains(where: \.usesOwnedState)
        group.direct = uniqued(tasks.flatMap(\.direct))
        return group
    }

    /// Members a grouped task's Problem names before counting the rest.
    static let listedMembers = 4

    /// The first task's Fix over all members; then each sentence another task adds (a member that
    /// stays as a forward, another service injected), once. Over several types each member's fix
    /// names its own type and dependency: a sentence that differs from one already said only in its
    /// code spans is the same step, said once for all.
    static func mergedFix(_ tasks: [PlanTask]) -> String {
        let qualified = spansTypes(tasks)
        let subject = { (t: PlanTask) in Self.subject(t, qualified: qualified) }
        let spans = uniqued(tasks.map(subject)).map { "`\($0)`" }
        var seen: Set<String> = [], out: [String] = [], forwards: [(name: String, reasons: String)] = []
        var repeated = 0
        var needs: (at: Int, needs: ScreenNeeds)?
        // Each task's first sentence is the group's action for its own member ("Move the storage
        // access of `b` into …"): the group's first one says it for all.
        let lead = sentences(tasks[0].fix).first.map { $0.components(separatedBy: "`\(subject(tasks[0]))`")[0] }
        for (i, task) in tasks.enumerated() {
            let own = "`\(subject(task))`"
            var fix = task.fix
            if let reasons = task.forward {
                fix = fix.replacingOccurrences(of: " " + TaskFactory.forwardsSentence([(subject(task), reasons)]), with: "")
                forwards.append((subject(task), reasons))
            }
            for (j, sentence) in sentences(fix).enumerated() {
                if i > 0, j == 0, let lead, !lead.isEmpty, sentence.hasPrefix(lead + own) { continue }
                // What the members still need from the screen: one sentence for all, where the first was.
                if let parsed = ScreenNeeds(sentence: sentence) {
                    if needs == nil { needs = (out.count, parsed) } else { needs!.needs = needs!.needs.merged(with: parsed) }
                    continue
                }
                let general = qualified ? withoutCodeSpans(sentence) : sentence.replacingOccurrences(of: own, with: "`…`")
                guard seen.insert(general).inserted else { if qualified, j == 0 { repeated += 1 }; continue }
                // The Problem lists the members; a long list is not repeated.
                let all = spans.count > 3 ? "these \(spans.count) members" : list(spans)
                out.append(i == 0 && sentence == sentences(fix).first ? { spans.count > 1 ? Self.plural($0) : $0 }(replacingFirst(own, in: sentence, with: all)) : sentence)
            }
        }
        if let needs { out.insert(needs.needs.sentence(interactor: tasks[0].category == .I), at: needs.at) }
        out = ModulePlanner.mergingAnalytics(out)
        if !forwards.isEmpty { out.append(TaskFactory.forwardsSentence(forwards)) }
        if repeated > 0 { out.append("The same in the other \(repeated) member\(repeated == 1 ? "" : "s"), each with the type and dependency its Evidence shows.") }
        return out.joined(separator: " ")
    }

    /// The verbs a member's Fix gives it, agreeing with the several members that replace it.
    static func plural(_ sentence: String) -> String {
        sentence.replacingOccurrences(of: " then only forwards to ", with: " then only forward to ")
            .replacingOccurrences(of: " then only tells ", with: " then only tell ")
    }

    /// A sentence with each code span replaced by `…`: what it says apart from the names.
    static func withoutCodeSpans(_ sentence: String) -> String {
        var out = "", inSpan = false
        for c in sentence {
            if c == "`" { inSpan.toggle(); if inSpan { out += "`…`" }; continue }
            if !inSpan { out.append(c) }
        }
        return out
    }

    static func sentences(_ text: String) -> [String] {
        var result: [String] = [], current = ""
        for part in text.components(separatedBy: ". ") {
            current += (current.isEmpty ? "" : ". ") + part
            // A period inside a code span (`a.b`) or an abbreviation is no sentence end.
            if current.filter({ $0 == "`" }).count % 2 == 0 { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current) }
        return result.enumerated().map { i, s in i < result.count - 1 ? s + "." : s }
    }

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    static func replacingFirst(_ needle: String, in text: String, with replacement: String) -> String {
        guard let range = text.range(of: needle) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }
}
