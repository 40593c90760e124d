//
//  RecipesService.swift
//  Mise
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
        return try decodeRecipes(data)
    }

    func fetchRecipe(id: Recipe.ID) async throws -> Recipe {
        let (data, _) = try await session.data(from: baseURL.appendingPathComponent("recipes/\(id)"))
        guard let recipe = try decodeRecipes(data).first else { throw URLError(.cannotParseResponse) }
        return recipe
    }

    private func decodeRecipes(_ data: Data) throws -> [Recipe] {
        []
    }
}
