import Foundation

/// Moved code that reads the view controller's own state (`mode`, `state`, a validator) or calls
/// its own helpers does not compile in the Interactor or the Presenter, which cannot see the view
/// controller. Each Interactor and Presenter task says what its code still needs from the screen
/// and how it gets it: state as parameters the view passes, constants it makes its own, a helper
/// another task moves first, or one that stays in the view and is reached through the output.
struct ScreenNeeds: Equatable {
    /// Stored state the moved code reads, sets; constants the screen makes itself (`let f = DateFormatter()`).
    var reads: [String] = [], writes: [String] = [], constants: [String] = []
    /// Collaborators the screen holds (`let preferences = ReaderPreferences()`, a `weak var delegate`),
    /// and UIKit-bound models it holds (a table row, a cell's content), which no other layer may touch.
    var objects: [String] = [], views: [String] = []
    /// The screen's own members it calls that a later task moves, or that stay in the view.
    var later: [String] = [], stays: [String] = []
    /// Members an Interactor task calls that a Presenter task moves: the Interactor never calls
    /// the Presenter, so the view hands their result in.
    var handedIn: [String] = []
    /// Members a Presenter task moves that the moved code calls once its work comes back (in a
    /// completion, after an awaited call, in an issue card's answer): no value exists before the
    /// call, so the result reaches them through the output instead of a parameter.
    var outcomes: [String] = []
    /// App-wide state the moved code reads or sets through the app delegate (`selectedTag`), and the
    /// app delegate's type: the new type gets the app delegate's protocol from the seams PR.
    var appState: [String] = [], appDelegate: String? = nil
    /// Calls the moved code hands the view controller itself to (`hostSimulator(for: self)`).
    var handsSelf: [String] = []
    /// The screen's helpers that answer from their arguments alone (`isBookmarkComplete(bookmark:)`):
    /// an output cannot return their value, so they move along as `static` functions.
    var pure: [String] = []
    /// Such helpers an earlier task of the plan already made `static` functions of `pureHome`
    /// (`the Interactor`): this code calls them there, never a second copy.
    var pureMoved: [String] = [], pureHome = ""
    /// State the screen-state task moves into the Presenter (`ScreenStateOwner`): an Interactor
    /// task reads it as a parameter the view passes until then (`ownedLater`); a Presenter task,
    /// which lands after, uses it as the presenter's own (`owned`).
    var ownedLater: [String] = [], owned: [String] = []
    /// State an Interactor task sets that the screen-state task moves later: the view keeps the
    /// new value until then.
    var ownedWrites: [String] = []
    /// Handles of work in flight, locks and formatters the screen keeps for the moved work
    /// (`loadTask`, `cancellables`): they move to the new type, their one owner.
    var handles: [String] = []
    /// State a project base class declares (`clientContext`): the base class keeps it, so the new
    /// type gets it from the view; it never moves with the screen's own state.
    var inherited: [String] = []

    var isEmpty: Bool { self == ScreenNeeds() }
    static let lead = "What the moved code still needs from the screen: "

