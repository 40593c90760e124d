import Foundation

/// Turns findings into plan tasks: one task per finding, with a category, a specific title and an
/// estimate computed from the real code (the model is in the README, "How PRs are estimated").
struct TaskFactory {
    let index: TypeIndex
    let cap: Int
    /// Member mobility per type, shared with the module planner of the same plan.
    let mobility: MobilityMemo

    init(index: TypeIndex, cap: Int, mobility: MobilityMemo? = nil) {
        self.index = index
        self.cap = cap
        self.mobility = mobility ?? MobilityMemo(index: index)
    }

    func mobility(of member: String, in type: Int) -> MemberMobility? {
        mobility.of(type)[member]
    }

    static let buildsViews = "builds views"

    /// Why a member cannot leave the view whole: what names or calls it from outside the type's own
    /// code, or the views it builds. Empty: it may move whole.
    func forwardReasons(_ member: String, in type: Int) -> [String] {
        guard let m = mobility(of: member, in: type) else { return [] }
        var reasons: [String] = []
        let typeName = index.types[type].name
        if !m.selectors.isEmpty { reasons.append("`#selector` in \(m.selectors.count) place\(m.selectors.count == 1 ? "" : "s")") }
        if !m.keyPaths.isEmpty { reasons.append("`#keyPath`") }
        if m.exposingAttributes.contains("IBAction") || m.exposingAttributes.contains("IBSegueAction") { reasons.append("an Interface Builder action") }
        else if m.exposingAttributes.contains("objc") && m.selectors.isEmpty { reasons.append("`@objc`") }
        if m.isOverride { reasons.append("an override") }
        if let callback = m.frameworkCallback { reasons.append("a \(callback)") }
        else if let requirement = m.protocolRequirement { reasons.append("a requirement of `\(requirement)`") }
        let outside = uniqued(m.callers.filter { $0.type != typeName }.map(\.type))
        if !outside.isEmpty { reasons.append("called from " + outside.prefix(3).map { "`\($0)`" }.joined(separator: ", ")) }
        // A member that hands out or takes UIKit values (`-> UIAction`, a cell to configure) is view
        // code whatever its I/O: its I/O moves, the member stays.
        // One that stays for another reason and returns a value (`numberOfRowsInSection` → `Int`)
        // must answer at once: its caller cannot wait for the interactor.
        if let (fn, _) = function(named: member, in: type) {
            if let result = fn.returnType, result != "Void", result != "()", isUIKitType(result) || !reasons.isEmpty {
                reasons.append(Self.returnsReason + "`\(result)`")
            } else if let view = fn.parameterTypes.first(where: isUIKitType) { reasons.append("takes a `\(view)`") }
        }
        if m.buildsViews { reasons.append(Self.buildsViews) }
        return reasons
    }

    /// A UIKit type, or a project class that inherits one (a cell, a view).
    func isUIKitType(_ name: String) -> Bool {
        let bare = String(name.prefix { $0 != "<" && $0 != "?" && $0 != "!" })
        if bare.hasPrefix("UI") && bare.count > 2 && bare.dropFirst(2).first?.isUppercase == true { return true }
        guard let t = index.resolve(bare) else { return false }
        return index.types[t].superclassChain.contains { $0.hasPrefix("UI") && ($0.hasSuffix("View") || $0.hasSuffix("Cell") || $0.hasSuffix("Controller") || $0.hasSuffix("Button")) }
    }

    /// The first two sentences of each rule's problem text, by rule id (the first rule with an id
    /// wins, as the search per finding found it).
    static let whyByRule: [String: String] = Dictionary(
        RuleRegistry.all.map { ($0.description.id, firstSentences($0.description.problem, 2)) }, uniquingKeysWith: { first, _ in first })

    /// The rule's category on a view controller (`RulePlanning`); cross-cutting elsewhere.
    static func category(of finding: Finding, onViewController: Bool) -> TaskCategory {
        guard onViewController else { return .X }
        return RuleRegistry.planning(of: finding.rule)?.category ?? .B
    }

