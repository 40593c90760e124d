struct EntityReachesViewRule: Rule {
    static let description = RuleDescription(
        id: "entity-reaches-view", name: "Domain entity passed to the view", family: nil, severity: .medium,
        problem: "The Presenter hands domain entities to the view instead of view models. The view then formats and interprets domain data itself, so display logic drifts back into the view controller and entity changes break the UI.",
        fix: "Map each entity to a view model of display-ready values in the Presenter and change the view protocol to take it.",
        triggering: [
            Example("""
            protocol OrdersViewInput: AnyObject { func show(orders: [Order]) }
            struct Order { let id: Int; let total: Double }
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                func didLoad(_ orders: [Order]) { view?.↓show(orders: orders) }
            }
            """),
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                let ↓featured: Recipe
                var body: some View {
                    List(presenter.↓recipes) { recipe in Text(recipe.title) }
                    Text(presenter.state.↓author.name)
                }
            }
            @MainActor @Observable final class RecipesPresenter {
                var recipes: [Recipe] = []
                var state = RecipesViewState()
            }
            struct RecipesViewState { var title = ""; var author = Author(name: "") }
            struct Recipe { let title: String }
            struct Author { let name: String }
            actor RecipesInteractor {}
            """),
        ],
        nonTriggering: [
            Example("""
            protocol OrdersViewInput: AnyObject { func show(rows: [OrderRowViewModel]); func setLoading(_ loading: Bool) }
            struct Order { let id: Int; let total: Double }
            struct OrderRowViewModel { let title: String }
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                func didLoad(_ orders: [Order]) {
                    view?.setLoading(false)
                    view?.show(rows: orders.map { OrderRowViewModel(title: "#\\($0.id)") })
                }
            }
            """),
            Example("""
            import SwiftUI
            struct RecipesView: View {
                let presenter: RecipesPresenter
                var body: some View {
                    List(presenter.state.rows) { row in Text(row.title) }
                }
            }
            @MainActor @Observable final class RecipesPresenter {
                private var recipes: [Recipe] = []
                var state = RecipesViewState()
            }
            struct RecipesViewState { var rows: [RecipeRowViewModel] = [] }
            struct RecipeRowViewModel: Identifiable { let id: Int; let title: String }
            struct Recipe { let title: String }
            """),
        ])

    static let viewModelSuffixes = ["ViewModel", "ViewData", "ViewState", "RenderModel", "DisplayItem", "CellModel",
                                    "Presentable", "Configuration", "Style", "State", "Row", "Section", "Props"]

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.types(withRole: .presenter) {
            let name = context.index.types[t].name
            for (path, property) in context.backReferences(of: t) {
                guard let typeName = property.typeName, let view = context.index.resolve(typeName, near: path),
                      context.index.types[view].kind == .protocol else { continue }
                let requirements = context.index.declarations(of: view).flatMap(\.decl.functions)
                for (callPath, decl) in context.index.declarations(of: t) {
                    for reference in decl.references where reference.isCall
                        && (reference.chain == [property.name] || reference.chain == ["self", property.name]) {
                        let entities = requirements.filter { baseName($0.name) == reference.name }
                            .flatMap(\.parameterTypes).filter { isEntity($0, context) }
                        guard let entity = entities.first else { continue }
                        findings.append(Finding(
                            rule: Self.description, type: name, member: reference.member, file: callPath, position: reference.position,
                            message: "\(name) passes the entity `\(entity)` to its view through `\(reference.name)`",
                            fix: "Map `\(entity)` to a `\(entity)ViewModel` of display-ready strings in \(name) and change `\(typeName).\(reference.name)` to take it.",
                            evidence: [context.evidence(callPath, reference.position)], discriminator: reference.name))
                    }
                }
            }
        }
        return findings + SwiftUIViewEntities.findings(context, rule: Self.description)
    }

    private func isEntity(_ typeName: String, _ context: RuleContext) -> Bool {
        guard let t = context.index.resolve(typeName), [.struct, .class, .enum].contains(context.index.types[t].kind),
              ![.viewController, .presenter, .interactor, .router, .builder, .view].contains(context.index.types[t].role)
        else { return false }
        return !Self.viewModelSuffixes.contains(where: typeName.hasSuffix)
    }
}
