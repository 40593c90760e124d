struct ViewOwnsBusinessStateRule: Rule {
    static let description = RuleDescription(
        id: "view-owns-business-state", name: "SwiftUI view owns business state", family: nil, severity: .high,
        problem: "A module's SwiftUI view holds `@StateObject` / `@ObservedObject` (other than observing its own Presenter or Router), or `@State` of an entity, a service, the Interactor or a collection of entities. The view then owns state that belongs to the Presenter: it lives and dies with SwiftUI's view identity, it cannot be tested without rendering, and two sources of truth drift apart.",
        fix: "Read the Presenter's view state instead (`let presenter: …Presenter`, `@Bindable` for bindings), keep `@State` for view-local UI state only (a sheet flag, text being typed, focus), and build the Presenter in the module's `build()`.",
        triggering: [
            Example("""
            import SwiftUI
            struct RecipesView: View {
                @StateObject private var ↓store = RecipeStore()
                @ObservedObject var ↓settings: AppSettings
                @State private var ↓recipes: [Recipe] = []
                @State private var ↓interactor = RecipesInteractor()
                @State private var isShowingFilters = false
                let presenter: RecipesPresenter
                var body: some View { Text(presenter.state.title) }
            }
            @MainActor @Observable final class RecipesPresenter { var state = RecipesViewState() }
            actor RecipesInteractor {}
            struct Recipe { let title: String }
            final class RecipeStore: ObservableObject {}
            """),
        ],
        nonTriggering: [
            Example("""
            import SwiftUI
            struct RecipesView: View {
                enum Field { case search }
                @State private var isShowingFilters = false
                @State private var searchText = ""
                @FocusState private var focus: Field?
                @State private var draft = RecipeDraftViewState()
                @Bindable var presenter: RecipesPresenter
                var body: some View { TextField("Search", text: $searchText) }
            }
            @MainActor @Observable final class RecipesPresenter { var state = RecipesViewState() }
            struct RecipeDraftViewState { var title = "" }
            """),
            // Observing the module's own (ObservableObject) Presenter is `observable-object-presenter`'s concern.
            Example("""
            import SwiftUI
            struct PantryView: View {
                @ObservedObject var presenter: PantryPresenter
                var body: some View { Text(presenter.title) }
            }
            @MainActor final class PantryPresenter: ObservableObject { @Published var title = "" }
            final class PantryWireframe: PantryWireframeInterface {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for v in context.swift6ModuleViews() {
            let name = context.index.types[v].name
            for (path, decl) in context.index.declarations(of: v) {
                for property in decl.properties where !property.isStatic {
                    guard let what = businessState(property, in: v, path: path, context) else { continue }
                    findings.append(Finding(
                        rule: Self.description, type: name, member: property.name, file: path, position: property.position,
                        message: "\(name).\(property.name) holds \(what) in the view",
                        fix: "Remove `\(property.name)` from \(name): let the Presenter own it and expose display-ready view state that \(name) reads.",
                        evidence: [context.evidence(path, property.position)], discriminator: property.name))
                }
            }
        }
        return findings
    }

    /// What business state the property holds, or nil for view-local state.
    private func businessState(_ property: PropertyFact, in view: Int, path: String, _ context: RuleContext) -> String? {
        if property.attributes.contains("StateObject") { return "a `@StateObject`" }
        if property.attributes.contains("ObservedObject") {
            // Observing its own module's Presenter or Router is how an `ObservableObject` one is
            // read; that type is `observable-object-presenter`'s finding, not business state here.
            let ownRole = property.typeComponents.contains { name in
                context.index.resolve(name, near: path).map { [.presenter, .router].contains(context.index.types[$0].role)
                    && context.moduleRoles(of: view).contains($0) } ?? false
            }
            return ownRole ? nil : "an `@ObservedObject`"
        }
        guard property.attributes.contains("State") else { return nil }
        let viewName = context.index.types[view].name
        for component in property.typeComponents {
            guard let t = context.index.resolve(component, near: path), !context.index.types[t].name.hasPrefix(viewName + ".") else { continue }
            let type = context.index.types[t]
            switch type.role {
            case .interactor: return "the Interactor `\(component)` as `@State`"
            case .entity: return "the entity `\(component)` as `@State`"
            case .other:
                if context.isDomainEntity(t) { return "the entity `\(component)` as `@State`" }
                if type.kind == .class || type.kind == .actor || type.kind == .protocol { return "the service `\(component)` as `@State`" }
            default: continue
            }
        }
        return nil
    }
}

extension RuleContext {
    /// A domain value the view should not see: a struct or class of the sources that is no role
    /// and no view model (`…ViewState`, `…Row`). Enums are left out: routes, tabs and focus fields
    /// are view state.
    func isDomainEntity(_ t: Int) -> Bool {
        let type = index.types[t]
        if type.role == .entity { return true }
        guard type.role == .other, type.kind == .struct || type.kind == .class, !isSwiftUIView(t) else { return false }
        return !EntityReachesViewRule.viewModelSuffixes.contains(where: type.shortName.hasSuffix)
    }
}