    func function(named name: String, in type: Int) -> (FunctionFact, String)? {
        for (path, decl) in index.declarations(of: type) {
            if let f = decl.functions.first(where: { $0.name == name }) { return (f, path) }
        }
        return nil
    }

    /// Lines of an initialiser above its `super.init(…)` or `self.init(…)` call (0 for other members).
    func linesBeforeSuperInit(_ fn: FunctionFact, in type: Int) -> Int {
        for (_, decl) in index.declarations(of: type) {
            if let line = ScreenSplit.superInitLine(fn, in: decl) { return min(fn.codeLines - 1, line - fn.position.line) }
        }
        return 0
    }

    /// Call sites of `base` on self across the type and its extensions.
    func callers(of base: String, in type: Int) -> Int {
        index.declarations(of: type).reduce(0) { sum, d in
            sum + d.decl.functions.reduce(0) { $0 + $1.selfCalls.filter { $0 == base }.count }
        }
    }

    /// The estimate part of a member that only builds or fills views around its I/O: the view keeps
    /// a `display…(_:)` the presenter calls with a view model, not a forward to the interactor.
    static let viewUpdateLabel = "the view keeps a `display…(_:)` the presenter calls"

    /// `fillForm(with:)` → `displayForm(_:)`: the view method the presenter drives (the member's
    /// name without its filling verb).
    static func displayMethod(_ member: String) -> String {
        var base = String(member.prefix { $0 != "(" })
        // An action's update shows what the action is about (`forgotPasswordButtonPressed` → "ForgotPassword").
        if UseCaseNamer.isActionName(base), !UseCaseNamer.gesturePhrase(base).isEmpty { base = UseCaseNamer.gesturePhrase(base) }
        for verb in ["populate", "configure", "render", "update", "setUp", "setup", "build", "make", "fill", "show", "present", "load"] where base.hasPrefix(verb) {
            base = String(base.dropFirst(verb.count)); break
        }
        // `configureDiffableDataSource()` shows the screen's state, not a data source.
        // `setup()` shows the whole screen: the output of its one view state.
        if base.isEmpty || UseCaseNamer.isViewNoun(base) { return "displayState(_:)" }
        return "display\(base.prefix(1).uppercased() + base.dropFirst())(_:)"
    }

    /// No module type is named: the I PR comes before the presenter's.
    static func viewUpdateFix(_ member: String, prefix: String) -> String {
        "`\(member)` builds the view, so it becomes a view update the presenter drives: the view keeps `\(displayMethod(member))`, which sets its views from a view model of ready-to-show strings; the presenter maps what the interactor returns into that view model and calls it, and the view no longer calls `interactor` from it."
    }

