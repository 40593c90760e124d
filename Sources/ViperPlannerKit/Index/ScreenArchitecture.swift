/// What a screen already is, recognised from its wiring (the collaborators its view controller
/// holds and what they hold), not from a name suffix.
public enum ScreenArchitecture: String, Codable, Sendable, CaseIterable {
    case mvc = "MVC"
    case viper = "VIPER"
    case vip = "Clean Swift (VIP)"
    case mvp = "MVP"
    case mvvm = "MVVM"
    case swiftUI = "SwiftUI"

    /// Already split into roles: the plan fixes its violations and never re-creates its layers.
    public var isModular: Bool { self != .mvc }

    /// Recognises one view controller's architecture from what it holds and what that holds:
    /// - Clean Swift: it holds an Interactor (`…BusinessLogic`, `…InteractorProtocol`, …) that holds
    ///   a Presenter, and no Presenter itself;
    /// - VIPER: it holds a Presenter (`…ViewOutput`, `…PresenterProtocol`, …) that holds an
    ///   Interactor and a Router;
    /// - MVP: it holds a Presenter with neither behind it;
    /// - each of these only once an assembly wires them (`…Assembly`, `…Module`, `…Builder`,
    ///   `…Configurator`): until then the screen is an MVC screen half-way through its migration;
    /// - MVVM: it holds a view model (a project class named `…ViewModel`);
    /// - SwiftUI: it is a `UIHostingController` of a SwiftUI view;
    /// - MVC otherwise.
    public static func of(_ t: Int, _ index: TypeIndex) -> ScreenArchitecture {
        let type = index.types[t]
        if type.superclassChain.contains(where: { $0.hasPrefix("UIHostingController") || $0.hasPrefix("NSHostingController") }) { return .swiftUI }
        let held = heldRoles(of: t, index)
        let prefix = modulePrefix(type.name)
        let assembled = !prefix.isEmpty && ["Assembly", "Module", "Builder", "Configurator"].contains { index.resolve(prefix + $0) != nil }
        if let presenters = held[.presenter] {
            let behind = presenters.map { heldRoles(of: $0, index) }
            let interactor = behind.contains { $0[.interactor] != nil }, router = behind.contains { $0[.router] != nil }
            if assembled && interactor && router { return .viper }
            if assembled && !interactor && !router { return .mvp }
        } else if let interactors = held[.interactor], assembled,
                  interactors.contains(where: { heldRoles(of: $0, index)[.presenter] != nil }) {
            return .vip
        }
        if held[.entity] != nil { return .mvvm }
        return .mvc
    }

    /// Role → the project types of that role the type holds in a stored property. A view model is
    /// reported under `.entity` (the roles have no view-model case).
    private static func heldRoles(of t: Int, _ index: TypeIndex) -> [Role: [Int]] {
        var result: [Role: [Int]] = [:]
        for (path, decl) in index.declarations(of: t) {
            for property in decl.properties where !property.isStatic && !property.isComputed {
                let names = property.heldTypeNames
                for name in names where !name.isEmpty {
                    let bare = StrongReferences.bareName(name)
                    guard let u = index.resolve(bare, near: path), u != t else { continue }
                    let role: Role?
                    if index.types[u].kind == .protocol { role = RoleClassifier.protocolRole(index.types[u].name) ?? suffixRole(u, index) }
                    else { role = [.presenter, .interactor, .router].contains(index.types[u].role) ? index.types[u].role : suffixRole(u, index) }
                    // A view model is a class the screen keeps (not the row values of a list).
                    guard let role, role != .entity || (index.types[u].kind == .class && !(property.typeName ?? "").hasPrefix("[")) else { continue }
                    let implementations = index.types[u].kind == .protocol ? index.conformers[index.types[u].name] ?? [] : [u]
                    result[role, default: []] += implementations.isEmpty ? [u] : implementations
                }
            }
        }
        // A generic base holds the roles for it: `class Screen: BaseViewController<ScreenCoordinator,
        // ScreenViewModel>` keeps its view model in the base's `var viewModel: U!`.
        for (path, decl) in index.declarations(of: t) {
            for argument in decl.superclassArguments {
                let bare = StrongReferences.bareName(argument)
                guard let u = index.resolve(bare, near: path), u != t, index.types[u].kind == .class,
                      let role = suffixRole(u, index) ?? ([.presenter, .interactor].contains(index.types[u].role) ? index.types[u].role : nil),
                      !(result[role] ?? []).contains(u) else { continue }
                result[role, default: []].append(u)
            }
        }
        return result
    }

    /// `…Presenter`/`…Interactor`/`…Router` by name, and `…ViewModel` as `.entity`.
    private static func suffixRole(_ u: Int, _ index: TypeIndex) -> Role? {
        let name = index.types[u].shortName
        if name.hasSuffix("ViewModel") && name.count > 9 { return .entity }
        if name.hasSuffix("Presenter") || name.hasSuffix("PresenterProtocol") { return .presenter }
        if name.hasSuffix("Interactor") || name.hasSuffix("InteractorProtocol") { return .interactor }
        if name.hasSuffix("Router") || name.hasSuffix("Wireframe") || name.hasSuffix("RouterProtocol") { return .router }
        return nil
    }
}
