import Foundation

/// One module as `scaffold` writes it: the plan's contract (use cases, view states, routes,
/// services) turned into declarations the templates print. Names come from the plan's Target module
/// section unchanged; types come from the signatures the plan shows, and a type the sources do not
/// show is an Xcode placeholder (`<#Code#>`) for the person filling the use case in.
struct ScaffoldModule: Sendable, Equatable {
    struct UseCase: Sendable, Equatable {
        /// `fetchOrders(page:)`, as the contract lists it.
        var name: String
        /// `fetchOrders(page: Int)`: the declaration without `func`, result or effects.
        var declaration: String
        /// `fetchOrders(page: page)`: the same call, forwarding the parameters.
        var call: String
        /// `[Order]`, when the plan shows one.
        var result: String?
        /// `didFetchOrders`: the interactor output that reports it (UIKit modules).
        var outputName: String
        /// The plan's tasks whose code moves into it (`I2, I3`).
        var tasks: String
    }
    struct Display: Sendable, Equatable {
        /// `displayTotal(_:)`, its view state `CartTotalViewState`, and the view-state property (`total`).
        var name: String
        var state: String
        var property: String
        var tasks: String
    }
    struct Route: Sendable, Equatable {
        var name: String
        var declaration: String
        var call: String
        /// The route's `case` (SwiftUI): `checkout` for `showCheckout()`.
        var caseName: String
        var detail: String
    }
    struct Service: Sendable, Equatable {
        /// `apiClient: APIClientProtocol`, made as `APIClient.shared` by the builder.
        var property: String
        var type: String
        /// nil: nothing in the sources makes one; the builder takes it as a parameter.
        var value: String?
        /// A protocol over it that the plan asks for but the sources do not have yet.
        var pendingProtocol: String?
    }

    var prefix: String
    var viewController: String
    var style: TargetStyle
    /// Folders relative to the scanned root, with a trailing `/` (or empty).
    var folder: String
    var testFolder: String
    var swiftTesting: Bool
    var inputs: [UseCase] = []
    var outputs: [Display] = []
    var routes: [Route] = []
    var services: [Service] = []
    /// The SwiftUI view's sections: the tasks that convert the view controller.
    var viewTasks: [String] = []
    /// What this run writes of the module, in the order of its files.
    var roles: [ScaffoldRole] = []
    /// The roles the module has once this run is written (in the sources or written now): a
    /// file refers only to these, so each PR's files compile without the PRs after it.
    var present: Set<ScaffoldRole> = []
    /// The labels of the presenter's initialiser when the sources already have it (`view:interactor:`);
    /// nil when this run writes the presenter.
    var presenterInit: [String]?

    /// Use cases and routes with a parameter the sources give no type for (a generic placeholder).
    var genericPlaceholders: Int {
        (inputs.map(\.declaration) + routes.map(\.declaration)).filter { $0.prefix { $0 != "(" }.contains("<") }.count
    }

    /// The view-state types the outputs name, each once.
    var states: [String] { uniqued(outputs.map(\.state)) }
}

/// One file kind of a module: a role with its protocols (and its tests), or a service the plan
/// creates around the system calls the screen makes itself (`service("Service")` → `CartService`).
enum ScaffoldRole: Hashable, Sendable {
    case interactor, interactorTests, presenter, presenterTests, router, view, module, moduleTests
    case service(String)

    /// Its unit tests live in the test folder, where the index does not look.
    var isTest: Bool { [.interactorTests, .presenterTests, .moduleTests].contains(self) }

    /// The role's own type, whose presence in the sources means the role exists.
    func typeName(_ prefix: String) -> String {
        switch self {
        case .interactor: prefix + "Interactor"
        case .interactorTests: prefix + "InteractorTests"
        case .presenter: prefix + "Presenter"
        case .presenterTests: prefix + "PresenterTests"
        case .router: prefix + "Router"
        case .view: prefix + "View"
        case .module: prefix + "Module"
        case .moduleTests: prefix + "ModuleTests"
        case .service(let suffix): prefix + suffix
        }
    }

    /// The types the role's file declares, which no source may declare already (tests excluded).
    func declaredTypes(_ prefix: String, style: TargetStyle) -> [String] {
        let names: [String] = switch (self, style) {
        case (.interactor, _): ["Interactor", "InteractorInput", "InteractorOutput"]
        case (.presenter, .uikit): ["Presenter", "PresenterProtocol", "ViewProtocol"]
        case (.presenter, .swiftui): ["Presenter", "ViewState"]
        case (.router, .uikit): ["Router", "RouterProtocol"]
        case (.router, .swiftui): ["Router", "Route"]
        case (.view, _): ["View"]
        case (.module, _): ["Module"]
        case (.moduleTests, _), (.interactorTests, _), (.presenterTests, _): []
        case (.service(let suffix), _): [suffix, suffix + "Protocol"]
        }
        return names.map { prefix + $0 }
    }

