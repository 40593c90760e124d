/// The module's contract named for what the screen does, the moves that cover the whole screen, and
/// the seams (protocols over the services) that every move needs first.
extension ModulePlanner {
    /// Interactor inputs: one use case per member whose I/O or rules move, named by `UseCaseNamer`.
    func useCaseInputs(_ tasks: [PlanTask], namer: UseCaseNamer) -> [ContractItem] {
        var order: [String] = [], byName: [String: (signature: String, tasks: [PlanTask])] = [:]
        let moving = Set(tasks.filter { $0.category == .I }.flatMap { $0.members + ($0.member.map { [$0] } ?? []) })
        var handlers: [String: [String]] = [:]
        for (member, group) in grouped(tasks.filter { $0.category == .I && !$0.plays(.splitFirst) && ($0.rule != nil || $0.concern == "rules" && $0.makes == nil) }) {
            let (name, signature) = namer.input(member: member, tasks: group)
            if byName[name] == nil { order.append(name); byName[name] = (signature, []) }
            byName[name]!.tasks += group
            if let member { handlers[name, default: []] += namer.resultHandlers(member: member, apis: group.flatMap(\.apis), moving: moving) }
        }
        let choices = withRuleChoices(order: &order, byName: &byName, handlers: &handlers, namer: namer)
        let queries = LiveQuery.of(namer.type, index: index)
        return order.map { name in
            let (named, ts) = byName[name]!
            // A use case that takes a live query over observes it: its answers are the query's reads.
            let (shown, signature) = queries.contains { q in ts.contains(where: q.isMoved) } ? LiveQuery.observing(name, signature: named) : (name, named)
            let kinds = uniqued(ts.compactMap { RuleRegistry.planning(of: $0.rule)?.word ?? ($0.concern != "rules" ? nil : $0.wrappers.isEmpty ? "business rules" : "service calls") }).joined(separator: ", ")
            let calls = uniqued(ts.flatMap(\.apis)).prefix(4).map { "`\($0)`" }.joined(separator: ", ")
            let members = uniqued(ts.compactMap(\.member).filter(namer.isTrigger))
            // A member that returns a value cannot wait for this input: it runs ahead of it.
            let triggers = members.filter { !namer.answersAtOnce($0) }.map { "`\($0)`" }
            let builders = members.filter(namer.buildsActions).map { "`\($0)`" }
            // Members that ask for a stored value at once, through an input that returns it.
            let askers = Set(ts.filter { $0.estimate.contains { $0.label == TaskFactory.askLabel } }.compactMap(\.member))
            let readers = members.filter { namer.answersAtOnce($0) && !namer.buildsActions($0) && !askers.contains($0) }.map { "`\($0)`" }
            // Each task once (several findings can share one); the task gives the places.
            let at = uniqued(ts.map(\.id)).joined(separator: ", ")
            // The signature when it says more than the name (parameter types, a result).
            var detail = (signature == shown ? "" : "`\(signature)`: ") + "\(kinds)\(calls.isEmpty ? "" : " (\(calls))")"
            if !signature.contains("->") { detail += namer.outcomeClause(uniqued(handlers[name] ?? []), resultName: namer.resultTypeName(shown), succeeds: choices[name]?.succeeds ?? false) }
            if !triggers.isEmpty { detail += "; called by \(triggers.joined(separator: ", ")) in the view" }
            if !builders.isEmpty {
                detail += "; triggered by the actions \(TaskGrouping.list(builders)) " + (builders.count == 1 ? "builds" : "build") + ", whose handlers call it when the user picks one"
            }
            if !readers.isEmpty {
                detail += "; run ahead of \(TaskGrouping.list(readers)) (when the screen loads or the data changes), which "
                    + (readers.count == 1 ? "answers" : "answer") + " from the view state the presenter delivers"
            }
            if !askers.isEmpty {
                detail += "; asked at once by \(TaskGrouping.list(askers.sorted().map { "`\($0)`" })) in the view, through a method of the input that returns the stored value synchronously, never through the output"
            }
            detail += choices[name]?.note ?? ""
            for query in queries where ts.contains(where: query.isMoved) {
                detail += "; `\(query.property)` is a live query the table reads synchronously: the Interactor keeps it and answers "
                    + TaskGrouping.list(query.calls.map { "`\($0)`" }) + " at once through methods of its input that return the value, never through the output"
            }
            detail += " — \(at)"
            var item = ContractItem(name: shown, detail: detail, signature: signature, members: uniqued(ts.compactMap(\.member)), chosenBy: choices[name]?.trigger)
            item.handlers = signature.contains("->") ? 0 : uniqued(handlers[name] ?? []).count
            return item
        }
    }

