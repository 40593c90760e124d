//
//  RecipesModule.swift
//  Mise
//
//  The only place where the module's parts are constructed and wired.
//

import SwiftUI
import UIKit

enum RecipesModule {
    @MainActor
    static func build(service: RecipesServiceProtocol, favorites: FavoritesStoreProtocol) -> UIViewController {
        let router = RecipesRouter()
        let interactor = RecipesInteractor(service: service, favorites: favorites)
        let presenter = RecipesPresenter(interactor: interactor, router: router)
        let view = RecipesView(presenter: presenter, router: router) { route in
            destination(for: route, interactor: interactor)
        }
        return UIHostingController(rootView: view)
    }

    @MainActor
    private static func destination(for route: RecipesRoute, interactor: RecipesInteractorInput) -> AnyView {
        switch route {
        case .detail(let recipeID):
            return AnyView(RecipeDetailModule.build(recipeID: recipeID, interactor: interactor))
        case .about:
            return AnyView(Text("Recipes are refreshed every morning."))
        }
    }
}
