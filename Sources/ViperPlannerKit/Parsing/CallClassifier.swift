import SwiftSyntax

/// What a call does, as far as the god-VC families are concerned.
struct CallUsage {
    var family: Family
    var api: String
    var destination: String? = nil
    var isWeakSignal = false
    var requiresStoredProperty: String? = nil
}

/// Classifies one call by its callee, labels and arguments. Pure: the syntax node in, a usage out.
/// `localTypes` maps local variable names to the type the function shows for them.
func classifyCall(_ call: FunctionCallExprSyntax, chain: [String], name: String,
                  localTypes: [String: String], remoteURLs: Set<String> = []) -> CallUsage? {
    // Runs for every call in every type: the name is tested first, and receiver names are
    // compared on their bytes (see containsIgnoringCase), never lowercased copies.
    // One set lookup rejects the great majority of calls (`reloadData`, `append`, …).
    guard KnownAPIs.classifiedCallNames.contains(name) || name.hasPrefix("sqlite3_") else { return nil }
    let site = CallSite(call: call, chain: chain, name: name, firstLabel: firstLabel(of: call), last: chain.last ?? "")
    if let usage = classifyNetworking(site) ?? classifyContentsOf(site, remoteURLs: remoteURLs) ?? classifyPersistence(site)
        ?? classifyFormatting(site) ?? classifyBusinessLogic(site) {
        return usage
    }
    guard KnownAPIs.navigationCalls.contains(name) else { return nil }
    return classifyNavigation(call, chain: chain, name: name, labels: labels(of: call), localTypes: localTypes)
}

/// What the family classifiers look at: the call, its receiver chain and name, its first label
/// and the last name of the chain.
private struct CallSite {
    let call: FunctionCallExprSyntax
    let chain: [String]
    let name: String
    let firstLabel: String
    let last: String
}

private func classifyNetworking(_ c: CallSite) -> CallUsage? {
    if KnownAPIs.urlSessionTaskCalls.contains(c.name) { return CallUsage(family: .networking, api: "URLSession." + c.name) }
    if KnownAPIs.urlSessionAsyncCalls.contains(c.name), c.firstLabel == "for" || c.firstLabel == "from",
       c.chain.contains("URLSession") || c.last.containsIgnoringCase("session") {
        return CallUsage(family: .networking, api: "URLSession.\(c.name)(\(c.firstLabel):)")
    }
    if KnownAPIs.alamofireCalls.contains(c.name) {
        if let head = c.chain.first, head == "AF" || head == "Alamofire" {
            return CallUsage(family: .networking, api: "Alamofire." + c.name)
        }
        if c.chain.count == 2, c.chain[0] == "Session" || c.chain[0] == "SessionManager", c.chain[1] == "default" {
            return CallUsage(family: .networking, api: "Alamofire." + c.name)
        }
    }
    if KnownAPIs.moyaCalls.contains(c.name), c.last.containsIgnoringCase("provider") {
        return CallUsage(family: .networking, api: "Moya." + c.name)
    }
    if KnownAPIs.apolloCalls.contains(c.name), KnownAPIs.apolloLabels.contains(c.firstLabel) {
        return CallUsage(family: .networking, api: "Apollo." + c.name)
    }
    return nil
}

/// `Data(contentsOf:)`, `String(contentsOf:)`: the URL decides. A web address is a synchronous
/// download; anything else (a picked document, an attachment, the receipt, the documents folder)
/// is a file read; a resource shipped with the app (`Bundle.main.url(forResource:…)`) is neither.
private func classifyContentsOf(_ c: CallSite, remoteURLs: Set<String>) -> CallUsage? {
    guard c.chain.isEmpty, KnownAPIs.contentsOfReaders.contains(c.name),
          let arg = c.call.arguments.first, let label = arg.label?.plainText, label.hasPrefix("contentsOf") else { return nil }
    let text = arg.expression.trimmedText
    if text.containsIgnoringCase("forresource") || text.containsIgnoringCase("path(for") { return nil }
    let remoteLocal = arg.expression.as(DeclReferenceExprSyntax.self).map { remoteURLs.contains($0.baseName.plainText) } ?? false
    if label != "contentsOfFile", remoteLocal || text.containsIgnoringCase("http") || text.containsIgnoringCase("url(string") {
        return CallUsage(family: .networking, api: "\(c.name)(\(label):)")
    }
    return CallUsage(family: .persistence, api: "\(c.name)(\(label):)")
}

