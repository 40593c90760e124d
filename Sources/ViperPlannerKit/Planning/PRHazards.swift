/// What a PR can break that its size does not show: writes to the app's stored or remote data,
/// presentations whose order or popover anchor decides whether the screen still works, and changes
/// of the navigation stack that decide where Back leads. A PR with
/// one of them is High risk whatever its size, and says what to exercise by hand.
enum PRHazards {
    /// First words of a call's name that change data (`createShare`, `updateBookmark`, `set(_:forKey:)`).
    static let writeVerbs: Set<String> = ["set", "save", "write", "add", "insert", "update", "delete", "remove", "create",
                                          "post", "put", "upload", "commit", "store", "clear", "compact", "persist",
                                          "submit", "send", "purchase", "edit", "move", "rename", "replace", "reset"]

    static func of(_ tasks: [PlanTask]) -> [String] {
        let moving = tasks.filter { [.I, .P, .R].contains($0.category) }
        let writes = uniqued(moving.filter { $0.category == .I }.flatMap(\.apis).filter(isWrite))
        var hazards: [String] = []
        if !writes.isEmpty {
            hazards.append("it moves writes to stored or remote data (\(writes.prefix(3).map { "`\($0)`" }.joined(separator: ", "))): exercise each by hand, and its failure path")
        }
        // What a list answers about its shape comes from the moved data: a count or a move answered
        // from stale data crashes the table or reorders the wrong rows.
        let shape = uniqued(moving.filter { $0.category == .I }.flatMap { $0.moves.map(\.name) + $0.members + [$0.member].compactMap { $0 } }
            .filter(listShapeCallbacks.contains))
        if !shape.isEmpty {
            hazards.append("it changes the data the list's data source answers from (\(shape.prefix(3).map { "`\($0)`" }.joined(separator: ", "))): scroll, edit and reorder the list, and check it after each change of its data and order")
        }
        // Every read and write of the state the screen shows changes hands: a missed one shows stale data.
        let state = uniqued(moving.filter { $0.concern == ScreenStateOwner.concern }.compactMap(\.viewController))
        if !state.isEmpty {
            hazards.append("it moves the state \(state.map { "`\($0)`" }.joined(separator: ", ")) shows to its presenter: exercise each edit and what it updates on screen")
        }
        let routes = moving.filter { $0.category == .R }
        let anchors = uniqued(routes.flatMap(\.anchors))
        if !anchors.isEmpty {
            hazards.append("a presentation carries its popover anchor (\(anchors.map { "`\($0)`" }.joined(separator: ", "))): run it on iPad")
        }
        // Replacing or cutting the navigation stack decides where Back leads: a route that only pushes loses it.
        let stackCalls = ["setViewControllers", "popToRootViewController", "popToViewController"]
        let stack = uniqued(routes.flatMap { $0.apis + $0.evidence }.flatMap { text in stackCalls.filter { text.contains($0) } })
        if !stack.isEmpty {
            hazards.append("it moves changes of the navigation stack (\(stack.map { "`\($0)`" }.joined(separator: ", "))): check where Back leads after each route")
        }
        let evidence = routes.flatMap(\.evidence).joined(separator: "\n")
        if evidence.contains("dismiss("), evidence.contains("present(") {
            hazards.append("it moves presentations that run around a dismiss: keep their order and the controller they are presented from")
        }
        return hazards
    }

    /// Data-source callbacks that answer the list's shape (its counts, what can move or be edited,
    /// a move), not the content of a cell.
    static let listShapeCallbacks: Set<String> = [
        "numberOfSections(in:)", "tableView(_:numberOfRowsInSection:)", "tableView(_:canMoveRowAt:)", "tableView(_:canEditRowAt:)",
        "tableView(_:moveRowAt:to:)", "tableView(_:commit:forRowAt:)", "collectionView(_:numberOfItemsInSection:)",
        "collectionView(_:canMoveItemAt:)", "collectionView(_:moveItemAt:to:)",
    ]

    /// `ShareCore.createShare`, `UserDefaults.set`, `SecItemAdd`: a call whose name starts with a write verb.
    static func isWrite(_ api: String) -> Bool {
        let name = api.split(separator: ".").last.map(String.init) ?? api
        if name.hasPrefix("SecItem") { return !name.hasSuffix("CopyMatching") }
        let word = name.prefix { $0.isLowercase }
        return writeVerbs.contains(String(word))
    }
}
