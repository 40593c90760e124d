/// What a use case's result must tell apart: the screen's own members that handle its service
/// call's result today (`requestLoginEmail(username:) { error in … }` runs `handleError(error:)`
/// or `presentCodeInterface()`; after `try await`, the lines that follow and the `catch` clauses). Each becomes a case of the use case's result that the presenter
/// turns into the same display event, so the contract names outcomes the code already has.
extension UseCaseNamer {
    /// The screen's members called from the completion closures that `member` hands the service
    /// `call` (a base name: `requestLoginEmail`), or after the call in `member` when it hands none,
    /// in source order, each once.
    /// A member that returns a value computes part of the result, and one in `moving` (data work
    /// other use cases move) goes to the Interactor: neither is an outcome the view shows.
    func outcomes(of call: String, in member: String, moving: Set<String> = []) -> [String] {
        let declarations = index.declarations(of: type)
        let own = declarations.flatMap { $0.decl.functions.filter { fn in
            (fn.returnType ?? "Void") == "Void" || fn.returnType == "()"
        }.map(\.name) }.filter { !moving.contains($0) }
        var spans: [(decl: TypeDeclFacts, lines: ClosedRange<Int>, after: SourcePosition?)] = []
        for (_, decl) in declarations {
            for closure in decl.closures where closure.member == member && !closure.inDebugBlock {
                guard case .callArgument(_, _, let name) = closure.context, name == call else { continue }
                spans.append((decl, closure.position.line...max(closure.position.line, closure.endLine), nil))
            }
        }
        // No completion: the call returns (or is awaited), and what the member does after it in
        // its body handles the result (`try await requestLoginEmail(…)` then `presentCodeInterface()`,
        // `catch AuthError.tooManyAttempts`…).
        if spans.isEmpty {
            for (_, decl) in declarations {
                guard let fn = decl.functions.first(where: { $0.name == member }),
                      let site = decl.references.filter({ $0.isCall && $0.name == call && $0.member == member }).map(\.position).min() else { continue }
                spans.append((decl, site.line...max(site.line, fn.endLine), site))
            }
        }
        var result: [String] = []
        for (decl, lines, after) in spans {
            let calls = decl.references.filter { reference in
                reference.isCall && reference.member == member && lines.contains(reference.position.line)
                    && (reference.chain.isEmpty || reference.chain == ["self"]) && after.map { reference.position > $0 } != false
            }
            for reference in calls.sorted(by: { $0.position < $1.position }) {
                guard let name = Self.declaredName(reference, in: own), name != member, !result.contains(name) else { continue }
                result.append(name)
            }
        }
        return result
    }

    /// The declared member a call names: its full name when the screen declares it, else the one
    /// member of that base name (a call whose labels the facts do not show).
    static func declaredName(_ reference: MemberReference, in own: [String]) -> String? {
        if let full = reference.fullName, own.contains(full) { return full }
        let named = own.filter { baseName($0) == reference.name }
        return named.count == 1 ? named[0] : nil
    }

    /// The screen's members that handle the results of `apis` (`AuthHandler.requestLoginEmail`)
    /// called in `member`.
    func resultHandlers(member: String, apis: [String], moving: Set<String>) -> [String] {
        apis.flatMap { api -> [String] in
            guard let dot = api.firstIndex(of: ".") else { return [] }
            return outcomes(of: String(api[api.index(after: dot)...]), in: member, moving: moving)
        }
    }

    /// The detail's clause on a use case's result: the members that handle it today, which the
    /// result must tell apart, and the cases of its result type that stand for them (empty when
    /// there are none).
    /// `succeeds`: one path ends with nothing to show (a use case merged in whose handlers only
    /// fail), so success is an outcome of its own.
    func outcomeClause(_ found: [String], resultName: String, succeeds: Bool = false) -> String {
        guard !found.isEmpty else { return "" }
        let shown = found.prefix(4).map { "`\($0)`" } + (found.count > 4 ? ["\(found.count - 4) more"] : [])
        var cases = uniqued(found.compactMap(outcomeCase))
        guard found.count > 1 else { return "; what handles its result today calls \(shown[0]): the view calls it from the presenter's output of `\(resultName)`" }
        // Only busy-state mechanics and follow-up work: nothing to tell apart.
        if cases.isEmpty {
            return "; what handles its result today calls \(TaskGrouping.list(shown)), none of them an outcome the view shows (busy state, follow-up work): the use case answers with no result to tell apart"
        }
        // A failure alone: the other outcome is success, which the handlers show by doing nothing more.
        if cases.count == 1 && cases[0].hasPrefix("failed(") || succeeds && !cases.contains("succeeded") { cases.insert("succeeded", at: 0) }
        return "; what handles its result today calls \(TaskGrouping.list(shown)): `\(resultName)` tells these outcomes apart"
            + ((2...5).contains(cases.count) ? " (`enum \(resultName) { \(cases.map { "case \($0)" }.joined(separator: "; ")) }`)" : "")
            + ", and the view calls them from the presenter's output"
    }

