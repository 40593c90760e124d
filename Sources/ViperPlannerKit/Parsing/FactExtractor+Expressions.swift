import SwiftSyntax

extension FactExtractor {
    func recordCall(_ node: FunctionCallExprSyntax) {
        guard !typeStack.isEmpty, var (receiver, name) = callee(of: node) else { return }
        if let head = receiver.first, !selfAliases.isEmpty, selfAliases.contains(head) { receiver[0] = "self" }
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil {
            pendingReceiver = (access.id, receiver)
        }
        let nameNode: Syntax = node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
            ?? Syntax(node.calledExpression)
        // `super.pushViewController(…)` inside an override of `pushViewController` forwards the
        // call; anywhere else it is the class navigating.
        let usageChain = receiver.first == "super" && member.map(baseName) != name ? Array(receiver.dropFirst()) : receiver
        if let usage = classifyCall(node, chain: usageChain, name: name, localTypes: localTypes, remoteURLs: remoteURLs),
           !(usage.api == "setViewControllers" && (member ?? "").hasPrefix("init(")) {
            addUsage(usage, at: nameNode)
        }
        recordCreation(node, chain: receiver, name: name)
        // `stack.append(login)`: the screen last added to a local list is the one a later
        // `setViewControllers(stack, …)` shows. Kept under `stack.last`, a key no identifier can take.
        if name == "append", receiver.count == 1, let element = node.arguments.first, element.label == nil,
           let screen = destination(of: element.expression, localTypes) {
            localTypes[receiver[0] + ".last"] = screen
        }
        // `nav.setViewControllers([settings], …)` on a local container: presenting `nav` opens Settings.
        if name == "setViewControllers", receiver.count == 1, let first = node.arguments.first,
           let screen = destination(of: first.expression, localTypes) {
            localTypes[receiver[0] + ".root"] = screen
        }
        recordSelfArguments(node, chain: receiver, name: name)
        if isViewBuildingCall(chain: receiver, name: name) { markViewBuilding(at: nameNode) }
        if name == "addObserver" {
            let callLabels = labels(of: node)
            if callLabels.first == "_", callLabels.contains("selector") {
                typeStack[typeStack.count - 1].observers.append(ObserverFact(
                    style: .selector, tokenKept: false, member: member, position: position(nameNode)))
            } else if callLabels.contains("forName") {
                typeStack[typeStack.count - 1].observers.append(ObserverFact(
                    style: .block, tokenKept: resultIsKept(node), member: member, position: position(nameNode)))
            }
        } else if name == "removeObserver" {
            typeStack[typeStack.count - 1].removesObservers = true
        }
        return
    }

