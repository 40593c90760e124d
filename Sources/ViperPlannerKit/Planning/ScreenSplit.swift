/// Where every code line of a view controller goes in its module: the Interactor (I/O, business
/// rules), the Presenter (formatting, the state the screen shows and how it is assembled), the
/// Router (navigation) or the view (layout, UIKit callbacks, animations, the forwards that stay).
/// Computed per member from the facts; the plan shows the totals and plans a move for every member
/// that has lines to leave.
struct ScreenSplit: Sendable, Hashable {
    enum Destination: String, CaseIterable, Sendable, Hashable {
        case interactor = "Interactor", presenter = "Presenter", router = "Router", deleted = "deleted (unused)", view = "stays in the view"
    }

    struct Member: Sendable, Hashable {
        var name: String
        var file: String
        var line: Int
        var codeLines: Int
        var lines: [Destination: Int]
        /// UIKit, Interface Builder or a protocol calls it, or it is named for a gesture: it stays as a forward.
        var isTrigger: Bool
        /// Its own destination when it has no finding: view-state assembly, a business rule.
        var role: String
    }

    var members: [Member] = []
    /// Stored properties by destination (outlets stay, services go to the Interactor, state to the Presenter).
    var properties: [Destination: Int] = [:]
    /// Helpers only a service factory uses → that factory: they move in its task.
    var setUpOf: [String: String] = [:]
    /// Declarations, braces and nested types: what stays of the class itself.
    var shell = 0
    var codeLines = 0

    func lines(_ d: Destination) -> Int {
        members.reduce(properties[d] ?? 0) { $0 + ($1.lines[d] ?? 0) } + (d == .view ? shell : 0)
    }
    var assigned: Int { Destination.allCases.reduce(0) { $0 + lines($1) } }

    /// Receivers that are the view itself or UIKit's containers around it.
    static let viewRoots: Set<String> = ["view", "tableView", "collectionView", "navigationController", "navigationItem", "tabBarController",
                                         "refreshControl", "searchController", "splitViewController", "presentingViewController",
                                         "toolbarItems", "scrollView", "dataSource", "traitCollection", "layer"]
    static let uikitCalls: Set<String> = ["reloadData", "reloadSections", "reloadRows", "reloadItems", "insertRows", "deleteRows",
                                          "insertItems", "deleteItems", "performBatchUpdates", "beginUpdates", "endUpdates", "setNeedsLayout",
                                          "layoutIfNeeded", "addSubview", "removeFromSuperview", "animate", "setTitle", "setImage",
                                          "endRefreshing", "beginRefreshing", "deselectRow", "selectRow", "scrollToRow", "scrollToItem",
                                          "dequeueReusableCell", "register", "setNavigationBarHidden", "setEditing", "becomeFirstResponder",
                                          "resignFirstResponder", "apply", "present", "dismiss", "pushViewController", "popViewController"]