private func classifyPersistence(_ c: CallSite) -> CallUsage? {
    if c.chain.isEmpty, KnownAPIs.keychainFunctions.contains(c.name) { return CallUsage(family: .persistence, api: "Keychain." + c.name) }
    if c.chain.isEmpty, c.name.hasPrefix("sqlite3_") { return CallUsage(family: .persistence, api: "SQLite") }
    if KnownAPIs.fileManagerCalls.contains(c.name), c.chain.contains("FileManager") || c.last.containsIgnoringCase("filemanager") {
        return CallUsage(family: .persistence, api: "FileManager." + c.name)
    }
    if KnownAPIs.fileWriteCalls.contains(c.name), c.firstLabel == "to" || c.firstLabel == "toFile", !c.chain.isEmpty {
        return CallUsage(family: .persistence, api: "write(\(c.firstLabel):)")
    }
    if KnownAPIs.coreDataContextCalls.contains(c.name), c.last.containsIgnoringCase("context") {
        return CallUsage(family: .persistence, api: "CoreData." + c.name)
    }
    if KnownAPIs.realmCalls.contains(c.name), c.last.hasSuffixIgnoringCase("realm") {
        return CallUsage(family: .persistence, api: "Realm." + c.name)
    }
    if KnownAPIs.databaseCalls.contains(c.name),
       ["dbqueue", "dbpool", "database", "db"].contains(where: { c.last.hasSuffixIgnoringCase($0) }) {
        return CallUsage(family: .persistence, api: "SQLite." + c.name)
    }
    return nil
}

/// `String(format:)` and its spellings turn values into display text, translated templates
/// included. Only literals filled into a template (a constant URL) format nothing.
private func classifyFormatting(_ c: CallSite) -> CallUsage? {
    guard KnownAPIs.formattingCalls.contains(c.name) else { return nil }
    if c.name == "formatted" { return CallUsage(family: .formatting, api: ".formatted()") }
    guard (c.chain.isEmpty && c.firstLabel == "format") || c.name == "localizedStringWithFormat",
          c.call.arguments.dropFirst().contains(where: { !isLiteral($0.expression) }) else { return nil }
    return CallUsage(family: .formatting, api: "String(format:)")
}

private func classifyBusinessLogic(_ c: CallSite) -> CallUsage? {
    if KnownAPIs.regexCalls.contains(c.name), c.firstLabel == "of" || c.firstLabel == "in" {
        return CallUsage(family: .businessLogic, api: "regex." + c.name)
    }
    if KnownAPIs.regexRangeCalls.contains(c.name), c.call.arguments.contains(where: { $0.label?.plainText == "options" }),
       c.call.arguments.contains(where: { $0.expression.trimmedText.containsExactly("regularExpression") }) {
        return CallUsage(family: .businessLogic, api: "regex.range")
    }
    if let usage = classifyDomainRule(c) { return usage }
    if KnownAPIs.collectionOperations.contains(c.name), !c.chain.isEmpty {
        let chain = c.chain
        let property = chain.first == "self" ? (chain.count == 2 ? chain[1] : nil) : (chain.count == 1 ? chain[0] : nil)
        if let property, !isTypeLikeName(property) {
            return CallUsage(family: .businessLogic, api: "collection." + c.name, requiresStoredProperty: property)
        }
    }
    return nil
}