    func task(for finding: Finding, type: Int?) -> PlanTask {
        let category = type == nil ? TaskCategory.X : Self.category(of: finding, onViewController: true)
        let planning = RuleRegistry.planning(of: finding.rule)
        let why = Self.whyByRule[finding.rule] ?? ""
        var task = PlanTask(
            category: category, title: title(finding), fingerprint: finding.fingerprint, rule: finding.rule,
            viewController: type.map { index.types[$0].name }, member: finding.member, file: finding.file, line: finding.line,
            severity: finding.severity, problem: sentence(finding.message) + (why.isEmpty ? "" : " " + why),
            fix: sentence(finding.fix), evidence: evidenceLines(finding), estimate: [])
        task.traced = traced(finding)
        if type == nil { task.owner = finding.type }
        // A property made `private(set)` can no longer be assigned from other files: each file of
        // its evidence (the writes its Fix moves into the owner) is edited by its PR.
        if finding.fix.contains("`private(set)`") {
            task.edits = uniqued(finding.evidence.map(\.file)).filter { $0 != finding.file }
        }
        if let range = finding.message.range(of: " itself: ") {
            task.apis = finding.message[range.upperBound...].prefix { $0 != "(" }
                .split(separator: ",").map { trimmingWhitespace($0) }.filter { !$0.isEmpty }
            // `APIClient.fetchOrders` goes through a project wrapper, injected as it is; `URLSession.dataTask`
            // is the view controller's own I/O, which a new service takes over.
            // The same reading as the family rules' Fix: a site noted "via `X`" goes through X.
            let notes = finding.evidence.map(\.note)
            task.wrappers = uniqued(notes.compactMap { note -> String? in
                guard let note, note.hasPrefix("via `") else { return nil }
                return String(note.dropFirst(5).prefix { $0 != "`" })
            })
            task.rawIO = notes.contains { !($0?.hasPrefix("via `") ?? false) }
            task.handed = task.wrappers.filter { w in
                let through = notes.compactMap { $0 }.filter { $0.hasPrefix("via `\(w)`") }
                return !through.isEmpty && through.allSatisfy { $0.contains(", handed in as `") }
            }
        }
        guard let type else {
            task.estimate = planning?.category == .C ? safetyEstimate(finding, type: nil)
                : [EstimatePart(2, "a local change at the finding")]
            return task
        }
        let prefix = modulePrefix(index.types[type].name)
        if let helper = staticHelperTask(task, finding: finding, type: type, prefix: prefix) { return helper }
        switch category {
        case .C: task.estimate = safetyEstimate(finding, type: type)
        case .I: (task.estimate, task.moves) = extractionEstimate(finding, type: type, prefix: prefix)
                 task.concern = planning?.concern ?? "service"
                 if task.estimate.contains(where: { $0.label == Self.viewUpdateLabel }), let member = finding.member {
                     task.fix += " " + Self.viewUpdateFix(member, prefix: prefix)
                     task.needsPresenter = true
                 }
                 if task.estimate.contains(where: { $0.label == Self.askLabel }), let member = finding.member {
                     task.fix += " " + Self.asksSentence(member, reasons: forwardReasons(member, in: type).joined(separator: "; "))
                 }
                 if task.estimate.contains(where: { $0.label == Self.forwardLabel || $0.label == Self.answerLabel }), let member = finding.member {
                     task.forward = forwardReasons(member, in: type).joined(separator: "; ")
                     task.fix += " " + Self.forwardsSentence([(member, task.forward!)])
                     task.needsPresenter = task.needsPresenter || Self.answersAtOnce(task.forward!)
                 }
        case .P: task.estimate = partialMove(finding, type: type, target: "\(prefix)Presenter", declaration: "presenter output / view-model field")
                 task.partialLines = partialMovedLines(finding, type: type)
                 task.estimate.append(EstimatePart(6, "a case in `\(prefix)PresenterTests`"))
                 // A menu, an alert action or a cell is UIKit: only its strings come from the presenter.
                 if let member = finding.member, let result = function(named: member, in: type)?.0.returnType, isUIKitType(result) {
                     task.fix += " `\(member)` returns a `\(result)`, so it stays in the view and keeps building it at once from the ready strings the presenter has delivered: only the string building moves, never the `\(result)`."
                 }
        case .R:
            task.estimate = partialMove(finding, type: type, target: "\(prefix)Router", declaration: "route method")
            task.routes = routes(of: finding, type: type)
            task.estimate.append(EstimatePart(5 * max(1, task.routes.count), "\(max(1, task.routes.count)) case\(task.routes.count > 1 ? "s" : "") in `\(prefix)PresenterTests` with a router double"))
            task.popover = finding.member.map { index.popoverNeeds(of: type, in: [$0]) } ?? PopoverNeeds()
            task.fix = Self.routerFix(task, prefix: prefix, introducedBy: [:])
        default:
            task.estimate = [EstimatePart(0, "no code of its own: resolved when the I, P and R PRs have moved the work out")]
            if let fix = planning?.fix { task.fix = fix(finding.type) }
        }
        return task
    }

