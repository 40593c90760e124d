import SwiftSyntax

/// Facts about members and their reach, recorded in the same walk: selectors and key paths that
/// name members, object creations, `self` handed to other objects, property reads and writes,
/// view building, test-only blocks and body hashes.
extension FactExtractor {
    var inClassLike: Bool {
        guard let kind = typeStack.last?.kind else { return false }
        return kind == .class || kind == .extension || kind == .actor
    }

    /// A body of one call on another object (`interactor.validate(code: code)`), possibly returned,
    /// tried or awaited, whose arguments are plain names.
    static func onlyForwards(_ body: CodeBlockSyntax?) -> Bool {
        guard let body, body.statements.count == 1, var expression = body.statements.first?.item.as(ExprSyntax.self)
                ?? body.statements.first?.item.as(ReturnStmtSyntax.self)?.expression else { return false }
        while true {
            if let t = expression.as(TryExprSyntax.self) { expression = t.expression } else if let a = expression.as(AwaitExprSyntax.self) { expression = a.expression } else { break }
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { expression = chain.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
              var receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return false }
        // The receiver is an object the method holds (`interactor`, `self.validator`), not one it
        // builds to do the check (`NSPredicate(format: …).evaluate(with:)`).
        while true {
            if let member = receiver.as(MemberAccessExprSyntax.self), let base = member.base { receiver = base; continue }
            if let chain = receiver.as(OptionalChainingExprSyntax.self) { receiver = chain.expression; continue }
            break
        }
        return receiver.is(DeclReferenceExprSyntax.self) && call.arguments.allSatisfy { $0.expression.is(DeclReferenceExprSyntax.self) }
    }

    /// `#selector(Type.member(_:))`, `#selector(member)`, `#keyPath(Type.member)`.
    func recordMacro(_ node: MacroExpansionExprSyntax) {
        guard !typeStack.isEmpty, let argument = node.arguments.first?.expression else { return }
        let kind: SymbolReference.Kind
        switch node.macroName.plainText {
        case "selector": kind = .selector
        case "keyPath": kind = .keyPath
        default: return
        }
        var names = chain(of: argument).filter { $0 != "?" && $0 != "." }
        guard let name = names.popLast() else { return }
        let typeName = names.first { $0 != "self" && isTypeLikeName($0) }
        typeStack[typeStack.count - 1].symbolReferences.append(SymbolReference(
            kind: kind, typeName: typeName, name: name, member: member, position: position(node)))
    }

    // MARK: Creations

    /// `Foo(…)` and `Foo.init(…)` of a project-looking type; `Foo(coder:)` is a storyboard's.
    func recordCreation(_ node: FunctionCallExprSyntax, chain receiver: [String], name: String) {
        let typeName: String
        if receiver.isEmpty, isTypeLikeName(name) { typeName = name }
        else if name == "init", receiver.count == 1, isTypeLikeName(receiver[0]) { typeName = receiver[0] }
        else { return }
        guard !KnownTypes.isSystemTypeName(typeName) else { return }
        let kind: CreationFact.Kind = node.arguments.first?.label?.plainText == "coder" ? .storyboard : .initializer
        let identifier = kind == .storyboard ? creatorIdentifier(node) : nil
        let arguments = node.calledExpression.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments
        let labels = kind == .storyboard ? "" : node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        addCreation(CreationFact(kind: kind, typeName: typeName, identifier: identifier, member: member, position: position(node),
                                 typeArguments: arguments.map { $0.map(\.argument.trimmedText).joined(separator: ", ") },
                                 labels: labels.isEmpty ? nil : labels))
    }

    /// `instantiateViewController(identifier: "Tab") { coder in Foo(coder: coder, …) }`: the identifier
    /// of the instantiation whose creator closure calls `Foo(coder:)`.
    func creatorIdentifier(_ node: FunctionCallExprSyntax) -> String? {
        var current: Syntax? = node.parent
        for _ in 0..<10 {
            guard let parent = current else { return nil }
            if let call = parent.as(FunctionCallExprSyntax.self), let (_, name) = callee(of: call), name == "instantiateViewController" {
                return call.arguments.first.flatMap { identifierConstant($0.expression) }
            }
            current = parent.parent
        }
        return nil
    }

    /// `[CameraViewController.self, MapViewController.self]`: a registry of types to instantiate.
    func recordMetatypeListing(_ node: MemberAccessExprSyntax) {
        guard node.declName.baseName.isKeyword(.self), node.parent?.is(ArrayElementSyntax.self) == true,
              let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainText, isTypeLikeName(base),
              !KnownTypes.isSystemTypeName(base) else { return }
        addCreation(CreationFact(kind: .metatype, typeName: base, member: member, position: position(node)))
    }

    func addCreation(_ fact: CreationFact) {
        guard !typeStack.isEmpty, !typeStack[typeStack.count - 1].creations.contains(fact) else { return }
        typeStack[typeStack.count - 1].creations.append(fact)
    }

    /// `x as? Foo` where `x` instantiates from a storyboard or is a segue's destination.
    func recordCast(_ expression: ExprSyntax, type: TypeSyntax, at node: some SyntaxProtocol) {
        guard !typeStack.isEmpty else { return }
        let typeName = normalizedTypeName(type)
        guard isTypeLikeName(typeName), !KnownTypes.isSystemTypeName(typeName) else { return }
        if let (kind, identifier) = storyboardSource(expression) {
            addCreation(CreationFact(kind: kind, typeName: typeName, identifier: identifier, member: member, position: position(node)))
        }
    }

    /// A storyboard instantiation (with its identifier) or a segue destination (with the segue
    /// identifier the enclosing `if`/`switch` tests).
    func storyboardSource(_ expression: ExprSyntax) -> (CreationFact.Kind, String?)? {
        if let contained = containedStoryboardSource(expression) { return contained }
        let expr = unwrapped(expression)
        if let call = expr.as(FunctionCallExprSyntax.self), let (_, name) = callee(of: call),
           name == "instantiateViewController" || name == "instantiateInitialViewController" {
            return (.storyboard, call.arguments.first.flatMap { identifierConstant($0.expression) })
        }
        if let local = expr.as(DeclReferenceExprSyntax.self), let bound = boundValue(of: local.baseName.plainText, before: local),
           let (kind, identifier) = storyboardSource(bound), kind == .storyboard {
            return (kind, identifier)
        }
        let names = chain(of: expr)
        let segueWords: Set<String> = ["destination", "destinationViewController", "topViewController", "visibleViewController"]
        guard names.contains(where: segueWords.contains),
              names.contains(where: { $0.containsIgnoringCase("segue") }) || memberStack.first == "prepare(for:sender:)" else { return nil }
        return (.segue, segueIdentifier(around: expr))
    }

    /// What a local was bound to earlier in the same condition list or block:
    /// `guard let controller = storyboard?.instantiateViewController(…), let list = controller as? ListViewController`.
    func boundValue(of name: String, before node: some SyntaxProtocol) -> ExprSyntax? {
        var child = Syntax(node)
        for _ in 0..<12 {
            guard let parent = child.parent else { return nil }
            if let conditions = parent.as(ConditionElementListSyntax.self) {
                for element in conditions {
                    if element.id == child.id { break }
                    if case .optionalBinding(let binding) = element.condition,
                       binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText == name, let value = binding.initializer?.value {
                        return value
                    }
                }
                return nil
            }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                var found: ExprSyntax?
                for item in items {
                    if item.id == child.id { break }
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText == name {
                        found = binding.initializer?.value
                    }
                }
                return found
            }
            child = parent
        }
        return nil
    }

