//
//  RecipesContracts.swift
//  Mise
//
//  The Interactor and its service are reached only through these protocols; both refine
//  Sendable because they are called from the Presenter's tasks.
//

import Foundation

protocol RecipesInteractorInput: Sendable {
    func loadRecipes() async throws -> [Recipe]
    func recipe(id: Recipe.ID) async throws -> Recipe
    func toggleFavorite(id: Recipe.ID) async -> Bool
}

protocol RecipesServiceProtocol: Sendable {
    func fetchRecipes() async throws -> [Recipe]
    func fetchRecipe(id: Recipe.ID) async throws -> Recipe
}

protocol FavoritesStoreProtocol: Sendable {
    func isFavorite(_ id: Recipe.ID) async -> Bool
    func setFavorite(_ id: Recipe.ID, _ isFavorite: Bool) async
}