    /// One sentence; `interactor` picks the layer and the way back to the view.
    func sentence(interactor: Bool) -> String {
        let (layer, output) = interactor ? ("the Interactor", "its output") : ("the Presenter", "the view protocol")
        func names(_ list: [String]) -> String { TaskGrouping.list(list.map { "`\($0)`" }) }
        func one(_ list: [String], _ a: String, _ b: String) -> String { list.count == 1 ? a : b }
        var clauses: [String] = []
        if !reads.isEmpty {
            clauses.append("it reads \(names(reads)) of the screen's state: the use case takes \(one(reads, "it as a parameter", "them as parameters")), passed by the view, until \(one(reads, "its", "their")) owner moves")
        }
        if !ownedLater.isEmpty {
            clauses.append("it reads \(names(ownedLater)) of the screen's state: the use case takes \(one(ownedLater, "it as a parameter", "them as parameters")), passed by the view until the screen-state PR moves \(one(ownedLater, "it", "them")) into the Presenter, which passes \(one(ownedLater, "it", "them")) from then on")
        }
        if !owned.isEmpty {
            clauses.append("it uses \(names(owned)), the screen's state the Presenter owns from the screen-state PR on: no parameter, the presenter reads and sets \(one(owned, "it", "them")) itself")
        }
        if !handles.isEmpty {
            // One object with one owner: a copy of a query, a lock or a cache would run (or guard) twice.
            clauses.append("it uses \(names(handles)), which the screen keeps for that work (a handle of work in flight, a lock, a formatter): \(one(handles, "it moves", "they move")) to \(layer), \(one(handles, "its", "their")) one owner from this PR on, never copied (a second query, lock or cache would run twice), and the view's lines that still use \(one(handles, "it", "them")) read \(one(handles, "it", "them")) from there until they move too")
        }
        if !inherited.isEmpty {
            clauses.append("it uses \(names(inherited)), which the screen inherits from its base class: \(layer) gets \(one(inherited, "it", "them")) from the view as \(one(inherited, "a parameter", "parameters")), and the base class keeps \(one(inherited, "it", "them"))")
        }
        if !ownedWrites.isEmpty {
            clauses.append("it sets \(names(ownedWrites)): \(one(ownedWrites, "the new value comes", "the new values come")) back through \(output), and the view keeps \(one(ownedWrites, "it", "them")) until the screen-state PR gives \(one(ownedWrites, "it", "them")) to the Presenter")
        }
        if !writes.isEmpty { clauses.append("it sets \(names(writes)): \(one(writes, "the new value comes", "the new values come")) back through \(output) and the view keeps \(one(writes, "it", "them"))") }
        if !constants.isEmpty {
            clauses.append("it uses \(names(constants)), \(one(constants, "a constant", "constants")) the screen makes itself: \(layer) makes \(one(constants, "its own", "its own copies"))")
        }
        if !objects.isEmpty {
            // The module's builder comes last: until then the view makes the new type in place.
            clauses.append("it uses \(names(objects)), \(one(objects, "an object", "objects")) the screen holds: the view hands the same \(one(objects, "one", "ones")) to \(layer) it makes in place, until the module's builder injects \(one(objects, "it", "them"))")
        }
        if !views.isEmpty {
            clauses.append("it uses \(names(views)), UIKit content the screen holds: the lines that touch \(one(views, "it", "them")) stay in the view, set from the plain values of \(output)")
        }
        if !later.isEmpty {
            // Only a cycle of calls is left here (callees move first otherwise): the call goes through
            // the output until the later PR, so each PR compiles in its order.
            clauses.append("it calls \(names(later)), which a later task moves (\(one(later, "it calls", "they call")) back into this code): until that PR \(layer) reaches \(one(later, "it", "them")) through \(output), as the view's, and that PR makes the call \(layer == "the Interactor" ? "the Interactor's" : "the Presenter's") own")
        }
        if !handedIn.isEmpty {
            clauses.append("it calls \(names(handedIn)), which the Presenter takes over: the view resolves \(one(handedIn, "it", "them")) (itself today, from the presenter's view state after that move) and hands the result to the use case as a parameter")
        }
        if !outcomes.isEmpty {
            clauses.append("it calls \(names(outcomes)) when its work comes back, which the Presenter takes over: the use case's result reaches \(one(outcomes, "it", "them")) through \(output) (the view calls \(one(outcomes, "it", "them")) from there until that PR, the presenter after it)")
        }
        if !stays.isEmpty {
            clauses.append("it calls \(names(stays)), which \(one(stays, "stays", "stay")) in the view controller: \(layer) reaches \(one(stays, "it", "them")) through \(output), never the view controller itself")
        }
        if !pure.isEmpty {
            clauses.append("it calls \(names(pure)), which \(one(pure, "answers", "answer")) from \(one(pure, "its", "their")) arguments alone (reading nothing of the screen): \(one(pure, "it moves", "they move")) into \(layer) as \(one(pure, "a `static` function", "`static` functions")), which the view's other callers call there, never through \(output), which returns nothing")
        }
        if !pureMoved.isEmpty {
            clauses.append("it calls \(names(pureMoved)), which \(one(pureMoved, "answers", "answer")) from \(one(pureMoved, "its", "their")) arguments alone and an earlier move made \(one(pureMoved, "a `static` function", "`static` functions")) of \(pureHome): this code calls \(one(pureMoved, "it", "them")) there, never a second copy")
        }
        if !handsSelf.isEmpty {
            clauses.append("it hands the view controller itself (`self`) to \(names(handsSelf)): \(one(handsSelf, "that call stays", "those calls stay")) in the view, which hands \(layer) what \(one(handsSelf, "it returns", "they return")), since `self` there would be \(layer)")
        }
        if !appState.isEmpty, let app = appDelegate {
            clauses.append("it uses \(names(appState)) of `\(app)`, app-wide state: \(layer) gets `\(CrossCutting.protocolName(for: app))` from the seams PR, handed in like a service (the view passes `\(app).shared()` until the module's builder does), never the singleton itself")
        }
        return Self.lead + clauses.joined(separator: "; ") + "."
    }

}