    /// Presenter outputs: one view state per member whose formatting or state assembly moves.
    func viewStateOutputs(_ tasks: [PlanTask], namer: UseCaseNamer) -> [ContractItem] {
        var order: [String] = [], byName: [String: (state: String, tasks: [PlanTask])] = [:]
        for (member, group) in grouped(tasks.filter { $0.category == .P && $0.rule != nil }) {
            let (name, state) = namer.output(member: member)
            if byName[name] == nil { order.append(name); byName[name] = (state, []) }
            byName[name]!.tasks += group
        }
        // What the screen shows beyond its formatting (sections, rows, visibility, counts) is one
        // view state, assembled by the presenter from the members the view-state tasks move.
        let assembly = tasks.filter { $0.category == .P && $0.concern == "state" }
        // One output per view state: formatting of the whole screen (`refreshContent()`) and its
        // assembly fill the same `…ViewState`.
        if !assembly.isEmpty {
            if byName["displayState(_:)"] == nil { order.append("displayState(_:)"); byName["displayState(_:)"] = ("\(namer.prefix)ViewState", []) }
            byName["displayState(_:)"]!.tasks += assembly
        }
        return order.map { name in
            let (state, ts) = byName[name]!
            let members = uniqued(ts.flatMap { $0.rule == nil ? $0.moves.map(\.name) : $0.member.map { [$0] } ?? [] })
            let sources = members.prefix(3).map { "`\($0)`" }
            let fields = Self.viewStateFields(members, of: namer.type, index: index, assembly: name == "displayState(_:)")
            let fieldList = fields.prefix(6).map(\.rendered) + (fields.count > 6 ? ["\(fields.count - 6) more"] : [])
            return ContractItem(name: name, detail: "view state `\(state)`, display-ready values built today in \(sources.joined(separator: ", "))"
                                + (fields.isEmpty ? "" : "; a field for each value the screen shows from them: \(TaskGrouping.list(fieldList))")
                                + " — " + uniqued(ts.map(\.id)).joined(separator: ", "), signature: state)
        }
    }

    private func grouped(_ tasks: [PlanTask]) -> [(String?, [PlanTask])] {
        var order: [String] = [], by: [String: [PlanTask]] = [:]
        for t in tasks {
            let key = t.member ?? (t.moves.first?.name ?? t.fingerprint)
            if by[key] == nil { order.append(key) }
            by[key, default: []].append(t)
        }
        return order.map { key in (by[key]![0].member ?? by[key]![0].moves.first?.name, by[key]!) }
    }