    /// The split of one view controller. `wrappers`: the project types its I/O goes through; a
    /// property of one of them is a service (its lines go with the I/O), a property of any other
    /// class (a coordinator, a helper, a child view model) is a collaborator the view keeps.
    static func of(_ t: Int, index: TypeIndex, profile: ResponsibilityProfile?, namer: UseCaseNamer, wrappers: Set<String>,
                   unused: Set<String> = []) -> ScreenSplit {
        var split = ScreenSplit()
        let sites = profile?.sites ?? []
        var uiProperties: Set<String> = [], serviceProperties: Set<String> = [], stateProperties: Set<String> = [], collaborators: Set<String> = []
        for (_, decl) in index.declarations(of: t) {
            for p in decl.properties where !p.isStatic {
                let typeName = p.typeName ?? p.initializerType ?? ""
                if p.isIBOutlet || TypeIndex.isViewTypeName(typeName) || typeName.hasPrefix("UI") || typeName.hasPrefix("NS") && typeName.hasSuffix("Constraint")
                    || Self.isViewMechanics(property: p.name, type: typeName) {
                    uiProperties.insert(p.name)
                } else if wrappers.contains(StrongReferences.bareName(typeName)), !typeName.hasPrefix("[") {
                    serviceProperties.insert(p.name)
                } else if let u = index.resolve(StrongReferences.bareName(typeName)), index.types[u].role != .view,
                          index.types[u].kind == .class || index.types[u].kind == .protocol || index.types[u].kind == .actor {
                    collaborators.insert(p.name)
                } else {
                    stateProperties.insert(p.name)
                }
            }
        }
        // A service whose code the sources do not show, named as a type (`Store.shared().save(…)`): its calls are I/O.
        let opaqueTypes = Set(wrappers.filter { index.isOpaqueService($0) || index.resolve($0).map { !index.projectServiceMembers(of: $0).members.isEmpty } == true })
        // Calls into services the sources do not show, wherever the chain to them starts.
        var opaqueLines: [String: Set<Int>] = [:]
        for call in index.opaqueCalls(of: t) { opaqueLines[call.file + "#" + call.member, default: []].insert(call.line) }
        for (path, decl) in index.declarations(of: t) where !decl.isNested {
            split.codeLines += decl.codeLines
            var inMembers = 0
            let controls = TypeIndex.controlLines(in: decl, ownProperties: uiProperties.union(serviceProperties).union(stateProperties).union(collaborators))
            for fn in decl.functions {
                // Debug menus and test switches are counted in the size but planned as nothing.
                if decl.testOnlySpans.contains(where: { $0.from <= fn.position.line && fn.endLine <= $0.to }) {
                    split.members.append(Member(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines,
                                                lines: [.view: fn.codeLines], isTrigger: false, role: "test-only"))
                    inMembers += fn.codeLines
                    continue
                }
                if unused.contains(fn.name) {
                    split.members.append(Member(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines,
                                                lines: [.deleted: fn.codeLines], isTrigger: false, role: "unused"))
                    inMembers += fn.codeLines
                    continue
                }
                let member = split.member(fn, path: path, decl: decl, controls: controls[fn.name] ?? [], sites: sites.filter { $0.member == fn.name && $0.file == path },
                                          serviceCalls: opaqueLines[path + "#" + fn.name] ?? [],
                                          ui: uiProperties.union(collaborators), services: serviceProperties.union(opaqueTypes),
                                          serviceTypes: wrappers.union(opaqueTypes), state: stateProperties, namer: namer,
                                          index: index)
                inMembers += fn.codeLines
                split.members.append(member)
            }
            for p in decl.properties where !p.isStatic && !p.isComputed {
                let d: Destination = unused.contains(p.name) ? .deleted : uiProperties.contains(p.name) || collaborators.contains(p.name) ? .view
                    : serviceProperties.contains(p.name) ? .interactor : .presenter
                split.properties[d, default: 0] += 1
                inMembers += 1
            }
            split.shell += max(0, decl.codeLines - inMembers)
        }
        split.joinServiceFactories(of: t, index: index)
        return split
    }

    /// A helper only the making of a service uses (a lazily made cookie jar the connection factory
    /// hands each connection) is part of that set-up: it goes to the Interactor with the factory,
    /// never to the Presenter as view state.
    private mutating func joinServiceFactories(of t: Int, index: TypeIndex) {
        let factories = Set(members.filter { $0.role == "service factory" }.map(\.name))
        guard !factories.isEmpty else { return }
        let decls = index.declarations(of: t).map(\.decl)
        for i in members.indices where ["view-state assembly", "business rule"].contains(members[i].role) {
            let base = baseName(members[i].name)
            let users = Set(decls.flatMap { decl in
                decl.references.filter { $0.name == base && ($0.chain.isEmpty || $0.chain == ["self"]) }.compactMap(\.member)
                    + decl.propertyAccesses.filter { $0.name == base }.compactMap(\.member)
            }).subtracting([members[i].name])
            guard !users.isEmpty, users.isSubset(of: factories) else { continue }
            let moving = (members[i].lines[.presenter] ?? 0) + (members[i].lines[.interactor] ?? 0)
            members[i].lines[.presenter] = nil
            members[i].lines[.interactor] = moving
            members[i].role = Self.factorySetUp
            setUpOf[members[i].name] = users.sorted()[0]
        }
    }

