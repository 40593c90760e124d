//
//  RecipeDetailModule.swift
//  Mise
//

import SwiftUI

enum RecipeDetailModule {
    @MainActor
    static func build(recipeID: Int, interactor: RecipesInteractorInput) -> some View {
        RecipeDetailView(presenter: RecipeDetailPresenter(recipeID: recipeID, interactor: interactor))
    }
}