    /// Moves for the members the findings do not cover: view-state assembly and the decisions UIKit
    /// callbacks make go to the Presenter, business rules to the Interactor, so that the PRs leave a
    /// view that only renders and forwards.
    func coverageTasks(for t: Int, split: ScreenSplit, tasks: [PlanTask]) -> [PlanTask] {
        let name = index.types[t].name, prefix = modulePrefix(name)
        let (covered, claimed) = Self.covered(by: tasks)
        let deleted = Self.deletedMembers(tasks)
        var result: [PlanTask] = []
        let opaque = index.opaqueCalls(of: t)
        for (d, category, concern, kind) in [(ScreenSplit.Destination.presenter, TaskCategory.P, "state", "view-state"), (.interactor, .I, "rules", "rules")] {
            let left = { (m: ScreenSplit.Member) in (m.lines[d] ?? 0) - (d == .presenter ? claimed[m.name] ?? 0 : 0) }
            // A call into a service the sources do not show is a use case however few lines go with
            // it (one inside an alert's action): its service is injected, so a use case calls it.
            let open = split.members.filter { m in
                (left(m) >= 3 || d == .interactor && left(m) > 0 && opaque.contains { $0.member == m.name && $0.file == m.file })
                    && !(covered[d]?.contains(m.name) ?? false)
            }
            // One task per member: its fingerprint stays while the member does, and the slicer packs
            // neighbouring ones into PRs under the cap. A helper of a service factory moves in its task.
            let chunks = open.filter { split.setUpOf[$0.name] == nil }.map { member in
                [member] + open.filter { split.setUpOf[$0.name] == member.name }
            }
            for chunk in chunks {
                let moved = chunk.reduce(0) { $0 + left($1) }
                let list = chunk.prefix(4).map { "`\($0.name)`" }.joined(separator: ", ") + (chunk.count > 4 ? " and \(chunk.count - 4) more" : "")
                let forwards = chunk.filter(\.isTrigger).count
                let factory = chunk[0].role == "service factory"
                    ? index.functions(baseName(chunk[0].name), of: t).first { $0.name == chunk[0].name }?.returnType : nil
                let title = category == .P ? "Move the view state assembled in \(list) into \(prefix)Presenter"
                    : factory.map { "Move the making of `\($0)` in \(list) into \(prefix)Interactor" } ?? "Move the business rules in \(list) into \(prefix)Interactor"
                let problem = category == .P
                    ? "\(name) builds what the screen shows (sections, rows, visibility, the decisions its callbacks make on its state) in \(list): \(moved) code lines no finding covers, left in the view after every other PR."
                    : "\(name) decides on its data (permissions, validations, conversions) in \(list): \(moved) code lines of rules the view should not hold."
                let fix = category == .P
                    ? "Move that logic into `\(prefix)Presenter`, which builds a view state per output and hands it to the view; the view renders it."
                        + (forwards == 1 && chunk.count == 1 ? " \(list) itself stays as a forward that tells the presenter what happened."
                           : forwards > 0 ? " The \(forwards) UIKit callback\(forwards == 1 ? "" : "s") among them stay\(forwards == 1 ? "s as a forward that tells" : " as forwards that tell") the presenter what happened." : "")
                    : chunk.count == 1 && index.functions(baseName(chunk[0].name), of: t).first { $0.name == chunk[0].name }?.returnType != nil
                        ? "Move the rule into `\(prefix)Interactor` as a use case that returns its answer at once, as \(list) does today: the view's callers keep their guards and ask the interactor synchronously, no output round trip."
                        : "Move the rules into `\(prefix)Interactor` as use cases with their inputs and results; the view asks through the presenter and renders the answer."
                // A member that also builds views (inserting and removing its sections and rows) keeps
                // that: the Presenter decides what shows, the member applies it.
                let builds = category == .P ? chunk.filter { !$0.isTrigger && claimed[$0.name] != nil && ($0.lines[.view] ?? 0) >= 10 } : []
                let applied = fix + (builds.isEmpty ? "" : " \(TaskGrouping.list(builds.map { "`\($0.name)`" })) keep\(builds.count == 1 ? "s" : "") \(builds.count == 1 ? "its" : "their") UIKit (inserting, removing and configuring sections, rows and controls); the Presenter decides from the screen's state which of them show, in what order and with what values, and hands that in the view state, which \(builds.count == 1 ? "it applies" : "they apply").")
                let (problemText, fixText) = factory.map { made in
                    ("\(name) makes the `\(made)` its use cases call in \(list): \(moved) code lines of service set-up the view should not hold.",
                     "Move it into `\(prefix)Interactor`, which makes each `\(made)` through the factory the seams PR injects and sets it up as \(list) does today; the use cases call it there, and the view no longer makes one."
                        + Self.factoryCallersLeft(chunk[0].name, screen: t, index: index, moving: (covered[.interactor] ?? []).union(open.map(\.name))))
                } ?? (problem, applied)
                var task = PlanTask(category: category, title: title,
                                    fingerprint: FindingFingerprint.make(rule: "vp-\(kind)", type: name, member: nil, discriminator: chunk.map(\.name).joined(separator: ",")),
                                    rule: nil, viewController: name, member: nil, file: chunk[0].file, line: chunk[0].line, severity: .medium,
                                    problem: problemText, fix: fixText,
                                    evidence: chunk.prefix(5).map { "`\(shortPath($0.file)):\($0.line)` `\($0.name)` — \(left($0)) of \($0.codeLines) lines" },
                                    estimate: [EstimatePart(2 * moved, "2 × \(moved) code lines moved to `\(prefix)\(category == .P ? "Presenter" : "Interactor")`"),
                                               EstimatePart(2 * chunk.count, "\(chunk.count) \(category == .P ? "output" : "input")\(chunk.count == 1 ? "" : "s") in the contract"),
                                               EstimatePart(forwards, "\(forwards) callback\(forwards == 1 ? "" : "s") left as forwards"),
                                               EstimatePart(6 * chunk.count, "\(chunk.count) case\(chunk.count == 1 ? "" : "s") in `\(prefix)\(category == .P ? "Presenter" : "Interactor")Tests`")])
                task.concern = concern
                task.makes = factory
                for member in chunk where member.name.hasPrefix("init(") && index.declarations(of: t).contains(where: { d in
                    d.decl.functions.contains { $0.name == member.name && ScreenSplit.superInitLine($0, in: d.decl).map { $0 > member.line + 1 } == true } }) {
                    task.fix += " In `\(member.name)` only the work after `super.init(…)` moves: the code before it assigns stored properties and cannot call another object, so it stays in the view (what it computes can become `static` helpers that return the values)."
                }
                // With the method's top-level statements: a move too large for one PR is cut between them.
                task.moves = chunk.map { member in
                    let fn = index.functions(baseName(member.name), of: t).first { $0.name == member.name }
                    return MovedMember(name: member.name, file: member.file, line: member.line, codeLines: left(member), selfCalls: fn?.selfCalls ?? [],
                                       statements: fn?.statementCodeLines ?? [])
                }
                let calls = opaque.filter { c in category == .I && chunk.contains { $0.name == c.member && $0.file == c.file } }
                if !calls.isEmpty { task = Self.serviceCallsTask(task, calls: calls, screen: name, prefix: prefix, list: list) }
                if category == .P {
                    // Callers gone when this lands: deleted, or moved by an Interactor task (Presenter moves land later).
                    task.fix += Self.presenterCallersLeft(chunk, screen: t, index: index, moving: (covered[.interactor] ?? []).union(deleted))
                }
                task = Self.withViewCalls(task, Self.viewCalls(of: chunk, in: t, split: split, index: index), presenter: category == .P,
                                          hidden: Self.privateExtensionMembers(of: t, index: index))
                result.append(task)
            }
        }
        return result
    }