    func recordReference(_ node: DeclReferenceExprSyntax) {
        guard !typeStack.isEmpty else { return }
        if node.baseName.isKeyword(.self) {
            // `Model.self` names a metatype; it does not capture self.
            if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { return }
            markSelfUse()
            return
        }
        let name = node.baseName.plainText
        let typeLike = isTypeLikeName(name)
        if !typeLike { recordBareAccess(node, name: name) }
        if typeLike {
            if name == "NSPredicate", isFetchPredicate(node) {
                addUsage(CallUsage(family: .persistence, api: "CoreData.predicate"), at: node)
            } else if let (family, api) = KnownAPIs.referencedTypes[name], !isInjectedIntoInitializer(node) {
                addUsage(CallUsage(family: family, api: api), at: node)
            }
            recordUIType(name, node)
            if name == "NavigationLink", let call = node.parent?.as(FunctionCallExprSyntax.self),
               call.calledExpression.id == node.id, !labels(of: call).contains("value") {
                // The view names the screen it opens; `NavigationLink(value:)` only appends a value.
                typeStack[typeStack.count - 1].destinationLinks.append(position(node))
            }
            return
        }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            addReference(chain: [], name: name, isCall: true, at: node, call: call)
            if !closureStack.isEmpty, KnownAPIs.uiCalls.contains(name) {
                addTouch(UITouch(root: "self", leaf: name, position: position(node)))
            }
        }
        return
    }

    func recordMemberAccess(_ node: MemberAccessExprSyntax) {
        guard !typeStack.isEmpty, let base = node.base else { return }
        recordMetatypeListing(node)
        // The call visited just before (`a.b.c(…)`) already flattened this receiver.
        var receiver: [String]
        if let pending = pendingReceiver, pending.node == node.id { receiver = pending.chain } else { receiver = chain(of: base) }
        pendingReceiver = nil
        if let head = receiver.first, !selfAliases.isEmpty, selfAliases.contains(head) { receiver[0] = "self" }
        let name = node.declName.baseName.plainText
        guard !receiver.contains("?"), receiver.first != "." else {
            if receiver == ["?"], assignmentTargets.remove(node.id) != nil { recordCastInjection(node, base: base) }
            return
        }
        let parentCall = node.parent?.as(FunctionCallExprSyntax.self)
        let isCall = parentCall?.calledExpression.id == node.id
        let isAssignment = !assignmentTargets.isEmpty && assignmentTargets.remove(node.id) != nil
        let assignsNewObject = !constructedTargets.isEmpty && constructedTargets.remove(node.id) != nil
        // `AccountVault(bookmark: b).filesRootURL` uses an instance: its chain's head is the constructed type.
        let constructed = receiver.count >= 1 && isTypeLikeName(receiver[0]) ? constructedHead(of: base) : nil
        addReference(chain: receiver, name: name, isCall: isCall, at: node.declName, call: isCall ? parentCall : nil,
                     isAssignment: isAssignment, assignsNewObject: assignsNewObject, headType: constructed)
        if receiver == ["self"], !isCall, inClassLike, member != nil { addAccess(name, at: node.declName, isWrite: isAssignment) }
        if name == "viewContext" || name == "managedObjectContext" {
            addUsage(CallUsage(family: .persistence, api: "CoreData.\(name)"), at: node.declName)
        }
        if name == "identifier", receiver.last?.containsIgnoringCase("segue") == true, let index = currentFunction {
            typeStack[typeStack.count - 1].functions[index].branchesOnSegueIdentifier = true
        }
        if isCall, !closureStack.isEmpty, KnownAPIs.uiCalls.contains(name), let root = touchRoot(receiver) {
            addTouch(UITouch(root: root, leaf: name, position: position(node.declName)))
        }
        return
    }

    func recordSequence(_ node: SequenceExprSyntax) {
        guard !typeStack.isEmpty else { return }
        let elements = Array(node.elements)
        if elements.count >= 3, isAssignmentOperator(elements[1]), let target = elements[0].as(MemberAccessExprSyntax.self) {
            assignmentTargets.insert(target.id)
            if elements[1].is(AssignmentExprSyntax.self), constructsObject(elements[2]) { constructedTargets.insert(target.id) }
        }
        if elements.count >= 3, isAssignmentOperator(elements[1]), let target = elements[0].as(DeclReferenceExprSyntax.self) {
            propertyWriteTargets.insert(target.id)
        }
        recordSelfAssignment(elements)
        recordLayoutAssignment(elements)
        for i in elements.indices.dropFirst() where elements[i].is(UnresolvedAsExprSyntax.self) && i + 1 < elements.count {
            if let type = elements[i + 1].as(TypeExprSyntax.self)?.type { recordCast(elements[i - 1], type: type, at: elements[i - 1]) }
        }
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
            let assigned = chain(of: elements[0])
            if assigned.count == 1 || (assigned.count == 2 && assigned[0] == "self"), let name = assigned.last,
               !localNames.contains(name) || assigned[0] == "self",
               !typeStack[typeStack.count - 1].assignedProperties.contains(name) {
                typeStack[typeStack.count - 1].assignedProperties.append(name)
            }
            if let name = assigned.last, assigned.count == 1 || (assigned.count == 2 && assigned[0] == "self"),
               !localNames.contains(name) || assigned[0] == "self", constructsObject(elements[2]),
               !typeStack[typeStack.count - 1].constructedProperties.contains(name) {
                typeStack[typeStack.count - 1].constructedProperties.append(name)
            }
            if elements[2].is(NilLiteralExprSyntax.self), let name = assigned.last,
               assigned.count == 1 || (assigned.count == 2 && assigned[0] == "self"),
               !typeStack[typeStack.count - 1].releasedProperties.contains(name) {
                typeStack[typeStack.count - 1].releasedProperties.append(name)
            }
        }
        if !closureStack.isEmpty, elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
            let target = chain(of: elements[0])
            let leafNode: Syntax = elements[0].as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(elements[0])
            if let leaf = target.last, leaf != "?" {
                // `self.title = …` / `title = …`: the property itself must be UIKit state.
                let ownProperty = target.count == 1 || (target.count == 2 && target[0] == "self")
                if ownProperty, !localNames.contains(leaf) {
                    addTouch(UITouch(root: leaf, leaf: leaf, position: position(leafNode)))
                } else if !ownProperty, KnownAPIs.uiProperties.contains(leaf), let root = touchRoot(Array(target.dropLast())) {
                    addTouch(UITouch(root: root, leaf: leaf, position: position(leafNode)))
                }
            }
        }
        if isMoneyArithmetic(elements) {
            addUsage(CallUsage(family: .businessLogic, api: "price arithmetic"), at: node)
        }
        recordDomainArithmetic(elements)
        return
    }

    func recordIdentifierType(_ node: IdentifierTypeSyntax) {
        if !typeStack.isEmpty { recordUIType(node.name.plainText, node) }
        return
    }

    func beginClosure(_ node: ClosureExprSyntax) {
        guard !typeStack.isEmpty else { return }
        var capture = CaptureOfSelf.none
        for item in node.signature?.capture?.items ?? [] {
            let capturesSelf = item.name.plainText == "self"
                || item.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.isKeyword(.self) == true
            guard capturesSelf else { continue }
            switch item.specifier?.specifier.plainText {
            case "weak": capture = .weak
            case "unowned": capture = .unowned
            default: capture = .strong
            }
        }
        shadow(node)
        var fact = ClosureFact(member: member, position: position(node), capture: capture,
                               usesSelf: capture == .strong,
                               context: closureContext(of: node, localTypes: localTypes), inDebugBlock: inDebug)
        fact.receivesError = Self.receivesError(node.signature?.parameterClause)
        closureStack.append(ClosureFrame(fact: fact, typeDepth: typeStack.count))
        return
    }

    /// A parameter named for an error (`error`, `err`, `saveError`) or typed as one (`Error?`).
    static func receivesError(_ clause: ClosureSignatureSyntax.ParameterClause?) -> Bool {
        func isError(_ name: String) -> Bool { name == "err" || name.lowercased().hasSuffix("error") }
        switch clause {
        case .simpleInput(let names): return names.contains { isError($0.name.text) }
        case .parameterClause(let list):
            return list.parameters.contains { p in
                isError(p.secondName?.text ?? p.firstName.text)
                    || p.type.map { type -> Bool in
                        var text = type.trimmedDescription
                        while let c = text.last, c == "?" || c == "!" { text.removeLast() }
                        return text.hasSuffix("Error")
                    } == true
            }
        case nil: return false
        }
    }

    func endClosure(_ node: ClosureExprSyntax) {
        guard let frame = closureStack.last, frame.typeDepth == typeStack.count, frame.fact.position == position(node)
        else { return }
        closureStack.removeLast()
        var fact = frame.fact
        fact.endLine = lines(node).1
        typeStack[typeStack.count - 1].closures.append(fact)
    }

    // MARK: Helpers

    /// `SharingDelegate(…)`, `SharingDelegate.init(…)`, `try Helper(…)`: a new object of a named type.
    func constructsObject(_ expr: ExprSyntax) -> Bool {
        if let t = expr.as(TryExprSyntax.self) { return constructsObject(t.expression) }
        guard let call = expr.as(FunctionCallExprSyntax.self), let (chain, name) = callee(of: call) else { return false }
        if chain.isEmpty { return isTypeLikeName(name) }
        return name == "init" && chain.count == 1 && isTypeLikeName(chain[0])
    }

    /// `Dashboard(defaults: UserDefaults.standard)`: handing a store to an initialiser is injection.
    func isInjectedIntoInitializer(_ node: DeclReferenceExprSyntax) -> Bool {
        var current: Syntax = Syntax(node)
        for _ in 0..<8 {
            guard let parent = current.parent else { return false }
            if let labeled = parent.as(LabeledExprSyntax.self) {
                guard let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self), let (receiver, name) = callee(of: call)
                else { return false }
                return (receiver.isEmpty && isTypeLikeName(name)) || name == "init"
            }
            // Up through the expression that produces the value: `UserDefaults.standard`,
            // `UserDefaults(suiteName: "g")!`, `try Realm()`.
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == current.id { current = parent; continue }
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id { current = parent; continue }
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) || parent.is(TryExprSyntax.self) {
                current = parent; continue
            }
            return false
        }
        return false
    }

    /// `request.predicate = NSPredicate(…)` or `fetch(…, predicate: NSPredicate(…))`: a query, not a rule.
    func isFetchPredicate(_ node: DeclReferenceExprSyntax) -> Bool {
        var current: Syntax = Syntax(node)
        for _ in 0..<8 {
            guard let parent = current.parent else { return false }
            if let labeled = parent.as(LabeledExprSyntax.self), labeled.label?.plainText == "predicate" { return true }
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && chain(of: elements[0]).last == "predicate"
            }
            current = parent
        }
        return false
    }

    /// Inside a closure that captures self weakly, `self` in nested closures is that weak
    /// reference (or its unwrapped copy), not a new strong capture of the object.
    func markSelfUse() {
        if closureStack.contains(where: { $0.fact.capture == .weak || $0.fact.capture == .unowned }) { return }
        for i in closureStack.indices { closureStack[i].fact.usesSelf = true }
    }

    /// The property of self at the root of an access path; nil for locals and other objects' types.
    func touchRoot(_ receiver: [String]) -> String? {
        if receiver.isEmpty { return "self" }
        if receiver[0] == "self" { return receiver.count > 1 ? receiver[1] : "self" }
        let head = receiver[0]
        if localNames.contains(head) || isTypeLikeName(head) { return nil }
        return head
    }

    func isAssignmentOperator(_ expr: ExprSyntax) -> Bool {
        if expr.is(AssignmentExprSyntax.self) { return true }
        guard let op = expr.as(BinaryOperatorExprSyntax.self)?.operator.plainText else { return false }
        return ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "??="].contains(op)
    }

    func addReference(chain receiver: [String], name: String, isCall: Bool, at node: some SyntaxProtocol,
                      call: FunctionCallExprSyntax? = nil, isAssignment: Bool = false, assignsNewObject: Bool = false,
                      headType: String? = nil) {
        let head = headType ?? receiver.first.flatMap { $0 == "self" ? nil : receiverHints[$0] ?? localTypes[$0] }
        let fullName = call.map { c in
            var full = name
            full.append("(")
            for label in argumentLabels(c.arguments) { full.append(label); full.append(":") }
            full.append(")")
            return full
        }
        typeStack[typeStack.count - 1].references.append(MemberReference(
            chain: receiver, headType: head, name: name, fullName: fullName, isCall: isCall, member: member,
            position: position(node), inDebugBlock: inDebug, isAssignment: isAssignment, assignsNewObject: assignsNewObject,
            passesClosure: call.map(passesClosure) ?? false))
        if isCall, receiver.isEmpty || receiver == ["self"], let index = currentFunction,
           memberStack.count >= 1 {
            typeStack[typeStack.count - 1].functions[index].selfCalls.append(name)
        }
    }

    /// A trailing closure, a closure argument, or a `completion:` that is not `nil`.
    func passesClosure(_ call: FunctionCallExprSyntax) -> Bool {
        call.trailingClosure != nil || call.arguments.contains { argument in
            argument.expression.is(ClosureExprSyntax.self)
                || (argument.label?.text == "completion" && !argument.expression.is(NilLiteralExprSyntax.self))
        }
    }

    func recordUIType(_ name: String, _ node: some SyntaxProtocol) {
        recordTypeMention(name, node)
        guard name.utf8.count > 2, name.hasPrefix("UI"), isTypeLikeName(String(name.dropFirst(2))) else { return }
        if typeStack[typeStack.count - 1].uiTypeNames[name] == nil {
            typeStack[typeStack.count - 1].uiTypeNames[name] = position(node)
        }
    }

    /// A type named inside a function's body, once per name and line; the standard library's and
    /// Foundation's names are left out (they never decide where a line can go).
    func recordTypeMention(_ name: String, _ node: some SyntaxProtocol) {
        guard let index = currentFunction, KnownTypes.isUIFrameworkTypeName(name) || !KnownTypes.isSystemTypeName(name) else { return }
        let line = position(node).line
        let mention = TypeMention(name: name, line: line)
        guard typeStack[typeStack.count - 1].functions[index].position.line < line,
              !typeStack[typeStack.count - 1].functions[index].typeMentions.suffix(4).contains(mention) else { return }
        typeStack[typeStack.count - 1].functions[index].typeMentions.append(mention)
    }

    func isMoneyArithmetic(_ elements: [ExprSyntax]) -> Bool {
        let hasOperator = elements.contains {
            guard let op = $0.as(BinaryOperatorExprSyntax.self)?.operator.plainText else { return false }
            return ["*", "/", "+", "-", "*=", "/=", "+=", "-="].contains(op)
        }
        guard hasOperator, !elements.contains(where: { $0.is(StringLiteralExprSyntax.self) }) else { return false }
        return elements.contains { element in
            let name: String
            if let ref = element.as(DeclReferenceExprSyntax.self) { name = ref.baseName.plainText }
            else if let access = element.as(MemberAccessExprSyntax.self) { name = access.declName.baseName.plainText }
            else { return false }
            return KnownAPIs.moneyWords.contains(where: name.containsIgnoringCase)
        }
    }
}

