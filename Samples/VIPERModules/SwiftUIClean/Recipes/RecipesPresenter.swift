//
//  RecipesPresenter.swift
//  Mise
//

import Foundation
import Observation

@MainActor
@Observable
final class RecipesPresenter {
    private(set) var state = RecipesViewState()

    private let interactor: RecipesInteractorInput
    private let router: RecipesRouter

    init(interactor: RecipesInteractorInput, router: RecipesRouter) {
        self.interactor = interactor
        self.router = router
    }

    func onAppear() async {
        guard state.rows.isEmpty else { return }
        await reload()
    }

    func reload() async {
        state.isLoading = true
        defer { state.isLoading = false }
        do {
            let recipes = try await interactor.loadRecipes()
            state.rows = recipes.map { row(for: $0, isFavorite: false) }
            state.errorMessage = nil
        } catch {
            state.errorMessage = "Recipes could not be loaded. Pull to try again."
        }
    }

    func didSelectRecipe(_ id: Int) {
        router.show(.detail(recipeID: id))
    }

    func didTapAbout() {
        router.show(.about)
    }

    func didToggleFavorite(_ id: Int) async {
        let isFavorite = await interactor.toggleFavorite(id: id)
        guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return }
        let old = state.rows[index]
        state.rows[index] = RecipeRowViewModel(id: old.id, title: old.title, subtitle: old.subtitle, isFavorite: isFavorite)
    }

    private func row(for recipe: Recipe, isFavorite: Bool) -> RecipeRowViewModel {
        RecipeRowViewModel(id: recipe.id, title: recipe.title,
                           subtitle: "\(recipe.minutes) min · serves \(recipe.servings)", isFavorite: isFavorite)
    }
}
