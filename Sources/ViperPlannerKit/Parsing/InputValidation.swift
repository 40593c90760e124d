import SwiftSyntax

/// Input checked against the app's rules, the failure told to the user:
/// `guard !email.isEmpty, email.isValidEmail else { showAlert(…); return }` or
/// `if age < 18 { present(tooYoungAlert, animated: true); return }`. Which values a form accepts is
/// a business rule (an Interactor use case with its tests); telling the user is the view's part.
enum InputValidation {
    static let usage = CallUsage(family: .businessLogic, api: "input validation")

    /// Words in a condition that test a value: emptiness, length, a validity check, a pattern.
    static let checkWords: Set<String> = ["isEmpty", "count", "hasPrefix", "hasSuffix", "matches", "wholeMatch"]
    static let orderOperators: Set<String> = ["<", ">", "<=", ">="]

    /// A `guard` whose conditions test values and whose `else` tells the user.
    static func isValidation(_ node: GuardStmtSyntax) -> Bool {
        testsValues(node.conditions) && tellsUser(node.body)
    }

    /// An `if` that tests values, tells the user and leaves: the inverted form of the guard.
    static func isValidation(_ node: IfExprSyntax) -> Bool {
        guard let last = node.body.statements.last?.item, last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self)
        else { return false }
        return testsValues(node.conditions) && tellsUser(node.body)
    }

    /// At least one plain expression condition (not an optional binding) that checks a value and
    /// names no geometry (`offset.y > 0` is layout) and no errors (`errors.isEmpty` reads the
    /// outcome of a validation done elsewhere).
    static func testsValues(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            guard case .expression(let expr) = element.condition else { return false }
            var checks = false
            for token in expr.tokens(viewMode: .sourceAccurate) {
                switch token.tokenKind {
                case .identifier(let name):
                    // No letter but E, R, O lowercases to e, r, o: without them in ASCII there is no "error".
                    if KnownAPIs.isGeometryName(name)
                        || (name.containsIgnoringCase("error") && name.lowercased().contains("error")) { return false }
                    if checkWords.contains(name) || (name.hasPrefix("isValid") && name.count > 7) { checks = true }
                case .binaryOperator(let op) where orderOperators.contains(op):
                    checks = true
                default: break
                }
            }
            return checks
        }
    }

    /// The failure branch shows the user something: an alert, an error, a toast or HUD, or a
    /// presented controller. A log line (`Logger.module.error(…)`, `Current.Log.warning(…)`) tells
    /// the developer, not the user.
    static func tellsUser(_ block: CodeBlockSyntax) -> Bool {
        var previous: [String] = []   // the identifiers of the member chain the token ends
        for token in block.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name):
                let lower = name.lowercased()
                let logged = previous.contains { $0.lowercased().contains("log") }
                if !logged, name == "present" || ["alert", "error", "toast", "warning", "hud"].contains(where: { lower.contains($0) }) {
                    return true
                }
                previous.append(name)
            case .period: continue
            default: previous = []
            }
        }
        return false
    }
}