extension FactExtractor {
    /// `distance * 1000`, `cm / 2.54` (a unit conversion factor) and `value >= min && value <= max`
    /// (a range check), outside layout and animation arithmetic. Reported at the first operand
    /// after any assignment.
    func recordDomainArithmetic(_ all: [ExprSyntax]) {
        let elements = all.count >= 3 && isAssignmentOperator(all[1]) ? Array(all.dropFirst(2)) : all
        guard elements.count >= 3, let first = elements.first else { return }
        let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.plainText }
        let isRangeCheck = operators.contains("&&") && operators.contains(where: { $0 == ">=" || $0 == ">" })
            && operators.contains(where: { $0 == "<=" || $0 == "<" })
        // Most sequences neither multiply nor check a range: then nothing below can report, and
        // the names of their operands (a token walk) are not collected.
        guard isRangeCheck || operators.contains(where: { ["*", "/", "*=", "/="].contains($0) }) else { return }
        // Every name in the operands (`Double(product.reviewCount) / 1000` names `reviewCount`).
        let names = elements.flatMap { $0.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let text) = token.tokenKind { return text } else { return nil }
        } }
        if names.contains(where: KnownAPIs.isGeometryName) { return }
        for (i, element) in elements.enumerated() {
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.plainText, ["*", "/", "*=", "/="].contains(op),
                  i + 1 < elements.count else { continue }
            let factor = elements[i + 1].trimmedText, before = elements[i - 1].trimmedText
            if KnownAPIs.conversionFactors.contains(factor) || (op == "*" && KnownAPIs.conversionFactors.contains(before))
                || KnownAPIs.isTemperatureRatio(before, op, factor)
                || (KnownAPIs.isFractionLiteral(factor) && names.contains(where: KnownAPIs.isUnitName)) {
                addUsage(CallUsage(family: .businessLogic, api: "unit conversion"), at: first)
                return
            }
        }
        if isRangeCheck {
            addUsage(CallUsage(family: .businessLogic, api: "range check"), at: first)
        }
    }

    /// `/[A-Z]{6}/`: a regex literal is a validation rule.
    func recordRegexLiteral(_ node: RegexLiteralExprSyntax) {
        addUsage(CallUsage(family: .businessLogic, api: "regex literal"), at: node)
    }
}