    /// The role of a helper that moves with the service factory it serves (`setUpOf`).
    static let factorySetUp = "service set-up"

    /// One function's lines by destination.
    private func member(_ fn: FunctionFact, path: String, decl: TypeDeclFacts, controls: [Int], sites: [ResponsibilitySite], serviceCalls: Set<Int>,
                        ui: Set<String>, services: Set<String>, serviceTypes: Set<String>, state: Set<String>, namer: UseCaseNamer, index: TypeIndex) -> Member {
        let viewCode = Set(fn.viewBuildingLines).union(controls)
        let (uiLines, serviceLines, stateLines) = Self.linesTouching(fn, path: path, decl: decl, viewCode: viewCode, serviceCalls: serviceCalls,
                                                                     ui: ui, services: services, state: state, index: index)
        let ioLines = Set(sites.filter { [.networking, .persistence, .businessLogic].contains($0.family) }.map(\.position.line)).union(serviceLines)
        let formatLines = Set(sites.filter { $0.family == .formatting }.map(\.position.line))
        let navLines = Set(sites.filter { $0.family == .navigation }.map(\.position.line))
        let trigger = namer.isTrigger(fn.name)
        // A static method runs with no screen: it is its callers' helper (a factory, a way to show
        // the screen), which the Builder takes over, never a use case of the screen's Interactor.
        if fn.isStatic {
            return Member(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines, lines: [.view: fn.codeLines], isTrigger: false, role: "static helper")
        }
        // `perform(descriptor.selector)` on the screen sends one of its own `@objc` methods: only
        // the screen can run it, so the dispatch stays in the view, whatever state it reads.
        if Self.sendsOwnSelector(fn, in: decl) {
            return Member(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines, lines: [.view: fn.codeLines], isTrigger: trigger, role: "selector dispatch")
        }
        let body = max(0, fn.codeLines - 2)   // the signature and the closing brace stay with whatever is left
        var lines: [Destination: Int] = [:]
        // An initialiser's code before `super.init(…)` assigns stored properties and cannot call
        // another object through `self`: it stays in the view whatever it computes.
        let beforeSuper = min(body, Self.superInitLine(fn, in: decl).map { max(0, $0 - fn.position.line - 1) } ?? 0)
        var left = body - beforeSuper
        func take(_ d: Destination, _ n: Int) { let k = min(left, n); if k > 0 { lines[d, default: 0] += k; left -= k } }
        take(.router, 3 * navLines.count)
        // What the Router took is no longer in the body: the lines around each navigation it took are
        // the destination's UIKit set-up (the sheet it makes, its popover anchor); the other UIKit
        // lines are kept from what is left.
        let routed = max(0, (lines[.router] ?? 0) - navLines.count)
        let nonUI = max(0, left - max(0, uiLines.subtracting(ioLines).subtracting(formatLines).subtracting(navLines).count - routed))
        var role = trigger ? "trigger" : "helper"
        if !ioLines.isEmpty || !formatLines.isEmpty {
            // A member that builds views is a view update: only its I/O and the lines around it leave.
            if trigger || uiLines.count * 2 > body || !viewCode.isEmpty {
                // Around each call a few lines go with it, never one that touches UIKit.
                let io = min(3 * ioLines.count, nonUI)
                take(.interactor, io)
                take(.presenter, min(3 * formatLines.count + stateLines.subtracting(ioLines).subtracting(uiLines).count, nonUI - io))
            } else {
                // A helper with I/O moves whole but for its view code, which becomes the output's display call.
                take(formatLines.count > ioLines.count ? .presenter : .interactor, nonUI)
            }
        } else if viewCode.isEmpty && Self.mapsErrors(fn) {
            // Which alert or message each error shows: the presenter decides, the view shows it.
            role = "view-state assembly"
            take(.presenter, body)
        } else if !fn.isStatic, !trigger, let made = fn.returnType, serviceTypes.contains(made), !KnownTypes.isSystemTypeName(made) {
            // It makes a service the use cases call (`instantiateConnection(for:) -> Connection`): the
            // Interactor's, through the factory the seams PR injects, never view state.
            role = "service factory"
            take(.interactor, nonUI)
        } else if !trigger, decl.references.contains(where: { $0.member == fn.name && isOwnExit($0, in: decl) }) {
            // It closes the screen (telling its creator on the way, through a stored completion):
            // the Router's exit, which the exit route takes over, never view state to assemble.
            role = "exit"
            take(.router, nonUI)
        } else if trigger {
            // The decision a callback makes on the screen's state moves to the Presenter; the callback forwards.
            take(.presenter, stateLines.subtracting(uiLines).count)
        } else if viewCode.isEmpty && uiLines.count * 3 < max(body, 1) && !Self.isLayoutName(fn.name)
                    && !["init", "deinit"].contains(baseName(fn.name))   // sets the screen up: the builder's, later
                    && !fn.isStatic && !Self.returnsView(fn.returnType)  // a type's metadata; a cell or view it looks up
                    && (!stateLines.isEmpty || fn.returnType != nil) {
            // Logic on the screen's state (or a value it computes) with little view code.
            role = Self.isBusinessRule(fn) ? "business rule" : "view-state assembly"
            take(role == "business rule" ? .interactor : .presenter, nonUI)
        }
        lines[.view, default: 0] += left + beforeSuper + (fn.codeLines - body)
        return Member(name: fn.name, file: path, line: fn.position.line, codeLines: fn.codeLines, lines: lines, isTrigger: trigger, role: role)
    }

