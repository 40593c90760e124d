import Foundation
import SwiftSyntax

/// What must hold before a closure may start with `guard let self else { return }`: it gives back
/// nothing, and nothing it does outside `self` would be skipped once `self` is gone.
enum ClosureSafety {
    /// Why the early exit would change the closure, if it would.
    static func earlyExitProblem(_ closure: ClosureExprSyntax, index: TypeIndex?) -> String? {
        if let reason = ClosureRewrite.returnsValue(closure) { return "it returns a value (\(reason)): an early `return` would not compile" }
        if !isVoidContext(closure, index: index) {
            return "its type is not known to return nothing (a property of function type that returns a value, or one not in the sources)"
        }
        let members = implicitSelfMembers(closure, index: index)
        for item in closure.statements where !needsSelf(item, members: members) && !isDeclaration(item) {
            let text = item.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
            return "it also does work that does not need `self` (`\(text.prefix(60))`), which an early exit would skip once the screen is gone; capture `self` weakly there by hand"
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

    /// A statement that mentions `self` (or, under `[self]`, a member of the type by its bare
    /// name), or that only ends the closure.
    private static func needsSelf(_ item: CodeBlockItemSyntax, members: Set<String>) -> Bool {
        for token in item.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.self) { return true }
            if members.contains(token.text), token.parent?.is(DeclReferenceExprSyntax.self) == true,
               token.parent?.parent?.is(MemberAccessExprSyntax.self) != true { return true }
        }
        return item.item.is(ReturnStmtSyntax.self)
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
