/// The screen's own state (the draft it edits, a mode, a selection) that the moved use cases read
/// as parameters and set through the output. While the view owns it, every move says "passed by
/// the view", and the view never becomes passive. One Presenter task per screen moves those
/// stored properties into the Presenter: it lands first among the Presenter tasks, so the
/// view-state moves after it use the state as the presenter's own.
enum ScreenStateOwner {
    static let rule = "vp-state-owner"
    static let concern = "owner"
    /// The lines one task may change before the state moves in parts.
    static let budget = 180

    /// The stored properties the moved code reads or sets, in declaration order: values, not the
    /// handles of work in flight or the tools that format it.
    /// State the screen's members set after set-up counts while it stays in the view, whatever the
    /// moves still read: the task stays open until the properties leave the view controller, not
    /// until the moves that read them are merged.
    static func owned(_ needs: [ScreenNeeds], facts: ScreenStateFacts) -> [String] {
        let used = Set(needs.flatMap { $0.reads + $0.writes })
        return facts.state.values.filter { p in
            !p.isComputed && !p.isStatic && !isMachinery(p)
                && (used.contains(p.name) || facts.reassigned.contains(p.name) && facts.isPlainState(p))
        }.sorted { $0.position < $1.position }.map(\.name)
    }

    /// A task or subscription handle (`URLSessionDataTask?`, `Set<AnyCancellable>`, a `Timer`, a
    /// query or tracker of a store), a lock or queue, a formatter, a validator or storage the screen
    /// holds, or the pieces of its table (a data source, an option group, another controller's
    /// content): each belongs with the work or the view that uses it, not with the state it shows.
    static func isMachinery(_ property: PropertyFact) -> Bool {
        let names = (property.typeComponents.isEmpty ? [property.typeName ?? property.initializerType].compactMap { $0 } : property.typeComponents)
            + [property.name]
        let suffixes = ["Task", "Cancellable", "Formatter", "Timer", "WorkItem", "Operation", "Observer", "Observation", "Subscription",
                        "Token", "Lock", "Queue", "Semaphore", "Link", "Tracker", "Tracking", "Query", "Storage", "Validator", "OptionGroup", "Controller"]
        // A mode enum named for its screen (`BookmarkViewControllerMode`) is state; a nested type of
        // another controller (`SearchViewController.Content`) is that controller's.
        let parts = ["DataSource", "Datasource", "Controller."]
        return names.contains { name in suffixes.contains { name.hasSuffix($0) } || parts.contains { name.contains($0) } }
            || property.name.lowercased().hasSuffix("cancellables")
    }

    /// A task's needs once the Presenter owns `owned`: an Interactor task (it lands before) still
    /// gets them as parameters, from the view until the state moves; a Presenter task uses them.
    static func handedOver(_ needs: ScreenNeeds, owned: Set<String>, presenter: Bool) -> ScreenNeeds {
        var handed = needs
        if presenter {
            handed.owned = uniqued((needs.reads + needs.writes).filter(owned.contains))
            handed.writes.removeAll(where: owned.contains)
        } else {
            handed.ownedLater = needs.reads.filter(owned.contains)
            handed.ownedWrites = needs.writes.filter(owned.contains)
            handed.writes.removeAll(where: owned.contains)
        }
        handed.reads.removeAll(where: owned.contains)
        return handed
    }

