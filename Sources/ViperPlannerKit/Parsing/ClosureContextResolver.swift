import SwiftSyntax

/// Decides where a closure ends up, from its position in the tree: stored in a property, kept by a
/// Combine subscription or a timer, handed to a network or background-queue call, or elsewhere.
func closureContext(of closure: ClosureExprSyntax, localTypes: [String: String]) -> ClosureContext {
    guard let parent = closure.parent else { return .other }

    // `x.handler = { … }`
    if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
        let elements = Array(sequence.elements)
        if elements.count == 3, elements[2].id == closure.id, elements[1].is(AssignmentExprSyntax.self) {
            let target = chain(of: elements[0])
            guard let property = target.last, property != "?" else { return .other }
            return .assignedToProperty(owner: Array(target.dropLast()), property: property)
        }
        return .other
    }
    // `lazy var handler = { … }` (a non-lazy stored closure cannot capture self)
    if let initializer = parent.as(InitializerClauseSyntax.self),
       let binding = initializer.parent?.as(PatternBindingSyntax.self),
       let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
       variable.modifiers.contains(where: { $0.name.plainText == "lazy" }),
       let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText {
        return .assignedToProperty(owner: [], property: name)
    }

    // An argument: find the call it is given to.
    let call: FunctionCallExprSyntax?
    if let direct = parent.as(FunctionCallExprSyntax.self), direct.trailingClosure?.id == closure.id {
        call = direct
    } else if let labeled = parent.as(LabeledExprSyntax.self) {
        call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self)
    } else if let extra = parent.as(MultipleTrailingClosureElementSyntax.self) {
        call = extra.parent?.parent?.as(FunctionCallExprSyntax.self)
    } else {
        call = nil
    }
    guard let call, let (receiver, name) = callee(of: call) else { return .other }
    let callLabels = labels(of: call)

    switch name {
    case "sink":
        return .combineSink(stored: resultIsKept(call), upstream: receiver)
    case "scheduledTimer", "Timer":
        let repeats = argument("repeats", of: call)?.trimmedText == "true"
        return repeats && !invalidatesItself(closure, timer: call) ? .repeatingTimer : .other
    case "addObserver" where callLabels.contains("forName"):
        return .notificationBlock(tokenKept: resultIsKept(call))
    case "observe" where call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true:
        return .kvoObservation(tokenKept: resultIsKept(call))
    default:
        break
    }
    if KnownAPIs.urlSessionTaskCalls.contains(name) { return .urlSessionCompletion }
    if KnownAPIs.queueCalls.contains(name) {
        if receiver.contains(where: { $0.equalsIgnoringCase("main") }) || receiver == ["MainActor"] { return .mainQueue }
        if receiver.contains(where: { $0.equalsIgnoringCase("global") })
            || (name != "run" && name != "perform" && receiver.last?.containsIgnoringCase("queue") == true) {
            return .backgroundQueue
        }
    }
    if name == "Task", closure.signature?.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "MainActor"
    }) == true {
        return .mainQueue
    }
    let head = receiver.first.flatMap { localTypes[$0] }
    return .callArgument(chain: receiver, headType: head, name: name)
}

/// Whether the value a call returns is kept (stored, inserted, or `.store(in:)`-ed): a discarded
/// token cannot be removed later, a kept one keeps its closure alive.
func resultIsKept(_ call: FunctionCallExprSyntax) -> Bool {
    var node: Syntax = Syntax(call)
    var steps = 0
    while let parent = node.parent, steps < 32 {
        steps += 1
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            if member.declName.baseName.plainText == "store" { return true }
            node = parent; continue
        }
        if let outer = parent.as(FunctionCallExprSyntax.self), outer.calledExpression.id == node.id { node = parent; continue }
        if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
            || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            node = parent; continue
        }
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[2].id == node.id && elements[1].is(AssignmentExprSyntax.self)
                && !elements[0].is(DiscardAssignmentExprSyntax.self)
        }
        if parent.is(InitializerClauseSyntax.self) { return true }
        if let labeled = parent.as(LabeledExprSyntax.self),
           let outer = labeled.parent?.parent?.as(FunctionCallExprSyntax.self), let (_, name) = callee(of: outer) {
            return ["insert", "append", "store", "add"].contains(name)
        }
        return false
    }
    return false
}

/// A repeating timer no property keeps, invalidated in its own scope: by its closure
/// (`{ timer in … timer.invalidate() }`) or by the function holding it in a local
/// (`let timer = …; defer { timer.invalidate() }`). It ends, so capturing self is no cycle.
func invalidatesItself(_ closure: ClosureExprSyntax, timer call: FunctionCallExprSyntax) -> Bool {
    var parameter: String?
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?: parameter = list.first?.name.plainText
    case .parameterClause(let clause)?: parameter = clause.parameters.first.map { ($0.secondName ?? $0.firstName).plainText }
    case nil: parameter = closure.statements.trimmedText.contains("$0.invalidate()") ? "$0" : nil
    }
    if let parameter, parameter != "_", closure.statements.trimmedText.contains("\(parameter).invalidate()") { return true }
    // `let timer = Timer.scheduledTimer(…)`: a local the enclosing function invalidates.
    var node: Syntax = Syntax(call)
    while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
        if let binding = parent.as(PatternBindingSyntax.self) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText,
                  let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
                  let block = variable.parent?.parent?.as(CodeBlockItemListSyntax.self) else { return false }
            return block.trimmedText.contains("\(name).invalidate()")
        }
        if parent.is(SequenceExprSyntax.self) { return false }
        node = parent
    }
    return false
}