    /// The names a plan's Creates column lists for the role after its prefix.
    static func parts(style: TargetStyle) -> [String: ScaffoldRole] {
        var parts: [String: ScaffoldRole] = ["Interactor": .interactor, "InteractorInput": .interactor, "InteractorOutput": .interactor,
                                             "InteractorTests": .interactorTests, "Presenter": .presenter, "PresenterTests": .presenterTests,
                                             "Router": .router, "Module": .module, "ModuleTests": .moduleTests]
        if style == .swiftui {
            parts.merge(["ViewState": .presenter, "Route": .router, "View": .view]) { a, _ in a }
        } else {
            parts.merge(["PresenterProtocol": .presenter, "ViewProtocol": .presenter, "RouterProtocol": .router]) { a, _ in a }
        }
        return parts
    }
}

/// Reading a contract signature (`fetchOrders(page: Int, _ value: String) -> [Order]`).
enum ContractSignature {
    struct Parameter: Equatable {
        var label: String
        var name: String
        var type: String
        var isGeneric = false
    }

    static let keywords: Set<String> = ["for", "in", "is", "as", "default", "case", "repeat", "while", "if", "else", "switch", "return",
                                        "where", "do", "catch", "throw", "try", "let", "var", "func", "class", "struct", "enum",
                                        "protocol", "extension", "import", "self", "Self", "super", "init", "deinit", "subscript",
                                        "operator", "true", "false", "nil", "break", "continue", "fallthrough", "guard", "defer", "inout", "static"]

    /// The base name, the parameters (a type the signature leaves out is a placeholder), the result.
    static func parse(_ signature: String) -> (base: String, parameters: [Parameter], result: String?) {
        let text = signature.trimmingCharacters(in: .whitespaces)
        guard let open = text.firstIndex(of: "("), let close = matchingParen(text, from: open) else {
            return (text, [], nil)
        }
        let base = String(text[..<open])
        let inside = String(text[text.index(after: open)..<close])
        let rest = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
        let result = rest.hasPrefix("->") ? String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces) : nil
        var parameters: [Parameter] = []
        // `page:` alone lists labels; `page: Int` names types.
        let parts = inside.contains(": ") ? topLevelSplit(inside) : inside.split(separator: ":").map { String($0) + ":" }
        var used: Set<String> = []
        for part in parts where !part.isEmpty {
            let colon = part.firstIndex(of: ":") ?? part.endIndex
            let names = part[..<colon].split(separator: " ").map(String.init)
            let typeText = colon < part.endIndex ? part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces) : ""
            let label = names.first ?? "_"
            var name = names.count > 1 ? names[1] : (label == "_" ? "value" : label)
            // `for: Product` is a label, not a name the body can use: `for product: Product`.
            if keywords.contains(name) {
                let noun = noun(of: typeText)
                name = noun.isEmpty || keywords.contains(noun) ? "value" : noun
            }
            if used.contains(name) { name += "\(parameters.count + 1)" }
            used.insert(name)
            // A type the sources do not show is a generic parameter the person names: it compiles.
            // `completion:` is what runs once the work (or the screen's closing) is done.
            let completion = typeText.isEmpty && label == "completion"
            let type = completion ? "(() -> Void)?" : typeText.isEmpty ? upperFirst(name) : typeText
            parameters.append(Parameter(label: label, name: name, type: type, isGeneric: typeText.isEmpty && !completion))
        }
        return (base, parameters, result)
    }

    /// `UITraitCollection` → `traitCollection`, `[Product]` → `product`: a name for a value of the type.
    static func noun(of type: String) -> String {
        var word = String(type.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first ?? "")
        let upper = word.prefix { $0.isUppercase }.count
        // An Apple prefix (`UI`, `CG`, `NS`) says which framework, not what the value is.
        if upper > 2 { word = String(word.dropFirst(upper - 1)) } else if upper == 2, word.count > 2 { word = String(word.dropFirst()) }
        return lowerFirst(word)
    }

    /// `add<Value: Sendable>(_ value: Value)` when a type is unknown.
    static func declaration(_ base: String, _ parameters: [Parameter]) -> String {
        let generics = parameters.filter(\.isGeneric).map { "\($0.type): Sendable" }
        return "\(base)\(generics.isEmpty ? "" : "<\(generics.joined(separator: ", "))>")(" + parameters.map { p in p.label == p.name ? "\(p.name): \(p.type)" : "\(p.label) \(p.name): \(p.type)" }.joined(separator: ", ") + ")"
    }

    static func call(_ base: String, _ parameters: [Parameter]) -> String {
        "\(base)(" + parameters.map { p in p.label == "_" ? p.name : "\(p.label): \(p.name)" }.joined(separator: ", ") + ")"
    }

    private static func matchingParen(_ text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        for i in text[open...].indices {
            if text[i] == "(" { depth += 1 } else if text[i] == ")" { depth -= 1; if depth == 0 { return i } }
        }
        return nil
    }

    /// Splits at commas outside brackets: `a: [String: Int], b: Result<A, B>` is two parameters.
    private static func topLevelSplit(_ text: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0, previous: Character = " "
        for c in text {
            defer { previous = c }
            if "([<".contains(c) { depth += 1 } else if ")]".contains(c) || (c == ">" && previous != "-") { depth -= 1 }
            if c == ",", depth == 0 { parts.append(current.trimmingCharacters(in: .whitespaces)); current = ""; continue }
            current.append(c)
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}

func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