/// Unit conversions (`Measurement(…).converted(to:)`), range checks on a literal range
/// (`(1...120).contains(age)`) and matching domain values against each other
/// (`ingredients.contains { allergens.contains($0) }`, `tags.intersection(blocked)`).
private func classifyDomainRule(_ c: CallSite) -> CallUsage? {
    guard KnownAPIs.domainRuleCalls.contains(c.name) else { return nil }
    if c.name == "converted", c.firstLabel == "to" { return CallUsage(family: .businessLogic, api: "unit conversion") }
    if c.chain.contains(where: KnownAPIs.isGeometryName) { return nil }
    if c.name == "contains", let base = c.call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
       let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1,
       let range = tuple.elements.first?.expression.as(SequenceExprSyntax.self),
       range.elements.contains(where: { ["...", "..<"].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.plainText ?? "") }) {
        // `(0..<items.count).contains(i)` is an index check, not a rule about the domain.
        if range.elements.flatMap({ chain(of: $0) }).contains(where: KnownAPIs.isGeometryName) { return nil }
        return CallUsage(family: .businessLogic, api: "range check")
    }
    // Rectangles, sizes and scroll physics (`keyboardFrame.intersection(view.bounds)`) are layout.
    let names = c.call.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        if case .identifier(let text) = token.tokenKind { return text } else { return nil }
    }
    if names.contains(where: KnownAPIs.isGeometryName) { return nil }
    // Each element looked up in another collection: `ingredients.contains { allergens.contains($0) }`.
    if c.name == "contains" || c.name == "allSatisfy", !c.chain.isEmpty, let closure = c.call.trailingClosure
        ?? c.call.arguments.first?.expression.as(ClosureExprSyntax.self) {
        var element = "$0"
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: element = list.first?.name.plainText ?? element
        case .parameterClause(let clause)?: element = clause.parameters.first.map { ($0.secondName ?? $0.firstName).plainText } ?? element
        case nil: break
        }
        if closure.statements.trimmedText.contains(".contains(\(element))") {
            return CallUsage(family: .businessLogic, api: "matching." + c.name)
        }
    }
    if ["intersection", "isDisjoint", "isSubset", "isSuperset", "formIntersection"].contains(c.name), !c.chain.isEmpty {
        return CallUsage(family: .businessLogic, api: "matching." + c.name)
    }
    return nil
}

/// A literal value (`"a"`, `1`, `2.5`, `true`, `nil`), possibly negated.
private func isLiteral(_ expr: ExprSyntax) -> Bool {
    if expr.is(StringLiteralExprSyntax.self) { return expr.as(StringLiteralExprSyntax.self)!.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } }
    if expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) || expr.is(BooleanLiteralExprSyntax.self)
        || expr.is(NilLiteralExprSyntax.self) { return true }
    if let prefix = expr.as(PrefixOperatorExprSyntax.self) { return isLiteral(prefix.expression) }
    return false
}

/// The first argument label as `labels(of:)` lists it ("" for a call without arguments).
private func firstLabel(of call: FunctionCallExprSyntax) -> String {
    if let first = call.arguments.first { return first.label?.plainText ?? "_" }
    if call.trailingClosure != nil { return "{}" }
    return call.additionalTrailingClosures.first?.label.plainText ?? ""
}

private func classifyNavigation(_ call: FunctionCallExprSyntax, chain: [String], name: String,
                                labels: [String], localTypes: [String: String]) -> CallUsage? {
    if chain.contains(where: { part in KnownAPIs.navigationDelegates.contains(where: part.containsIgnoringCase) }) { return nil }
    if chain.first == "super" { return nil }
    switch name {
    case "pushViewController":
        let dest = call.arguments.first.flatMap { destination(of: $0.expression, localTypes) }
        return CallUsage(family: .navigation, api: "pushViewController", destination: dest)
    case "present" where labels.count >= 2 && labels[0] == "_" && labels.contains("animated"):
        let dest = call.arguments.first.flatMap { destination(of: $0.expression, localTypes) }
        let argText = call.arguments.first?.expression.trimmedText ?? ""
        // An alert alone is not a screen; a share sheet or any other controller is.
        let weak = dest.map { KnownAPIs.weakPresentationTypes.contains($0) } ?? argText.containsIgnoringCase("alert")
        // An action sheet needs a popover anchor on iPad, which an alert does not.
        let sheet = call.arguments.first.map { isActionSheet($0.expression, localTypes) } ?? false
        return CallUsage(family: .navigation, api: sheet ? "present(actionSheet)" : weak ? "present(alert)" : "present", destination: dest,
                         isWeakSignal: weak || sheet)
    case "show" where labels == ["_", "sender"], "showDetailViewController" where labels == ["_", "sender"]:
        let dest = call.arguments.first.flatMap { destination(of: $0.expression, localTypes) }
        return CallUsage(family: .navigation, api: name, destination: dest)
    case "performSegue" where labels.first == "withIdentifier":
        let id = call.arguments.first.flatMap { identifierConstant($0.expression) }
        return CallUsage(family: .navigation, api: "performSegue", destination: id)
    case "setViewControllers" where labels.first == "_" && labels.contains("animated"):
        let dest = call.arguments.first.flatMap { destination(of: $0.expression, localTypes) }
        return CallUsage(family: .navigation, api: "setViewControllers", destination: dest)
    // Presentation libraries: Presentr, PanModal.
    case "customPresentViewController" where labels.contains("viewController"):
        let dest = argument("viewController", of: call).flatMap { destination(of: $0, localTypes) }
        return CallUsage(family: .navigation, api: name, destination: dest)
    case "presentPanModal":
        let dest = call.arguments.first.flatMap { destination(of: $0.expression, localTypes) }
        return CallUsage(family: .navigation, api: name, destination: dest)
    default:
        return nil
    }
}