/// What the screen's declarations say about its state, gathered once per screen: the facts each
/// Interactor or Presenter task's list of needs is read from.
struct ScreenStateFacts {
    let index: TypeIndex
    let triggers: Set<String>
    let screenPath: String
    /// Instance properties that are neither outlets, services nor views, by name; and those of
    /// the screen's project base classes.
    var state: [String: PropertyFact] = [:], inherited: [String: PropertyFact] = [:]
    /// The screen's own methods: base name → the name with labels.
    var helpers: [String: String] = [:]
    /// Who moves each member (by base name): the first task of the list that does.
    var moverOf: [String: Int] = [:]
    let accesses: [PropertyAccess]
    /// Vars the screen's members set after set-up: slots of state, not collaborators.
    let reassigned: Set<String>
    /// Calls of the screen's own methods.
    let calls: [MemberReference]
    let handOffs: [SelfHandOff]
    let appDelegate: String?
    let appReferences: [MemberReference]
    /// Members read or called by the screen's code: a computed property among them reads the screen.
    let readsTheScreen: Set<String>
    /// The screen's methods that return a value, touch no view type and read or call nothing of the screen.
    var pureHelpers: Set<String> = []
    /// Properties an initialiser sets before `super.init(…)`: made while no other layer exists yet.
    var setBeforeSuper: Set<String> = []
    let namer: UseCaseNamer
    /// Per member, the closures whose bodies run once some work comes back (a completion, a
    /// callback), not while the member runs (`map`, `filter`): where they start and their last line.
    let laterSpans: [String: [(start: SourcePosition, endLine: Int)]]

