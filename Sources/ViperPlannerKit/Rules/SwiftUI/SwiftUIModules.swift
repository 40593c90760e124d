/// How the SwiftUI-style rules see a VIPER module. A module is SwiftUI-style when its view is a
/// SwiftUI `View` struct, or its Presenter or Router is `@Observable` / `ObservableObject` (or
/// its Presenter is itself a `View`). Its roles are found as for any module (name prefix and
/// folder, role protocols), plus the `View` structs that hold one of its Presenters.
extension RuleContext {
    /// `View` structs by the Presenters they store (`let presenter: RecipesPresenter`): a screen
    /// named otherwise (`RecipesScreen`) is still its module's view.
    static func wiredSwiftUIViews(_ index: TypeIndex) -> [Int: [Int]] {
        var views: [Int: [Int]] = [:]
        for t in index.types.indices where index.types[t].kind == .struct && conformsToView(index.types[t]) {
            for (path, decl) in index.declarations(of: t) {
                for property in decl.properties where !property.isStatic && !property.isComputed {
                    for name in property.typeComponents {
                        guard let p = index.resolve(name, near: path), index.types[p].role == .presenter,
                              !(views[p] ?? []).contains(t) else { continue }
                        views[p, default: []].append(t)
                    }
                }
            }
        }
        return views
    }

    static func conformsToView(_ type: IndexedType) -> Bool { type.inheritance.contains("View") }

    /// A SwiftUI `View` struct.
    func isSwiftUIView(_ t: Int) -> Bool { index.types[t].kind == .struct && Self.conformsToView(index.types[t]) }

    /// The role types of the module a role type belongs to (itself included), with the `View`
    /// structs wired to its Presenters.
    func moduleRoles(of t: Int) -> [Int] {
        var members = [t] + moduleSiblings(of: t)
        for p in members where index.types[p].role == .presenter {
            for view in wiredViews[p] ?? [] where !members.contains(view) { members.append(view) }
        }
        return members
    }

    /// Whether the module of a role type is written in the SwiftUI style. Only VIPER modules
    /// count (see `isVIPERModule`): not a `View` beside a view controller, nor a `ToastPresenter`
    /// that only drives a view of its own.
    func isSwiftUIStyle(_ t: Int) -> Bool {
        let members = moduleRoles(of: t)
        guard isVIPERModule(members) else { return false }
        return members.contains { m in
            switch index.types[m].role {
            case .view, .other: return isSwiftUIView(m)
            case .presenter: return isObservable(m) || Self.conformsToView(index.types[m])
            case .router: return isObservable(m)
            default: return false
            }
        }
    }

    /// At least two layers among Presenter, Interactor, Router and Builder, or a layer that adopts
    /// a role protocol of the module's contract (`…PresenterInput`, `…WireframeInterface`).
    func isVIPERModule(_ members: [Int]) -> Bool {
        let layers: Set<Role> = [.presenter, .interactor, .router, .builder]
        let present = Set(members.map { index.types[$0].role }).intersection(layers)
        if present.count >= 2 { return true }
        return members.contains { m in
            [.presenter, .interactor, .router].contains(index.types[m].role)
                && index.types[m].inheritance.contains { name in RoleClassifier.roleProtocolMarkers.contains { name.hasSuffix($0.0) } }
        }
    }

    /// Types of these roles that belong to SwiftUI-style modules, in index order.
    func swiftUIStyleTypes(_ roles: [Role]) -> [Int] {
        roles.flatMap { types(withRole: $0) }.filter { index.types[$0].kind != .protocol && isSwiftUIStyle($0) }.sorted()
    }

    /// The `View` structs of SwiftUI-style modules: the view role, and views wired to a Presenter.
    func swiftUIModuleViews() -> [Int] {
        var views = Set(types(withRole: .view).filter { isSwiftUIView($0) && isSwiftUIStyle($0) })
        for (presenter, wired) in wiredViews where isSwiftUIStyle(presenter) { views.formUnion(wired) }
        return views.sorted()
    }

