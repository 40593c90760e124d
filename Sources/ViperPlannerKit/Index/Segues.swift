/// Where a screen's segues lead, read from its own code: `prepare(for:sender:)` names the class
/// behind each identifier, and an identifier starting with "unwind" goes back instead of forward.
extension TypeIndex {
    /// Segue identifier → the class its destination is cast to in the type's `prepare(for:sender:)`
    /// (`if segue.identifier == "showDetail", let vc = segue.destination as? OrderDetailViewController`).
    /// A cast that tests no identifier names the destination of the type's only performed segue.
    public func segueDestinations(of type: Int) -> [String: String] {
        var byIdentifier: [String: String] = [:]
        var untested: [String] = []
        var performed: [String] = []
        for (_, decl) in declarations(of: type) {
            for creation in decl.creations where creation.kind == .segue {
                if let id = creation.identifier {
                    if byIdentifier[id] == nil { byIdentifier[id] = creation.typeName }
                } else if !untested.contains(creation.typeName) {
                    untested.append(creation.typeName)
                }
            }
            for usage in decl.usages where usage.api == "performSegue" {
                if let id = usage.destination, !performed.contains(id), unwindRoute(id) == nil { performed.append(id) }
            }
        }
        let open = performed.filter { byIdentifier[$0] == nil }
        if open.count == 1, untested.count == 1 { byIdentifier[open[0]] = untested[0] }
        return byIdentifier
    }

    /// The destination a navigation usage names, with a segue identifier replaced by the class its
    /// `prepare(for:sender:)` casts to; unwind identifiers and unknown segues stay as written.
    func navigationDestination(_ destination: String, api: String, segues: [String: String]) -> String {
        guard api == "performSegue", unwindRoute(destination) == nil else { return destination }
        return segues[destination] ?? destination
    }

    /// `@IBAction func unwindToList(_ segue: UIStoryboardSegue)`: the unwind actions a screen
    /// declares, by name (the screens that unwind here return to it).
    public func unwindActions(of type: Int) -> [String] {
        declarations(of: type).flatMap { entry in
            entry.decl.functions.filter { $0.attributes.contains("IBAction") && $0.parameterTypes.contains("UIStoryboardSegue") }.map(\.name)
        }
    }
}

/// The route of an unwind segue identifier, named after where it goes back to: `unwind` →
/// `close()`, `unwindToOrders` → `closeToOrders()`. Nil for an identifier that is not an unwind.
func unwindRoute(_ identifier: String) -> String? {
    guard identifier.lowercased().hasPrefix("unwind") else { return nil }
    var rest = String(identifier.dropFirst(6)).filter { $0.isLetter || $0.isNumber }
    for word in ["To", "to"] where rest.hasPrefix(word) && rest.count > word.count { rest.removeFirst(word.count); break }
    for suffix in ["Segue", "ViewController", "Screen"] where rest.hasSuffix(suffix) && rest.count > suffix.count { rest.removeLast(suffix.count) }
    return rest.isEmpty ? "close()" : "closeTo\(rest.prefix(1).uppercased() + rest.dropFirst())()"
}

/// The Router method for a navigation destination: `showOrderDetail()` for a screen or a segue,
/// the unwind route for an unwind segue.
func routeMethod(_ destination: String) -> String {
    unwindRoute(destination) ?? "show\(routeName(destination))()"
}
