import Foundation

/// The plan's Target module of one screen as `ScaffoldModule`: the contract items keep their names,
/// their signatures become declarations, and each service gets the type and value it is injected as.
extension ScaffoldModule {
    init(_ module: TargetModule, feature: FeaturePlan, index: TypeIndex, sources: SourceSignatures? = nil) {
        let owner = feature.slicing.owners[module.viewController]
        let prefix = module.prefix
        self.init(prefix: prefix, viewController: module.viewController, style: module.style,
                  folder: owner?.folder ?? "", testFolder: owner?.testFolder ?? ProjectLayout.defaultTestFolder,
                  swiftTesting: owner?.testFramework == "Swift Testing")
        inputs = module.interactorInputs.map { Self.useCase($0, sources: sources) }
        outputs = module.presenterOutputs.map { item in
            let state = item.signature ?? "\(prefix)ViewState"
            // `displayTotal(_:)` → `total`; the screen's whole state (`displayState(_:)`) has none.
            let noun = String(baseName(item.name).dropFirst("display".count))
            return Display(name: baseName(item.name), state: state, property: noun == "State" ? "" : lowerFirst(noun), tasks: Self.tasks(of: item))
        }
        // `returned(from:)` is the presenter's input for an unwind action, not a route.
        routes = module.routes.filter { $0.name != "returned(from:)" }.map { item in
            let name = item.name.hasPrefix(".") ? "show" + upperFirst(String(item.name.dropFirst())) + "()" : item.name
            let (base, parameters, _) = ContractSignature.parse(name)
            let caseName = item.name.hasPrefix(".") ? String(item.name.dropFirst()) : lowerFirst(String(base.drop { $0.isLowercase }))
            return Route(name: name, declaration: ContractSignature.declaration(base, parameters), call: ContractSignature.call(base, parameters), caseName: caseName,
                         detail: item.detail.replacingOccurrences(of: "`", with: ""))
        }
        services = module.services.compactMap { Self.service($0, index: index) }
        viewTasks = module.viewSections.map { "\($0.name): \($0.detail)" }
    }

    /// The task ids a contract item ends with (`… — I2, I3`).
    static func tasks(of item: ContractItem) -> String {
        guard let dash = item.detail.range(of: " — ", options: .backwards) else { return "" }
        return String(item.detail[dash.upperBound...])
    }

    static func useCase(_ item: ContractItem, sources: SourceSignatures? = nil) -> UseCase {
        var (base, parameters, result) = ContractSignature.parse(item.signature ?? item.name)
        // The source's own types where a function of that name and labels is declared there.
        let labels = "(" + parameters.map { "\($0.label):" }.joined() + ")"
        // A read named for its value (`allBookmarkIds()`) is planned as `loadAllBookmarkIds()`.
        let bases = [base] + (base.hasPrefix("load") && base.count > 4 ? [lowerFirst(String(base.dropFirst(4)))] : [])
        if let exact = bases.lazy.compactMap({ sources?.byName[$0 + labels] }).first, exact.parameters.count == parameters.count {
            for i in parameters.indices { parameters[i].type = exact.parameters[i].type; parameters[i].isGeneric = false }
            result = exact.result
        } else if let sources {
            for i in parameters.indices where !parameters[i].isGeneric {
                // A container the facts keep without its elements (`Set`) says too little to declare.
                if genericContainers.contains(parameters[i].type) {
                    parameters[i].type = upperFirst(parameters[i].name); parameters[i].isGeneric = true
                } else {
                    parameters[i].type = sources.qualified(parameters[i].type)
                }
            }
            result = result.flatMap { genericContainers.contains($0) ? nil : sources.qualified($0) }
        }
        // A view type (`UIImage`, a cell) never crosses into the presenter or the interactor: the
        // person names the value it stands for.
        for i in parameters.indices where UseCaseNamer.isViewType(parameters[i].type) || viewTypeSuffixes.contains(where: parameters[i].type.hasSuffix) {
            parameters[i].type = upperFirst(parameters[i].name); parameters[i].isGeneric = true
        }
        if let r = result, UseCaseNamer.isViewType(r) { result = nil }
        let first = String(base.prefix { !$0.isUppercase })
        // `currencyCode` reads a value: its output is `didLoadCurrencyCode`.
        let verb = [first, first.hasPrefix("re") ? String(first.dropFirst(2)) : ""]
            .contains { UseCaseNamer.isVerb($0) || UseCaseNamer.genericVerbs.contains($0) || moreVerbs.contains($0) }
        // `recalculate` → `didRecalculate`; `isValidCoupon` → `didCheckIsValidCoupon`; `currencyCode` → `didLoadCurrencyCode`.
        let output = "did" + (verb ? "" : questionWords.contains(first) ? "Check" : "Load") + upperFirst(base)
        return UseCase(name: item.name, declaration: ContractSignature.declaration(base, parameters),
                       call: ContractSignature.call(base, parameters), result: result, outputName: output, tasks: tasks(of: item))
    }

    /// A service the interactor is given: behind the protocol the plan names when the sources have
    /// it, else the concrete type until the seam PR adds it. One handed to each use case is none.
    static func service(_ item: ContractItem, index: TypeIndex) -> Service? {
        guard !item.detail.contains("not injected") else { return nil }
        let name = item.name
        let isProtocol = item.detail.contains("already a protocol")
        let wanted = CrossCutting.protocolName(for: name)
        let type = isProtocol ? name : index.resolve(wanted) != nil ? wanted : name
        // How the builder makes it: a shared instance, a plain `init()`, or else the builder's
        // caller hands it in.
        var value: String? = isProtocol ? nil : "\(name)()"
        if !isProtocol, let t = index.resolve(name) {
            let decls = index.declarations(of: t).map(\.decl)
            let inits = decls.flatMap(\.functions).filter { $0.name.hasPrefix("init(") }
            if !inits.isEmpty && !inits.contains(where: { $0.name == "init()" }) { value = nil }
            if let shared = decls.flatMap(\.properties).first(where: { $0.isStatic && sharedNames.contains($0.name) }) { value = "\(name).\(shared.name)" }
        }
        return Service(property: propertyName(name), type: type, value: value,
                       pendingProtocol: isProtocol || type == wanted ? nil : wanted)
    }

    static let moreVerbs: Set<String> = ["configure", "apply", "select", "sort", "filter", "search", "toggle", "reload", "refresh",
                                         "submit", "cancel", "share", "open", "close", "start", "stop", "clear", "mark", "show", "hide"]
    static let questionWords: Set<String> = ["is", "has", "can", "should", "looks", "needs", "contains"]

    static let viewTypeSuffixes = ["Cell", "ViewController", "View", "Button", "Label"]
    static let genericContainers: Set<String> = ["Set", "Array", "Dictionary", "Optional", "Result", "Task"]

    static let sharedNames: Set<String> = ["shared", "default", "standard", "current", "instance", "sharedInstance", "main"]

    /// `APIClient` → `apiClient`, `URLSession` → `urlSession`, `CartStore` → `cartStore`.
    static func propertyName(_ type: String) -> String {
        let name = String(type.split(separator: ".").last ?? Substring(type))
        let upper = name.prefix { $0.isUppercase }.count
        guard upper > 1 else { return lowerFirst(name) }
        let keep = upper == name.count ? upper : upper - 1
        return name.prefix(keep).lowercased() + name.dropFirst(keep)
    }
}
