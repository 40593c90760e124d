import SwiftSyntax

/// Wraps the statements of a background closure that touch views in `DispatchQueue.main.async`:
/// the innermost statement list that holds every touch, from the first statement with one to the
/// last (to the end of the list when a name it declares is used after it, or it returns early).
enum MainQueueRewrite {
    static func wrap(in source: SourceText, closureAt offset: Int, touches: [Int]) -> Result<[SourceEdit], Refusal> {
        let closure: ClosureExprSyntax
        switch ClosureRewrite.closure(in: source, at: offset) {
        case .success(let found): closure = found
        case .failure(let refusal): return .failure(refusal)
        }
        let line = source.line(of: offset)
        guard !touches.isEmpty, let list = commonList(closure, touches: touches, source: source) else {
            return .failure(Refusal("the view updates of the closure at line \(line) are not statements of one block"))
        }
        let items = Array(list)
        let holds = { (item: CodeBlockItemSyntax, t: Int) in
            item.positionAfterSkippingLeadingTrivia.utf8Offset <= t && t < item.endPositionBeforeTrailingTrivia.utf8Offset
        }
        guard let i = items.firstIndex(where: { item in touches.contains { holds(item, $0) } }),
              var j = items.lastIndex(where: { item in touches.contains { holds(item, $0) } }) else {
            return .failure(Refusal("the view updates of the closure at line \(line) are not statements of one block"))
        }
        let isClosureBody = list.id == closure.statements.id
        let range = items[i...j]
        let flow = ControlFlow(range)
        if let blocker = flow.blocker {
            return .failure(Refusal("the view updates of the closure at line \(line) sit among statements with `\(blocker)`, which cannot move into another closure"))
        }
        if flow.returns || range.contains(where: declaresNames) {
            guard isClosureBody || !flow.returns else {
                return .failure(Refusal("the view updates of the closure at line \(line) sit among statements that return early from it"))
            }
            j = items.count - 1
        }
        let start = items[i].positionAfterSkippingLeadingTrivia.utf8Offset
        let end = items[j].endPositionBeforeTrailingTrivia.utf8Offset
        let capture = closure.signature?.capture?.items.contains(where: ClosureRewrite.capturesSelf) == true ? "[self] in " : ""
        let firstLine = source.line(of: start), lastLine = source.line(of: end)
        guard source.startsLine(start) else {
            guard firstLine == lastLine else {
                return .failure(Refusal("the view updates of the closure at line \(line) share a line with other code"))
            }
            return .success([SourceEdit(offset: start, text: "DispatchQueue.main.async { \(capture)", order: 2),
                             SourceEdit(offset: end, text: " }", order: 2)])
        }
        let indent = source.indentation(ofLine: firstLine), unit = source.indentUnit
        var edits = [SourceEdit(offset: source.lineStart(firstLine), text: "\(indent)DispatchQueue.main.async {\(capture.isEmpty ? "" : " [self] in")\n", order: 1)]
        for l in firstLine...lastLine where !source.isBlank(line: l) {
            edits.append(SourceEdit(offset: source.lineStart(l), text: unit, order: 2))
        }
        edits.append(SourceEdit(offset: closingOffset(after: end, in: source), text: "\n\(indent)}", order: 3))
        return .success(edits)
    }

    /// Where the wrap closes: at the end of the last statement's line when only spaces or a line
    /// comment follow it there (the comment stays with its statement), else right after it.
    private static func closingOffset(after end: Int, in source: SourceText) -> Int {
        var i = end
        while i < source.bytes.count, source.bytes[i] == 32 || source.bytes[i] == 9 { i += 1 }
        let rest = source.bytes[i...].prefix { $0 != UInt8(ascii: "\n") }
        let restText = String(decoding: rest, as: UTF8.self)
        guard restText.hasPrefix("//") || restText.trimmingCharacters(in: .whitespaces).isEmpty || restText == "\r" else { return end }
        var newline = i + rest.count
        if newline > 0, source.bytes[newline - 1] == 13 { newline -= 1 }
        return newline
    }

    /// The innermost statement list of the closure (its body, or a block inside it) that holds all
    /// the touches.
    private static func commonList(_ closure: ClosureExprSyntax, touches: [Int], source: SourceText) -> CodeBlockItemListSyntax? {
        var common: [SyntaxIdentifier]?
        var lists: [SyntaxIdentifier: CodeBlockItemListSyntax] = [:]
        for touch in touches {
            guard let token = closure.statements.token(at: AbsolutePosition(utf8Offset: touch)) else { return nil }
            var chain: [SyntaxIdentifier] = []
            var node: Syntax? = Syntax(token)
            while let current = node, current.id != closure.id {
                if let list = current.as(CodeBlockItemListSyntax.self) { chain.append(list.id); lists[list.id] = list }
                node = current.parent
            }
            guard node != nil else { return nil }
            // Innermost first; keep the lists every touch is inside, in that order.
            common = common.map { kept in kept.filter(chain.contains) } ?? chain
        }
        return common?.first.flatMap { lists[$0] }
    }

    /// A declaration, or a `guard` whose names the statements after it may use.
    private static func declaresNames(_ item: CodeBlockItemSyntax) -> Bool {
        item.item.is(DeclSyntax.self) || item.item.as(StmtSyntax.self)?.is(GuardStmtSyntax.self) == true
            || item.item.as(ExpressionStmtSyntax.self) == nil && item.item.is(GuardStmtSyntax.self)
    }

    /// What in a run of statements cannot move into a closure (`break`, `continue`, `throw`, `try`,
    /// `await`, `defer`), and whether it returns; closures and functions inside it do not count.
    private final class ControlFlow: SyntaxVisitor {
        var blocker: String?
        var returns = false
        init(_ items: ArraySlice<CodeBlockItemSyntax>) {
            super.init(viewMode: .sourceAccurate)
            for item in items { walk(item) }
        }
        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { returns = true; return .visitChildren }
        override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "break"; return .skipChildren }
        override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "continue"; return .skipChildren }
        override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "fallthrough"; return .skipChildren }
        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "throw"; return .skipChildren }
        override func visit(_ node: DeferStmtSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "defer"; return .skipChildren }
        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind { blocker = blocker ?? "await"; return .skipChildren }
        override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark == nil { blocker = blocker ?? "try" }
            return .visitChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        // A loop or switch inside the run owns its own `break` and `continue`.
        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { walkBody(Syntax(node.body)); return .skipChildren }
        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { walkBody(Syntax(node.body)); return .skipChildren }
        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { walkBody(Syntax(node.body)); return .skipChildren }
        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { walkBody(Syntax(node.cases)); return .skipChildren }

        /// The body of a loop or switch: only `return`, `throw`, `try`, `await` and `defer` leave it.
        private func walkBody(_ body: Syntax) {
            let inner = ControlFlow([])
            inner.walk(body)
            returns = returns || inner.returns
            if let b = inner.blocker, !["break", "continue", "fallthrough"].contains(b) { blocker = blocker ?? b }
        }
    }
}
