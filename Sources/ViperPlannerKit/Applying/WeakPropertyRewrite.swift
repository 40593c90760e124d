import SwiftSyntax

/// `weak` on a stored reference property that closes a retain cycle (a delegate, a VIPER
/// back-reference), and `AnyObject` on its protocol when the protocol is the project's and only
/// classes adopt it.
enum WeakPropertyRewrite {
    static let rewrite = RuleRewrite { finding, context in
        guard let source = context.source(finding.file), let offset = source.offset(line: finding.line, column: finding.column),
              let decl = source.enclosing(VariableDeclSyntax.self, at: offset) else {
            return .failure(Refusal("no property declaration at \(finding.file):\(finding.line) any more (the file changed since the scan)"))
        }
        guard decl.bindings.count == 1, let binding = decl.bindings.first, let annotation = binding.typeAnnotation else {
            return .failure(Refusal("the declaration at line \(finding.line) declares several properties or has no type annotation"))
        }
        let wrapped: TypeSyntax
        if let optional = annotation.type.as(OptionalTypeSyntax.self) { wrapped = optional.wrappedType }
        else if let unwrapped = annotation.type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { wrapped = unwrapped.wrappedType }
        else {
            return .failure(Refusal("`\(binding.pattern.trimmedDescription)` is not optional and a weak reference must be: every use of it changes, by hand"))
        }
        var edits: [String: [SourceEdit]] = [:]
        switch classBoundEdits(wrapped, near: finding.file, context: context) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let protocolEdits): edits = protocolEdits
        }
        let specifier = decl.bindingSpecifier
        let edit = specifier.tokenKind == .keyword(.let)
            ? SourceEdit(offset: specifier.positionAfterSkippingLeadingTrivia.utf8Offset, length: specifier.text.utf8.count, text: "weak var")
            : SourceEdit(offset: specifier.positionAfterSkippingLeadingTrivia.utf8Offset, text: "weak ")
        edits[finding.file, default: []].append(edit)
        return .success(edits)
    }

    /// Nothing when the type is a class or a class-bound protocol; `: AnyObject` on a project
    /// protocol that no value type adopts; a refusal otherwise.
    private static func classBoundEdits(_ type: TypeSyntax, near path: String, context: RewriteContext) -> Result<[String: [SourceEdit]], Refusal> {
        var name = type.trimmedDescription
        if name.hasPrefix("any ") { name = String(name.dropFirst(4)) }
        if name.hasPrefix("("), name.hasSuffix(")") { name = String(name.dropFirst().dropLast()) }
        if name.hasPrefix("any ") { name = String(name.dropFirst(4)) }
        guard !name.contains("&") else { return .failure(Refusal("`\(name)` is a composition: which part is class-bound is for a person to decide")) }
        let index = context.index
        guard let p = index.resolve(name, near: path) else {
            // Apple's delegate protocols are class-bound; a library's may not be, and it is not ours to edit.
            return KnownTypes.isSystemTypeName(name) ? .success([:])
                : .failure(Refusal("`\(name)` is not declared in the scanned sources: whether it is class-bound cannot be seen, and it is not the project's to change"))
        }
        guard index.types[p].kind == .protocol, index.isClassBound(name) == false else { return .success([:]) }
        let bare = index.types[p].shortName
        let values = index.types.indices.filter { t in
            index.types[t].kind != .class && index.types[t].kind != .protocol && index.types[t].inheritance.contains(bare)
        }
        guard values.isEmpty else {
            let names = values.map { index.types[$0].shortName }.sorted().joined(separator: ", ")
            return .failure(Refusal("`\(bare)` is also adopted by \(names): it cannot become class-bound; its class adopters need a class-bound sub-protocol, by hand"))
        }
        guard let (file, facts) = index.declarations(of: p).first(where: { $0.decl.kind == .protocol }),
              let source = context.source(file), let offset = source.offset(line: facts.position.line, column: facts.position.column),
              let decl = source.enclosing(ProtocolDeclSyntax.self, at: offset) ?? source.node(ProtocolDeclSyntax.self, at: offset) else {
            return .failure(Refusal("the declaration of `\(bare)` cannot be found in its file"))
        }
        return .success([file: [anyObject(decl)]])
    }

    /// `AnyObject` first among what the protocol inherits.
    static func anyObject(_ decl: ProtocolDeclSyntax) -> SourceEdit {
        if let first = decl.inheritanceClause?.inheritedTypes.first {
            return SourceEdit(offset: first.positionAfterSkippingLeadingTrivia.utf8Offset, text: "AnyObject, ")
        }
        let after = decl.primaryAssociatedTypeClause.map { Syntax($0) } ?? Syntax(decl.name)
        return SourceEdit(offset: after.endPositionBeforeTrailingTrivia.utf8Offset, text: ": AnyObject")
    }
}
