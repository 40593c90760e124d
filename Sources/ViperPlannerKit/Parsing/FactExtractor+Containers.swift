import SwiftSyntax

/// Screens reached through what holds them: the screen inside a storyboard's initial navigation
/// controller (`nav.topViewController as? Foo`), and a screen a parent sets up after a storyboard
/// made it (`(tab as? Foo)?.service = …`).
extension FactExtractor {
    /// Members that step from a container controller to a screen it holds.
    static let containedScreenMembers: Set<String> = ["topViewController", "visibleViewController", "viewControllers",
                                                      "children", "first", "last", "rootViewController"]

    /// `nav.topViewController`, `nav?.viewControllers.first`, `nav.viewControllers[0]`, where `nav`
    /// is (or is bound to) a storyboard instantiation cast to a container: the screen comes from
    /// that storyboard.
    func containedStoryboardSource(_ expression: ExprSyntax) -> (CreationFact.Kind, String?)? {
        var expr = unwrapped(expression), stepped = false
        while true {
            if let subscripted = expr.as(SubscriptCallExprSyntax.self) { expr = unwrapped(subscripted.calledExpression); continue }
            if let access = expr.as(MemberAccessExprSyntax.self), let base = access.base,
               Self.containedScreenMembers.contains(access.declName.baseName.plainText) {
                stepped = true
                expr = unwrapped(base)
                continue
            }
            break
        }
        guard stepped else { return nil }
        var container = uncast(expr)
        if let local = container.as(DeclReferenceExprSyntax.self) {
            guard let bound = boundValue(of: local.baseName.plainText, before: local) else { return nil }
            container = uncast(bound)
        }
        guard let call = container.as(FunctionCallExprSyntax.self), let (_, name) = callee(of: call),
              name == "instantiateViewController" || name == "instantiateInitialViewController" else { return nil }
        return (.container, call.arguments.first.flatMap { identifierConstant($0.expression) })
    }

    /// `(tab as? Foo)?.service = …`: a write of `Foo.service` (the cast's source as the receiver
    /// chain, `Foo` as its type), and an injection site of `Foo` unless the source already is a
    /// storyboard or segue site.
    func recordCastInjection(_ node: MemberAccessExprSyntax, base: ExprSyntax) {
        guard let tuple = unwrappedOptional(base).as(TupleExprSyntax.self), tuple.elements.count == 1,
              let inner = tuple.elements.first?.expression, let (source, type) = castParts(inner) else { return }
        let typeName = normalizedTypeName(type)
        guard isTypeLikeName(typeName), !KnownTypes.isSystemTypeName(typeName) else { return }
        var receiver = chain(of: source)
        if receiver.contains("?") || receiver.first == "." { receiver = ["_"] }
        addReference(chain: receiver, name: node.declName.baseName.plainText, isCall: false, at: node.declName,
                     isAssignment: true, headType: typeName)
        if storyboardSource(source) == nil {
            addCreation(CreationFact(kind: .injection, typeName: typeName, member: member, position: position(tuple)))
        }
    }

    /// `x as? Foo` (folded or not) → (`x`, `Foo`).
    func castParts(_ expression: ExprSyntax) -> (ExprSyntax, TypeSyntax)? {
        if let cast = expression.as(AsExprSyntax.self) { return (cast.expression, cast.type) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self)?.type {
                return (elements[0], type)
            }
        }
        return nil
    }

    /// The expression a cast converts, or the expression itself.
    func uncast(_ expression: ExprSyntax) -> ExprSyntax {
        let expr = unwrapped(expression)
        return castParts(expr).map { unwrapped($0.0) } ?? expr
    }

    /// Without `!`, `?`, `try` and single parentheses.
    func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var expr = expression
        while true {
            if let f = expr.as(ForceUnwrapExprSyntax.self) { expr = f.expression; continue }
            if let o = expr.as(OptionalChainingExprSyntax.self) { expr = o.expression; continue }
            if let t = expr.as(TryExprSyntax.self) { expr = t.expression; continue }
            if let p = expr.as(TupleExprSyntax.self), p.elements.count == 1, let only = p.elements.first { expr = only.expression; continue }
            return expr
        }
    }

    private func unwrappedOptional(_ expression: ExprSyntax) -> ExprSyntax {
        var expr = expression
        while let o = expr.as(OptionalChainingExprSyntax.self) { expr = o.expression }
        while let f = expr.as(ForceUnwrapExprSyntax.self) { expr = f.expression }
        return expr
    }
}