/// The screen a push/present goes to: a constructed type, a cast, a local's known type.
func destination(of expr: ExprSyntax, _ localTypes: [String: String]) -> String? {
    if let call = expr.as(FunctionCallExprSyntax.self), let (chain, name) = callee(of: call) {
        if let root = containerRoot(expr) { return destination(of: root, localTypes) }
        if chain.isEmpty, isTypeLikeName(name) { return name }
        if name == "instantiateViewController", let id = call.arguments.first { return identifierConstant(id.expression) }
        // `Screen.make()` names its screen; `UIStoryboard.main.instantiate…()` and similar factories on a
        // storyboard or bundle do not.
        if chain.count == 1, isTypeLikeName(chain[0]), !["UIStoryboard", "UINib", "Bundle"].contains(chain[0]) { return chain[0] }
        return nil
    }
    if let cast = expr.as(AsExprSyntax.self) { return normalizedTypeName(cast.type) }
    if let type = unfoldedCastType(expr) { return type }
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
        // A variable names a destination only when the function shows its type (or the screen
        // at the root of the container it holds).
        return localTypes[ref.baseName.plainText + ".root"] ?? localTypes[ref.baseName.plainText] ?? localTypes[ref.baseName.plainText + ".last"]
    }
    // `[list, detail]` shows its last screen.
    if let array = expr.as(ArrayExprSyntax.self), let last = array.elements.last { return destination(of: last.expression, localTypes) }
    if let force = expr.as(ForceUnwrapExprSyntax.self) { return destination(of: force.expression, localTypes) }
    if let t = expr.as(TryExprSyntax.self) { return destination(of: t.expression, localTypes) }
    return nil
}

/// The screen a container shows: `UINavigationController(rootViewController: x)`,
/// `UIHostingController(rootView: SettingsView())`.
func containerRoot(_ expr: ExprSyntax) -> ExprSyntax? {
    guard let call = expr.as(FunctionCallExprSyntax.self), let (_, name) = callee(of: call) else { return nil }
    if name.hasSuffix("NavigationController"), let root = argument("rootViewController", of: call) { return root }
    if name == "UIHostingController" || name.hasPrefix("UIHostingController<"), let root = argument("rootView", of: call) { return root }
    return nil
}

/// `x as! Foo` as the parser leaves it (a sequence of the value, the cast and the type): `Foo`.
func unfoldedCastType(_ expr: ExprSyntax) -> String? {
    guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
    let elements = Array(sequence.elements)
    guard elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self)?.type else { return nil }
    return normalizedTypeName(type)
}

/// A segue or storyboard identifier: a literal, or a named constant (`Segue.showCart`,
/// `.showCart`, `SegueID.showCart.rawValue`) whose name says the same.
func identifierConstant(_ expr: ExprSyntax) -> String? {
    if let text = stringLiteral(expr) { return text }
    let names = chain(of: expr).filter { $0 != "rawValue" && $0 != "." && $0 != "?" }
    guard let last = names.last, !last.isEmpty, expr.is(MemberAccessExprSyntax.self) else { return nil }
    return last
}

/// The text of a plain string literal (`"showCart"`); nil for anything computed.
func stringLiteral(_ expr: ExprSyntax) -> String? {
    if let literal = expr.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
       let segment = literal.segments.first?.as(StringSegmentSyntax.self) {
        return segment.content.plainText
    }
    return nil
}