    /// Route names from the destinations the parser found in this member (`showCart()`, not the segue's raw identifier).
    func routes(of f: Finding, type: Int) -> [String] {
        let segues = index.segueDestinations(of: type)
        let usages = index.declarations(of: type).flatMap { d in
            d.decl.usages.filter { $0.family == .navigation && $0.member == f.member && !$0.isWeakSignal }
        }
        let methods = index.routeMethods(of: type)
        let route = { (d: String) in methods[d] ?? routeMethod(d) }
        // A loading screen the view shows while work runs, and the project's own alert class, stay in
        // the view: no route, as in the contract.
        let near = index.path(index.types[type].decls[0])
        let named = uniqued(usages.flatMap { usage in
            usage.destination.map { index.expandedDestinations(index.navigationDestination($0, api: usage.api, segues: segues), in: type, member: usage.member) } ?? []
        }.filter { !TypeIndex.isLoadingScreen($0) && !ResponsibilityAnalysis.isAlertClass($0, near: near, index: index) }
         .map { d in f.member.map { index.swappingMembers(of: type, to: d).contains($0) } == true ? TypeIndex.swapRoute(route(d)) : route(d) })
        // `prepare(for:sender:)`, or a segue performed with a computed identifier, goes to the classes it casts to.
        if named.isEmpty, f.member == "prepare(for:sender:)" || usages.contains(where: { $0.api == "performSegue" }) { return uniqued(segues.values.sorted().map(route)) }
        return named
    }

    /// `introducedBy`: route → the task that adds it, so later tasks call it instead of adding it again.
    static func routerFix(_ task: PlanTask, prefix: String, introducedBy: [String: String]) -> String {
        let fix = routerFixWords(task, prefix: prefix, introducedBy: introducedBy)
        let (keep, pass) = popoverNotes(task.popover)
        return fix + (keep.map { " Keep the iPad anchor: \($0)." } ?? "") + (pass.map { " Pass an iPad anchor: \($0)." } ?? "")
    }

    private static func routerFixWords(_ task: PlanTask, prefix: String, introducedBy: [String: String]) -> String {
        // A task for several members names them all; `prepare(for:sender:)` among them keeps its own sentence.
        let names = task.members.isEmpty ? task.member.map { [$0] } ?? [] : task.members
        let member = names.isEmpty ? task.viewController ?? "the view controller" : TaskGrouping.list(names.map { "`\($0)`" })
        let new = task.routes.filter { introducedBy[$0] == nil || introducedBy[$0] == task.id }
        let existing = task.routes.filter { !new.contains($0) }
        let segues = "Replace the segue branches of `prepare(for:sender:)` with \(task.routes.isEmpty ? "one route method per destination" : task.routes.map { "`\($0)`" }.joined(separator: ", ")) on `\(prefix)Router`, which builds and configures each destination; the view controller passes the user's choice to `\(prefix)Presenter`."
        if names == ["prepare(for:sender:)"] { return segues }
        if names.contains("prepare(for:sender:)") {
            var others = task
            others.members = names.filter { $0 != "prepare(for:sender:)" }
            return routerFixWords(others, prefix: prefix, introducedBy: introducedBy) + " " + segues
        }
        let tail = "; \(member) then only \(names.count > 1 ? "tell" : "tells") the presenter what the user did."
        let reuse = existing.map { "`\($0)` (added in \(introducedBy[$0]!))" }.joined(separator: ", ")
        if new.isEmpty && !existing.isEmpty {
            return "Call \(reuse) from `\(prefix)Presenter` instead of navigating here" + tail
        }
        let add = "Add \(new.isEmpty ? "a route named after the screen \(member) opens (its destination is chosen at run time)" : new.map { "`\($0)`" }.joined(separator: ", ")) to `\(prefix)Router` (it builds the destination and pushes or presents it)"
        return add + (existing.isEmpty ? "" : ", reuse \(reuse),") + " and call \(task.routes.count > 1 ? "them" : "it") from `\(prefix)Presenter`" + tail
    }

    func title(_ f: Finding) -> String {
        let member = f.member.map { "`\($0)`" }
        guard let planning = RuleRegistry.planning(of: f.rule) else { return "\(f.rule) in \(f.type)\(member.map { ".\($0)" } ?? "")" }
        return planning.title(f.type, member)
    }

