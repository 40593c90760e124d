import Foundation
import SwiftSyntax

/// Whether a function runs the closures it is given on the main thread, read from its body: every
/// use of each closure parameter is inside a block handed to the main queue
/// (`DispatchQueue.main.async { block() }`), is handed to it (`DispatchQueue.main.async(execute: block)`),
/// or runs where the body has checked it is on the main thread (`if Thread.isMainThread { block() }`).
/// In an extension of a queue type, a block handed to the queue itself (`async(execute: block)`)
/// runs on the main thread when the receiver is the main queue (`DispatchQueue.main.safeAsync { }`).
enum MainHopDetector {
    static let queueTypes: Set<String> = ["DispatchQueue", "OperationQueue", "RunLoop"]

    static func hop(of function: FunctionDeclSyntax, extending: String?) -> MainHop? {
        guard let body = function.body else { return nil }
        let closures = Set(function.signature.parameterClause.parameters.compactMap { parameter -> String? in
            guard isFunctionType(parameter.type) else { return nil }
            let name = (parameter.secondName ?? parameter.firstName).plainText
            return name == "_" ? nil : name
        })
        guard !closures.isEmpty else { return nil }
        let selfQueue = extending.map(queueTypes.contains) ?? false
        let uses = ParameterUses(names: closures)
        uses.walk(body)
        guard !uses.found.isEmpty else { return nil }
        var result = MainHop.main, dispatched = false
        for use in uses.found {
            switch place(of: use, in: body, selfQueue: selfQueue) {
            case .dispatchedToMain: dispatched = true
            case .dispatchedToReceiver: dispatched = true; result = .receiver
            case .checkedOnMain: continue
            case .elsewhere: return nil
            }
        }
        return dispatched ? result : nil
    }

    private enum Place { case dispatchedToMain, dispatchedToReceiver, checkedOnMain, elsewhere }

    /// `@escaping () -> Void`, `(() -> Void)?`, `@escaping @MainActor (Data) -> Void`.
    static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFunctionType(only.type)
        }
        return false
    }

    /// Where a use of a closure parameter runs, from its nearest enclosing block or test.
    private static func place(of use: DeclReferenceExprSyntax, in body: CodeBlockSyntax, selfQueue: Bool) -> Place {
        var child = Syntax(use)
        while let parent = child.parent, parent.id != body.id {
            if let closure = parent.as(ClosureExprSyntax.self) {
                return queueCall(around: closure, selfQueue: selfQueue) ?? .elsewhere
            }
            if let labeled = parent.as(LabeledExprSyntax.self), labeled.expression.id == child.id,
               let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self) {
                return dispatch(call, selfQueue: selfQueue) ?? .elsewhere
            }
            if let test = parent.as(IfExprSyntax.self) {
                let condition = test.conditions.trimmedDescription
                // `Thread.isMainThread`, alone or as one of the `&&` conjuncts of the test.
                let conjuncts = condition.split(separator: "&&").map { $0.trimmingCharacters(in: .whitespaces) }
                if conjuncts.contains("Thread.isMainThread"), test.body.id == child.id { return .checkedOnMain }
                if condition == "!Thread.isMainThread", test.elseBody?.id == child.id { return .checkedOnMain }
            }
            if let guardStatement = parent.as(GuardStmtSyntax.self), guardStatement.body.id == child.id,
               guardStatement.conditions.trimmedDescription == "!Thread.isMainThread" {
                return .checkedOnMain
            }
            if parent.is(FunctionDeclSyntax.self) { return .elsewhere }
            // After `guard Thread.isMainThread else { …; return }` the rest of the body runs on main.
            if let items = parent.as(CodeBlockItemListSyntax.self), items.parent?.id == body.id {
                for item in items {
                    if item.id == child.id { break }
                    if let statement = item.item.as(GuardStmtSyntax.self),
                       statement.conditions.trimmedDescription == "Thread.isMainThread" { return .checkedOnMain }
                }
            }
            child = parent
        }
        return .elsewhere
    }

    private static func queueCall(around closure: ClosureExprSyntax, selfQueue: Bool) -> Place? {
        let call: FunctionCallExprSyntax?
        if let direct = closure.parent?.as(FunctionCallExprSyntax.self), direct.trailingClosure?.id == closure.id {
            call = direct
        } else if let labeled = closure.parent?.as(LabeledExprSyntax.self) {
            call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = nil
        }
        return call.flatMap { dispatch($0, selfQueue: selfQueue) }
    }

    /// A call that runs its block on the main queue, or on the queue it is called on (`self`).
    private static func dispatch(_ call: FunctionCallExprSyntax, selfQueue: Bool) -> Place? {
        guard let (receiver, name) = callee(of: call) else { return nil }
        if name == "run", receiver == ["MainActor"] { return .dispatchedToMain }
        guard KnownAPIs.queueCalls.contains(name) else { return nil }
        if receiver.last == "main", receiver.count <= 2 { return .dispatchedToMain }
        if selfQueue, receiver.isEmpty || receiver == ["self"] { return .dispatchedToReceiver }
        return nil
    }
}

/// The references to the given names in a body.
private final class ParameterUses: SyntaxVisitor {
    let names: Set<String>
    var found: [DeclReferenceExprSyntax] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if names.contains(node.baseName.plainText) { found.append(node) }
        return .visitChildren
    }
}

extension FactExtractor {
    /// UIKit touched inside every open closure up to the nearest one handed to the main queue.
    func addTouch(_ touch: UITouch) {
        for i in closureStack.indices.reversed() {
            if closureStack[i].fact.context == .mainQueue { return }
            closureStack[i].fact.uiTouches.append(touch)
        }
    }

    /// A method's or free function's main-thread hop (methods on their fact, free functions by name).
    func recordMainHop(_ node: FunctionDeclSyntax, memberLevel: Bool) {
        if memberLevel, let index = currentFunction, let type = typeStack.last {
            typeStack[typeStack.count - 1].functions[index].closureHop =
                MainHopDetector.hop(of: node, extending: type.kind == .extension ? type.name : nil)
        } else if typeStack.isEmpty, MainHopDetector.hop(of: node, extending: nil) == .main {
            mainHopFunctions.append(node.name.plainText)
        }
    }
}