    /// A function's lines that touch UIKit (views it builds, controls it works through any
    /// receiver, its UI properties), its services, and the screen's state.
    private static func linesTouching(_ fn: FunctionFact, path: String, decl: TypeDeclFacts, viewCode: Set<Int>, serviceCalls: Set<Int>,
                                      ui: Set<String>, services: Set<String>, state: Set<String>, index: TypeIndex)
        -> (ui: Set<Int>, services: Set<Int>, state: Set<Int>) {
        let range = fn.position.line...max(fn.position.line, fn.endLine)
        var uiLines = viewCode, serviceLines = serviceCalls, stateLines: Set<Int> = []
        for ref in decl.references where ref.member == fn.name && range.contains(ref.position.line) {
            let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
            let head = chain.first ?? ref.name
            if ui.contains(head) || viewRoots.contains(head) || (chain.isEmpty && uikitCalls.contains(ref.name))
                || timingCalls.contains(ref.name) {
                uiLines.insert(ref.position.line)
            } else if services.contains(head), !(chain.isEmpty && ref.isAssignment) {
                // Setting the service property itself (`self.controller = controller`) is wiring, not I/O.
                serviceLines.insert(ref.position.line)
            } else if state.contains(head) {
                stateLines.insert(ref.position.line)
            }
        }
        for access in decl.propertyAccesses where access.member == fn.name && range.contains(access.position.line) {
            if ui.contains(access.name) { uiLines.insert(access.position.line) }
            else if state.contains(access.name) { stateLines.insert(access.position.line) }
        }
        uiLines.formUnion(uikitLines(of: fn, path: path, decl: decl, index: index))
        return (uiLines, serviceLines, stateLines)
    }

