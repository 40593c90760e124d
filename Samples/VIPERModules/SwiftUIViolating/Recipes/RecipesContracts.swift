//
//  RecipesContracts.swift
//  Mise
//
//  The SwiftUI module of SwiftUIClean/Recipes with one break per SwiftUI-style rule, each marked
//  at its site with a "breaks:" comment naming the rule.
//

import Foundation

protocol RecipesInteractorInput: Sendable {
    func loadRecipes() async throws -> [Recipe]
    func recipe(id: Recipe.ID) async throws -> Recipe
}

protocol RecipesServiceProtocol: Sendable {
    func fetchRecipes() async throws -> [Recipe]
    func fetchRecipe(id: Recipe.ID) async throws -> Recipe
}