    init(_ tasks: [PlanTask], index: TypeIndex, type t: Int, split: ScreenSplit, services: Set<String>, mobility: [String: MemberMobility] = [:]) {
        self.index = index
        namer = UseCaseNamer(index: index, type: t, mobility: mobility)
        triggers = Set(split.members.filter(\.isTrigger).map(\.name))
        let declarations = index.declarations(of: t).map(\.decl)
        screenPath = index.path(index.types[t].decls[0])
        // A computed property (`var email: String { emailField.text ?? "" }`) is a value the view passes too.
        for property in declarations.flatMap(\.properties) where !property.isStatic && !property.isIBOutlet
            && !services.contains(property.name) && !Planner.isViewOrServiceType(property) && state[property.name] == nil {
            state[property.name] = property
        }
        for owner in index.superclasses(of: t) where index.types[owner].isDeclaredInSources {
            for property in index.declarations(of: owner).flatMap(\.decl.properties) where !property.isStatic && !property.isIBOutlet
                && !property.isComputed && state[property.name] == nil && inherited[property.name] == nil {
                inherited[property.name] = property
            }
        }
        for function in declarations.flatMap(\.functions) where !function.isOverride && helpers[baseName(function.name)] == nil {
            helpers[baseName(function.name)] = function.name
        }
        accesses = declarations.flatMap(\.propertyAccesses).sorted { $0.position < $1.position }
        // A `var` the screen's own members set after it is set up (`renameTag = tag`, `= nil`) is a
        // slot of state the view changes, not a collaborator the Builder could hand on once.
        let setUp: Set<String> = ["init", "viewDidLoad", "awakeFromNib", "loadView"]
        reassigned = Set(accesses.filter { $0.isWrite && !setUp.contains(baseName($0.member ?? "init")) }.map(\.name))
        calls = declarations.flatMap(\.references).filter { $0.isCall && !$0.inDebugBlock && ($0.chain.isEmpty || $0.chain == ["self"]) }
            .sorted { $0.position < $1.position }
        handOffs = declarations.flatMap(\.selfHandOffs).sorted { $0.position < $1.position }
        let appDelegate = index.appDelegatesUsed(by: t).first
        self.appDelegate = appDelegate
        appReferences = appDelegate == nil ? [] : declarations.flatMap(\.references)
            .filter { !$0.inDebugBlock && TypeIndex.appDelegatePart(of: $0) != nil }.sorted { $0.position < $1.position }
        readsTheScreen = Set(accesses.compactMap(\.member) + calls.compactMap(\.member))
        let own = Set(declarations.flatMap(\.properties).map(\.name)).union(inherited.keys)
        let readers = Set(accesses.filter { own.contains($0.name) }.compactMap(\.member) + calls.compactMap(\.member))
        let near = index.path(index.types[t].decls[0])
        pureHelpers = Set(declarations.flatMap(\.functions).filter { fn in
            !["Void", "()"].contains(fn.returnType ?? "Void") && !UseCaseNamer.touchesViews(fn) && !readers.contains(fn.name) && !fn.name.hasPrefix("init(")
                && !(fn.parameterTypes + [fn.returnType ?? ""]).contains { index.isUIBound($0.trimmingCharacters(in: CharacterSet(charactersIn: "[]?!")), near: near) }
        }.map(\.name))
        var spans: [String: [(start: SourcePosition, endLine: Int)]] = [:]
        for closure in declarations.flatMap(\.closures) {
            guard let member = closure.member, !Self.runsInPlace(closure.context) else { continue }
            spans[member, default: []].append((closure.position, max(closure.position.line, closure.endLine)))
        }
        laterSpans = spans
        for decl in declarations {
            for fn in decl.functions where fn.name.hasPrefix("init(") {
                guard let superLine = ScreenSplit.superInitLine(fn, in: decl) else { continue }
                setBeforeSuper.formUnion(decl.propertyAccesses.filter { $0.member == fn.name && $0.isWrite && $0.position.line < superLine }.map(\.name))
            }
        }
        setMovers(tasks)
    }

    /// Who moves each member, for `tasks` in the order they land.
    mutating func setMovers(_ tasks: [PlanTask]) {
        moverOf = [:]
        for (i, task) in tasks.enumerated() { for m in task.moves where moverOf[m.baseName] == nil { moverOf[m.baseName] = i } }
    }