    /// The identifier an enclosing `if segue.identifier == "x"` or `case "x":` tests.
    func segueIdentifier(around node: some SyntaxProtocol) -> String? {
        var current: Syntax? = Syntax(node)
        var steps = 0
        while let node = current, steps < 40 {
            steps += 1
            if node.is(FunctionDeclSyntax.self) { return nil }
            if let ifExpr = node.as(IfExprSyntax.self) {
                for condition in ifExpr.conditions {
                    if let found = comparedIdentifier(condition.condition.as(ExprSyntax.self)) { return found }
                }
            }
            if let switchCase = node.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label,
               let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
               chain(of: switchExpr.subject).last == "identifier",
               let pattern = label.caseItems.first?.pattern.as(ExpressionPatternSyntax.self) {
                return identifierConstant(pattern.expression)
            }
            current = node.parent
        }
        return nil
    }

    private func comparedIdentifier(_ expr: ExprSyntax?) -> String? {
        guard let sequence = expr?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.plainText == "==" else { return nil }
        if chain(of: elements[0]).last == "identifier" { return identifierConstant(elements[2]) }
        if chain(of: elements[2]).last == "identifier" { return identifierConstant(elements[0]) }
        return nil
    }

    /// `let vc: Foo = storyboard.instantiateViewController(…)`.
    func recordTypedInstantiation(_ binding: PatternBindingSyntax) {
        guard let type = binding.typeAnnotation?.type, let value = binding.initializer?.value else { return }
        recordCast(value, type: type, at: value)
    }

