//
//  RecipeDetailPresenter.swift
//  Mise
//

import Foundation
import Observation

struct RecipeDetailViewState: Sendable {
    var title = ""
    var ingredientLines: [String] = []
    var stepLines: [String] = []
}

@MainActor
@Observable
final class RecipeDetailPresenter {
    private(set) var state = RecipeDetailViewState()

    private let recipeID: Int
    private let interactor: RecipesInteractorInput

    init(recipeID: Int, interactor: RecipesInteractorInput) {
        self.recipeID = recipeID
        self.interactor = interactor
    }

    func onAppear() async {
        guard let recipe = try? await interactor.recipe(id: recipeID) else {
            state.title = "Recipe unavailable"
            return
        }
        state.title = recipe.title
        state.ingredientLines = recipe.ingredients.map { "\($0.quantity) \($0.name)" }
        state.stepLines = recipe.steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}
