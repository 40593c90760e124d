//
//  RecipesEntity.swift
//  Mise
//

import Foundation

struct Recipe: Identifiable, Decodable, Sendable {
    let id: Int
    let title: String
    let minutes: Int
    let servings: Int
    let ingredients: [Ingredient]
    let steps: [String]
}

struct Ingredient: Decodable, Sendable, Hashable {
    let name: String
    let quantity: String
}

enum RecipesError: Error {
    case notFound(Recipe.ID)
}
