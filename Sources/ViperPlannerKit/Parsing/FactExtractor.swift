import SwiftSyntax

/// One pass over a file's tree collecting every fact the rules need (the Periphery idea: many
/// analyses share one walk). Declarations are handled here; expressions in FactExtractor+Expressions.
final class FactExtractor: SyntaxVisitor {
    let table: LineTable
    var finished: [TypeDeclFacts] = []
    var typeStack: [TypeDeclFacts] = []
    /// Names of the members being visited, outermost first; the outermost is the "member" of a fact.
    var memberStack: [String] = []
    /// Index of the current top-level function in `typeStack.last!.functions`.
    var currentFunction: Int?
    var localTypes: [String: String] = [:]
    /// Receivers' types the function shows beyond `localTypes`: parameters (`api: APIClient`), and
    /// locals initialised from a member (`let streamer = api.makeStreamer()` → `=api.makeStreamer`,
    /// resolved by the index). Used for references only, never for navigation destinations.
    var receiverHints: [String: String] = [:]
    /// Locals holding a web address written in the code (`let url = URL(string: "https://…")!`).
    var remoteURLs: Set<String> = []
    var localNames: Set<String> = []
    /// Locals bound to the object itself (`if let strongSelf = self`): their members are the type's own.
    var selfAliases: Set<String> = []
    var closureStack: [ClosureFrame] = []
    var debugClauses: [Bool] = []
    var imports: [ImportFact] = []
    var globals: [PropertyFact] = []
    var typeAliases: [TypeAliasFact] = []
    var mainHopFunctions: [String] = []
    /// Member accesses on the left of an assignment, seen by their sequence before themselves.
    var assignmentTargets: Set<SyntaxIdentifier> = []
    /// Assignment targets whose value is a newly made object.
    var constructedTargets: Set<SyntaxIdentifier> = []
    var codeLines: CodeLineCounter!
    var seenUsages: Set<String> = []
    /// The receiver chain `recordCall` computed for the member access it calls through.
    var pendingReceiver: (node: SyntaxIdentifier, chain: [String])?
    /// Parameters and closure parameters of the current member: they hide properties of that name.
    var shadowedNames: Set<String> = []
    /// Names an `if let`/`while let` binds, by that statement: local only until it ends.
    var bindingScopes: [SyntaxIdentifier: [String]] = [:]
    /// Bare names on the left of an assignment, seen by their sequence before themselves.
    var propertyWriteTargets: Set<SyntaxIdentifier> = []
    /// Bodies of `if` statements that test a test switch (`ProcessInfo…arguments.contains(…)`).
    var testSwitchBodies: Set<SyntaxIdentifier> = []

    struct ClosureFrame {
        var fact: ClosureFact
        var typeDepth: Int
    }

    init(table: LineTable) {
        self.table = table
        super.init(viewMode: .sourceAccurate)
    }

    var member: String? { memberStack.first }
    var inDebug: Bool { debugClauses.contains(true) }
    func position(_ node: some SyntaxProtocol) -> SourcePosition { table.position(of: node.startOffset) }
    func lines(_ node: some SyntaxProtocol) -> (Int, Int) { (table.line(of: node.startOffset), table.line(of: node.endOffset)) }

    // MARK: Types

