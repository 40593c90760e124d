@_spi(RawSyntax) import SwiftSyntax

/// Flattens a receiver expression into names: `self.api?.client()` → ["self", "api", "client"].
/// Calls, optional chaining, force unwraps, `try` and `await` are see-through; anything else
/// (literals, closures, subscripts of literals) ends the chain with "?". Read from the raw tree:
/// receivers are flattened for every call and member access, and a `Syntax` node per link was
/// most of what that cost.
func chain(of expr: ExprSyntax) -> [String] { chain(of: RawExprSyntax(expr.raw)!) }

private func chain(of expr: RawExprSyntax) -> [String] {
    var names: [String] = []
    var current: RawExprSyntax? = expr
    var depth = 0
    while let e = current, depth < 64 {
        depth += 1
        current = nil
        switch e.raw.kind {
        case .declReferenceExpr:
            names.append(RawDeclReferenceExprSyntax(e)!.baseName.plainText)
        case .memberAccessExpr:
            let member = RawMemberAccessExprSyntax(e)!
            names.append(member.declName.baseName.plainText)
            if let base = member.base { current = base } else { names.append(".") }
        case .functionCallExpr: current = RawFunctionCallExprSyntax(e)!.calledExpression
        case .optionalChainingExpr: current = RawOptionalChainingExprSyntax(e)!.expression
        case .forceUnwrapExpr: current = RawForceUnwrapExprSyntax(e)!.expression
        case .tryExpr: current = RawTryExprSyntax(e)!.expression
        case .awaitExpr: current = RawAwaitExprSyntax(e)!.expression
        case .subscriptCallExpr: current = RawSubscriptCallExprSyntax(e)!.calledExpression
        case .superExpr: names.append("super")
        case .tupleExpr:
            let elements = RawTupleExprSyntax(e)!.elements.raw.layoutView!.children
            if elements.count == 1, let only = elements.first.flatMap({ $0 }).flatMap(RawLabeledExprSyntax.init) {
                current = only.expression
            } else {
                names.append("?")
            }
        default: names.append("?")
        }
    }
    names.reverse()
    return names
}

/// The type a receiver chain starts by constructing: `AccountVault(bookmark: b).filesRootURL` → "AccountVault",
/// whose chain (["AccountVault"]) alone reads like a static use of the type.
func constructedHead(of expr: ExprSyntax) -> String? {
    var current = RawExprSyntax(expr.raw)!
    for _ in 0..<64 {
        switch current.raw.kind {
        case .declReferenceExpr:
            return nil
        case .memberAccessExpr:
            guard let base = RawMemberAccessExprSyntax(current)!.base else { return nil }
            current = base
        case .functionCallExpr:
            let called = RawFunctionCallExprSyntax(current)!.calledExpression
            if called.raw.kind == .declReferenceExpr {
                let name = RawDeclReferenceExprSyntax(called)!.baseName.plainText
                return isTypeLikeName(name) ? name : nil
            }
            current = called
        case .optionalChainingExpr: current = RawOptionalChainingExprSyntax(current)!.expression
        case .forceUnwrapExpr: current = RawForceUnwrapExprSyntax(current)!.expression
        case .tryExpr: current = RawTryExprSyntax(current)!.expression
        case .awaitExpr: current = RawAwaitExprSyntax(current)!.expression
        default: return nil
        }
    }
    return nil
}

/// The callee of a call split into receiver chain and name: `a.b.c(…)` → (["a", "b"], "c").
func callee(of call: FunctionCallExprSyntax) -> (chain: [String], name: String)? {
    let called = RawFunctionCallExprSyntax(call.raw)!.calledExpression
    switch called.raw.kind {
    case .declReferenceExpr:
        return ([], RawDeclReferenceExprSyntax(called)!.baseName.plainText)
    case .memberAccessExpr:
        let member = RawMemberAccessExprSyntax(called)!
        return (member.base.map { chain(of: $0) } ?? ["."], member.declName.baseName.plainText)
    case .genericSpecializationExpr:
        guard let ref = RawDeclReferenceExprSyntax(RawGenericSpecializationExprSyntax(called)!.expression) else { return nil }
        return ([], ref.baseName.plainText)
    default:
        return nil
    }
}

extension RawTokenSyntax {
    /// What `TokenSyntax.text` gives for this token (see `TokenSyntax.plainText`).
    var plainText: String {
        let text = tokenText
        return String(syntaxText: text.isEmpty ? tokenKind.defaultText ?? "" : text)
    }
}