    /// The files besides its own that a finding was traced through: its evidence sites and the
    /// declarations of the project wrappers its sites go through (a site noted "via `X`").
    func traced(_ f: Finding) -> [String] {
        let wrappers = f.evidence.compactMap { e -> String? in
            guard let note = e.note, note.hasPrefix("via `") else { return nil }
            return index.resolve(String(note.dropFirst(5).prefix { $0 != "`" }), near: f.file).map { index.path(index.types[$0].decls[0]) }
        }
        return uniqued(f.evidence.map(\.file) + wrappers).filter { $0 != f.file }
    }

    func evidenceLines(_ f: Finding) -> [String] {
        let sites = f.evidence.isEmpty ? [Evidence(file: f.file, line: f.line, column: f.column)] : f.evidence
        return sites.prefix(8).map { e in
            let snippet = e.snippet.isEmpty ? "" : " `\(e.snippet.replacingOccurrences(of: "`", with: "'"))`"
            return "`\(shortPath(e.file)):\(e.line)`" + snippet + (e.note.map { " — \($0)" } ?? "")
        } + (sites.count > 8 ? ["… and \(sites.count - 8) more sites"] : [])
    }

    /// The rule's own estimate of its fix; `uses` counts the member's uses in the type, when asked.
    func safetyEstimate(_ f: Finding, type: Int?) -> [EstimatePart] {
        let uses = { type.map { t in index.declarations(of: t).reduce(0) { s, d in s + d.decl.references.filter { $0.chain.first == f.member }.count } } ?? 0 }
        return RuleRegistry.planning(of: f.rule)?.estimate?(f, uses) ?? [EstimatePart(2, "a local change at the finding")]
    }

    /// Splitting `lines` of a method in place, in PRs under the cap.
    static func splitEstimate(_ name: String, lines extractable: Int, cap: Int) -> [EstimatePart] {
        let chunks = PRSlicer.splitChunks(codeLines: extractable, cap: cap)
        let lines = chunks.reduce(0, +), helpers = chunks.reduce(0) { $0 + ($1 + 39) / 40 }
        return [EstimatePart(2 * lines, "\(lines) lines of `\(name)` extracted in place (deleted + re-added)"),
                EstimatePart(3 * helpers, "\(helpers) new private method\(helpers == 1 ? "" : "s"): signature, brace, call")
               ] + (chunks.count > 1 ? [EstimatePart(0, "in \(chunks.count) preparatory PRs")] : [])
    }