    /// The members the plan deletes as unused before anything moves.
    static func deletedMembers(_ tasks: [PlanTask]) -> Set<String> {
        Set(tasks.filter { $0.rule == UnusedMemberRule.id }.flatMap { [$0.member].compactMap { $0 } + $0.members })
    }

    /// The members the tasks already move, by destination, and the lines a finding's P task moves
    /// from around its sites (a string formatted for display): what else such a member assembles
    /// for the screen (which sections and rows show) still moves, in a task of its own.
    static func covered(by tasks: [PlanTask]) -> (covered: [ScreenSplit.Destination: Set<String>], claimed: [String: Int]) {
        var covered: [ScreenSplit.Destination: Set<String>] = [:], claimed: [String: Int] = [:]
        // A long method's split moves nothing out: its view state and rules still need their moves.
        for task in tasks where !task.plays(.splitFirst) {
            if task.category == .P, task.partialLines > 0, task.moves.isEmpty, let member = task.member {
                claimed[member, default: 0] += task.partialLines
                continue
            }
            let names = [task.member].compactMap { $0 } + task.moves.map(\.name)
            let d: ScreenSplit.Destination? = task.category == .I ? .interactor : task.category == .P ? .presenter : task.category == .R ? .router : nil
            if let d { covered[d, default: []].formUnion(names) }
            // A member an I task moves whole takes all its lines with it.
            if task.category == .I { for m in task.moves where !m.name.isEmpty { covered[.presenter, default: []].insert(m.name) } }
        }
        return (covered, claimed)
    }

