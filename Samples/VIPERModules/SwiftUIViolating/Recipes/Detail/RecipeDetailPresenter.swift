//
//  RecipeDetailPresenter.swift
//  Mise
//
//  Presenter and view in one type.
//

import SwiftUI

struct RecipeDetailPresenter: View { // breaks: presenter-is-view
    let recipeID: Int
    let interactor: RecipesInteractorInput
    @State private var lines: [String] = []

    var body: some View {
        List(lines, id: \.self) { line in Text(line) }
            .task {
                guard let recipe = try? await interactor.recipe(id: recipeID) else { return }
                lines = recipe.ingredients.map { "\($0.quantity) \($0.name)" }
            }
    }
}
