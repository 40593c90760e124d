import SwiftSyntax

/// Why a finding's fix cannot be written safely: the task and the reason are shown, nothing written.
public struct Refusal: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// The rewrites of a closure the safety rules ask for: capture `self` weakly, and run view updates
/// on the main queue. Each returns the edits, or why it cannot be done without changing what the
/// code means.
enum ClosureRewrite {
    static let guardLine = "guard let self else { return }"

    static func closure(in source: SourceText, at offset: Int) -> Result<ClosureExprSyntax, Refusal> {
        guard let closure = source.node(ClosureExprSyntax.self, at: offset) else {
            return .failure(Refusal("no closure starts at line \(source.line(of: offset)) any more (the file changed since the scan)"))
        }
        return .success(closure)
    }

    /// `[weak self]` in the closure's capture list and `guard let self else { return }` before its
    /// first statement. A one-line closure whose only statement starts with `self.` uses `self?.`.
    static func weakSelf(in source: SourceText, closureAt offset: Int, index: TypeIndex?, oneShot: Bool = false) -> Result<[SourceEdit], Refusal> {
        let closure: ClosureExprSyntax
        switch self.closure(in: source, at: offset) {
        case .success(let found): closure = found
        case .failure(let refusal): return .failure(refusal)
        }
        if let problem = ClosureSafety.earlyExitProblem(closure, index: index, oneShot: oneShot) {
            return .failure(Refusal("the closure at line \(source.line(of: offset)) cannot start with `guard let self`: \(problem)"))
        }
        guard let first = closure.statements.first else { return .failure(Refusal("the closure at line \(source.line(of: offset)) is empty")) }
        var edits = [captureEdit(closure)]
        let firstOffset = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let oneLine = source.line(of: closure.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
            == source.line(of: closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        if oneLine, closure.statements.count == 1, let selfToken = leadingSelf(of: first) {
            edits.append(SourceEdit(offset: selfToken.endPositionBeforeTrailingTrivia.utf8Offset, text: "?"))
            return .success(edits)
        }
        if source.startsLine(firstOffset) {
            let line = source.line(of: firstOffset)
            edits.append(SourceEdit(offset: source.lineStart(line), text: source.indentation(ofLine: line) + guardLine + "\n", order: -1))
            return .success(edits)
        }
        // The body starts on the line of `{`: it moves to lines of its own, one level in.
        let braceLine = source.line(of: closure.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        let indent = source.indentation(ofLine: braceLine) + source.indentUnit
        let opener = closure.signature.map { Syntax($0.inKeyword) } ?? Syntax(closure.leftBrace)
        let gapStart = opener.endPositionBeforeTrailingTrivia.utf8Offset
        let gap = String(decoding: source.bytes[gapStart..<firstOffset], as: UTF8.self)
        guard gap.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            return .failure(Refusal("a comment sits between `in` and the first statement of the closure at line \(braceLine)"))
        }
        edits.append(SourceEdit(offset: gapStart, length: firstOffset - gapStart, text: "\n\(indent)\(guardLine)\n\(indent)", order: 1))
        let right = closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        if !source.startsLine(right) {
            let lastEnd = closure.statements.last!.endPositionBeforeTrailingTrivia.utf8Offset
            let tail = String(decoding: source.bytes[lastEnd..<right], as: UTF8.self)
            guard tail.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                return .failure(Refusal("a comment sits before the closing brace of the closure at line \(braceLine)"))
            }
            edits.append(SourceEdit(offset: lastEnd, length: right - lastEnd, text: "\n" + source.indentation(ofLine: braceLine)))
        }
        return .success(edits)
    }

    /// The edit that makes the capture list hold `weak self`.
    private static func captureEdit(_ closure: ClosureExprSyntax) -> SourceEdit {
        guard let signature = closure.signature else {
            return SourceEdit(offset: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset, text: " [weak self] in")
        }
        guard let capture = signature.capture else {
            return SourceEdit(offset: signature.positionAfterSkippingLeadingTrivia.utf8Offset, text: "[weak self] ")
        }
        if let item = capture.items.first(where: capturesSelf) {
            let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = (item.trailingComma.map { $0.positionAfterSkippingLeadingTrivia } ?? item.endPositionBeforeTrailingTrivia).utf8Offset
            return SourceEdit(offset: start, length: end - start, text: "weak self")
        }
        return SourceEdit(offset: capture.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset, text: "weak self, ")
    }

    static func capturesSelf(_ item: ClosureCaptureSyntax) -> Bool {
        item.name.text == "self" || item.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// `self` as the first token of a statement that is a call or an assignment through it
    /// (`self.total = $0`, `self.render($0)`), used nowhere else in it: `self?.` keeps it one line.
    private static func leadingSelf(of item: CodeBlockItemSyntax) -> TokenSyntax? {
        guard let first = item.firstToken(viewMode: .sourceAccurate), first.tokenKind == .keyword(.self),
              first.nextToken(viewMode: .sourceAccurate)?.tokenKind == .period else { return nil }
        let selfCount = item.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.self) }.count
        guard selfCount == 1, let expression = item.item.as(ExprSyntax.self) else { return nil }
        if expression.is(FunctionCallExprSyntax.self) { return first }
        if let sequence = expression.as(SequenceExprSyntax.self),
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true { return first }
        return nil
    }

    /// Why the closure gives back a value, if it does: a `return` with a value, a declared result,
    /// or a single expression that is neither a call nor an assignment.
    static func returnsValue(_ closure: ClosureExprSyntax) -> String? {
        if let result = closure.signature?.returnClause?.type.trimmedDescription, !["Void", "()"].contains(result) {
            return "it is declared `-> \(result)`"
        }
        if ReturnFinder(closure).returnsValue { return "`return` with a value" }
        guard closure.statements.count == 1, let expression = closure.statements.first?.item.as(ExprSyntax.self) else { return nil }
        var inner = expression
        while true {
            if let t = inner.as(TryExprSyntax.self) { inner = t.expression } else if let a = inner.as(AwaitExprSyntax.self) { inner = a.expression } else { break }
        }
        if inner.is(FunctionCallExprSyntax.self) || inner.is(OptionalChainingExprSyntax.self) { return nil }
        if let sequence = inner.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return nil }
        if inner.is(MacroExpansionExprSyntax.self) || inner.is(IfExprSyntax.self) || inner.is(SwitchExprSyntax.self) { return nil }
        return "its one expression `\(inner.trimmedDescription.prefix(40))` is its result"
    }

    /// `return`s of the closure itself (not of closures or functions inside it).
    private final class ReturnFinder: SyntaxVisitor {
        var returnsValue = false
        init(_ closure: ClosureExprSyntax) {
            super.init(viewMode: .sourceAccurate)
            walk(closure.statements)
        }
        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.expression != nil { returnsValue = true }
            return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