    /// The services the screen's initialiser is handed already (`init(controller: AuthHandler, …)`):
    /// only the parameter and the property are retyped, no default is needed.
    static func handedIn(_ services: [String], screen t: Int, index: TypeIndex) -> String {
        // The property that holds the service, set from the initialiser's parameter of its name.
        let holders = index.declarations(of: t).flatMap(\.decl.properties).filter { !$0.isStatic }
            .map { (name: $0.name, type: StrongReferences.bareName($0.typeName ?? "")) }
        let inits = index.functions("init", of: t).map(\.name)
        func initTaking(_ s: String) -> String? {
            let names = holders.filter { $0.type == s }.map(\.name)
            return inits.first { i in names.contains { i.contains("(\($0):") || i.contains(":\($0):") } }
        }
        let handed = services.filter { initTaking($0) != nil }
        guard let first = handed.first, let initName = initTaking(first) else { return "" }
        return " \(TaskGrouping.list(handed.map { "`\($0)`" })) \(handed.count == 1 ? "is" : "are") handed in through `\(initName)` already: retype that parameter and the property to the protocol, with no default."
    }

    /// A service the screen makes per value inside its methods (`AccountVault(bookmark: bookmark)` for
    /// each bookmark) has no one instance to hold: the screen holds a factory with the concrete
    /// initialiser as its default. Returns the sentence and how many services need one.
    static func perValueFactories(_ services: [String], screen t: Int, index: TypeIndex) -> (text: String, count: Int) {
        let made = index.declarations(of: t).flatMap(\.decl.creations)
            .filter { $0.kind == .initializer && $0.labels != nil && $0.member.map { !$0.hasPrefix("init(") } == true && services.contains($0.typeName) }
        let byService = Dictionary(grouping: made, by: \.typeName)
        let sentences = services.compactMap { name -> String? in
            guard let sites = byService[name], let first = sites.first, let labels = first.labels else { return nil }
            let members = uniqued(sites.compactMap(\.member))
            let places = members.count == 1 ? "`\(members[0])`" : "`\(members[0])` and \(members.count - 1) more"
            let proto = CrossCutting.protocolName(for: name)
            return " `\(name)` is made per value in \(places) (`\(name)(\(labels))`): there is no one instance to hold, so \(index.types[t].name) holds a factory, `make\(name): (the values it takes today) -> \(proto)`, whose default calls `\(name)(\(labels))`, and each of those places calls the factory."
        }
        return (sentences.joined(), sentences.count)
    }

    /// Services the screen reaches only through a computed property (`var passwordPolicy: Policy
    /// { context?.capabilities?.policy ?? .default }`): a stored default would freeze a value read
    /// afresh on every use, so the property stays computed and the Interactor gets a provider.
    static func computedHolders(_ services: [String], screen t: Int, index: TypeIndex) -> String {
        let properties = index.declarations(of: t).flatMap(\.decl.properties).filter { !$0.isStatic }
        return services.compactMap { name -> String? in
            let holders = properties.filter { p in (p.typeComponents.isEmpty ? [p.typeName ?? p.initializerType ?? ""] : p.typeComponents).contains(name) }
            guard !holders.isEmpty, holders.allSatisfy(\.isComputed) else { return nil }
            let proto = CrossCutting.protocolName(for: name)
            return " `\(name)` is read afresh on every use through \(TaskGrouping.list(holders.map { "`\($0.name)`" })), a computed property: keep it computed, retyped to `\(proto)`, so it still reads the current value; a use case that needs it gets a provider, `() -> \(proto)`, never a stored copy."
        }.joined()
    }

    /// A screen Objective-C creates (`[TagsViewController new]`) keeps its inherited initialisers:
    /// its services go in through properties.
    func objectiveCNote(_ screen: String) -> String {
        guard let site = objectiveCCreators[screen]?.first else { return "" }
        return " Objective-C creates \(screen) (`\(shortPath(site))`) through the inherited `init`: use the property, never an initialiser parameter, which would stop `init(nibName:bundle:)` being inherited and crash that creation."
    }

