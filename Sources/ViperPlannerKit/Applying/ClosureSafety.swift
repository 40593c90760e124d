import Foundation
import SwiftSyntax

/// What must hold before a closure may start with `guard let self else { return }`: it gives back
/// nothing, and nothing it does outside `self` would be skipped once `self` is gone.
enum ClosureSafety {
    /// Why the early exit would change the closure, if it would.
    /// `oneShot`: a callback that runs once and holds no cycle (an async completion); skipping it
    /// is only safe when nothing it does is for the user beyond the screen.
    static func earlyExitProblem(_ closure: ClosureExprSyntax, index: TypeIndex?, oneShot: Bool = false) -> String? {
        if oneShot, let call = userFacingCall(closure) {
            return "it runs once and holds no cycle, and it tells the user something (`\(call)`) they would miss once the screen is gone (an alert or confirmation outlives the screen); leave it strong, or capture weakly by hand where it is safe"
        }
        if let reason = ClosureRewrite.returnsValue(closure) { return "it returns a value (\(reason)): an early `return` would not compile" }
        if !isVoidContext(closure, index: index) {
            return "its type is not known to return nothing (a property of function type that returns a value, or one not in the sources)"
        }
        let roots = Roots(members: implicitSelfMembers(closure, index: index), parameters: Set(parameters(of: closure)))
        for item in closure.statements where !servesOnlySelf(item, roots: roots) && !isDeclaration(item) {
            let text = item.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
            return "it also does work that is not done on `self` (`\(text.prefix(60))`), which an early exit would skip once the screen is gone; capture `self` weakly there by hand"
        }
        return nil
    }