    // MARK: self handed to others

    /// `self` passed to a call: `CameraController(owner: self)`, `setSampleBufferDelegate(self, queue: q)`.
    func recordSelfArguments(_ node: FunctionCallExprSyntax, chain receiver: [String], name: String) {
        guard inClassLike, hasSelfArgument(node.arguments) || (!selfAliases.isEmpty && node.arguments.contains { isSelf($0.expression) }) else { return }
        for argument in node.arguments where isSelf(argument.expression) {
            let queue = node.arguments.first { ["queue", "delegateQueue"].contains($0.label?.plainText ?? "") }
            typeStack[typeStack.count - 1].selfHandOffs.append(SelfHandOff(
                chain: receiver, callee: name, label: argument.label?.plainText ?? "_",
                queue: queue?.expression.trimmedText, member: member, position: position(argument.expression)))
        }
    }

    /// `camera.owner = self`.
    func recordSelfAssignment(_ elements: [ExprSyntax]) {
        guard inClassLike, elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), isSelf(elements[2]) else { return }
        let target = chain(of: elements[0])
        guard target.count >= 2, !target.contains("?") else { return }
        typeStack[typeStack.count - 1].selfHandOffs.append(SelfHandOff(
            chain: target, callee: nil, label: nil, queue: nil, member: member, position: position(elements[0])))
    }

    /// `self`, or a strong copy of it (`strongSelf`).
    func isSelf(_ expr: ExprSyntax) -> Bool {
        guard let ref = expr.as(DeclReferenceExprSyntax.self) else { return false }
        return ref.baseName.isKeyword(.self) || (!selfAliases.isEmpty && selfAliases.contains(ref.baseName.plainText))
    }

    // MARK: Property reads and writes

    /// A bare name (`count`) that is no local, parameter or type: maybe one of the type's properties.
    func recordBareAccess(_ node: DeclReferenceExprSyntax, name: String) {
        guard inClassLike, member != nil, !localNames.contains(name), !shadowedNames.contains(name),
              node.argumentNames == nil else { return }
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { return }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return }
        addAccess(name, at: node, isWrite: !propertyWriteTargets.isEmpty && propertyWriteTargets.remove(node.id) != nil)
    }

    func addAccess(_ name: String, at node: some SyntaxProtocol, isWrite: Bool) {
        let onMain = closureStack.contains { $0.fact.context == .mainQueue }
        typeStack[typeStack.count - 1].propertyAccesses.append(PropertyAccess(
            name: name, member: member, position: position(node), isWrite: isWrite, onMainQueue: onMain))
    }

    /// Names that hide properties inside a member: parameters and closure parameters.
    func shadow(_ closure: ClosureExprSyntax) {
        guard let signature = closure.signature, let clause = signature.parameterClause else { return }
        switch clause {
        case .simpleInput(let list): for p in list { shadowedNames.insert(p.name.plainText) }
        case .parameterClause(let params): for p in params.parameters { shadowedNames.insert((p.secondName ?? p.firstName).plainText) }
        }
    }

    // MARK: View building

    static let viewTypeSuffixes = ["View", "Button", "Label", "Field", "Switch", "Slider", "Control", "Bar", "Stepper",
                                   "Picker", "Indicator", "Cell"]
    static let viewBuildingCalls: Set<String> = ["addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview",
                                                 "addConstraint", "addConstraints", "addLayoutGuide"]

    /// A call that creates a view or lays one out: `UILabel()`, `addSubview`, `.constraint(equalTo:)`,
    /// `NSLayoutConstraint.activate`, `NSLayoutConstraint(item:…)`.
    func isViewBuildingCall(chain receiver: [String], name: String) -> Bool {
        // `UILabel()`, `WKWebView(frame:configuration:)`, `MKMapView()`: a framework view created in code.
        if receiver.isEmpty, isTypeLikeName(name), KnownTypes.isSystemTypeName(name), Self.viewTypeSuffixes.contains(where: name.hasSuffix) {
            return true
        }
        if Self.viewBuildingCalls.contains(name) { return true }
        if name == "constraint", receiver.last?.hasSuffix("Anchor") == true { return true }
        if name.hasPrefix("constraint"), receiver.last?.hasSuffix("Anchor") == true { return true }
        if receiver.first == "NSLayoutConstraint" || (receiver.isEmpty && name == "NSLayoutConstraint") { return true }
        return false
    }

    func markViewBuilding(at node: some SyntaxProtocol) {
        guard let index = currentFunction else { return }
        let line = position(node).line
        if typeStack[typeStack.count - 1].functions[index].viewBuildingLines.last != line {
            typeStack[typeStack.count - 1].functions[index].viewBuildingLines.append(line)
        }
    }

    /// `view.frame = …`, `x.translatesAutoresizingMaskIntoConstraints = false`.
    func recordLayoutAssignment(_ elements: [ExprSyntax]) {
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let leaf = chain(of: elements[0]).last else { return }
        if ["frame", "translatesAutoresizingMaskIntoConstraints", "bounds", "center"].contains(leaf) { markViewBuilding(at: elements[0]) }
    }

    // MARK: Test-only code

    /// `#if DEBUG`, `#if targetEnvironment(simulator)`, `#if TESTING`: a clause that only debug or
    /// test builds compile (`!DEBUG` and `#else` are the opposite).
    static func isTestOnlyCondition(_ text: String) -> Bool {
        let words = ["DEBUG", "targetEnvironment(simulator)", "TEST", "MOCK", "SNAPSHOT"]
        // In ASCII text a byte miss is a miss (in other text `K` may be spelled as the Kelvin sign).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        for word in words where !ascii || text.containsExactly(word) {
            var search = text[...]
            while let range = search.range(of: word) {
                let before = text[text.startIndex..<range.lowerBound].last
                if before != "!" { return true }
                search = text[range.upperBound...]
            }
        }
        return false
    }

    /// `if ProcessInfo.processInfo.arguments.contains("-uitests")`, `… .environment["MOCK"] != nil`.
    static func isTestSwitch(_ conditions: ConditionElementListSyntax) -> Bool {
        let text = conditions.trimmedText
        // Most conditions miss, and a byte miss is a miss for the Character-wise search too (no
        // letter of these needles has another spelling that is canonically equal).
        guard text.containsExactly("ProcessInfo") else { return false }
        return text.contains("ProcessInfo") && (text.contains("arguments") || text.contains("environment"))
    }

    func beginTestOnly(_ node: some SyntaxProtocol) {
        if !inDebug, !typeStack.isEmpty {
            let (first, last) = lines(node)
            typeStack[typeStack.count - 1].testOnlySpans.append(
                LineSpan(from: first, to: last, codeLines: codeLines.count(from: first, to: last)))
        }
        debugClauses.append(true)
    }

    // MARK: Body hashes

    /// FNV-1a over the body's token texts: whitespace and comments are trivia, so copies that
    /// differ only in those hash alike. Bodies under three code lines are not helpers worth sharing.
    func bodyHash(_ body: CodeBlockSyntax?) -> String? {
        guard let body, let first = body.statements.first, let last = body.statements.last else { return nil }
        guard codeLines.count(from: lines(first).0, to: lines(last).1) >= 3 else { return nil }
        return String(tokenTextHash(body.statements), radix: 16)
    }
}
