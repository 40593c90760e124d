//
//  RecipesInteractor.swift
//  Mise
//
//  An actor: use cases may run concurrently from the Presenter's tasks.
//

import Foundation

actor RecipesInteractor: RecipesInteractorInput {
    private let service: RecipesServiceProtocol
    private let favorites: FavoritesStoreProtocol
    private var cache: [Recipe.ID: Recipe] = [:]

    init(service: RecipesServiceProtocol, favorites: FavoritesStoreProtocol) {
        self.service = service
        self.favorites = favorites
    }

    func loadRecipes() async throws -> [Recipe] {
        let recipes = try await service.fetchRecipes()
        for recipe in recipes { cache[recipe.id] = recipe }
        return recipes
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        if let cached = cache[id] { return cached }
        let recipe = try await service.fetchRecipe(id: id)
        cache[id] = recipe
        return recipe
    }

    func toggleFavorite(id: Recipe.ID) async -> Bool {
        let isFavorite = await !favorites.isFavorite(id)
        await favorites.setFavorite(id, isFavorite)
        return isFavorite
    }
}