    /// The case of a use case's result that one handler stands for, named for the outcome, not the
    /// display call: `presentPasswordResetRequiredAlert(email:)` → `passwordResetRequired(email: String)`,
    /// `handleError(error: AuthError)` → `failed(AuthError)`, `presentSignupVerification()` →
    /// `signupVerification`. Nil for the busy-state mechanics that run on every path
    /// (`unlockInterface()`, `hideSpinner()`: the presenter's loading state) and for names with no
    /// outcome left once the verb and the UIKit noun are gone.
    func outcomeCase(_ handler: String) -> String? {
        let base = baseName(handler)
        let fn = index.functions(base, of: type).first { $0.name == handler }
        if ["lock", "unlock", "enable", "disable", "startAnimating", "stopAnimating", "hide"].contains(where: { startsWithWord(base, $0) })
            || ["Spinner", "Loading", "Activity", "Progress", "HUD", "Hud", "Indicator"].contains(where: base.contains) { return nil }
        // Work the handler starts (observers, analytics, the next save) is no outcome the view shows.
        if ["register", "subscribe", "add", "remove", "track", "log", "apply", "decorate", "prepare", "wake", "start", "stop", "save", "set"]
            .contains(where: { base == $0 || startsWithWord(base, $0) }) { return nil }
        if let error = fn?.parameterTypes.first(where: { $0 == "Error" || $0.hasSuffix("Error") }) { return "failed(\(error))" }
        var rest = base
        if let verb = ["present", "show", "display", "handle", "open", "push", "navigate", "goTo", "reload", "update", "refresh", "configure", "setUp", "setup", "perform", "did", "on"]
            .first(where: { startsWithWord(rest, $0) }) { rest = String(rest.dropFirst(verb.count)) }
        var trimmed = true
        while trimmed {
            trimmed = false
            for noun in ["ViewController", "Controller", "Interface", "Screen", "View", "Alert", "Sheet", "Dialog", "Popup", "UI", "Error"]
            where rest.hasSuffix(noun) && rest.count > noun.count {
                rest = String(rest.dropLast(noun.count)); trimmed = true
            }
        }
        guard !rest.isEmpty else { return nil }
        let labels = handler.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }.split(separator: ":").map(String.init)
        let types = fn?.parameterTypes ?? []
        // A callback the view hands the handler (`hudCompletion:`) stays the view's: no part of the outcome.
        let values = labels.enumerated().compactMap { i, label -> String? in
            let type = i < types.count ? types[i] : "Any"
            if type.contains("->") { return nil }
            return label == "_" ? type : "\(label): \(type)"
        }
        let name = lowerFirst(rest)
        return (Self.keywords.contains(name) ? "`\(name)`" : name) + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))")
    }

    /// Words a case name must put in backticks (`` case `continue` ``).
    static let keywords: Set<String> = ["continue", "default", "break", "return", "switch", "case", "if", "else", "for", "while", "repeat",
                                        "do", "catch", "throw", "try", "guard", "defer", "in", "is", "as", "import", "class", "struct",
                                        "enum", "protocol", "extension", "func", "var", "let", "init", "deinit", "self", "super", "true",
                                        "false", "nil", "where", "operator", "static", "public", "private", "internal", "fileprivate", "open"]

    /// `requestLoginEmail(username:)` → `AuthRequestLoginEmailResult`.
    func resultTypeName(_ useCase: String) -> String {
        let base = baseName(useCase)
        return prefix + base.prefix(1).uppercased() + base.dropFirst() + "Result"
    }
}