    /// The line of an initialiser's `super.init(…)` or `self.init(…)` call; nil for other members.
    static func superInitLine(_ fn: FunctionFact, in decl: TypeDeclFacts) -> Int? {
        guard fn.name.hasPrefix("init(") else { return nil }
        return decl.references.first { $0.member == fn.name && $0.isCall && $0.name == "init" && ($0.chain == ["super"] || $0.chain == ["self"])
            && $0.position.line >= fn.position.line && $0.position.line <= fn.endLine }?.position.line
    }

    /// The lines of a member that make or change a piece of UIKit: they name a UI framework type or
    /// a project type bound to one (`UIAlertController(…)`, `UIApplication.shared.open`, `OptionItem(…)`),
    /// or work on a local or parameter of such a type (`alert.addAction(…)`, `row.value = …`). A
    /// layer that imports Foundation only can take none of them.
    static func uikitLines(of fn: FunctionFact, path: String, decl: TypeDeclFacts, index: TypeIndex) -> Set<Int> {
        var lines = Set(fn.typeMentions.filter { index.isUIBound($0.name, near: path) }.map(\.line))
        let range = fn.position.line...max(fn.position.line, fn.endLine)
        for ref in decl.references where ref.member == fn.name && range.contains(ref.position.line) {
            guard let head = ref.headType, !head.hasPrefix("="), !lines.contains(ref.position.line) else { continue }
            if index.isUIBound(StrongReferences.bareName(head), near: path) { lines.insert(ref.position.line) }
        }
        for closure in decl.closures where closure.member == fn.name && range.contains(closure.position.line)
            && runsAfterUIKit(closure, in: fn, path: path, index: index) {
            lines.formUnion(closure.position.line...max(closure.position.line, closure.endLine))
        }
        return lines
    }

    /// A closure UIKit runs when a piece of it is done: the completion of a `present`, `dismiss` or
    /// animation, a handler passed to a UIKit type (`IssueCard.present(on:completion:)`), or a
    /// closure handed to a closure parameter of the member (`hudCompletion({ … })`: the caller's
    /// continuation once its progress view is gone). Its body reacts on screen: the view's.
    static func runsAfterUIKit(_ closure: ClosureFact, in fn: FunctionFact, path: String, index: TypeIndex) -> Bool {
        guard case .callArgument(let fullChain, let headType, let name) = closure.context else { return false }
        let chain = fullChain.first == "self" ? Array(fullChain.dropFirst()) : fullChain
        if uiCompletionCalls.contains(name) { return true }
        if let head = chain.first, viewRoots.contains(head) { return true }
        if let type = headType ?? chain.first.flatMap({ $0.first?.isUppercase == true ? $0 : nil }),
           index.isUIBound(StrongReferences.bareName(type), near: path) { return true }
        guard chain.isEmpty, let open = fn.name.firstIndex(of: "(") else { return false }
        let labels = fn.name[fn.name.index(after: open)...].split(separator: ":").map(String.init)
        guard let i = labels.firstIndex(of: name), i < fn.parameterTypes.count else { return false }
        return fn.parameterTypes[i].contains("->")
    }

    /// UIKit calls whose closure argument runs once the screen has changed.
    static let uiCompletionCalls: Set<String> = ["present", "dismiss", "pushViewController", "popViewController", "animate",
                                                 "transition", "performBatchUpdates", "setViewControllers", "animateAlongsideTransition"]

    /// `layoutButtons()`, `styleHeader()`, `configureToolbarWithProgressView()`: named for the
    /// view's looks or for a piece of UIKit it sets up, whatever their body.
    static func isLayoutName(_ name: String) -> Bool {
        let base = baseName(name)
        if ["layout", "style", "setupConstraints", "setUpConstraints", "setupLayout", "setupViews", "setUpViews", "addSubviews", "animate", "applyTheme", "apply"]
            .contains(where: { startsWithWord(base, $0) || base == $0 }) { return true }
        let noun = UseCaseNamer.isViewVerb(base) ? String(base.drop { !$0.isUppercase }) : ""
        return UseCaseNamer.isViewNoun(noun) || ["View", "Views", "Toolbar", "Bar", "Button", "Buttons", "Constraints"].contains { noun.hasSuffix($0) }
    }

