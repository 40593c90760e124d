//
//  RecipeDetailModule.swift
//  Mise
//

import SwiftUI

@MainActor enum RecipeDetailModule {
    @MainActor
    static func build(recipeID: Int) -> some View {
        RecipeDetailPresenter(recipeID: recipeID, interactor: RecipesInteractor(service: RecipesService(session: .shared, baseURL: URL(string: "https://mise.example/api")!)))
    }
}
