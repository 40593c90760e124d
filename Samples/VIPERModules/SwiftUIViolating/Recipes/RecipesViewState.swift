//
//  RecipesViewState.swift
//  Mise
//

import Foundation

struct RecipesViewState {
    var title = "Recipes"
    var rows: [RecipeRowViewModel] = []
    var isLoading = false
    var onRetry: () -> Void = {} // breaks: entity-not-sendable
}

struct RecipeRowViewModel: Identifiable, Hashable {
    let id: Int
    let title: String
    let subtitle: String
}
