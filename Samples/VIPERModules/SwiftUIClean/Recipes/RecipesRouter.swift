//
//  RecipesRouter.swift
//  Mise
//
//  Navigation is state: the Presenter sets `route`, the view binds it.
//

import Observation

enum RecipesRoute: Hashable, Identifiable, Sendable {
    case detail(recipeID: Int)
    case about

    var id: Self { self }
}

@MainActor
@Observable
final class RecipesRouter {
    var route: RecipesRoute?

    func show(_ route: RecipesRoute) {
        self.route = route
    }

    func dismiss() {
        route = nil
    }
}
