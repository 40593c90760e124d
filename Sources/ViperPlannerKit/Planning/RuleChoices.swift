/// An action that picks between use cases on a business rule of the screen
/// (`performLogInWithPassword()`: `mustUpgradePasswordStrength() ? validate… : login…`) is one use
/// case to a lead, named for the action and holding the rule: the view asks once and the Interactor
/// decides. Contracts that copy each service call leave that decision, the business rule, in the view.
struct RuleChoice: Equatable {
    /// The action that calls the rule and the members whose work becomes use cases.
    var trigger: String
    /// The business rule it asks (a `Bool` check of the screen's own).
    var rule: String
    var ruleLines: Int
    /// The base names of the screen's members the action calls, the rule left out.
    var callees: Set<String>
    /// The use case's name without its labels: the action's phrase (`logInWithPassword`).
    var stem: String

    /// The screen's actions (`@IBAction`, `@objc`, named for a gesture) that call a `Bool` business
    /// rule of the screen; which use cases they choose between is the contract's to find.
    static func of(_ t: Int, index: TypeIndex, namer: UseCaseNamer) -> [RuleChoice] {
        let declarations = index.declarations(of: t)
        let functions = declarations.flatMap(\.decl.functions)
        // A check that works UIKit (moving the focus, scrolling to a row: a call on a view) is the
        // view's, whatever it answers; reading a field's text is reading the user's input. Only
        // `Bool` checks can be rules, so only they are looked at.
        let uikit = Set(declarations.flatMap { d -> [String] in
            let ui = uiProperties(d.decl)
            return d.decl.functions.filter { fn in
                fn.returnType == "Bool" && (!fn.viewBuildingLines.isEmpty || !ScreenSplit.uikitLines(of: fn, path: d.path, decl: d.decl, index: index).isEmpty
                    || d.decl.references.contains { $0.member == fn.name && $0.isCall && $0.chain.first.map(ui.contains) == true })
            }.map(\.name)
        })
        let byBase = Dictionary(functions.filter { !uikit.contains($0.name) }.map { (baseName($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        return functions.compactMap { fn -> RuleChoice? in
            let base = baseName(fn.name)
            guard namer.isTrigger(fn.name), !UseCaseNamer.isLifecycle(fn.name), !UseCaseNamer.isDelegateShaped(fn.name),
                  let stem = Self.stem(base),
                  let rule = fn.selfCalls.lazy.compactMap({ byBase[$0] }).first(where: { $0.returnType == "Bool" && ScreenSplit.isBusinessRule($0) && !namer.isTrigger($0.name) })
            else { return nil }
            return RuleChoice(trigger: fn.name, rule: rule.name, ruleLines: rule.codeLines, callees: Set(fn.selfCalls).subtracting([baseName(rule.name)]), stem: stem)
        }
    }

    /// The member of a task whose work the action chooses (the finding's member, else the first
    /// member it moves), nil when it is none of them.
    func chooses(_ task: PlanTask) -> String? {
        (task.member.map { [$0] } ?? task.moves.map(\.name)).first { callees.contains(baseName($0)) }
    }

    /// The screen's outlets and UIKit-typed properties.
    static func uiProperties(_ decl: TypeDeclFacts) -> Set<String> {
        Set(decl.properties.filter { p in
            let type = StrongReferences.bareName(p.typeName ?? p.initializerType ?? "")
            return p.isIBOutlet || type.hasPrefix("UI") || TypeIndex.isViewTypeName(type)
        }.map(\.name))
    }

    /// `performLogInWithPassword` → "logInWithPassword"; `onSave` → "save"; nil when the action's
    /// name says nothing of what it does.
    static func stem(_ base: String) -> String? {
        if startsWithWord(base, "perform"), base.count > "perform".count { return lowerFirst(String(base.dropFirst("perform".count))) }
        let phrase = UseCaseNamer.gesturePhrase(base)
        return phrase.isEmpty ? nil : phrase
    }

    /// The parameters of a signature (`logIn(username: String, password: String)`), split at the
    /// top-level commas only (`[String: Int]`, `Result<A, B>` stay whole).
    static func parameters(_ signature: String) -> [String] {
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else { return [] }
        var out: [String] = [], current = "", depth = 0
        for c in signature[signature.index(after: open)..<close] {
            if "[(<".contains(c) { depth += 1 } else if "])>".contains(c) { depth -= 1 }
            if c == ",", depth == 0 { out.append(current.trimmingCharacters(in: .whitespaces)); current = "" } else { current.append(c) }
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        return last.isEmpty ? out : out + [last]
    }

    /// The one use case the chosen ones become: every parameter they take, each once.
    func merged(_ signatures: [String]) -> (name: String, signature: String)? {
        guard !signatures.contains(where: { $0.contains("->") }) else { return nil }
        var labels: [String] = [], params: [String] = [], typed = true
        for p in signatures.flatMap(Self.parameters) {
            // A signature without types (`validate(username:password:)`) names its labels only.
            let parts = p.contains(" ") ? [p] : p.split(separator: ":").map { "\($0):" }
            for part in parts {
                let label = String(part.prefix { $0 != ":" && $0 != " " })
                guard !labels.contains(label) else { continue }
                labels.append(label); params.append(part)
                typed = typed && part.contains(" ")
            }
        }
        let name = "\(stem)(\(labels.map { "\($0):" }.joined()))"
        return (name, typed ? "\(stem)(\(params.joined(separator: ", ")))" : name)
    }

    /// What the contract says of it.
    func sentence(choosing names: [String]) -> String {
        "holds the rule `\(rule)` by which `\(trigger)` chooses today between " + TaskGrouping.list(names.map { "`\($0)`" })
            + ": one use case, so the view asks once and the Interactor decides"
    }
}

extension ModulePlanner {
    /// The inputs with each rule choice's use cases merged into one named for the action.
    func withRuleChoices(order: inout [String], byName: inout [String: (signature: String, tasks: [PlanTask])], handlers: inout [String: [String]],
                         namer: UseCaseNamer) -> [String: (trigger: String, note: String, succeeds: Bool)] {
        var notes: [String: (trigger: String, note: String, succeeds: Bool)] = [:]
        for choice in RuleChoice.of(namer.type, index: index, namer: namer) {
            let chosen = order.filter { name in byName[name]!.tasks.contains { choice.chooses($0) != nil } }
            guard chosen.count >= 2, let (name, signature) = choice.merged(chosen.map { byName[$0]!.signature }), byName[name] == nil else { continue }
            let position = order.firstIndex(of: chosen[0])!
            // A chosen use case whose handlers only fail succeeds by showing nothing: the merged one keeps that outcome.
            let succeeds = chosen.contains { n in (handlers[n] ?? []).compactMap(namer.outcomeCase).allSatisfy { $0.hasPrefix("failed(") } }
            byName[name] = (signature, chosen.flatMap { byName[$0]!.tasks })
            handlers[name] = chosen.flatMap { handlers[$0] ?? [] }
            order.insert(name, at: position)
            order.removeAll { chosen.contains($0) }
            notes[name] = (choice.trigger, "; " + choice.sentence(choosing: chosen), succeeds)
        }
        return notes
    }
}

extension Planner {
    /// The first move of a rule choice's use cases takes the rule along and says which use case
    /// they become; the action only forwards. Only the choices the contract merged (`merged`: their actions).
    static func withRuleChoices(_ tasks: [PlanTask], index: TypeIndex, type t: Int, namer: UseCaseNamer, merged: Set<String>) -> [PlanTask] {
        var out = tasks
        for choice in RuleChoice.of(t, index: index, namer: namer) where merged.contains(choice.trigger) {
            var seen: Set<String> = []
            let chosen = out.indices.filter { i in
                guard out[i].category == .I, let member = choice.chooses(out[i]) else { return false }
                return seen.insert(member).inserted
            }
            guard chosen.count >= 2, let first = chosen.first else { continue }
            let others = chosen.dropFirst().compactMap { choice.chooses(out[$0]) }.map { "`\($0)`" }
            out[first].fix += " With \(TaskGrouping.list(others)) it becomes one use case named for `\(choice.trigger)`, the action that chooses between them today "
                + "on the rule `\(choice.rule)`: the rule moves into the Interactor here, with what it reads of the screen handed in like the other reads, "
                + "so the view asks once and the Interactor decides; `\(choice.trigger)` only forwards."
            out[first].estimate.append(EstimatePart(2 * choice.ruleLines, "the rule `\(choice.rule)` moved with it"))
        }
        return out
    }
}