    /// A callback handed to a call gives back nothing, as do closures stored in a property whose
    /// declared function type returns `Void`.
    static func isVoidContext(_ closure: ClosureExprSyntax, index: TypeIndex?) -> Bool {
        let parent = closure.parent
        if parent?.is(LabeledExprSyntax.self) == true || parent?.is(FunctionCallExprSyntax.self) == true
            || parent?.is(MultipleTrailingClosureElementSyntax.self) == true { return true }
        guard let sequence = parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
              sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = sequence.elements.first else { return false }
        let name = target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let name, let index else { return false }
        var returns: [String] = []
        for file in index.files {
            for decl in file.types {
                for property in decl.properties where property.name == name {
                    guard let type = property.typeName, let arrow = type.range(of: "->", options: .backwards) else { continue }
                    returns.append(type[arrow.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ()?!")))
                }
            }
        }
        return !returns.isEmpty && returns.allSatisfy { $0.isEmpty || $0 == "Void" }
    }

    /// A statement whose every effect is on `self`: a call or an assignment through `self` (or,
    /// under `[self]`, a member of the type named bare), a call whose only work is closures that
    /// serve `self` (`DispatchQueue.main.async { self.… }`), a branch or loop whose bodies all do,
    /// or one that only ends the closure. `completion(self.items)` mentions `self` but calls
    /// something else: an early exit would skip that call.
    /// What a statement may work on and still serve `self`: `self`, the type's members named bare
    /// (under `[self]`), and the closure's own parameters.
    struct Roots {
        var members: Set<String>
        var parameters: Set<String>
    }

    static func servesOnlySelf(_ item: CodeBlockItemSyntax, roots: Roots) -> Bool {
        serves(item.item, roots: roots)
    }

    private static func serves(_ node: some SyntaxProtocol, roots: Roots) -> Bool {
        let node = Syntax(node)
        if node.is(ReturnStmtSyntax.self) || node.is(BreakStmtSyntax.self) || node.is(ContinueStmtSyntax.self) { return true }
        if let block = node.as(CodeBlockItemSyntax.self) { return serves(block.item, roots: roots) }
        if let statement = node.as(ExpressionStmtSyntax.self) { return serves(statement.expression, roots: roots) }
        if let guardStmt = node.as(GuardStmtSyntax.self) { return all(guardStmt.body.statements, roots) }
        if let forStmt = node.as(ForStmtSyntax.self) { return all(forStmt.body.statements, roots) }
        if let doStmt = node.as(DoStmtSyntax.self) {
            return all(doStmt.body.statements, roots) && doStmt.catchClauses.allSatisfy { all($0.body.statements, roots) }
        }
        guard let expression = node.as(ExprSyntax.self) else { return false }
        return servesExpression(expression, roots: roots)
    }

    private static func servesExpression(_ expression: ExprSyntax, roots: Roots) -> Bool {
        if let t = expression.as(TryExprSyntax.self) { return servesExpression(t.expression, roots: roots) }
        if let a = expression.as(AwaitExprSyntax.self) { return servesExpression(a.expression, roots: roots) }
        if let ifExpr = expression.as(IfExprSyntax.self) {
            guard all(ifExpr.body.statements, roots) else { return false }
            switch ifExpr.elseBody {
            case .ifExpr(let next): return servesExpression(ExprSyntax(next), roots: roots)
            case .codeBlock(let block): return all(block.statements, roots)
            case nil: return true
            }
        }
        if let switchExpr = expression.as(SwitchExprSyntax.self) {
            return switchExpr.cases.allSatisfy { $0.as(SwitchCaseSyntax.self).map { all($0.statements, roots) } ?? false }
        }
        // Operators stay unfolded: `a = b ?? c` is one sequence of five elements.
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3, let target = sequence.elements.first {
            let op = sequence.elements.dropFirst().first!
            guard op.is(AssignmentExprSyntax.self) || compoundAssignments.contains(op.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") else { return false }
            return isRootedAtSelf(target, roots: roots)
        }
        var call = expression.as(FunctionCallExprSyntax.self)
        if call == nil, let chain = expression.as(OptionalChainingExprSyntax.self) { call = chain.expression.as(FunctionCallExprSyntax.self) }
        guard let call else { return false }
        if isRootedAtSelf(call.calledExpression, roots: roots) { return true }
        // A hop that only schedules closures (a queue, an animation, a Task): the closures decide.
        let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        guard schedulers.contains(callee) else { return false }
        let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
        return !closures.isEmpty && closures.allSatisfy { all($0.statements, roots) }
    }

    private static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]
    private static let schedulers: Set<String> = ["async", "asyncAfter", "animate", "transition", "addOperation", "run", "Task", "performWithoutAnimation"]

    private static func all(_ statements: CodeBlockItemListSyntax, _ roots: Roots) -> Bool {
        statements.allSatisfy { isDeclaration($0) || serves($0.item, roots: roots) }
    }

    /// `self.a.b`, `self?.a`, `self.items[0]`, or under `[self]` a member named bare.
    private static func isRootedAtSelf(_ expression: ExprSyntax, roots: Roots) -> Bool {
        var current = expression
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base; continue }
            if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression; continue }
            if let chain = current.as(OptionalChainingExprSyntax.self) { current = chain.expression; continue }
            if let unwrap = current.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression; continue }
            if let subscriptCall = current.as(SubscriptCallExprSyntax.self) { current = subscriptCall.calledExpression; continue }
            break
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return false }
        let name = reference.baseName.text
        // The closure's own parameters (`cell.textLabel?.text = …`) are what it is handed to set up,
        // but calling one (`completion(…)`) is work for someone else.
        if roots.parameters.contains(name) { return !expression.is(DeclReferenceExprSyntax.self) }
        return reference.baseName.tokenKind == .keyword(.self) || roots.members.contains(name)
    }

    static let userFacingWords = ["alert", "dialog", "confirm", "toast", "banner", "hud", "snackbar", "notify"]

    /// The first call through `self` named for telling the user something (`showConfirmationDialog`).
    static func userFacingCall(_ closure: ClosureExprSyntax) -> String? {
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            guard let member = token.parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.id == token.id, member.parent?.is(FunctionCallExprSyntax.self) == true,
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
            let name = token.text.lowercased()
            if userFacingWords.contains(where: name.contains) { return token.text }
        }
        return nil
    }

    /// `row in`, `(cell, row) in`, `{ cell, row in`: the names a closure is handed.
    static func parameters(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): return list.map(\.name.text)
        case .parameterClause(let clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return []
        }
    }

    /// The members of the enclosing type a closure that captures `[self]` may name bare.
    private static func implicitSelfMembers(_ closure: ClosureExprSyntax, index: TypeIndex?) -> Set<String> {
        guard let index, closure.signature?.capture?.items.contains(where: ClosureRewrite.capturesSelf) == true else { return [] }
        var node = closure.parent
        while let current = node, !current.is(ClassDeclSyntax.self), !current.is(ExtensionDeclSyntax.self) { node = current.parent }
        let name = node?.as(ClassDeclSyntax.self)?.name.text ?? node?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
        guard let name, let t = index.resolve(name) else { return [] }
        var members: Set<String> = []
        for (_, decl) in index.declarations(of: t) {
            members.formUnion(decl.properties.map(\.name))
            members.formUnion(decl.functions.map { String($0.name.prefix { $0 != "(" }) })
        }
        return members
    }

    /// `let`/`var` declarations compute what later statements use, and log lines report: skipping
    /// them skips nothing else. So does a `guard` whose `else` only logs and returns.
    private static func isDeclaration(_ item: CodeBlockItemSyntax) -> Bool {
        item.item.is(VariableDeclSyntax.self) || isLogLine(item)
            || (item.item.as(GuardStmtSyntax.self).map { $0.body.statements.allSatisfy { $0.item.is(ReturnStmtSyntax.self) || isLogLine($0) } } ?? false)
    }

    static let logFunctions: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "assertionFailure"]

    /// `print(…)`, `NSLog(…)`, `logger.error(…)`, `Log.debug(…)`.
    private static func isLogLine(_ item: CodeBlockItemSyntax) -> Bool {
        guard let call = item.item.as(FunctionCallExprSyntax.self) else { return false }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text { return logFunctions.contains(name) }
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.lowercased() else { return false }
        return base.hasSuffix("logger") || base.hasSuffix("log")
    }
}