    /// A member handed an error that decides what to show for it (`handleError(_ error: AuthError)`
    /// choosing between alerts): the error's presentation, the Presenter's.
    static func mapsErrors(_ fn: FunctionFact) -> Bool {
        // It picks between the screen's own presentations (two or more), not one alert it builds.
        fn.codeLines >= 5 && fn.parameterTypes.contains { $0 == "Error" || $0.hasSuffix("Error") }
            && Set(fn.selfCalls).subtracting(uikitCalls).count >= 2
    }

    /// A return type that is a piece of UIKit (`UITableViewCell?`, `TagCell`, `UIView`): a lookup
    /// or builder of views, view code wherever it sits.
    static func returnsView(_ type: String?) -> Bool {
        guard var type, !type.isEmpty else { return false }
        while type.last == "?" || type.last == "!" { type.removeLast() }
        return type.hasPrefix("UI") || ["Cell", "View", "Button", "Label", "Controller", "Layer"].contains(where: type.hasSuffix)
    }

    /// The member dispatches a selector to the screen itself (`perform(descriptor.selector)`).
    static func sendsOwnSelector(_ fn: FunctionFact, in decl: TypeDeclFacts) -> Bool {
        let range = fn.position.line...max(fn.position.line, fn.endLine)
        return decl.references.contains { ref in
            ref.member == fn.name && range.contains(ref.position.line) && ref.isCall && selectorDispatch.contains(ref.name)
                && (ref.chain.isEmpty || ref.chain == ["self"])
        }
    }

    /// Objective-C dispatch of a selector to a receiver (`perform(_:)`, `perform(_:with:)`).
    static let selectorDispatch: Set<String> = ["perform", "performSelector", "sendAction"]

    /// Calls that time the view's own updates (`DispatchQueue.main.asyncAfter`): view mechanics.
    static let timingCalls: Set<String> = ["asyncAfter", "scheduledTimer"]

    /// State that serves the view's mechanics, not what it shows: animation and transition flags,
    /// queued updates and their completion handlers, timers.
    static func isViewMechanics(property name: String, type: String) -> Bool {
        let lower = name.lowercased()
        return ["animat", "transition", "queued", "pendingupdate", "timer", "displaylink", "layout"].contains { lower.contains($0) }
            || ["Timer", "CADisplayLink", "DispatchWorkItem"].contains(StrongReferences.bareName(type))
    }

    /// Permissions, validations and conversions: a decision on the data, not on its display.
    static func isBusinessRule(_ fn: FunctionFact) -> Bool {
        let base = baseName(fn.name)
        // A check that shows or hides the screen's warnings on the way (`displayEmailWarning(_:)`)
        // decides what the screen shows: the Presenter's, whatever it answers.
        if fn.selfCalls.contains(where: { call in UseCaseNamer.isViewVerb(call) || ["dismiss", "hide"].contains { startsWithWord(call, $0) } }) { return false }
        if fn.returnType == "Bool" { return true }
        return ["is", "can", "should", "has", "validate", "check", "convert", "calculate", "compute", "total", "verify"].contains { startsWithWord(base, $0) || base == $0 }
    }

    /// "Interactor 310 (25%) · Presenter 280 (22%) · Router 40 (3%) · stays in the view 620 (50%)".
    var summary: String {
        Destination.allCases.filter { $0 != .deleted || lines($0) > 0 }.map { d in
            let n = lines(d)
            return "\(d.rawValue) \(n) (\(codeLines == 0 ? 0 : n * 100 / codeLines)%)"
        }.joined(separator: " · ")
    }
}