    private func pushType(_ kind: DeclKind, name: String, inheritance: InheritanceClauseSyntax?,
                          node: some SyntaxProtocol, nameToken: TokenSyntax?, attributes: AttributeListSyntax? = nil,
                          modifiers: DeclModifierListSyntax? = nil) {
        let qualified = typeStack.last.map { "\($0.name).\(name)" } ?? name
        let (first, last) = lines(node)
        let facts = TypeDeclFacts(
            kind: kind, name: kind == .extension ? name : qualified,
            inheritance: inheritance?.inheritedTypes.map { normalizedTypeName($0.type) } ?? [],
            position: position(nameToken ?? node.firstToken(viewMode: .sourceAccurate)!),
            endLine: last, codeLines: codeLines.count(from: first, to: last),
            isNested: !typeStack.isEmpty)
        typeStack.append(facts)
        if let attributes {
            typeStack[typeStack.count - 1].attributes = attributes.compactMap {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText
            }.sorted()
        }
        if let modifiers { typeStack[typeStack.count - 1].modifiers = modifiers.map { $0.name.plainText }.sorted() }
        typeStack[typeStack.count - 1].uncheckedConformances = inheritance?.inheritedTypes.compactMap { inherited in
            guard let attributed = inherited.type.as(AttributedTypeSyntax.self), attributed.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "unchecked"
            }) else { return nil }
            return normalizedTypeName(attributed.baseType)
        } ?? []
        // A type declared inside a function starts fresh member tracking.
        savedMembers.append((memberStack, currentFunction, localTypes, localNames))
        memberStack = []; currentFunction = nil; localTypes = [:]; localNames = []; selfAliases = []; receiverHints = [:]; remoteURLs = []
    }

    private var savedMembers: [([String], Int?, [String: String], Set<String>)] = []

    private func popType() {
        guard let done = typeStack.popLast() else { return }
        finished.append(done)
        if let saved = savedMembers.popLast() {
            (memberStack, currentFunction, localTypes, localNames) = saved
        }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.class, name: node.name.plainText, inheritance: node.inheritanceClause, node: node, nameToken: node.name,
                 attributes: node.attributes, modifiers: node.modifiers)
        typeStack[typeStack.count - 1].genericParameters = node.genericParameterClause?.parameters.map { $0.name.plainText } ?? []
        if let base = node.inheritanceClause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self),
           let arguments = base.genericArgumentClause?.arguments {
            typeStack[typeStack.count - 1].superclassArguments = arguments.map { $0.argument.trimmedText }
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { popType() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.struct, name: node.name.plainText, inheritance: node.inheritanceClause, node: node, nameToken: node.name,
                 attributes: node.attributes, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { popType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.enum, name: node.name.plainText, inheritance: node.inheritanceClause, node: node, nameToken: node.name,
                 attributes: node.attributes, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { popType() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.actor, name: node.name.plainText, inheritance: node.inheritanceClause, node: node, nameToken: node.name,
                 attributes: node.attributes, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { popType() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.protocol, name: node.name.plainText, inheritance: node.inheritanceClause, node: node, nameToken: node.name,
                 attributes: node.attributes, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { popType() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(.extension, name: normalizedTypeName(node.extendedType), inheritance: node.inheritanceClause,
                 node: node, nameToken: nil, modifiers: node.modifiers)
        typeStack[typeStack.count - 1].position = position(node.extendedType)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { popType() }

    /// `case loaded([Order])`: what an enum's associated values are made of.
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isTypeMemberLevel, typeStack.last?.kind == .enum else { return .skipChildren }
        for element in node.elements {
            guard let parameters = element.parameterClause?.parameters else { continue }
            var shape = TypeShape()
            for parameter in parameters { shape.merge(TypeShape(parameter.type)) }
            typeStack[typeStack.count - 1].enumCases.append(EnumCaseFact(
                name: element.name.plainText, typeComponents: shape.components, hasPlainClosure: shape.hasPlainClosure,
                position: position(element.name)))
        }
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { imports.append(ImportFact(module: first.name.plainText, position: position(first.name))) }
        return .skipChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        let condition = node.condition?.trimmedText ?? ""
        if Self.isTestOnlyCondition(condition) { beginTestOnly(node) } else { debugClauses.append(false) }
        return .visitChildren
    }
    override func visitPost(_ node: IfConfigClauseSyntax) { _ = debugClauses.popLast() }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isTestSwitch(node.conditions) { testSwitchBodies.insert(node.body.id) }
        if member != nil, InputValidation.isValidation(node) { addUsage(InputValidation.usage, at: node.ifKeyword) }
        return .visitChildren
    }
    override func visitPost(_ node: IfExprSyntax) { endBindingScope(node.id) }
    override func visitPost(_ node: WhileStmtSyntax) { endBindingScope(node.id) }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if member != nil, InputValidation.isValidation(node) { addUsage(InputValidation.usage, at: node.guardKeyword) }
        return .visitChildren
    }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if memberStack.isEmpty, let target = aliasTarget(node.initializer.value) {
            typeAliases.append(TypeAliasFact(name: node.name.plainText, target: target))
        }
        return .skipChildren
    }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if !testSwitchBodies.isEmpty, testSwitchBodies.contains(node.id) { beginTestOnly(node) }
        return .visitChildren
    }
    override func visitPost(_ node: CodeBlockSyntax) {
        if !testSwitchBodies.isEmpty, testSwitchBodies.remove(node.id) != nil { _ = debugClauses.popLast() }
    }

    // MARK: Members

    private var isTypeMemberLevel: Bool { !typeStack.isEmpty && memberStack.isEmpty }

    private func beginFunction(_ name: String, node: some SyntaxProtocol, nameToken: some SyntaxProtocol,
                               isOverride: Bool) {
        if isTypeMemberLevel {
            let (first, last) = lines(node)
            let fact = FunctionFact(name: name, position: position(nameToken), endLine: last,
                                    codeLines: codeLines.count(from: first, to: last), isOverride: isOverride)
            typeStack[typeStack.count - 1].functions.append(fact)
            currentFunction = typeStack[typeStack.count - 1].functions.count - 1
            localTypes = [:]; localNames = []; selfAliases = []; receiverHints = [:]; remoteURLs = []; shadowedNames = []
        }
        memberStack.append(name)
    }

    private func endFunction() {
        _ = memberStack.popLast()
        if memberStack.isEmpty { currentFunction = nil }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = functionName(node.name.plainText, node.signature.parameterClause.parameters)
        let wasMemberLevel = isTypeMemberLevel
        beginFunction(name, node: node, nameToken: node.name,
                      isOverride: node.modifiers.contains { $0.name.plainText == "override" })
        addParameterHints(node.signature.parameterClause.parameters)
        if wasMemberLevel, let index = currentFunction {
            typeStack[typeStack.count - 1].functions[index].parameterTypes =
                node.signature.parameterClause.parameters.map { elementTypeName($0.type) }
            typeStack[typeStack.count - 1].functions[index].returnType =
                node.signature.returnClause.map { normalizedTypeName($0.type) }
            typeStack[typeStack.count - 1].functions[index].returnComponents =
                node.signature.returnClause.map { TypeShape($0.type).components } ?? []
            typeStack[typeStack.count - 1].functions[index].isStatic =
                node.modifiers.contains { $0.name.isKeyword(.static) || $0.name.isKeyword(.class) }
            typeStack[typeStack.count - 1].functions[index].isPublic =
                node.modifiers.contains { $0.name.isKeyword(.public) || $0.name.isKeyword(.open) }
            typeStack[typeStack.count - 1].functions[index].isPrivate =
                node.modifiers.contains { $0.name.isKeyword(.private) || $0.name.isKeyword(.fileprivate) }
                || typeStack[typeStack.count - 1].kind == .extension && typeStack[typeStack.count - 1].modifiers.contains { $0 == "private" || $0 == "fileprivate" }
            typeStack[typeStack.count - 1].functions[index].attributes = node.attributes.compactMap {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText
            }.sorted()
            typeStack[typeStack.count - 1].functions[index].bodyHash = bodyHash(node.body)
            typeStack[typeStack.count - 1].functions[index].statementCodeLines = node.body?.statements.map { statement in
                let (first, last) = lines(statement)
                return codeLines.count(from: first, to: last)
            } ?? []
        }
        recordMainHop(node, memberLevel: wasMemberLevel)
        if wasMemberLevel {
            let base = node.name.plainText
            // A method that only hands the check on (`interactor.validateCoupon(code: code)`) decides nothing.
            if base.hasPrefix("validate") || base.hasPrefix("isValid"), !Self.onlyForwards(node.body) {
                addUsage(CallUsage(family: .businessLogic, api: "validation method"), at: node.name)
            }
            if name == "prepare(for:sender:)" {
                addUsage(CallUsage(family: .navigation, api: "prepare(for:sender:)"), at: node.name)
            }
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { endFunction() }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        bindOptional(node)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction(functionName("init", node.signature.parameterClause.parameters), node: node,
                      nameToken: node.initKeyword, isOverride: node.modifiers.contains { $0.name.plainText == "override" })
        addParameterHints(node.signature.parameterClause.parameters)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { endFunction() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if isTypeMemberLevel { typeStack[typeStack.count - 1].hasDeinit = true }
        beginFunction("deinit", node: node, nameToken: node.deinitKeyword, isOverride: false)
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { endFunction() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction(functionName("subscript", node.parameterClause.parameters), node: node,
                      nameToken: node.subscriptKeyword, isOverride: false)
        return .visitChildren
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { endFunction() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if typeStack.isEmpty, memberStack.isEmpty {
            recordGlobals(node)
            return .visitChildren
        }
        guard isTypeMemberLevel else {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText else { continue }
                localNames.insert(name)
                if let type = binding.typeAnnotation?.type { localTypes[name] = normalizedTypeName(type) }
                else if let value = binding.initializer?.value { recordLocal(name, value) }
                if let value = binding.initializer?.value, isRemoteURL(value) { remoteURLs.insert(name) }
                recordTypedInstantiation(binding)
            }
            memberStack.append(member ?? "")
            return .visitChildren
        }
        var isWeak = false, isUnowned = false, isStatic = false, isPrivate = false, isOverride = false, isHidden = false, isPublic = false
        for modifier in node.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.weak): isWeak = true
            case .keyword(.unowned): isUnowned = true
            case .keyword(.static), .keyword(.class): isStatic = true
            case .keyword(.private), .keyword(.fileprivate): isPrivate = true; isHidden = isHidden || modifier.detail == nil
            case .keyword(.override): isOverride = true
            case .keyword(.public), .keyword(.open): isPublic = true
            default: break
            }
        }
        var attributes: [String] = []
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let plain = attribute.attributeName.as(IdentifierTypeSyntax.self).flatMap { $0.genericArgumentClause == nil ? $0 : nil }
            let name = plain?.name.plainText ?? attribute.attributeName.trimmedText
            if !attributes.contains(name) { attributes.append(name) }
        }
        attributes.sort()
        let isLet = node.bindingSpecifier.isKeyword(.let)
        var firstName: String?
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText else { continue }
            if firstName == nil { firstName = name }
            let annotated = binding.typeAnnotation?.type
            let computed = binding.accessorBlock.map(isComputed) ?? false
            var fact = PropertyFact(name: name, position: position(binding.pattern))
            fact.typeName = annotated.map(normalizedTypeName)
            fact.declaredType = annotated?.trimmedText
            fact.initializerType = binding.initializer.flatMap { inferredType(of: $0.value) }
            fact.initializerMember = binding.initializer.flatMap { staticFactoryMember(of: $0.value) }
            fact.isOptional = annotated?.is(OptionalTypeSyntax.self) ?? false
            fact.isImplicitlyUnwrapped = annotated?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) ?? false
            fact.isWeak = isWeak
            fact.isUnowned = isUnowned
            fact.isIBOutlet = attributes.contains("IBOutlet")
            fact.isStatic = isStatic
            fact.isLet = isLet
            fact.isComputed = computed
            fact.hasSetter = binding.accessorBlock.map(hasSetter) ?? false
            fact.hasObservers = binding.accessorBlock != nil && !computed
            fact.isPrivate = isPrivate
            fact.isHidden = isHidden
            fact.isPublic = isPublic
            fact.isOverride = isOverride
            fact.hasInitializer = binding.initializer != nil
            fact.attributes = attributes
            let shape = annotated.map { TypeShape($0) } ?? binding.initializer.map { TypeShape(initializer: $0.value) } ?? TypeShape()
            fact.typeComponents = shape.components
            fact.hasPlainClosure = shape.hasPlainClosure
            typeStack[typeStack.count - 1].properties.append(fact)
            if computed, let block = binding.accessorBlock {
                let (first, last) = lines(block)
                typeStack[typeStack.count - 1].functions.append(FunctionFact(
                    name: name, position: position(binding.pattern), endLine: last,
                    codeLines: codeLines.count(from: first, to: last)))
            }
        }
        memberStack.append(firstName ?? "")
        localTypes = [:]; localNames = []; selfAliases = []
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        if typeStack.isEmpty, memberStack.isEmpty { return }
        _ = memberStack.popLast()
    }


    // MARK: Expressions (recorded in FactExtractor+Expressions.swift)

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { recordCall(node); return .visitChildren }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind { recordReference(node); return .visitChildren }
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind { recordMemberAccess(node); return .visitChildren }
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind { recordSequence(node); return .visitChildren }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { recordIdentifierType(node); return .visitChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { beginClosure(node); return .visitChildren }
    override func visitPost(_ node: ClosureExprSyntax) { endClosure(node) }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind { recordRegexLiteral(node); return .visitChildren }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { recordMacro(node); return .visitChildren }
    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        recordCast(node.expression, type: node.type, at: node); return .visitChildren
    }
}