    /// The moved code cannot call the view's own methods from a UIKit-free layer: its fix says how
    /// they are reached instead, and its estimate counts them.
    static func withViewCalls(_ task: PlanTask, _ viewCalls: [String], presenter: Bool, hidden: Set<String> = []) -> PlanTask {
        guard !viewCalls.isEmpty else { return task }
        var task = task
        let one = viewCalls.count == 1
        let list = TaskGrouping.list(viewCalls.prefix(4).map { "`\($0)`" }) + (viewCalls.count > 4 ? " and \(viewCalls.count - 4) more" : "")
        // A rule that answers at once has no output: its answer says what the view then does.
        let atOnce = task.fix.contains("returns its answer at once")
        task.fix += atOnce
            ? " The moved code calls \(list), which stay\(one ? "s" : "") in the view: the answer the use case returns carries what \(one ? "it needs" : "they need"), and the view calls \(one ? "it" : "them") itself right after asking."
            : " The moved code calls \(list), which stay\(one ? "s" : "") in the view: the \(presenter ? "presenter" : "use case") hands back what \(one ? "it needs" : "they need") and the view calls \(one ? "it" : "them") from its output."
        // A protocol requirement cannot be met by a `private` method: those the output reaches are widened.
        let widened = viewCalls.filter(hidden.contains)
        if !widened.isEmpty {
            task.fix += " \(TaskGrouping.list(widened.map { "`\($0)`" })) \(widened.count == 1 ? "is" : "are") declared in a `private` extension: move \(widened.count == 1 ? "it" : "them") to an internal one if the view protocol requires \(widened.count == 1 ? "it" : "them"), since a private method cannot meet a protocol requirement."
        }
        task.estimate.append(EstimatePart(2 * viewCalls.count + widened.count, "\(viewCalls.count) call\(one ? "" : "s") into the view " + (atOnce ? "driven by the answer" : "turned into output\(one ? "" : "s")")))
        return task
    }

    /// Base names of the screen's methods declared in a `private` or `fileprivate` extension.
    static func privateExtensionMembers(of t: Int, index: TypeIndex) -> Set<String> {
        Set(index.declarations(of: t).filter { $0.decl.modifiers.contains { $0 == "private" || $0 == "fileprivate" } }
            .flatMap { $0.decl.functions.map { baseName($0.name) } })
    }

    /// The screen's own methods the members call that stay in the view whole (`displayEmailWarning()`),
    /// by base name.
    static func viewCalls(of members: [ScreenSplit.Member], in t: Int, split: ScreenSplit, index: TypeIndex) -> [String] {
        let stays = Set(split.members.filter { !$0.isTrigger && ($0.lines[.view] ?? 0) == $0.codeLines }.map { baseName($0.name) })
        let moved = Set(members.map { baseName($0.name) })
        // By full name: table view callbacks all share the base name `tableView`.
        return uniqued(members.flatMap { m in index.functions(baseName(m.name), of: t).filter { $0.name == m.name }.flatMap(\.selfCalls) }
            .filter { stays.contains($0) && !moved.contains($0) })
    }

    /// A member whose Interactor lines are calls into services the sources do not show: its use
    /// cases are those calls (`moveTag(_:toIndex:)`), made through the service's protocol.
    static func serviceCallsTask(_ rules: PlanTask, calls: [OpaqueCall], screen: String, prefix: String, list: String) -> PlanTask {
        var task = rules
        let services = uniqued(calls.map(\.service)).map { "`\($0)`" }
        let apis = uniqued(calls.map { "\($0.service).\($0.call)" })
        task.title = "Move the service calls in \(list) into \(prefix)Interactor use cases"
        let through = uniqued(calls.flatMap(\.through)).map { "`\($0)`" }
        let whose = through.isEmpty ? "whose code the Swift sources do not show (Objective-C or a package)"
            : "which call\(services.count == 1 ? "s" : "") \(TaskGrouping.list(through)), code the Swift sources do not show"
        task.problem = "\(screen) does its data work itself in \(list): \(apis.prefix(4).map { "`\($0)`" }.joined(separator: ", ")), through \(TaskGrouping.list(services)), \(whose). The view decides when and with what to call it, and no test can run it without the real service."
        task.fix = "Move each call, with the decisions around it, into a use case of `\(prefix)Interactor` named for it, which calls the service through the protocol the seams PR gives it and returns the result through `\(prefix)InteractorOutput`; \(list) then only forward\(list.hasPrefix("these ") || list.contains(" and ") ? "" : "s") to `interactor`."
        task.fingerprint = FindingFingerprint.make(rule: "vp-service-calls", type: screen, member: nil, discriminator: rules.moves.map(\.name).joined(separator: ","))
        task.apis = apis
        task.wrappers = uniqued(calls.map(\.service))
        return task
    }

