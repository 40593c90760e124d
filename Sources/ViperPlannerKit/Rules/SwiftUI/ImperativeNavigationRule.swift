struct ImperativeNavigationRule: Rule {
    static let description = RuleDescription(
        id: "imperative-navigation", name: "Imperative navigation in a SwiftUI module", family: nil, severity: .high,
        problem: "A SwiftUI module navigates by call instead of by state: its Presenter, Router or View pushes or presents view controllers, or its View decides the destination itself (`NavigationLink(destination:)`). Navigation then cannot be observed, restored or tested from the Router's state, and the View owns flow decisions.",
        fix: "Give the Router a `route: …Route?` enum state; the Presenter sets it and the View binds it (`.navigationDestination(item: $router.route)`, `.sheet(item:)`), building destinations through the module.",
        triggering: [
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                var body: some View {
                    List {
                        ↓NavigationLink(destination: RecipeDetailView()) { Text("Detail") }
                        ↓NavigationLink("Settings") { SettingsView() }
                    }
                }
            }
            @MainActor @Observable final class RecipesPresenter {}
            @MainActor @Observable final class RecipesRouter {
                weak var navigationController: UINavigationController?
                func showDetail() {
                    navigationController?.↓pushViewController(UIHostingController(rootView: RecipeDetailView()), animated: true)
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                @Bindable var router: RecipesRouter
                @State private var isShowingFilters = false
                var body: some View {
                    List { NavigationLink(value: RecipesRoute.detail) { Text("Detail") } }
                        .navigationDestination(item: $router.route) { route in RecipesModule.destination(route) }
                        .sheet(isPresented: $isShowingFilters) { FiltersView() }
                }
            }
            @MainActor @Observable final class RecipesPresenter {
                let router: RecipesRouter
                func didSelect() { router.route = .detail }
            }
            @MainActor @Observable final class RecipesRouter { var route: RecipesRoute? }
            """),
            // A UIKit Router pushes: that is its job there.
            Example("""
            final class OrdersRouter: OrdersRouterInput {
                weak var viewController: UIViewController?
                func showDetail() { viewController?.navigationController?.pushViewController(OrderDetailViewController(), animated: true) }
            }
            final class OrdersPresenter: OrdersPresenterInput {}
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = Array(Set(context.swift6StyleTypes([.presenter, .router]) + context.swift6ModuleViews())).sorted()
        for t in types {
            var sites: [(member: String, api: String, path: String, position: SourcePosition)] = []
            for (path, decl) in context.index.declarations(of: t) {
                sites += decl.usages.filter { $0.family == .navigation && !$0.isWeakSignal }
                    .map { ($0.member ?? "", $0.api, path, $0.position) }
                // Only a view can decide a destination with a link; links are found in views' code.
                sites += decl.destinationLinks.map { position in
                    (memberAt(position, in: decl) ?? "body", "NavigationLink(destination:)", path, position)
                }
            }
            let name = context.index.types[t].name
            for (member, memberSites) in Dictionary(grouping: sites, by: \.member) {
                let sorted = memberSites.sorted { ($0.path, $0.position) < ($1.path, $1.position) }
                let apis = FamilyFindings.orderedUnique(sorted.map(\.api))
                findings.append(Finding(
                    rule: Self.description, type: name, member: member.isEmpty ? nil : member, file: sorted[0].path, position: sorted[0].position,
                    message: "\(name)\(member.isEmpty ? "" : ".\(member)") navigates by call (\(apis.joined(separator: ", "))) instead of by route state",
                    fix: "Set the module Router's `route` for this destination and let the View bind it with `.navigationDestination(item:)` or `.sheet(item:)`.",
                    evidence: sorted.map { context.evidence($0.path, $0.position) }))
            }
        }
        return findings
    }

    /// The function or computed property whose lines contain a position (`body`).
    private func memberAt(_ position: SourcePosition, in decl: TypeDeclFacts) -> String? {
        decl.functions.last { $0.position.line <= position.line && position.line <= $0.endLine }?.name
    }
}