    /// The tasks moving `owned` into the Presenter: one, or several when the view's reads and
    /// writes of the state would make one PR larger than `budget`.
    static func tasks(_ owned: [String], facts: ScreenStateFacts, index: TypeIndex, type t: Int, interactorMoves: Set<String>,
                      mobility: [String: MemberMobility]) -> [PlanTask] {
        // Where the view reads or sets each property, by file: the screen's extensions too.
        var sites: [String: [Site]] = [:]
        func add(_ site: Site, _ name: String) {
            if sites[name]?.contains(where: { $0.path == site.path && $0.line == site.line }) != true { sites[name, default: []].append(site) }
        }
        let declared = Set(owned.compactMap { facts.state[$0].map { $0.position.line } })
        for (path, decl) in index.declarations(of: t) {
            for access in decl.propertyAccesses where owned.contains(access.name) && !(path == facts.screenPath && declared.contains(access.position.line)) {
                add(Site(path: path, line: access.position.line, inInteractorMove: access.member.map(interactorMoves.contains) ?? false), access.name)
            }
        }
        // Code that reads or sets it on a screen it makes or holds (`vc.flag = true` in another type,
        // or in a static method of the screen's): once the view no longer declares the property,
        // those lines change too.
        for name in owned {
            for caller in mobility[name]?.callers ?? [] {
                add(Site(path: caller.file, line: caller.line, elsewhere: true), name)
            }
        }
        // State an initialiser sets before `super.init(…)`, when the screen has no presenter yet.
        // One it only reads there (`style(allowEditing: canUpdate)`) cannot be read through a presenter either.
        var beforeSuper: [String: String] = [:], readBeforeSuper: [String: String] = [:], early: [String: Set<String>] = [:]
        for (path, decl) in index.declarations(of: t) {
            for fn in decl.functions where fn.name.hasPrefix("init(") {
                guard let superLine = ScreenSplit.superInitLine(fn, in: decl) else { continue }
                for access in decl.propertyAccesses where access.member == fn.name && access.position.line < superLine && owned.contains(access.name) {
                    early[access.name, default: []].insert("\(path):\(access.position.line)")
                    if access.isWrite { beforeSuper[access.name] = beforeSuper[access.name] ?? fn.name }
                    else { readBeforeSuper[access.name] = readBeforeSuper[access.name] ?? fn.name }
                }
            }
        }
        for name in beforeSuper.keys { readBeforeSuper[name] = nil }
        // Parts of about equal size, each under the budget: a property costs its declaration, its
        // forward, its protocol line and its test, whatever the number of lines that use it.
        let costs = owned.map { _ in 11 }, total = costs.reduce(0, +)
        let target = total / ((total + budget - 1) / budget)
        var chunks: [[String]] = [], cost = 0
        for (name, c) in zip(owned, costs) {
            if chunks.isEmpty || (cost + c > budget || cost >= target) && cost > 0 { chunks.append([]); cost = 0 }
            chunks[chunks.count - 1].append(name); cost += c
        }
        return chunks.enumerated().map { k, chunk in
            task(chunk, part: chunks.count == 1 ? nil : k + 1, sites: sites, beforeSuper: beforeSuper, readBeforeSuper: readBeforeSuper, early: early,
                 facts: facts, screen: index.types[t].name)
        }
    }

    struct Site: Hashable, Comparable {
        var path: String
        var line: Int
        /// In a member an Interactor task moves: by this PR, the value the view passes to its use case.
        var inInteractorMove = false
        /// Code that reads or sets the state of a screen it makes or holds, not its own.
        var elsewhere = false
        /// The screen's own files first, then the other types'.
        static func < (a: Site, b: Site) -> Bool { (a.elsewhere ? 1 : 0, a.path, a.line) < (b.elsewhere ? 1 : 0, b.path, b.line) }
    }

    /// What the move must keep doing: code a property's observers run when it is set, and state an
    /// initialiser sets before `super.init(…)`, where no presenter exists and no forwarding
    /// property may be set.
    static func behaviourKept(_ properties: [PropertyFact], beforeSuper: [String: String], readBeforeSuper: [String: String] = [:],
                              early: [String: Set<String>] = [:], prefix: String) -> (sentences: String, parts: [EstimatePart]) {
        var sentences = "", parts: [EstimatePart] = []
        let observed = properties.filter(\.hasObservers).map { "`\($0.name)`" }
        if !observed.isEmpty {
            let one = observed.count == 1
            sentences += " \(TaskGrouping.list(observed)) \(one ? "runs" : "run") code when set (`didSet`/`willSet`): the presenter calls a display method of `\(prefix)ViewProtocol` on each change, which runs that code in the view, so every change still updates the screen."
            parts.append(EstimatePart(4 * observed.count, "a display call per observed property, made by the presenter on each change"))
        }
        let earlySet = properties.filter { beforeSuper[$0.name] != nil }
        for initializer in uniqued(earlySet.compactMap { beforeSuper[$0.name] }) {
            let setNames = earlySet.filter { beforeSuper[$0.name] == initializer }.map(\.name), set = setNames.map { "`\($0)`" }
            // Every line there that reads or sets them uses the locals: no computed forward can run before `super.init(…)`.
            let lines = Set(setNames.flatMap { early[$0] ?? [] }).count
            sentences += " `\(initializer)` sets \(TaskGrouping.list(set)) before `super.init(…)`, when the view has no presenter yet: it computes \(set.count == 1 ? "the value" : "the values") into locals there"
                + (lines > 0 ? " (its \(lines) line\(lines == 1 ? " before `super.init(…)` that reads or sets" : "s before `super.init(…)` that read or set") \(set.count == 1 ? "it" : "them") use\(lines == 1 ? "s" : "") the local\(set.count == 1 ? "" : "s"): a computed forward cannot be used before `super.init(…)`)" : "")
                + " and hands them to the presenter it makes right after `super.init(…)`; nothing is set through the presenter before then."
            parts.append(EstimatePart(2 * set.count + 2 * lines, "locals in `\(initializer)` handed to the presenter after `super.init(…)`"))
        }
        let read = properties.filter { readBeforeSuper[$0.name] != nil }
        for initializer in uniqued(read.compactMap { readBeforeSuper[$0.name] }) {
            let names = read.filter { readBeforeSuper[$0.name] == initializer }
            let one = names.count == 1
            sentences += " `\(initializer)` reads \(TaskGrouping.list(names.map { "`\($0.name)`" })) before `super.init(…)`, when the view has no presenter yet: "
                + "it reads \(one ? "the initial value" : "the initial values") the presenter starts from (a `static let` both use) there, never `presenter.\(names[0].name)`."
            parts.append(EstimatePart(2 * names.count, "initial value\(one ? "" : "s") `\(initializer)` reads before `super.init(…)` shared as a `static let`"))
        }
        return (sentences, parts)
    }