/// The type a local variable gets from its initializer: `Foo(…)`, `Foo.shared`, `x as! Foo`.
func inferredType(of expr: ExprSyntax) -> String? {
    if let t = expr.as(TryExprSyntax.self) { return inferredType(of: t.expression) }
    if let a = expr.as(AwaitExprSyntax.self) { return inferredType(of: a.expression) }
    if let force = expr.as(ForceUnwrapExprSyntax.self) { return inferredType(of: force.expression) }
    if let cast = expr.as(AsExprSyntax.self) { return normalizedTypeName(cast.type) }
    if let type = unfoldedCastType(expr) { return type }
    if let call = expr.as(FunctionCallExprSyntax.self), let type = metatypeFactoryType(call) { return type }
    if let call = expr.as(FunctionCallExprSyntax.self), let (chain, name) = callee(of: call) {
        if chain.isEmpty, isTypeLikeName(name) { return name }
        // `instantiateViewController(withIdentifier: "BookmarksViewController")`: the identifier names the class.
        if name == "instantiateViewController", let id = call.arguments.first.flatMap({ identifierConstant($0.expression) }),
           isTypeLikeName(id), id.hasSuffix("Controller") { return id }
        // `with(WebhookManager()) { $0.… }`: a configuration helper returns the object it is given.
        if chain.isEmpty, call.trailingClosure != nil, call.arguments.count == 1, let first = call.arguments.first,
           first.label == nil, first.expression.is(FunctionCallExprSyntax.self) {
            return inferredType(of: first.expression)
        }
        // `Foo.shared`, and static factories (`DetailViewController.instantiate()`,
        // `UIAlertController.makeDeleteAlert()`) that return their own type.
        // `Screen.make()` names its screen; `UIStoryboard.main.instantiate…()` and similar factories on a
        // storyboard or bundle do not.
        if chain.count == 1, isTypeLikeName(chain[0]), !["UIStoryboard", "UINib", "Bundle"].contains(chain[0]) { return chain[0] }
        return nil
    }
    if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
       isTypeLikeName(base.baseName.plainText),
       ["shared", "default", "standard", "current", "instance", "sharedInstance"].contains(member.declName.baseName.plainText) {
        return base.baseName.plainText
    }
    return nil
}

/// A method handed a metatype returns an instance of it: `container.resolve(Service.self)`,
/// `api?.client(UploadClient.self)`, `decoder.decode(Order.self, from: data)`. Only method calls
/// (a free function such as `NSStringFromClass(Cell.self)` returns something else).
private func metatypeFactoryType(_ call: FunctionCallExprSyntax) -> String? {
    guard call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil,
          let first = call.arguments.first, first.label == nil,
          let metatype = first.expression.as(MemberAccessExprSyntax.self), metatype.declName.baseName.plainText == "self",
          let base = metatype.base?.as(DeclReferenceExprSyntax.self), isTypeLikeName(base.baseName.plainText) else { return nil }
    return base.baseName.plainText
}

/// The static member an initializer calls: `ServiceFactory.makeFeedService()` → `makeFeedService`,
/// `Foo.shared` → nil (a singleton is of its own type).
func staticFactoryMember(of expr: ExprSyntax) -> String? {
    if let t = expr.as(TryExprSyntax.self) { return staticFactoryMember(of: t.expression) }
    if let a = expr.as(AwaitExprSyntax.self) { return staticFactoryMember(of: a.expression) }
    if let force = expr.as(ForceUnwrapExprSyntax.self) { return staticFactoryMember(of: force.expression) }
    guard let call = expr.as(FunctionCallExprSyntax.self), let (chain, name) = callee(of: call),
          chain.count == 1, isTypeLikeName(chain[0]), name != "init", !isTypeLikeName(name) else { return nil }
    return name
}

/// `UIAlertController(…, preferredStyle: .actionSheet)`, made here or held by a local made so
/// (kept under `name.actionSheet`, a key no identifier can take).
func isActionSheet(_ expr: ExprSyntax, _ localTypes: [String: String]) -> Bool {
    if let ref = expr.as(DeclReferenceExprSyntax.self) { return localTypes[ref.baseName.plainText + ".actionSheet"] != nil }
    if let force = expr.as(ForceUnwrapExprSyntax.self) { return isActionSheet(force.expression, localTypes) }
    if let t = expr.as(TryExprSyntax.self) { return isActionSheet(t.expression, localTypes) }
    guard let call = expr.as(FunctionCallExprSyntax.self) else { return false }
    return call.arguments.contains { argument in
        argument.label?.plainText == "preferredStyle" && argument.expression.trimmedText.hasSuffix(".actionSheet")
    }
}