    /// Protocols over the project services the screen calls, injected with defaults: every later
    /// move depends on them and no call site changes.
    func seamTasks(for t: Int, shared: Set<String>) -> [PlanTask] {
        let name = index.types[t].name
        // A wrapper that has its protocol already (or gets it in cross-cutting.md or an earlier screen's
        // seams) needs none; `init` is no protocol member.
        // The protocol declares every member the screen uses on the service, not only its data calls.
        let services = wrappers(of: t).map { (name: $0.name, family: $0.family, members: (TypeIndex.isAppDelegateName($0.name) ? $0.members : uniqued($0.members + index.membersUsed(of: $0.name, by: t))).filter { $0 != "init" }) }
            .filter { !CrossCutting.isProtocol($0.name, index: index) && !shared.contains($0.name) && !$0.members.isEmpty
                && index.resolve(CrossCutting.protocolName(for: $0.name)) == nil && index.usedOutsideStaticMembers($0.name, by: t) }
        // Each seam PR stays under the cap: ~10 lines per protocol and 4 per member it declares. A
        // service with more members than one PR holds is declared over several, in slices.
        let most = max(1, (cap - 20) / 4)
        let slices = services.flatMap { s in
            stride(from: 0, to: s.members.count, by: most).map { i in
                (name: s.name, family: s.family, members: Array(s.members[i..<min(i + most, s.members.count)]), sliced: s.members.count > most)
            }
        }
        var chunks: [[(name: String, family: Family, members: [String], sliced: Bool)]] = [], size = 0
        for service in slices {
            let cost = 10 + 4 * service.members.count
            if chunks.isEmpty || size + cost > cap - 10 { chunks.append([]); size = 0 }
            chunks[chunks.count - 1].append(service); size += cost
        }
        return chunks.enumerated().map { i, chunk in seamTask(for: t, services: chunk, part: i) }
    }