    /// "`A.swift` 12, 40; `A+List.swift` 7": at most `limit` lines shown.
    static func siteList(_ sites: [Site], limit: Int = 8) -> String {
        var shown = 0, parts: [String] = []
        for path in uniqued(sites.map(\.path)) where shown < limit {
            let lines = sites.filter { $0.path == path }.map(\.line).sorted().prefix(limit - shown)
            shown += lines.count
            parts.append("`\(shortPath(path))` " + lines.map(String.init).joined(separator: ", "))
        }
        return parts.joined(separator: "; ") + (sites.count > shown ? " and \(sites.count - shown) more" : "")
    }

    private static func task(_ names: [String], part: Int?, sites: [String: [Site]], beforeSuper: [String: String], readBeforeSuper: [String: String], early: [String: Set<String>],
                             facts: ScreenStateFacts, screen: String) -> PlanTask {
        let prefix = modulePrefix(screen), presenter = "`\(prefix)Presenter`"
        let list = TaskGrouping.list(names.map { "`\($0)`" }), one = names.count == 1
        let all = uniqued(names.flatMap { sites[$0] ?? [] }.sorted())
        let moved = uniqued(all.filter(\.inInteractorMove).map { "\($0.path):\($0.line)" })
        // Where the view sets the state up today: there it hands the initial values on.
        let setUp = uniqued(facts.accesses.filter { access in
            access.isWrite && names.contains(access.name) && ["init", "viewDidLoad", "awakeFromNib", "loadView"].contains(baseName(access.member ?? ""))
        }.compactMap(\.member))
        let start = setUp.isEmpty ? "the initial values move with the declarations"
            : "the view hands \(presenter) the initial values where it sets them today (\(TaskGrouping.list(setUp.map { "`\($0)`" })))"
        // Code outside the view (another type, a static method of the screen's) that reads or sets
        // the state keeps compiling through a forward the view keeps until the builder takes the value.
        let elsewhere = uniqued(all.filter(\.elsewhere).map { "`\(shortPath($0.path)):\($0.line)`" })
        // A `public`/`open` property of a `public`/`open` screen is API other modules read or set:
        // it keeps a forward too, whoever in this project uses it.
        let api = isAPI(screen, index: facts.index) ? names.filter { facts.state[$0]?.isPublic == true } : []
        let apiOnly = api.filter { sites[$0]?.contains(where: \.elsewhere) != true }
        let outside = names.filter { sites[$0]?.contains(where: \.elsewhere) == true || api.contains($0) }
        let view = all.filter { !$0.elsewhere }
        // Lines before `super.init(…)` use locals instead (said with the initialiser): the rest compile unchanged.
        let beforeInit = Set(names.flatMap { early[$0] ?? [] })
        let unchanged = view.filter { !beforeInit.contains("\($0.path):\($0.line)") }
        // The view keeps a computed property of each name over the presenter's: its own lines that
        // read or set the state compile unchanged (no rename-only churn), and each later PR that moves
        // such a line out uses the presenter's own. Code outside the view needs an internal one, other
        // modules a `public` one; the rest are private.
        let forward = { (p: PropertyFact) -> String in
            let access = api.contains(p.name) ? "public " : outside.contains(p.name) ? "" : "private "
            // The type as declared: an optional or generic property forwards the same type.
            guard let type = p.declaredType ?? p.initializerType else {
                return "`\(p.name)` as a \(access)computed property that " + (p.isLet ? "returns" : "gets and sets") + " `presenter.\(p.name)`"
            }
            return "`\(access)var \(p.name): \(type) { " + (p.isLet ? "presenter.\(p.name) }`" : "get { presenter.\(p.name) } set { presenter.\(p.name) = newValue } }`")
        }
        let example = names.first.flatMap { facts.state[$0] }.map(forward) ?? ""
        let usedElsewhere = outside.filter { !apiOnly.contains($0) }.compactMap { facts.state[$0] }.map(forward)
        let apiForwards = apiOnly.compactMap { facts.state[$0] }.map(forward)
        let settable = names.filter { facts.state[$0]?.isLet == false }
        let fix = "Move \(list) into \(presenter), which owns \(one ? "it" : "them") from this PR on: \(start). The view keeps a computed property of "
            + (one ? "that name" : "each name") + " over the presenter's (\(example)" + (one ? "" : ", and one like it for each of the others") + "), so the "
            + "\(unchanged.count) line\(unchanged.count == 1 ? "" : "s") of the view that read or set \(one ? "it" : "them") today (\(siteList(unchanged))) compile unchanged: no line is rewritten only to say `presenter.`, and each later PR that moves such a line out uses the presenter's own"
            + (moved.isEmpty ? "" : " (\(moved.count) of them \(moved.count == 1 ? "is" : "are") in members the Interactor PRs move: by then \(moved.count == 1 ? "it is an argument" : "they are the arguments") the view passes to the use cases, which the presenter passes now)")
            + (elsewhere.isEmpty ? ". " : ". Code outside the view reads or sets \(TaskGrouping.list(outside.filter { !apiOnly.contains($0) }.map { "`\($0)`" })) too (\(TaskGrouping.list(Array(elsewhere.prefix(4))))\(elsewhere.count > 4 ? " and \(elsewhere.count - 4) more" : "")): \(usedElsewhere.count == 1 ? "its forward is" : "their forwards are") internal, not private (\(TaskGrouping.list(usedElsewhere))), so those lines compile unchanged until the module's builder takes the value. ")
            + (apiOnly.isEmpty ? "" : "\(TaskGrouping.list(apiOnly.map { "`\($0)`" })) \(apiOnly.count == 1 ? "is" : "are") `public` API of \(screen), which other modules may read or set: \(apiOnly.count == 1 ? "its forward is" : "their forwards are") `public` (\(TaskGrouping.list(apiForwards))), so that API keeps compiling (deprecate \(apiOnly.count == 1 ? "it" : "them") before \(apiOnly.count == 1 ? "it goes" : "they go")). ")
            + "The use cases the earlier PRs moved get \(one ? "it" : "them") from the presenter instead of the view; the Presenter PRs after this one use \(one ? "it" : "them") as the presenter's own. "
            + "`\(prefix)PresenterProtocol` declares \(one ? "a read-only property" : "read-only properties") for what the view still renders from"
            + (settable.isEmpty ? "." : ", and `{ get set }` for \(TaskGrouping.list(settable.map { "`\($0)`" })), which the forwards set.")
        let properties = names.compactMap { facts.state[$0] }
        let kept = behaviourKept(properties, beforeSuper: beforeSuper, readBeforeSuper: readBeforeSuper, early: early, prefix: prefix)
        let lines = unchanged
        var task = PlanTask(category: .P, title: "Move the screen's state \(list) into \(prefix)Presenter" + (part.map { " (part \($0))" } ?? ""),
                            fingerprint: FindingFingerprint.make(rule: rule, type: screen, member: nil, discriminator: part.map(String.init) ?? ""),
                            rule: nil, viewController: screen, member: nil, file: facts.screenPath, line: properties.first?.position.line ?? 1,
                            severity: .medium,
                            problem: "\(screen) owns the state its use cases work on (\(list)): each use case moved out takes \(one ? "it as a parameter" : "them as parameters") the view passes and hands new values back for the view to keep, so the view stays \(one ? "its" : "their") owner and never becomes passive.",
                            fix: fix + kept.sentences,
                            evidence: properties.prefix(5).map { p in
                                "`\(shortPath(facts.screenPath)):\(p.position.line)` `\(p.isLet ? "let" : "var") \(p.name)` — read or set on \(sites[p.name]?.count ?? 0) line\(sites[p.name]?.count == 1 ? "" : "s")"
                            },
                            estimate: [EstimatePart(2 * names.count, "\(names.count) stored propert\(one ? "y" : "ies") moved to \(presenter)"),
                                       EstimatePart(4 * names.count, "\(names.count) computed forward\(one ? "" : "s") kept in the view (its \(lines.count) line\(lines.count == 1 ? "" : "s") that read or set \(one ? "it" : "them") unchanged)"),
                                       EstimatePart(names.count, "\(names.count) propert\(one ? "y" : "ies") in `\(prefix)PresenterProtocol`"),
                                       EstimatePart(4 * names.count, "a case per property in `\(prefix)PresenterTests`: its initial value and a change")]
                                + kept.parts)
        task.concern = concern
        task.properties = names
        task.edits = uniqued(view.map(\.path)).filter { $0 != facts.screenPath }
        return task
    }

    /// The screen is `public` or `open`: other modules see its `public` members.
    static func isAPI(_ screen: String, index: TypeIndex) -> Bool {
        guard let t = index.resolve(screen) else { return false }
        return index.types[t].decls.contains { location in ["open", "public"].contains(where: index.decl(location).modifiers.contains) }
    }
}
