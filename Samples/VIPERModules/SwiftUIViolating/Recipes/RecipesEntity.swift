//
//  RecipesEntity.swift
//  Mise
//

import Foundation

struct Recipe: Identifiable {
    let id: Int
    let title: String
    let minutes: Int
    let ingredients: [Ingredient]
    let chef: Chef // breaks: entity-not-sendable
}

struct Ingredient: Hashable {
    let name: String
    let quantity: String
}

final class Chef {
    var name: String
    init(name: String) { self.name = name }
}