    private func seamTask(for t: Int, services: [(name: String, family: Family, members: [String], sliced: Bool)], part: Int) -> PlanTask {
        let name = index.types[t].name
        let path = index.path(index.types[t].decls[0]), line = index.decl(index.types[t].decls[0]).position.line
        let finals = services.filter { s in index.resolve(s.name).map { index.decl(index.types[$0].decls[0]).modifiers.contains("final") } ?? false }
        let list = services.map { "`\($0.name)` → `\(CrossCutting.protocolName(for: $0.name))` (\($0.members.prefix(12).map { "`\($0)`" }.joined(separator: ", "))\($0.members.count > 12 ? " and \($0.members.count - 12) more the screen calls" : ""))" }
        let members = services.reduce(0) { $0 + $1.members.count }
        let factories = Self.perValueFactories(services.map(\.name), screen: t, index: index)
        var task = PlanTask(category: .I, title: "Put the services of \(name) behind protocols, injected with defaults" + (part == 0 ? "" : " (part \(part + 1))"),
                            fingerprint: FindingFingerprint.make(rule: "vp-seams", type: name, member: nil, discriminator: part == 0 ? "" : "\(part)"),
                            rule: nil, viewController: name, file: path, line: line, severity: .medium,
                            problem: "\(name) calls \(services.count) concrete service\(services.count == 1 ? "" : "s") directly\(finals.isEmpty ? "" : " (\(finals.map { "`\($0.name)`" }.joined(separator: ", ")) \(finals.count == 1 ? "is" : "are") `final`)"): no use case can move into an Interactor with test doubles until each is behind a protocol.",
                            fix: "Declare " + list.joined(separator: "; ") + ", each with only the members the screen uses, and conform the concrete type in an extension. \(name) holds the protocol, set through an initialiser parameter or property with the concrete service as its default, so every place that creates it compiles unchanged." + Self.handedIn(services.map(\.name), screen: t, index: index) + factories.text + Self.computedHolders(services.map(\.name), screen: t, index: index) + objectiveCNote(name) + " Add a test double per protocol for the Interactor tests."
                                + services.filter(\.sliced).map { " `\(CrossCutting.protocolName(for: $0.name))` has more members than one PR holds: each of its seams PRs adds its slice of them and their doubles, and \(name) holds the protocol from the PR that adds the last." }.joined(),
                            // A service the sources only extend or do not show is evidenced by the screen itself.
                            evidence: services.prefix(5).map { s in index.resolve(s.name).map { "`\(shortPath(index.path(index.types[$0].decls[0]))):\(index.decl(index.types[$0].decls[0]).position.line)` `\(s.name)`" }
                                ?? "`\(shortPath(path)):\(line)` `\(name)` uses `\(s.name)`, declared outside the Swift sources" },
                            estimate: [EstimatePart(3 * services.count + members, "\(services.count) protocol\(services.count == 1 ? "" : "s") with \(members) member\(members == 1 ? "" : "s") and their conformances"),
                                       EstimatePart(3 * services.count, "properties retyped, injected with defaults")]
                                + (factories.count == 0 ? [] : [EstimatePart(4 * factories.count, "\(factories.count) factor\(factories.count == 1 ? "y" : "ies") for services made per value, and their call sites")])
                                + [EstimatePart(4 * services.count + 3 * members, "test doubles sized by the protocols")])
        task.concern = "seam"
        task.wrappers = services.map(\.name)
        // The app delegate's navigation is no protocol member: the screen calls it directly until its Router PR.
        task.direct = services.contains { TypeIndex.isAppDelegateName($0.name) } ? uniqued(index.appDelegateNavigation(of: t).map(\.call)) : []
        if !task.direct.isEmpty {
            task.fix += " Its navigation through the app delegate (\(TaskGrouping.list(task.direct))) is no member of the protocol: the screen calls it directly until the Router PR routes it."
        }
        return task
    }
}

extension Planner {
    /// A member that only builds or fills views around its I/O is a view update the presenter drives:
    /// its interactor input says so, and its `display…(_:)` is a presenter output.
    static func viewUpdates(_ module: TargetModule, tasks: [PlanTask]) -> TargetModule {
        var module = module
        for task in tasks where task.category == .I && task.estimate.contains(where: { $0.label == TaskFactory.viewUpdateLabel }) {
            // The input is the use case the member's I/O became (named for what it does), found by its task.
            // Several members' tasks can share one id: only the input of the member that updates views is its.
            guard let member = task.member, let i = module.interactorInputs.firstIndex(where: {
                $0.detail.components(separatedBy: " — ").last?.components(separatedBy: ", ").contains(task.id) == true
                    && ($0.members.isEmpty || $0.members.contains(member))
            }) else { continue }
            let word = RuleRegistry.planning(of: task.rule)?.word ?? "I/O"
            let display = TaskFactory.displayMethod(member)
            module.interactorInputs[i].detail = "its \(word) runs in `\(member)`, a view update: the presenter calls this input and the view keeps `\(display)` — \(task.id)"
            if !module.presenterOutputs.contains(where: { $0.name == display }) {
                // `displayOptions(_:)` fills `ShareOptionsViewState`: one view-state type per output.
                let state = module.prefix + display.dropFirst("display".count).prefix { $0 != "(" }.replacingOccurrences(of: "State", with: "") + "ViewState"
                module.presenterOutputs.append(ContractItem(name: display, detail: "view state `\(state)` that `\(member)` shows, mapped from the interactor's result — \(task.id)", signature: state))
            }
        }
        return module
    }
}