    /// What task `i` of `tasks` needs of the screen that it does not move itself.
    func needs(of task: PlanTask, at i: Int, in tasks: [PlanTask]) -> ScreenNeeds {
        // A Presenter task takes the decisions a callback makes on the screen's state: those reads move too.
        let movedNames = Set(task.moves.map(\.name)), members = task.category == .P ? movedNames : movedNames.subtracting(triggers)
        let movedHere = Set(task.moves.map(\.baseName))
        // What handles the moved service calls' results today (`catch`, a completion's body).
        let outcomes = Set(task.moves.flatMap { namer.resultHandlers(member: $0.name, apis: task.apis, moving: []) })
        // Moved by a task that lands before this one: tasks land phase by phase (an Interactor task
        // the presenter drives after the others), then in order.
        let (phase, waits) = Planner.landing(task)
        let before = { (j: Int) in
            let (otherPhase, otherWaits) = Planner.landing(tasks[j])
            return (otherPhase, otherWaits ? 1 : 0, j) < (phase, waits ? 1 : 0, i)
        }
        let elsewhere = { (name: String) in movedHere.contains(name) || moverOf[name].map(before) == true }
        var needs = ScreenNeeds()
        for access in accesses where access.member.map(members.contains) == true && !elsewhere(access.name) {
            if let property = state[access.name] {
                needs[keyPath: kind(of: property, access)].append(access.name)
            } else if let property = inherited[access.name] {
                // An object or a view the base class holds is handed on like the screen's own.
                let k = kind(of: property, access)
                needs[keyPath: [\ScreenNeeds.objects, \.views, \.stays].contains(k) ? k : \.inherited].append(access.name)
            }
        }
        for ref in calls where ref.member.map(members.contains) == true && !elsewhere(ref.name) {
            guard let name = helpers[ref.name] else { continue }
            if let j = moverOf[ref.name], task.category == .I, tasks[j].category == .P {
                if comesBack(ref) || outcomes.contains(name) { needs.outcomes.append(name) } else { needs.handedIn.append(name) }
            }
            else if moverOf[ref.name] != nil { needs.later.append(name) }   // a task that lands later
            else if pureHelpers.contains(name) { needs.pure.append(name) }
            // A call the task already routes through the output (`withViewCalls`) is said once.
            else if !task.fix.contains("`\(ref.name)`") { needs.stays.append(name) }
        }
        // App-wide state through the app delegate (`AppDelegate.shared().selectedTag`, or a local holding it).
        for ref in appReferences where ref.member.map(members.contains) == true && !TypeIndex.isNavigationName(ref.name)
            && !ref.name.hasSuffix("Controller") && !["shared", "sharedInstance", "delegate"].contains(ref.name) {
            needs.appState.append(ref.name); needs.appDelegate = needs.appDelegate ?? appDelegate
        }
        for handOff in handOffs where handOff.member.map(members.contains) == true {
            if let callee = Self.handOffKept(handOff) { needs.handsSelf.append(callee + "(…)") }
        }
        return needs.merged(with: ScreenNeeds())   // each name once
    }

    /// A value the screen keeps and changes: no callback, view, collaborator, constant or handle.
    func isPlainState(_ property: PropertyFact) -> Bool {
        kind(of: property, PropertyAccess(name: property.name, member: nil, position: property.position, isWrite: true, onMainQueue: false)) == \.writes
    }

    /// Which list of the needs an access to a state property belongs in.
    private func kind(of property: PropertyFact, _ access: PropertyAccess) -> WritableKeyPath<ScreenNeeds, [String]> {
        if property.hasPlainClosure || (property.typeName ?? "").contains("->") {
            return \.stays   // a callback the view was handed: called from the output
        } else if isStatelessValue(property) {
            return \.constants   // a value with no state of its own (`AuthenticationValidator()`): a copy is the same
        } else if ScreenStateOwner.isMachinery(property) && !(property.isLet && property.hasInitializer) {
            // One the initialiser makes before `super.init(…)` (a data source wired into a section)
            // exists before any Interactor or Presenter: the view keeps making it and hands it on.
            return setBeforeSuper.contains(property.name) ? \.objects : \.handles
        } else if Planner.isUIBound(property, index: index, near: screenPath) {
            return \.views
        } else if !(!property.isLet && reassigned.contains(access.name)), Planner.isHeldObject(property, index: index) {
            return \.objects
        } else if (property.isLet && property.hasInitializer) || (property.isComputed && !readsTheScreen.contains(access.name)) {
            // A computed property that reads nothing of the screen (`var cacheURL: URL { … }`) is a constant too.
            return \.constants
        }
        return access.isWrite ? \.writes : \.reads
    }

