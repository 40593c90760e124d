/// The view's calls of a member that a PR moves out while the callers stay: each PR says how they
/// reach it from then on, so it compiles.
extension ModulePlanner {
    /// The view's calls of a service factory that moves to the Interactor: each caller that has not
    /// moved yet gets the service from the interactor, so the PR compiles, until its own use case moves.
    static func factoryCallersLeft(_ factory: String, screen t: Int, index: TypeIndex, moving: Set<String>) -> String {
        let callers = ownCallers(of: factory, screen: t, index: index)
        let members = uniqued(callers.map(\.member))
        guard !members.isEmpty else { return "" }
        func listed(_ ms: [String]) -> String {
            TaskGrouping.list(ms.map { m in "`\(m)` (:\(callers.filter { $0.member == m }.map { String($0.line) }.joined(separator: ", :")))" })
        }
        let later = members.filter(moving.contains), staying = members.filter { !moving.contains($0) }
        return " The view's own calls of `\(factory)` ask `interactor` for the service instead (an input that hands it back at once), so the PR compiles: "
            + [later.isEmpty ? nil : "\(listed(later)) until the PR that moves \(later.count == 1 ? "its" : "each one's") use case takes the call into the Interactor",
               staying.isEmpty ? nil : "\(listed(staying)), which no PR of this plan moves, for good"].compactMap { $0 }.joined(separator: "; ") + "."
    }

    /// The screen's own calls of its member `name` from its other members, in source order.
    static func ownCallers(of name: String, screen t: Int, index: TypeIndex) -> [(member: String, line: Int)] {
        let base = baseName(name)
        var callers: [(member: String, line: Int)] = []
        for (_, decl) in index.declarations(of: t) {
            for ref in decl.references where ref.isCall && ref.name == base && (ref.chain.isEmpty || ref.chain == ["self"]) {
                guard let member = ref.member, member != name else { continue }
                callers.append((member, ref.position.line))
            }
        }
        return callers
    }

    /// A member the Presenter takes over that other members of the view still call once it has
    /// moved (`performInputElementsValidation()` read by `isInputValid` at :202): they read what it
    /// answers from the presenter, or the PR does not compile.
    static func presenterCallersLeft(_ chunk: [ScreenSplit.Member], screen t: Int, index: TypeIndex, moving: Set<String>) -> String {
        let names = Set(chunk.map(\.name))
        let sentences = chunk.compactMap { m -> String? in
            let callers = ownCallers(of: m.name, screen: t, index: index).filter { !names.contains($0.member) && !moving.contains($0.member) }
            guard !callers.isEmpty else { return nil }
            let members = uniqued(callers.map(\.member))
            let list = TaskGrouping.list(members.prefix(4).map { c in "`\(c)` (:\(callers.filter { $0.member == c }.map { String($0.line) }.joined(separator: ", :")))" })
                + (members.count > 4 ? " and \(members.count - 4) more" : "")
            let one = members.count == 1
            let fn = index.functions(baseName(m.name), of: t).first { $0.name == m.name }
            // A member that is no function (a computed property) answers its value.
            let answers = fn.map { !["Void", "()"].contains($0.returnType ?? "Void") } ?? !m.name.contains("(")
            // One that also does something (shows warnings on the way) is asked each time, never read as a kept value.
            let takes = fn.map { !$0.parameterTypes.isEmpty || !$0.selfCalls.isEmpty } ?? false
            // How the callers reach it: a value with no input and no work is view state the presenter
            // keeps current; one that takes input or works is asked for; one that answers nothing is told.
            let reach = !answers ? "\(one ? "it calls" : "they call") `presenter.\(m.name)` instead, a method of its protocol"
                : takes ? "\(one ? "it asks" : "they ask") the presenter for what it answers (`presenter.\(m.name)`, a method of its protocol that returns the value at once)"
                : "\(one ? "it reads" : "they read") what it answers from the presenter (a property of its protocol the presenter keeps current)"
            return "`\(m.name)` is still called by \(list), which stay\(members.count == 1 ? "s" : "") in the view: \(reach), so the PR compiles."
        }
        return sentences.isEmpty ? "" : " " + sentences.joined(separator: " ")
    }
}
