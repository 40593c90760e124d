//
//  RecipesService.swift
//  Mise
//
//  The only I/O of the module, injected into the Interactor through RecipesServiceProtocol.
//

import Foundation

final class RecipesService: RecipesServiceProtocol {
    private let session: URLSession
    private let baseURL: URL

    init(session: URLSession, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func fetchRecipes() async throws -> [Recipe] {
        let (data, _) = try await session.data(from: baseURL.appendingPathComponent("recipes"))
        return try JSONDecoder().decode([Recipe].self, from: data)
    }

    func fetchRecipe(id: Recipe.ID) async throws -> Recipe {
        let (data, _) = try await session.data(from: baseURL.appendingPathComponent("recipes/\(id)"))
        return try JSONDecoder().decode(Recipe.self, from: data)
    }
}

actor FavoritesStore: FavoritesStoreProtocol {
    private var ids: Set<Recipe.ID> = []

    func isFavorite(_ id: Recipe.ID) async -> Bool { ids.contains(id) }

    func setFavorite(_ id: Recipe.ID, _ isFavorite: Bool) async {
        if isFavorite { ids.insert(id) } else { ids.remove(id) }
    }
}
