import SwiftSyntax

/// Block observers a class never removes: a dropped token is kept in a new array property, and
/// `deinit` removes every kept token (its own property's, and the array's).
enum ObserverRemoval {
    static let property = "notificationTokens"

    static func edits(_ finding: Finding, owner: Int, context: RewriteContext) -> Result<[String: [SourceEdit]], Refusal> {
        let index = context.index
        let (path, facts) = index.declarations(of: owner)[0]
        guard let source = context.source(path), let offset = source.offset(line: facts.position.line, column: facts.position.column),
              let type = source.enclosing(ClassDeclSyntax.self, at: offset) else {
            return .failure(Refusal("the declaration of \(finding.type) cannot be found in \(path)"))
        }
        var edits: [String: [SourceEdit]] = [:], removals: [String] = [], dropsTokens = false
        for evidence in finding.evidence {
            guard let file = context.source(evidence.file), let at = file.offset(line: evidence.line, column: evidence.column),
                  let call = file.enclosing(FunctionCallExprSyntax.self, at: at) else {
                return .failure(Refusal("no `addObserver` call at \(evidence.file):\(evidence.line) any more (the file changed since the scan)"))
            }
            if let problem = blocker(call) {
                return .failure(Refusal("the observer at \(evidence.file):\(evidence.line) \(problem)"))
            }
            switch kept(call) {
            case .dropped(let start, let end):
                dropsTokens = true
                edits[evidence.file, default: []] += [SourceEdit(offset: start, length: call.positionAfterSkippingLeadingTrivia.utf8Offset - start, text: "\(property).append("),
                                                      SourceEdit(offset: end, text: ")")]
            case .array(let name): removals.append("\(name).forEach(NotificationCenter.default.removeObserver)")
            case .single(let name): removals.append("\(name).map(NotificationCenter.default.removeObserver)")
            case nil:
                return .failure(Refusal("the token of the observer at \(evidence.file):\(evidence.line) is kept in a way only a person can follow"))
            }
        }
        if dropsTokens { removals.insert("\(property).forEach(NotificationCenter.default.removeObserver)", at: 0) }
        removals = uniqued(removals)
        // Extensions in other files append to the array too: it cannot be private then.
        let access = finding.evidence.allSatisfy { $0.file == path } ? "private " : ""
        switch members(adding: dropsTokens ? access : nil, removals: removals, to: type, in: source) {
        case .success(let list): edits[path, default: []] += list
        case .failure(let refusal): return .failure(refusal)
        }
        return .success(edits)
    }

    enum Kept { case dropped(start: Int, end: Int), array(String), single(String) }

    /// Why keeping this observer's token would not compile or would change nothing: inside a
    /// closure the property needs an explicit `self`; a block that holds `self` strongly keeps
    /// the object alive, so its `deinit` never runs.
    static func blocker(_ call: FunctionCallExprSyntax) -> String? {
        var node = call.parent
        while let current = node, !current.is(MemberBlockSyntax.self) {
            if current.is(ClosureExprSyntax.self) { return "is added inside a closure, where the token's property needs `self` and its lifetime is the closure's" }
            node = current.parent
        }
        let block = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        guard let block else { return nil }
        let weak = block.signature?.capture?.items.contains { ClosureRewrite.capturesSelf($0) && $0.specifier != nil } ?? false
        let usesSelf = block.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.self) }
        return usesSelf && !weak ? "holds `self` strongly in its block, so the object is never freed and `deinit` never runs: capture `[weak self]` there first" : nil
    }

    /// Where the token returned by the call goes: nowhere (a statement of its own, or `_ = …`),
    /// `name.append(…)`, or `name = …` (a property, with or without `self.`).
    static func kept(_ call: FunctionCallExprSyntax) -> Kept? {
        let start = call.positionAfterSkippingLeadingTrivia.utf8Offset, end = call.endPositionBeforeTrailingTrivia.utf8Offset
        if call.parent?.is(CodeBlockItemSyntax.self) == true { return .dropped(start: start, end: end) }
        if let sequence = call.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, sequence.elements.last?.id == call.id {
            let target = sequence.elements.first!
            if target.is(DiscardAssignmentExprSyntax.self) { return .dropped(start: target.positionAfterSkippingLeadingTrivia.utf8Offset, end: end) }
            return propertyName(target).map(Kept.single)
        }
        if let argument = call.parent?.as(LabeledExprSyntax.self), argument.label == nil,
           let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self), outer.arguments.count == 1,
           let member = outer.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
           let base = member.base, let name = propertyName(base) {
            return .array(name)
        }
        return nil
    }

    private static func propertyName(_ expr: ExprSyntax) -> String? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The token array and `deinit` lines in the class body: into its `deinit` when it has one,
    /// else a new `deinit` before the first method.
    private static func members(adding array: String?, removals: [String], to type: ClassDeclSyntax, in source: SourceText) -> Result<[SourceEdit], Refusal> {
        let members = type.memberBlock.members
        let memberLine = members.first.map { source.line(of: $0.positionAfterSkippingLeadingTrivia.utf8Offset) }
        let indent = memberLine.map(source.indentation(ofLine:)) ?? source.indentUnit, unit = source.indentUnit
        var text = array.map { "\(indent)\($0)var \(property): [NSObjectProtocol] = []\n\n" } ?? ""
        var edits: [SourceEdit] = []
        if let existing = members.compactMap({ $0.decl.as(DeinitializerDeclSyntax.self) }).first {
            guard let body = existing.body, let first = body.statements.first,
                  source.startsLine(first.positionAfterSkippingLeadingTrivia.utf8Offset) else {
                return .failure(Refusal("the `deinit` of \(type.name.text) is not on lines of its own"))
            }
            let line = source.line(of: first.positionAfterSkippingLeadingTrivia.utf8Offset)
            edits.append(SourceEdit(offset: source.lineStart(line), text: removals.map { "\(source.indentation(ofLine: line))\($0)\n" }.joined()))
        } else {
            text += "\(indent)deinit {\n" + removals.map { "\(indent)\(unit)\($0)\n" }.joined() + "\(indent)}\n\n"
        }
        guard !text.isEmpty else { return .success(edits) }
        let anchor = members.first { !$0.decl.is(VariableDeclSyntax.self) && !$0.decl.is(TypeAliasDeclSyntax.self) }
        guard let anchor else {
            let right = type.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            guard source.startsLine(right) else { return .failure(Refusal("the body of \(type.name.text) is on one line")) }
            return .success(edits + [SourceEdit(offset: source.lineStart(source.line(of: right)), text: "\n" + String(text.dropLast()))])
        }
        let line = source.line(of: InitializerInjection.commentStart(of: anchor))
        // A blank line between the new members and a declaration right above them.
        let opening = source.line(of: type.memberBlock.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        let spaced = line - 1 == opening || source.isBlank(line: line - 1) ? text : "\n" + text
        return .success(edits + [SourceEdit(offset: source.lineStart(line), text: spaced)])
    }
}