    /// Whether the Swift 6 rules (main-actor Presenters, actor Interactors, Sendable entities, no
    /// Combine, navigation as state…) judge this module: it is SwiftUI-style and either the plan
    /// aims at the Swift 6 target (`target: swiftui`) or the module already adopts Swift 6
    /// concurrency. A pre-Swift-6 `ObservableObject` + Combine module stays silent by default.
    func swift6Applies(_ t: Int) -> Bool {
        guard isSwiftUIStyle(t) else { return false }
        return configuration.target == .swiftui || adoptsSwift6Concurrency(moduleRoles(of: t))
    }

    /// Any role declared `@Observable`, `@MainActor` (written on it, not inherited), an `actor`, or
    /// `Sendable`.
    func adoptsSwift6Concurrency(_ members: [Int]) -> Bool {
        members.contains { m in
            let type = index.types[m]
            let primary = index.decl(type.decls[0])
            return type.kind == .actor || isObservationMacro(m) || primary.attributes.contains(where: Self.isMainActorAttribute)
                || type.inheritance.contains("Sendable")
        }
    }

    /// `swiftUIStyleTypes` where the Swift 6 rules apply (`swift6Applies`).
    func swift6StyleTypes(_ roles: [Role]) -> [Int] { swiftUIStyleTypes(roles).filter(swift6Applies) }

    /// `swiftUIModuleViews` where the Swift 6 rules apply: a wired view follows its Presenter's module.
    func swift6ModuleViews() -> [Int] {
        var views = Set(types(withRole: .view).filter { isSwiftUIView($0) && swift6Applies($0) })
        for (presenter, wired) in wiredViews where swift6Applies(presenter) { views.formUnion(wired) }
        return views.sorted()
    }

    /// `@Observable`, or `ObservableObject` through itself, a superclass or a protocol.
    func isObservable(_ t: Int) -> Bool { isObservationMacro(t) || isObservableObject(t) }

    func isObservationMacro(_ t: Int) -> Bool {
        index.memberOwners(of: t).contains { owner in
            index.types[owner].kind == .class
                && index.decl(index.types[owner].decls[0]).attributes.contains { $0 == "Observable" || $0.hasSuffix(".Observable") }
        }
    }

    func isObservableObject(_ t: Int) -> Bool {
        index.memberOwners(of: t).contains { index.types[$0].inheritance.contains("ObservableObject") }
    }

    /// Isolated to the main actor: `@MainActor` on the type, on a protocol its declaration adopts
    /// (SwiftUI's `View` included), or on a superclass (UIKit views and view controllers are).
    func isMainActorIsolated(_ t: Int, visited: Set<Int> = []) -> Bool {
        guard !visited.contains(t) else { return false }
        let type = index.types[t]
        let primary = index.decl(type.decls[0])
        if primary.attributes.contains(where: Self.isMainActorAttribute) { return true }
        let near = index.path(type.decls[0])
        for name in primary.inheritance {
            if Self.mainActorFrameworkTypes.contains(name) { return true }
            if let next = index.resolve(name, near: near), [.protocol, .class].contains(index.types[next].kind),
               isMainActorIsolated(next, visited: visited.union([t])) { return true }
        }
        return type.superclassChain.contains { Self.mainActorFrameworkTypes.contains($0) }
    }

    static func isMainActorAttribute(_ name: String) -> Bool { name == "MainActor" || name.hasSuffix(".MainActor") }

    /// Framework types isolated to the main actor: SwiftUI's view protocols, UIKit's responders.
    static let mainActorFrameworkTypes: Set<String> = KnownTypes.uiKitViewControllers.union([
        "View", "App", "Scene", "UIView", "UIResponder", "UIControl", "UIWindow", "UIApplicationDelegate", "UISceneDelegate",
        "UIWindowSceneDelegate", "UIViewRepresentable", "UIViewControllerRepresentable",
    ])
}
