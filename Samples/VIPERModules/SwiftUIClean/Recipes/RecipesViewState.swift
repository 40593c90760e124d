//
//  RecipesViewState.swift
//  Mise
//
//  Display-ready values only: the view never sees a Recipe.
//

import Foundation

struct RecipesViewState: Sendable {
    var title = "Recipes"
    var rows: [RecipeRowViewModel] = []
    var isLoading = false
    var errorMessage: String?
    var aboutText = "Recipes are refreshed every morning."
}

struct RecipeRowViewModel: Identifiable, Hashable, Sendable {
    let id: Int
    let title: String
    let subtitle: String
    let isFavorite: Bool
}
