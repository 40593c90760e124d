/// Names the module's contract for what the screen does, the way a lead writes it: an Interactor
/// input is a use case named for what it reads, requests or stores (`fetchOrders(page:)`,
/// `saveSettings()`), a Presenter output is a view state or a display event (`displayRows(_:)`).
/// Lifecycle methods, actions and delegate callbacks only trigger them: they are never members.
struct UseCaseNamer {
    let index: TypeIndex
    let type: Int
    let prefix: String
    let mobility: [String: MemberMobility]

    init(index: TypeIndex, type: Int, mobility memo: MobilityMemo? = nil) {
        self.index = index
        self.type = type
        prefix = modulePrefix(index.types[type].name)
        mobility = (memo ?? MobilityMemo(index: index)).of(type)
    }

    init(index: TypeIndex, type: Int, mobility: [String: MemberMobility]) {
        self.index = index
        self.type = type
        prefix = modulePrefix(index.types[type].name)
        self.mobility = mobility
    }

    static let lifecycle: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "viewSafeAreaInsetsDidChange", "loadView", "awakeFromNib", "init", "deinit",
        "traitCollectionDidChange", "prepare", "viewWillTransition", "updateViewConstraints", "willMove", "didMove",
        "didReceiveMemoryWarning", "viewIsAppearing", "encodeRestorableState", "decodeRestorableState"]

    /// `viewDidLoad()`, `init(coder:)`, `prepare(for:sender:)` (a plain `prepare()` is no lifecycle method).
    static func isLifecycle(_ member: String) -> Bool {
        let base = baseName(member)
        return base == "prepare" ? member == "prepare(for:sender:)" : lifecycle.contains(base)
    }

    /// `searchBar(_:textDidChange:)`, `willPresentSearchController(_:)`: the shape of a delegate callback.
    static func isDelegateShaped(_ member: String) -> Bool {
        let base = baseName(member)
        let labels = member.split(separator: "(").dropFirst().first.map { $0.split(separator: ":") } ?? []
        guard labels.first == "_" else { return false }
        if ["will", "did", "should"].contains(where: { startsWithWord(base, $0) }) { return true }
        let words = base.filter(\.isUppercase).count
        return labels.count >= 2 && words <= 1 && ["View", "Bar", "Field", "Controller", "Picker", "Session"].contains { base.hasSuffix($0) }
    }

    /// A member UIKit, Interface Builder, the Objective-C runtime or a protocol calls, or one named
    /// for the gesture that runs it (`onMarkAll`, `saveButtonTapped`): it triggers use cases.
    func isTrigger(_ member: String) -> Bool {
        let base = baseName(member)
        if Self.isLifecycle(member) || Self.isActionName(base) || Self.isDelegateShaped(member) { return true }
        guard let m = mobility[member] else { return false }
        return m.isOverride || m.frameworkCallback != nil || m.protocolRequirement != nil || !m.selectors.isEmpty
            || m.exposingAttributes.contains { ["IBAction", "IBSegueAction", "objc"].contains($0) }
    }

    static let actionPrefixes = ["didTap", "didPress", "didSelect", "didChange", "handle", "on", "tapped", "tap", "pressed"]
    static let actionSuffixes = ["ButtonTapped", "ButtonPressed", "ButtonClicked", "ButtonAction", "Tapped", "Pressed", "Clicked",
                                 "Action", "DidChange", "ValueChanged", "Changed", "Toggled", "Button", "Tap"]

    static let controlWords = ["searchBar", "tableView", "collectionView", "textField", "textView", "pickerView", "scrollView", "segmentedControl", "webView"]

    /// `filterViewController(_:didApply:)` → "apply": what a delegate callback reports the user did.
    static func reportedVerb(_ member: String) -> String? {
        // A table's or a collection's own callbacks (`tableView(_:didSelectRowAt:)`) report a gesture
        // on a row, not what the user did to the data.
        let labels = member.split(separator: "(").dropFirst().first.map { $0.split(separator: ":").map(String.init) } ?? []
        guard labels.first == "_", !controlWords.contains(baseName(member)) else { return nil }
        for label in labels.dropFirst() {
            for tense in ["didFinish", "did", "will"] where startsWithWord(label, tense) {
                let verb = lowerFirst(String(label.dropFirst(tense.count)))
                let first = String(verb.prefix { !$0.isUppercase })
                if isVerb(first) { return verb }
            }
        }
        return nil
    }

    static func isActionName(_ base: String) -> Bool {
        actionPrefixes.contains { startsWithWord(base, $0) } || actionSuffixes.contains { base.hasSuffix($0) && base.count > $0.count }
    }

    /// `onMarkAll` → "markAll"; `saveButtonTapped` → "save"; "" when nothing is left.
    static func gesturePhrase(_ base: String) -> String {
        var words = base
        // A control's delegate names its control first: `searchBarSearchButtonClicked` → "search".
        for control in controlWords where startsWithWord(words, control) { words = lowerFirst(String(words.dropFirst(control.count))); break }
        for p in actionPrefixes where startsWithWord(words, p) { words = String(words.dropFirst(p.count)); break }
        for s in actionSuffixes where words.hasSuffix(s) && words.count > s.count { words = String(words.dropLast(s.count)); break }
        return words == base && !isActionName(base) ? "" : lowerFirst(words)
    }

    /// The use case the I/O of one member becomes, with its signature.
    func input(member: String?, tasks: [PlanTask]) -> (name: String, signature: String) {
        // A member that takes or returns views (`applySnapshot(_:)` of a diffable data source) is
        // the view's own API, never a use case, whatever it is called.
        // Calls into services the sources do not show name the use case themselves (`loginWithCode`):
        // the member around them (`performSimperiumAuthentication()`) is how the view runs it.
        // A project wrapper's method is a use case already (`AuthHandler.loginWithCode`); a
        // member named for its data work (`renameTag(_:to:)`) keeps its name over a raw call.
        let serviceCalls = !tasks.isEmpty && tasks.allSatisfy { $0.rule == nil && !$0.wrappers.isEmpty }
            && (tasks.contains { $0.wrappers.contains { index.resolve($0) != nil } }
                || !TypeIndex.dataVerbs.contains { baseName(member ?? "") == $0 || ViperPlannerKit.startsWithWord(baseName(member ?? ""), $0) })
        if let member, !serviceCalls, let (fn, _) = function(member), !isTrigger(member), !Self.isViewVerb(baseName(member)),
           !["init", "deinit", "subscript"].contains(baseName(member)), !Self.touchesViews(fn) {
            return memberUseCase(member, fn, tasks: tasks)
        }
        // The project API the code calls names the use case (`OrdersService.fetchOrders` → `fetchOrders`).
        let wrapperCalls = tasks.flatMap(\.apis).compactMap { api -> (String, String)? in
            guard let dot = api.firstIndex(of: "."), tasks.contains(where: { $0.wrappers.contains(String(api[..<dot])) }) else { return nil }
            return (String(api[..<dot]), String(api[api.index(after: dot)...]))
        }
        // Only a method names one: a property read or written (`account.isActive = false`) is data
        // the use case touches, and the member around it says what the use case is.
        for (wrapper, call) in wrapperCalls where !Self.genericVerbs.contains(call) {
            guard let called = fullName(of: call, in: member) else { continue }
            let result = resultType(of: call, in: wrapper)
            var full = Self.asUseCase(called, returnsValue: result != nil)
            // A data source's `tableView(_:cellForRowAt:)` or a `refresh()` the trigger shares is no use case name.
            if !(Self.isDelegateShaped(full) || Self.isLifecycle(full)) {
                if mobility.keys.contains(where: { $0 == full && isTrigger($0) }) { full = String(full.prefix { $0 != "(" }) + prefix + "(" + full.drop { $0 != "(" }.dropFirst() }
                return (full, typed(full, as: called, in: wrapper) + (result.map { " -> \($0)" } ?? ""))
            }
            break
        }
        let base = baseName(member ?? "")
        let data = dataParameters(of: member)
        let changes = ["Changed", "DidChange", "Toggled", "ValueChanged"].contains { base.hasSuffix($0) }
        var verb = Self.verb(for: tasks.flatMap(\.apis) + calls(in: member))
        if changes && verb == "load" { verb = "update" }
        if base == "viewWillAppear" || base == "viewDidAppear" { verb = verb == "load" ? "refresh" : verb }
        let phrase = member.flatMap(Self.reportedVerb) ?? (Self.isViewVerb(base) ? Self.viewVerbNoun(base) : Self.gesturePhrase(base))
        var name: String
        if !phrase.isEmpty, !Self.lifecycle.contains(base) {
            // `onMarkAll` → `markAll()`; `topicChanged(_:)` → `updateTopic()`.
            let first = String(phrase.prefix { !$0.isUppercase })
            // A verb alone (`deleteAction` → "delete") is about the screen's data: `deleteNotes()`.
            // With the data it is given, a lone verb is about that data: `deactivateAction(account:)`
            // → `deactivateAccount(_:)`.
            let object = data.first.map { Self.typeNoun($0.type) }.flatMap { index.resolve($0) == nil ? nil : $0 } ?? prefix
            name = Self.isVerb(first) ? (first == phrase ? "\(phrase)\(object)()" : "\(phrase)()")
                : "\(verb)\(phrase.prefix(1).uppercased() + phrase.dropFirst())()"
        } else if let named = Self.verbObject(base), member.map({ !isTrigger($0) }) ?? false {
            // A helper named for what it does (`verifyTagIsAtIndexPath(_:)`) keeps its verb and
            // object (`verifyTag`), whatever view types it takes.
            name = named + "()"
        } else {
            name = "\(verb)\(member.flatMap(Self.callbackNoun) ?? prefix)()"
        }
        // Never a trigger's name. A view method of the same base name (`markAllAsRead(_ sender:)`)
        // is the forward that calls this input: the names may share their verb.
        if mobility.keys.contains(where: { $0 == name && isTrigger($0) }) || Self.isLifecycle(name) {
            name = String(name.dropLast(2)) + "Data()"
        }
        guard !data.isEmpty else { return (name, name) }
        // The data the member is given is the use case's input; the first drops its label when the
        // name already says it (`deactivateAccount(_ account: Account)`).
        let stem = String(name.dropLast(2))
        let labels = data.enumerated().map { i, p in i == 0 && stem.hasSuffix(Self.typeNoun(p.type)) ? "_" : p.label }
        let params = zip(labels, data).map { label, p in
            label == "_" ? "_ \(lowerFirst(Self.typeNoun(p.type))): \(p.type)" : "\(label): \(p.type)"
        }
        return ("\(stem)(\(labels.map { "\($0):" }.joined()))", "\(stem)(\(params.joined(separator: ", ")))")
    }

    /// The use case a member names itself. One named for the value it reads from a store or the
    /// network (`iconImageFor(_:)`) loads it: `loadIconImage(for:)`; a computation keeps its name
    /// (`discountedPrice(for:)`); a data verb alone (`save(hudCompletion:)`) is about the screen's
    /// data: `saveBookmark()`, the completion handler the view passes being how the view waits.
    func memberUseCase(_ member: String, _ fn: FunctionFact, tasks: [PlanTask]) -> (name: String, signature: String) {
        var named = fn
        let reads = !tasks.isEmpty && tasks.allSatisfy { ["networking", "persistence"].contains(RuleRegistry.planning(of: $0.rule)?.word ?? "") }
        named.name = reads ? Self.asUseCase(member, returnsValue: fn.returnType.map { $0 != "Void" && $0 != "()" } ?? false) : member
        if !member.contains("(") { named = propertyUseCase(named, member: member, reads: reads) }
        if !reads, TypeIndex.dataVerbs.contains(baseName(member)), dataParameters(of: member).isEmpty, fn.returnType == nil {
            return ("\(baseName(member))\(prefix)()", "\(baseName(member))\(prefix)()")
        }
        return (named.name, signature(of: named))
    }

    /// A computed property that reads a store (`var sortDescriptors: [NSSortDescriptor]`) is a value
    /// the use case loads, whatever word its name starts with: `loadSortDescriptors()`, returning its type.
    func propertyUseCase(_ fn: FunctionFact, member: String, reads: Bool) -> FunctionFact {
        var named = fn
        named.name = (reads ? "load" + upperFirst(member) : member) + "()"
        named.returnType = fn.returnType ?? index.declarations(of: type).flatMap(\.decl.properties).first { $0.name == member }?.typeName
        return named
    }

    /// The parameters of a member that carry the screen's data (`account: Account`): not its views,
    /// index paths, senders, animation flags or completion handlers.
    func dataParameters(of member: String?) -> [(label: String, type: String)] {
        guard let member, let fn = function(member)?.0 else { return [] }
        let labels = member.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? []
        guard labels.count == fn.parameterTypes.count else { return [] }
        return zip(labels, fn.parameterTypes).filter { label, type in
            !Self.isViewType(type) && !type.contains("->") && !["ViewController", "Controller", "View", "Cell", "Coordinator", "Decoder", "Encoder", "Formatter"].contains(where: type.hasSuffix) && !["IndexPath", "Any", "AnyObject", "Notification", "NSNotification"].contains(type)
                && !["sender", "animated", "animatingDifferences", "completion", "completionHandler", "handler"].contains(label)
        }.map { (label: $0.0, type: $0.1) }
    }

    /// A call named for what it returns (`imageFor(_:)`, `unreadCount()`) is a read: the use case
    /// says so (`loadImage(for:)`, `loadUnreadCount()`); a call named with a verb stays as it is.
    static func asUseCase(_ call: String, returnsValue: Bool) -> String {
        let base = baseName(call)
        let first = String(base.prefix { !$0.isUppercase })
        var labels = call.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? []
        let prepositions = ["For", "With", "At", "By", "From", "In", "Of"]
        let getter = returnsValue || (labels.first == "_" && prepositions.contains { base.hasSuffix($0) })
        guard getter, !(isVerb(first) || genericVerbs.contains(first)) else { return call }
        var noun = base
        for preposition in prepositions where noun.hasSuffix(preposition) && noun.count > preposition.count && labels.first == "_" {
            noun = String(noun.dropLast(preposition.count)); labels[0] = lowerFirst(preposition); break
        }
        return "load\(noun.prefix(1).uppercased() + noun.dropFirst())(\(labels.map { "\($0):" }.joined()))"
    }

    /// Verbs and question words a call starts with besides the screen's own verbs.
    static let readVerbs: Set<String> = ["prefetch", "activate", "deactivate", "check", "process", "calculate", "compute", "make", "build",
                                         "is", "has", "can", "should", "observe", "track", "log", "notify", "find", "lookup", "query",
                                         "resolve", "store", "cache", "evict", "put", "read", "write", "insert"]
    static func isVerb(_ word: String) -> Bool { verbs.contains(word) || readVerbs.contains(word) }

    /// A helper named for what it does to the view (`setupSearch`, `configureHeader`, `showArticle`):
    /// its name says nothing about the data, so its use case is named from its I/O.
    static let viewVerbs = ["setUp", "setup", "configure", "bind", "layout", "prepare", "reload", "render", "display", "show", "present", "populate", "fill"]
    static func isViewVerb(_ base: String) -> Bool { viewVerbs.contains { startsWithWord(base, $0) } }
    /// `setupSearch` → "search" (then named `loadSearch()`).
    static func viewVerbNoun(_ base: String) -> String {
        guard let verb = viewVerbs.first(where: { startsWithWord(base, $0) }) else { return "" }
        let noun = String(base.dropFirst(verb.count))
        return ["View", "UI", "Views", "Data", "Content"].contains(noun) || isViewNoun(noun) ? "" : lowerFirst(noun)
    }

    /// `DiffableDataSource`, `CollectionView`, `Toolbar`: a noun for a piece of UIKit, which says
    /// nothing about what the screen shows.
    static func isViewNoun(_ noun: String) -> Bool {
        ["DataSource", "Snapshot", "CollectionView", "TableView", "Layout", "Cell", "Cells", "Toolbar", "NavigationBar",
         "NavigationItem", "Constraints", "Subviews", "Appearance", "Gestures", "Gesture"].contains { noun.hasSuffix($0) }
    }

    /// The calls a member makes (`set`, `removeObject`): what tells a write from a read.
    func calls(in member: String?) -> [String] {
        guard let member else { return [] }
        return index.declarations(of: type).flatMap { $0.decl.references.filter { $0.member == member && $0.isCall }.map(\.name) }
            .filter { ["set", "setValue", "save", "write", "insert", "delete", "remove", "removeObject", "removeItem", "createFile"].contains($0) }
    }

    static let verbs: Set<String> = [
        "mark", "save", "delete", "remove", "add", "share", "refresh", "load", "send", "follow", "unfollow", "like", "unlike",
        "toggle", "select", "open", "close", "update", "submit", "post", "reply", "login", "logout", "sign", "buy", "purchase",
        "restore", "download", "upload", "cancel", "retry", "search", "filter", "sort", "play", "pause", "stop", "start", "clear",
        "reset", "edit", "create", "archive", "subscribe", "unsubscribe", "block", "report", "mute", "pin", "unpin", "favorite",
        "bookmark", "rate", "accept", "decline", "confirm", "join", "leave", "invite", "copy", "move", "rename", "import", "export",
        "sync", "fetch", "change", "enable", "disable", "connect", "disconnect", "verify", "validate", "apply", "hide", "expand",
        "collapse", "register", "authenticate", "approve", "reject", "finish", "complete", "schedule", "skip", "publish", "vote"]

    /// `verifyTagIsAtIndexPath` → "verifyTag": a verb the use cases know, then the next word.
    static func verbObject(_ base: String) -> String? {
        let first = String(base.prefix { !$0.isUppercase })
        let next = base.dropFirst(first.count)
        let word = next.prefix(1) + next.dropFirst().prefix { !$0.isUppercase }
        guard verbs.contains(first), !word.isEmpty, !isViewNoun(String(word)),
              !["View", "Views", "UI", "Cell", "Cells", "Table", "Layout", "Button", "Label", "Constraints"].contains(String(word)) else { return nil }
        return first + word
    }

    /// The thing a UIKit callback is about: `tableView(_:cellForRowAt:)` → "Row".
    static func callbackNoun(_ member: String) -> String? {
        let labels = member.split(separator: "(").dropFirst().first.map(String.init) ?? ""
        let table: [(String, String)] = [("cellForRowAt", "Row"), ("cellForItemAt", "Item"), ("didSelect", "Selection"),
                                         ("SwipeActions", "RowActions"), ("willDisplay", "Row"), ("contextMenu", "ContextMenu"),
                                         ("numberOf", "Rows"), ("textDidChange", "SearchText"), ("shouldChangeCharacters", "Input"),
                                         ("commit", "Edit"), ("moveRowAt", "Order"), ("prefetch", "Prefetch"), ("didFinish", "Result")]
        return table.first { labels.contains($0.0) || member.contains($0.0) }?.1
    }

    /// Words that say nothing about the data (`get`, `request`): the use case is named otherwise.
    static let genericVerbs: Set<String> = ["init", "prepare", "get", "request", "perform", "execute", "send", "call", "run", "load", "fetch", "set", "shared", "default", "standard"]

    /// "save" when the system calls write, "delete" when they remove, else "load".
    static func verb(for apis: [String]) -> String {
        let lower = apis.map { $0.lowercased() }
        if lower.contains(where: { ["delete", "remove"].contains(where: $0.contains) }) { return "delete" }
        if lower.contains(where: { ["set", "save", "write", "insert", "add", "update", "post", "put", "upload", "create"].contains(where: $0.contains) }) { return "save" }
        return "load"
    }

    /// The Presenter output a member's formatting becomes: a view state the view displays.
    func output(member: String?) -> (name: String, state: String) {
        let noun = member.map { Self.displayNoun($0) } ?? ""
        let state = prefix + noun + "ViewState"
        // What the whole screen shows is its one view state, the output view-state assembly uses too.
        return (noun.isEmpty ? "displayState(_:)" : "display\(noun)(_:)", state)
    }

    /// `updateView(with:)` → ""; `configureHeader()` → "Header"; `tableView(_:cellForRowAt:)` → "Rows".
    static func displayNoun(_ member: String) -> String {
        let labels = member.split(separator: "(").dropFirst().first.map(String.init) ?? ""
        for (key, noun) in [("cellForRowAt", "Rows"), ("cellForItemAt", "Items"), ("HeaderInSection", "SectionHeaders"),
                            ("FooterInSection", "SectionFooters"), ("SwipeActions", "RowActions"), ("contextMenu", "ContextMenu"),
                            ("supplementaryView", "SectionHeaders")] where labels.contains(key) || member.contains(key) {
            return noun
        }
        // `_composeSectionsAndRows`: a private spelling is no part of what it shows.
        var words = String(baseName(member).drop { $0 == "_" })
        if lifecycle.contains(words) { return "" }
        // An action's formatting is a display event named for what it shows (`shareTapped` → "Share").
        if isActionName(words) { words = gesturePhrase(words) }
        for verb in ["update", "configure", "setUp", "setup", "set", "bind", "refresh", "reload", "show", "present", "display", "render",
                     "fill", "populate", "apply", "handle", "make", "build", "compose", "load", "prepare", "fetch", "get", "request", "compute", "calculate"] where startsWithWord(words, verb) {
            words = String(words.dropFirst(verb.count)); break
        }
        for suffix in ["Observers", "Observer", "Content", "Appearance", "Labels", "Label", "Formatter", "Cell", "View", "UI", "Data"] where words.hasSuffix(suffix) && words.count > suffix.count {
            words = String(words.dropLast(suffix.count)); break
        }
        if ["View", "UI", "Cell", "Data", "Content", "Interface"].contains(words) { return "" }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A member that returns a value (`tableView(_:cellForRowAt:)`, `numberOfRowsInSection`): its
    /// caller needs the value at once, so it reads what the use case delivered before.
    func answersAtOnce(_ member: String) -> Bool {
        guard let result = function(member)?.0.returnType else { return false }
        return result != "Void" && result != "()"
    }

    /// A member that returns actions (`UIAction`, a swipe configuration): their handlers trigger the use case.
    func buildsActions(_ member: String) -> Bool {
        function(member)?.0.returnType.map(TaskFactory.actionValues.contains) ?? false
    }

    func function(_ member: String) -> (FunctionFact, String)? {
        for (path, decl) in index.declarations(of: type) {
            if let f = decl.functions.first(where: { $0.name == member }) { return (f, path) }
        }
        return nil
    }

    /// `fetchOrders(page:)` with its types: `fetchOrders(page: Int) -> [Order]`.
    func signature(of fn: FunctionFact) -> String {
        let labels = fn.name.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? []
        let params = labels.count == fn.parameterTypes.count
            ? zip(labels, fn.parameterTypes).map { "\($0 == "_" ? "_ value" : $0): \($1)" }.joined(separator: ", ")
            : labels.map { "\($0):" }.joined()
        let result = fn.returnType.flatMap { $0 == "Void" || $0 == "()" ? nil : " -> \($0)" } ?? ""
        return "\(baseName(fn.name))(\(params))\(result)"
    }

    /// The called name with its argument labels, completion handlers dropped: `fetchOrders(page:)`.
    func fullName(of call: String, in member: String?) -> String? {
        for (_, decl) in index.declarations(of: type) {
            guard let ref = decl.references.first(where: { $0.isCall && $0.name == call && (member == nil || $0.member == member) }),
                  let full = ref.fullName else { continue }
            let labels = full.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? []
            let kept = labels.filter { !["completion", "completionHandler", "handler", "callback", "then", "onComplete", "success", "failure"].contains($0) }
            return "\(call)(\(kept.map { "\($0):" }.joined()))"
        }
        return nil
    }

    /// `validateCoupon(code:)` with the parameter types of the wrapper method it calls
    /// (`validateCoupon(code: String)`), when the sources declare one with the same labels.
    func typed(_ name: String, as called: String, in wrapper: String) -> String {
        guard let w = index.resolve(wrapper) else { return name }
        let labels = name.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? []
        for (_, decl) in index.declarations(of: w) {
            // The wrapper's completion handlers are not the use case's: its labels are the rest.
            for fn in decl.functions where baseName(fn.name) == baseName(called) {
                let kept = zip(fn.name.split(separator: "(").dropFirst().first.map { $0.dropLast().split(separator: ":").map(String.init) } ?? [], fn.parameterTypes)
                    .filter { !$0.1.contains("->") }
                guard !labels.isEmpty, kept.map(\.0) == labels else { continue }
                return "\(baseName(name))(" + kept.map { "\($0.0 == "_" ? "_ value" : $0.0): \($0.1)" }.joined(separator: ", ") + ")"
            }
        }
        return name
    }

    /// The declared result of a project wrapper's method, when the sources show it.
    func resultType(of call: String, in wrapper: String) -> String? {
        guard let w = index.resolve(wrapper) else { return nil }
        for (_, decl) in index.declarations(of: w) {
            if let fn = decl.functions.first(where: { baseName($0.name) == call }), let result = fn.returnType,
               !["Void", "()", "AnyCancellable", "URLSessionDataTask", "URLSessionTask"].contains(result) {
                return result
            }
        }
        return nil
    }
}
