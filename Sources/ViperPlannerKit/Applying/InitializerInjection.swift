import SwiftSyntax

/// A force-unwrapped dependency (`var name: T!`) moved into the initialiser of a class that only
/// code creates: the initialiser takes `name`, every creation site passes the value it assigned
/// right after creating the object (that assignment goes), and the property loses its `!`.
enum InitializerInjection {
    struct Plan {
        var owner: Int
        var property: String
        /// `let` when nothing else writes it after creation.
        var makeConstant: Bool
        /// A protocol requires `{ get set }` on the `T!` declaration: it stays as it is.
        var keepDeclaration: Bool
    }

    static func edits(_ plan: Plan, finding: Finding, context: RewriteContext) -> Result<[String: [SourceEdit]], Refusal> {
        let index = context.index, owner = index.types[plan.owner].name
        guard let source = context.source(finding.file), let offset = source.offset(line: finding.line, column: finding.column),
              let decl = source.enclosing(VariableDeclSyntax.self, at: offset), let binding = decl.bindings.first,
              let iuo = binding.typeAnnotation?.type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self),
              let type = source.enclosing(ClassDeclSyntax.self, at: offset) else {
            return .failure(Refusal("no `var \(plan.property): …!` in a class at \(finding.file):\(finding.line) any more (the file changed since the scan)"))
        }
        if index.types.indices.contains(where: { index.superclasses(of: $0).contains(plan.owner) }) {
            return .failure(Refusal("\(owner) has subclasses: their initialisers change too, by hand"))
        }
        let valueType = iuo.wrappedType.trimmedDescription
        let initializers = type.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let designated = initializers.filter { initializer in
            !initializer.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) } && !isCoderInit(initializer)
        }
        guard designated.count <= 1, index.functions("init", of: plan.owner).count == initializers.count else {
            return .failure(Refusal("\(owner) has several initialisers (or some in extensions): which ones take `\(plan.property)` is for a person to decide"))
        }
        var edits: [String: [SourceEdit]] = [:]
        let parameter = "\(plan.property): \(valueType)"
        if let existing = designated.first {
            switch addParameter(parameter, to: existing, property: plan.property, source: source) {
            case .success(let list): edits[finding.file, default: []] += list
            case .failure(let refusal): return .failure(refusal)
            }
        } else {
            switch newInitializer(parameter, property: plan.property, declaration: decl, in: type, owner: plan.owner, source: source, index: index,
                                  hasCoderInit: initializers.contains(where: isCoderInit)) {
            case .success(let edit): edits[finding.file, default: []].append(edit)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        if !plan.keepDeclaration {
            // Code that treats it as optional (`if let`, `?.`, `== nil`) stops compiling without the `!`.
            for (path, _) in index.declarations(of: plan.owner) {
                guard let file = context.source(path), let use = OptionalUses.first(of: plan.property, in: file) else { continue }
                return .failure(Refusal("`\(plan.property)` is used as an optional at \(path):\(file.line(of: use)): that code changes too, by hand"))
            }
            edits[finding.file, default: []] += declarationEdits(decl, iuo: iuo, makeConstant: plan.makeConstant)
        }
        let sites = index.creationSites(of: plan.owner)
        if let other = sites.first(where: { $0.kind != .initializer }) {
            return .failure(Refusal("\(owner) is also made at \(other.file):\(other.line) (\(other.kind.rawValue)), where no initialiser of ours runs or what it passes cannot be seen"))
        }
        guard !sites.isEmpty else { return .failure(Refusal("no code that creates \(owner) is in sight")) }
        for site in sites {
            switch CreationSiteRewrite.edits(site, property: plan.property, replacingArguments: designated.isEmpty, context: context) {
            case .success(let list): edits[site.file, default: []] += list
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(edits)
    }

    static func isCoderInit(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.signature.parameterClause.parameters.first?.firstName.text == "coder"
    }

    /// `var name: T!` → `let name: T` (or `var name: T`); a `private(set)` goes with `let`.
    private static func declarationEdits(_ decl: VariableDeclSyntax, iuo: ImplicitlyUnwrappedOptionalTypeSyntax, makeConstant: Bool) -> [SourceEdit] {
        var edits = [SourceEdit(offset: iuo.exclamationMark.positionAfterSkippingLeadingTrivia.utf8Offset, length: 1, text: "")]
        guard makeConstant else { return edits }
        let specifier = decl.bindingSpecifier
        edits.append(SourceEdit(offset: specifier.positionAfterSkippingLeadingTrivia.utf8Offset, length: specifier.text.utf8.count, text: "let"))
        for modifier in decl.modifiers where modifier.detail?.detail.text == "set" {
            let start = modifier.positionAfterSkippingLeadingTrivia.utf8Offset
            edits.append(SourceEdit(offset: start, length: modifier.endPosition.utf8Offset - start, text: ""))
        }
        return edits
    }

    /// `name: T` last in the initialiser's parameters, and `self.name = name` first in its body.
    private static func addParameter(_ parameter: String, to initializer: InitializerDeclSyntax, property: String, source: SourceText) -> Result<[SourceEdit], Refusal> {
        let clause = initializer.signature.parameterClause
        guard let body = initializer.body, let first = body.statements.first,
              source.startsLine(first.positionAfterSkippingLeadingTrivia.utf8Offset) else {
            return .failure(Refusal("the initialiser at line \(source.line(of: initializer.positionAfterSkippingLeadingTrivia.utf8Offset)) has no body on lines of its own"))
        }
        let line = source.line(of: first.positionAfterSkippingLeadingTrivia.utf8Offset)
        return .success([
            SourceEdit(offset: clause.rightParen.positionAfterSkippingLeadingTrivia.utf8Offset, text: clause.parameters.isEmpty ? parameter : ", \(parameter)"),
            SourceEdit(offset: source.lineStart(line), text: "\(source.indentation(ofLine: line))self.\(property) = \(property)\n"),
        ])
    }

    /// A designated initialiser for a class that declares none, with the superclass call UIKit
    /// needs, before the first method (and `init?(coder:)`, which no code calls once it is there).
    private static func newInitializer(_ parameter: String, property: String, declaration: VariableDeclSyntax, in type: ClassDeclSyntax, owner: Int, source: SourceText,
                                       index: TypeIndex, hasCoderInit: Bool) -> Result<SourceEdit, Refusal> {
        // A project superclass with initialisers of its own decides what `super.init` is.
        if index.superclasses(of: owner).contains(where: { !index.functions("init", of: $0).isEmpty }) {
            return .failure(Refusal("\(index.types[owner].name)'s superclass declares its own initialisers: which one to call is for a person to decide"))
        }
        let chain = index.types[owner].superclassChain
        let isScreen = index.types[owner].isViewController
        let superCall: String?
        if isScreen { superCall = "super.init(nibName: nil, bundle: nil)" }
        else if chain.isEmpty { superCall = nil }
        else if chain == ["NSObject"] { superCall = "super.init()" }
        else { return .failure(Refusal("\(index.types[owner].name) is neither a view controller nor a root class: its superclass's initialiser is for a person to choose")) }
        let members = type.memberBlock.members
        let anchor = members.first { $0.decl.is(FunctionDeclSyntax.self) || $0.decl.is(InitializerDeclSyntax.self) }
        let firstMemberLine = members.first.map { source.line(of: $0.positionAfterSkippingLeadingTrivia.utf8Offset) }
        let indent = firstMemberLine.map(source.indentation(ofLine:)) ?? source.indentUnit
        let unit = source.indentUnit
        // A public dependency of a public class is set from other modules: its initialisers are public too.
        let isPublic = { (modifiers: DeclModifierListSyntax) in modifiers.contains { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) } }
        let access = isPublic(type.modifiers) && isPublic(declaration.modifiers) ? "public " : ""
        var text = "\(indent)\(access)init(\(parameter)) {\n\(indent)\(unit)self.\(property) = \(property)\n"
        if let superCall { text += "\(indent)\(unit)\(superCall)\n" }
        text += "\(indent)}\n\n"
        if isScreen, !hasCoderInit {
            text += "\(indent)\(access)required init?(coder: NSCoder) {\n\(indent)\(unit)fatalError(\"init(coder:) has not been implemented\")\n\(indent)}\n\n"
        }
        guard let anchor else {
            let right = type.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            guard source.startsLine(right) else { return .failure(Refusal("\(index.types[owner].name)'s body is on one line")) }
            return .success(SourceEdit(offset: source.lineStart(source.line(of: right)), text: "\n" + String(text.dropLast())))
        }
        return .success(SourceEdit(offset: source.lineStart(source.line(of: commentStart(of: anchor))), text: text))
    }

    /// Where a member starts, its doc comment included: new members go above both.
    static func commentStart(of member: MemberBlockItemSyntax) -> Int {
        member.leadingTrivia.pieces.firstIndex { $0.isComment }.map { k in
            member.position.utf8Offset + member.leadingTrivia.pieces[..<k].reduce(0) { $0 + $1.sourceLength.utf8Length }
        } ?? member.positionAfterSkippingLeadingTrivia.utf8Offset
    }
}

/// One place that creates the object: `let x = Owner(…)` followed in the same block by
/// `x.name = value`. The value moves into the call and the assignment goes.
enum CreationSiteRewrite {
    static func edits(_ site: CreationSite, property: String, replacingArguments: Bool, context: RewriteContext) -> Result<[SourceEdit], Refusal> {
        let place = "\(site.file):\(site.line)"
        guard let source = context.source(site.file), let offset = source.offset(line: site.line, column: site.column),
              let call = source.enclosing(FunctionCallExprSyntax.self, at: offset),
              let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.initializer?.value.id == call.id,
              let variable = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
              let list = item.parent?.as(CodeBlockItemListSyntax.self) else {
            return .failure(Refusal("the object made at \(place) is not kept in a `let` before it is set up"))
        }
        let after = list.drop { $0.id != item.id }.dropFirst()
        guard let assignment = after.first(where: { assigns($0, variable: variable, property: property) }),
              let sequence = assignment.item.as(SequenceExprSyntax.self) else {
            return .failure(Refusal("the object made at \(place) is not given `\(property)` right after, in the same block: what to pass is for a person to decide"))
        }
        let value = sequence.elements.dropFirst(2)
        let valueText = value.map(\.trimmedDescription).joined(separator: " ")
        guard !value.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == variable } }) else {
            return .failure(Refusal("the value given to `\(variable).\(property)` at \(place) uses the object itself"))
        }
        let start = assignment.positionAfterSkippingLeadingTrivia.utf8Offset, end = assignment.endPositionBeforeTrailingTrivia.utf8Offset
        let firstLine = source.line(of: start), lastLine = source.line(of: end)
        guard source.startsLine(start), endsLine(end, source) else {
            return .failure(Refusal("the assignment at \(site.file):\(firstLine) shares its line with other code"))
        }
        var edits = [SourceEdit(offset: source.lineStart(firstLine), length: lineEnd(of: lastLine, source) - source.lineStart(firstLine), text: "")]
        let arguments = call.arguments
        guard let right = call.rightParen else { return .failure(Refusal("the call at \(place) has no parentheses")) }
        let argument = "\(property): \(valueText)"
        if replacingArguments {
            let plain = arguments.isEmpty || arguments.map(\.trimmedDescription) == ["nibName: nil,", "bundle: nil"]
            guard plain else { return .failure(Refusal("the call at \(place) passes arguments the new initialiser does not take")) }
            let open = call.leftParen!.endPositionBeforeTrailingTrivia.utf8Offset
            edits.append(SourceEdit(offset: open, length: right.positionAfterSkippingLeadingTrivia.utf8Offset - open, text: argument))
        } else {
            edits.append(SourceEdit(offset: right.positionAfterSkippingLeadingTrivia.utf8Offset, text: arguments.isEmpty ? argument : ", \(argument)"))
        }
        return .success(edits)
    }

    private static func assigns(_ item: CodeBlockItemSyntax, variable: String, property: String) -> Bool {
        guard let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
              sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
              let target = sequence.elements.first?.as(MemberAccessExprSyntax.self) else { return false }
        return target.declName.baseName.text == property && target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == variable
    }

    /// Whether only spaces (or a line comment) follow `offset` on its line.
    private static func endsLine(_ offset: Int, _ source: SourceText) -> Bool {
        var i = offset
        while i < source.bytes.count, source.bytes[i] == 32 || source.bytes[i] == 9 || source.bytes[i] == 13 { i += 1 }
        return i >= source.bytes.count || source.bytes[i] == UInt8(ascii: "\n")
    }

    /// The offset just past the newline that ends a line.
    private static func lineEnd(of line: Int, _ source: SourceText) -> Int {
        var i = source.lineStart(line)
        while i < source.bytes.count, source.bytes[i] != UInt8(ascii: "\n") { i += 1 }
        return min(i + 1, source.bytes.count)
    }
}

/// Uses of a property that rely on it being optional: `if let x = name`, `guard let name = self.name`,
/// `name?.…`, `name == nil`.
final class OptionalUses: SyntaxVisitor {
    let name: String
    var found: Int?

    static func first(of name: String, in source: SourceText) -> Int? {
        let visitor = OptionalUses(name: name)
        visitor.walk(source.tree)
        return visitor.found
    }

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    private func names(_ expr: ExprSyntax?) -> Bool {
        guard let expr else { return false }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == name && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
        return false
    }

    private func hit(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if found == nil { found = node.positionAfterSkippingLeadingTrivia.utf8Offset }
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let name` (shorthand) or `if let x = name`.
        let shorthand = node.initializer == nil && node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        return shorthand || names(node.initializer?.value) ? hit(node) : .visitChildren
    }

    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        names(node.expression) ? hit(node) : .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (i, element) in elements.enumerated() where element.is(NilLiteralExprSyntax.self) && i >= 2 {
            if let op = elements[i - 1].as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(op.operator.text), names(elements[i - 2]) {
                return hit(node)
            }
        }
        return .visitChildren
    }
}