    /// A property the screen makes of a project struct or enum with no stored `var` of its own: each
    /// layer that uses it can make its own, with no second owner of anything.
    func isStatelessValue(_ property: PropertyFact) -> Bool {
        guard property.hasInitializer, let name = property.initializerType ?? property.typeName, let t = index.resolve(name),
              [.struct, .enum].contains(index.types[t].kind) else { return false }
        return !index.declarations(of: t).contains { $0.decl.properties.contains { !$0.isStatic && !$0.isComputed && !$0.isLet } }
    }

    /// The callee of a hand-off of the screen that keeps that call in the view, nil for one that
    /// is view wiring anyway: registering the screen as a target or observer (`addTarget(self, …)`,
    /// `UIBarButtonItem(target: self, …)`) or telling its delegate (`delegate?.didCancel(self)`).
    static func handOffKept(_ handOff: SelfHandOff) -> String? {
        guard let callee = handOff.callee, !["add", "remove", "register", "set"].contains(where: { ViperPlannerKit.startsWithWord(callee, $0) }),
              !(isTypeLikeName(callee) && (callee.hasPrefix("UI") || callee.hasPrefix("NS") || KnownTypes.isSystemTypeName(callee))),
              handOff.chain.last?.lowercased().hasSuffix("delegate") != true
        else { return nil }
        return callee
    }
}

extension Planner {
    /// Members that stay in the view as triggers (actions, UIKit callbacks) move only their I/O to the
    /// Interactor, which the task already describes: their own state reads are the view's, and are not
    /// listed. A Presenter task takes a trigger's decisions on that state, so its reads are listed.
    static func withScreenStateNamed(_ tasks: [PlanTask], index: TypeIndex, type t: Int, split: ScreenSplit, services: Set<String>,
                                     mobility: [String: MemberMobility]) -> [PlanTask] {
        var facts = ScreenStateFacts(tasks, index: index, type: t, split: split, services: services, mobility: mobility)
        let tasks = calleesFirst(tasks, calls: facts.calls)
        facts.setMovers(tasks)
        var needs: [ScreenNeeds?] = tasks.enumerated().map { i, task in
            [.I, .P].contains(task.category) && !task.plays(.splitFirst) && !task.moves.isEmpty ? facts.needs(of: task, at: i, in: tasks) : nil
        }
        // The state the moved code passes around gets an owner: a Presenter task of its own.
        let owned = ScreenStateOwner.owned(needs.compactMap { $0 }, facts: facts)
        let ownerTasks = owned.isEmpty || !tasks.contains(where: { $0.category == .P })
            ? [] : ScreenStateOwner.tasks(owned, facts: facts, index: index, type: t,
                                          interactorMoves: Set(tasks.filter { $0.category == .I }.flatMap { $0.moves.map(\.name) }), mobility: mobility)
        if !ownerTasks.isEmpty {
            needs = needs.enumerated().map { i, n in n.map { ScreenStateOwner.handedOver($0, owned: Set(owned), presenter: tasks[i].category == .P) } }
        }
        needs = pureHelpersMovedOnce(needs, tasks: tasks)
        var out = tasks.enumerated().map { i, task in needs[i].map { describing(task, $0, facts: facts) } ?? task }
        if let first = out.firstIndex(where: { $0.category == .P }) { out.insert(contentsOf: ownerTasks, at: first) }
        return out
    }

    /// A helper that answers from its arguments alone moves once, with the first task that lands
    /// and calls it; the later ones call it where that move put it.
    static func pureHelpersMovedOnce(_ needs: [ScreenNeeds?], tasks: [PlanTask]) -> [ScreenNeeds?] {
        var home: [String: String] = [:], out = needs
        let order = tasks.indices.sorted { i, j in
            let (a, wa) = landing(tasks[i]), (b, wb) = landing(tasks[j])
            return (a, wa ? 1 : 0, i) < (b, wb ? 1 : 0, j)
        }
        for i in order {
            guard var n = out[i], !n.pure.isEmpty else { continue }
            let layer = tasks[i].category == .I ? "the Interactor" : "the Presenter"
            let moved = n.pure.filter { home[$0] != nil }
            guard !moved.isEmpty else { for p in n.pure { home[p] = layer }; continue }
            n.pureHome = home[moved[0]]!
            n.pureMoved = moved
            n.pure.removeAll { moved.contains($0) }
            for p in n.pure { home[p] = layer }
            out[i] = n
        }
        return out
    }

