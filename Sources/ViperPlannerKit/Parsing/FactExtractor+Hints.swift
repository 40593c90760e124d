import SwiftSyntax

/// What a declaration's value says about the receivers later code names: member-chain hints for
/// locals, web addresses, and the project's top-level variables.
extension FactExtractor {
    /// Parameters name receivers with their declared types.
    func addParameterHints(_ parameters: FunctionParameterListSyntax) {
        for parameter in parameters {
            let name = (parameter.secondName ?? parameter.firstName).plainText
            guard name != "_" else { continue }
            shadowedNames.insert(name)
            receiverHints[name] = normalizedTypeName(parameter.type)
        }
    }

    /// `api.makeStreamer()`, `Current.servers.first` → `=api.makeStreamer`: the index resolves it.
    /// A head that is itself a local stands for what that local holds. An own method's result
    /// (`makeConnection(for: account)`) is what that method returns.
    func memberHint(_ value: ExprSyntax) -> String? {
        var names = chain(of: value)
        if names.count == 1, value.is(FunctionCallExprSyntax.self), let first = names[0].first, first.isLowercase, localTypes[names[0]] == nil {
            return "=" + names[0]
        }
        guard names.count >= 2, !names.contains("?"), !names.contains("."), !names.contains("super") else { return nil }
        if let hint = receiverHints[names[0]], hint.hasPrefix("=") {
            let origin = hint.split(separator: "|", maxSplits: 1)[0]
            return origin + "." + names.dropFirst().joined(separator: ".")
        }
        if let type = localTypes[names[0]] { names[0] = type }
        else if let hint = receiverHints[names[0]], !hint.hasPrefix("=") { names[0] = hint }
        return "=" + names.joined(separator: ".")
    }

    /// A local's type as `inferredType` guesses it (used for navigation destinations too), and for
    /// receivers the member chain it comes from, which the index resolves first:
    /// `Env.api(for:)` is what `api(for:)` returns, not an `Env`.
    func recordLocal(_ name: String, _ value: ExprSyntax) {
        let type = inferredType(of: value)
        if let type { localTypes[name] = type }
        // `let nav = UINavigationController(rootViewController: SettingsViewController())`: presenting
        // `nav` opens Settings. Kept under `nav.root`, a key no identifier can take.
        if let root = containerRoot(value).flatMap({ destination(of: $0, localTypes) }) { localTypes[name + ".root"] = root }
        // `let tab = tab(for: webView)`: the index finds the method by the local's own name already.
        if let hint = memberHint(value), hint != "=" + name { receiverHints[name] = type.map { hint + "|" + $0 } ?? hint }
        if isActionSheet(value, localTypes) { localTypes[name + ".actionSheet"] = type ?? "UIAlertController" }
    }

    /// `URL(string: "https://…")`: a web address written in the code.
    func isRemoteURL(_ value: ExprSyntax) -> Bool {
        var expr = value
        if let force = expr.as(ForceUnwrapExprSyntax.self) { expr = force.expression }
        guard let call = expr.as(FunctionCallExprSyntax.self), let (chain, name) = callee(of: call), chain.isEmpty,
              name == "URL", let first = call.arguments.first, first.label?.plainText == "string",
              let text = stringLiteral(first.expression) else { return false }
        return text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// `var Current = AppWorld()`, `let api: APIClient = .live`: receivers code may name.
    func recordGlobals(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText else { continue }
            var fact = PropertyFact(name: name, position: position(binding.pattern))
            fact.typeName = binding.typeAnnotation.map { normalizedTypeName($0.type) }
            fact.initializerType = binding.initializer.flatMap { inferredType(of: $0.value) }
            fact.initializerMember = binding.initializer.flatMap { staticFactoryMember(of: $0.value) }
            fact.isLet = node.bindingSpecifier.isKeyword(.let)
            fact.hasInitializer = binding.initializer != nil
            fact.isComputed = binding.accessorBlock.map(isComputed) ?? false
            globals.append(fact)
        }
    }

    /// What a type alias names: the type itself, or the one protocol of a composition with `Any` /
    /// `AnyObject` (`Any & APIFetcher` → `APIFetcher`); nil for a function or a composition of several.
    func aliasTarget(_ type: TypeSyntax) -> String? {
        if let composition = type.as(CompositionTypeSyntax.self) {
            let parts = composition.elements.map { normalizedTypeName($0.type) }.filter { $0 != "Any" && $0 != "AnyObject" }
            return parts.count == 1 ? parts[0] : nil
        }
        let name = normalizedTypeName(type)
        return isTypeLikeName(name) ? name : nil
    }

    func hasSetter(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors else { return false }
        return list.contains { $0.accessorSpecifier.plainText == "set" }
    }

    func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.plainText) }
        }
    }
}

extension FactExtractor {
    /// `if let api = Current.api(for: server)`, `guard let x = …`: bound names get hints like locals.
    /// `if let tag = tag` and `if let tag` read the property of that name before the binding hides
    /// it, and an `if`/`while` binding hides it only inside that statement (a `guard` one, after it).
    func bindOptional(_ node: OptionalBindingConditionSyntax) {
        guard !typeStack.isEmpty, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText else {
            return
        }
        if let value = node.initializer?.value.as(DeclReferenceExprSyntax.self), value.baseName.plainText == name {
            recordBareAccess(value, name: name)
        } else if node.initializer == nil, inClassLike, member != nil, !localNames.contains(name), !shadowedNames.contains(name) {
            addAccess(name, at: node.pattern, isWrite: false)
        }
        if !localNames.contains(name), let scope = node.parent?.parent?.parent, scope.is(IfExprSyntax.self) || scope.is(WhileStmtSyntax.self) {
            bindingScopes[scope.id, default: []].append(name)
        }
        localNames.insert(name)
        if let type = node.typeAnnotation?.type { localTypes[name] = normalizedTypeName(type) }
        else if let value = node.initializer?.value { recordLocal(name, value) }
        if name != "self", let value = node.initializer?.value, isSelf(value) { selfAliases.insert(name) }
    }

    func endBindingScope(_ id: SyntaxIdentifier) {
        if let names = bindingScopes.removeValue(forKey: id) { localNames.subtract(names) }
    }

    // MARK: Recording

    func addUsage(_ usage: CallUsage, at node: some SyntaxProtocol) {
        guard !typeStack.isEmpty else { return }
        let pos = position(node)
        let key = "\(typeStack.count)|\(usage.api)|\(pos.line)|\(member ?? "")"
        guard seenUsages.insert(key).inserted else { return }
        typeStack[typeStack.count - 1].usages.append(UsageSite(
            family: usage.family, api: usage.api, member: member, position: pos, inDebugBlock: inDebug,
            isWeakSignal: usage.isWeakSignal, destination: usage.destination,
            requiresStoredProperty: usage.requiresStoredProperty))
    }
}
