//
//  RecipesInteractor.swift
//  Mise
//

import Foundation

final class RecipesInteractor: RecipesInteractorInput, @unchecked Sendable { // breaks: interactor-not-concurrency-safe
    private let service: RecipesServiceProtocol
    private var cache: [Recipe.ID: Recipe] = [:] // breaks: interactor-not-concurrency-safe (no lock)

    init(service: RecipesServiceProtocol) {
        self.service = service
    }

    func loadRecipes() async throws -> [Recipe] {
        let recipes = try await service.fetchRecipes()
        for recipe in recipes { cache[recipe.id] = recipe }
        return recipes
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        if let cached = cache[id] { return cached }
        return try await service.fetchRecipe(id: id)
    }
}