    /// Services/Interactors: the whole method moves unless it is a UIKit callback, whose I/O lines move.
    func extractionEstimate(_ f: Finding, type: Int, prefix: String) -> ([EstimatePart], [MovedMember]) {
        let lines = Set(f.evidence.map(\.line)).count
        if RuleRegistry.planning(of: f.rule)?.role == .splitFirst, let member = f.member, let (fn, path) = function(named: member, in: type) {
            // An initialiser's code before `super.init` sets stored properties and cannot call
            // instance methods: only the rest can be cut into private methods.
            let extractable = max(1, fn.codeLines - linesBeforeSuperInit(fn, in: type))
            let moved = MovedMember(name: fn.name, file: path, line: fn.position.line, codeLines: extractable, selfCalls: fn.selfCalls,
                                    statements: fn.statementCodeLines)
            return (Self.splitEstimate(fn.name, lines: extractable, cap: cap), [moved])
        }
        if let member = f.member, let (fn, path) = function(named: member, in: type), !["init", "deinit", "subscript"].contains(String(fn.name.prefix { $0 != "(" })) {
            let reasons = forwardReasons(member, in: type)
            if !reasons.isEmpty {
                // Its logic moves; the member stays where UIKit, Interface Builder or other code reaches it.
                let viewLines = mobility(of: member, in: type)?.viewBuildingLines.count ?? 0
                // Half of what is not view code: the rest (UI reactions, the call itself) stays with the forward.
                let moved = max(min(fn.codeLines, 3 * max(lines, 1)), (fn.codeLines - viewLines - 1) / 2)
                let m = MovedMember(name: fn.name, file: path, line: fn.position.line, codeLines: moved, selfCalls: fn.selfCalls,
                                    statements: fn.statementCodeLines)
                if reasons == [Self.buildsViews] {
                    // Nothing outside reaches it: it is the view's own update, driven by the presenter.
                    return ([EstimatePart(2 * moved, "2 × \(moved) code lines of `\(fn.name)` moved"),
                             EstimatePart(1, Self.viewUpdateLabel),
                             EstimatePart(2, "view-model fields the presenter fills"),
                             EstimatePart(1, "protocol requirement"),
                             EstimatePart(8, "a case in `\(prefix)InteractorTests`")], [m])
                }
                // One that answers at once from local storage asks the interactor for it synchronously:
                // only the reads move, and nothing precomputed can go stale when the stored value changes.
                // (An action it builds does its work when the user picks it: that handler calls the interactor.)
                // A write in a closure the member hands out (a cell's stepper callback) runs later: no read.
                if Self.answersAtOnce(reasons.joined(separator: "; ")), !Self.buildsActions(reasons.joined(separator: "; ")), f.family == .persistence,
                   !readsInClosures(f, member: fn.name, type: type) {
                    let reads = max(lines, 1)
                    return ([EstimatePart(2 * reads, "\(reads) storage read\(reads == 1 ? "" : "s") of `\(fn.name)` moved into an input that returns the value"),
                             EstimatePart(1, Self.askLabel),
                             EstimatePart(1, "protocol requirement"), EstimatePart(8, "a case in `\(prefix)InteractorTests`")], [])
                }
                // One that answers at once reads view-state fields the presenter fills ahead.
                let stays = Self.answersAtOnce(reasons.joined(separator: "; "))
                    ? [EstimatePart(1, Self.answerLabel), EstimatePart(2, "view-state fields the presenter fills")] : [EstimatePart(1, Self.forwardLabel)]
                return ([EstimatePart(2 * moved, "2 × \(moved) code lines of `\(fn.name)` moved")] + stays
                        + [EstimatePart(1, "protocol requirement"), EstimatePart(8, "a case in `\(prefix)InteractorTests`")], [m])
            }
        }
        guard let member = f.member, let (fn, path) = function(named: member, in: type),
              !["init", "deinit", "subscript"].contains(String(fn.name.prefix { $0 != "(" })) else {
            let moved = 3 * max(lines, 1)
            return ([EstimatePart(2 * moved, "2 × \(moved) lines around \(lines) I/O site\(lines == 1 ? "" : "s") moved out of \(f.member.map { "`\($0)`" } ?? "the type")"),
                     EstimatePart(1, "\(prefix)Interactor input method"), EstimatePart(1, "call to the interactor"),
                     EstimatePart(8, "a case in `\(prefix)InteractorTests`")], [])
        }
        let moved = MovedMember(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines, selfCalls: fn.selfCalls,
                                statements: fn.statementCodeLines)
        let callers = callers(of: moved.baseName, in: type)
        return ([EstimatePart(2 * fn.codeLines, "2 × \(fn.codeLines) code lines of `\(fn.name)` moved"),
                 EstimatePart(1, "protocol requirement"),
                 EstimatePart(callers, "\(callers) call site\(callers == 1 ? "" : "s") rewired"),
                 EstimatePart(8, "a case in `\(prefix)InteractorTests`")], [moved])
    }

    /// Presenter and Router work: the formatting or navigation statements move, the method stays.
    func partialMove(_ f: Finding, type: Int, target: String, declaration: String) -> [EstimatePart] {
        let lines = max(1, Set(f.evidence.map(\.line)).count)
        let moved = partialMovedLines(f, type: type)
        return [EstimatePart(2 * moved, "2 × \(moved) lines around \(lines) site\(lines == 1 ? "" : "s") moved to `\(target)`"),
                EstimatePart(lines, "\(declaration)\(lines == 1 ? "" : "s")"),
                EstimatePart(lines, "call\(lines == 1 ? "" : "s") from the view rewired")]
    }

    /// A few lines around each site of the finding, never more than its member has.
    func partialMovedLines(_ f: Finding, type: Int) -> Int {
        let moved = 3 * max(1, Set(f.evidence.map(\.line)).count)
        guard let member = f.member, let (fn, _) = function(named: member, in: type) else { return moved }
        return min(moved, fn.codeLines)
    }
}