    /// A task with what its moved code needs of the screen, and the calls it must keep in order.
    private static func describing(_ task: PlanTask, _ needs: ScreenNeeds, facts: ScreenStateFacts) -> PlanTask {
        let movedNames = Set(task.moves.map(\.name))
        let bracket = task.category == .I
            ? OrderedPairs.sentence(OrderedPairs.pairs(facts.calls.filter { ref in ref.member.map(movedNames.contains) == true && facts.helpers[ref.name] != nil }.map { facts.helpers[$0.name]! }))
            : nil
        guard !needs.isEmpty || bracket != nil else { return task }
        var task = task
        if !needs.isEmpty { task.fix += " " + needs.sentence(interactor: task.category == .I) }
        task.usesOwnedState = !needs.owned.isEmpty
        if let bracket { task.fix += " " + bracket }
        let wiring = 2 * (needs.reads.count + needs.inherited.count + needs.ownedLater.count + needs.writes.count + needs.ownedWrites.count + needs.stays.count + needs.later.count + needs.handedIn.count + needs.outcomes.count + needs.pure.count + needs.pureMoved.count + needs.views.count
                          + needs.handsSelf.count + (needs.appState.isEmpty ? 0 : 1))
        if wiring > 0 { task.estimate.append(EstimatePart(wiring, "the screen's state and helpers wired through parameters and the output")) }
        return task
    }

    /// A property whose type is a UIKit type or a project type bound to one (a row holding a cell).
    fileprivate static func isUIBound(_ property: PropertyFact, index: TypeIndex, near path: String) -> Bool {
        let names = property.typeComponents.isEmpty ? [property.typeName ?? property.initializerType].compactMap { $0 } : property.typeComponents
        return names.contains { index.isUIBound($0, near: path) }
    }

    /// A collaborator rather than a value: a delegate (`weak`), a protocol-typed dependency, an
    /// object of a project class that is no entity, or a property named for a service.
    fileprivate static func isHeldObject(_ property: PropertyFact, index: TypeIndex) -> Bool {
        if property.isWeak || property.isUnowned { return true }
        // The name says service only where the type is no literal or plain value (`keychainService = "com.app"`).
        guard let typeName = property.typeName ?? property.initializerType, !KnownTypes.valueTypes.contains(typeName) else { return false }
        if ["Service", "Manager", "Delegate", "delegate", "Provider", "Coordinator"].contains(where: { property.name.hasSuffix($0) }) { return true }
        guard let held = index.resolve(typeName) else { return false }
        let type = index.types[held]
        return type.kind == .protocol || (type.kind == .class && type.role != .entity && (property.isLet || !property.hasInitializer))
    }

    /// Types that are no screen state to pass around: UIKit views and controls (`UILabel`,
    /// `SearchBar`, `[UIButton]`), controllers, and services the seams inject (`…Service`, `…Manager`).
    fileprivate static func isViewOrServiceType(_ property: PropertyFact) -> Bool {
        let names = property.typeComponents.isEmpty ? [property.typeName ?? property.initializerType ?? ""] : property.typeComponents
        return names.contains { name in
            name.hasPrefix("UI") || FactExtractor.viewTypeSuffixes.contains { name.hasSuffix($0) }
                || ["Controller", "Service", "Manager", "Client", "Repository", "Provider", "Store", "Session", "Handler", "API", "Api"].contains { name.hasSuffix($0) }
                || ["UserDefaults", "FileManager", "NotificationCenter", "URLSession", "Keychain"].contains(name)
        }
    }
}
