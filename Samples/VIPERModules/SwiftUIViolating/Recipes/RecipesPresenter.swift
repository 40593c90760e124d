//
//  RecipesPresenter.swift
//  Mise
//

import Combine // breaks: combine-in-module
import Foundation

@MainActor
final class RecipesPresenter: ObservableObject { // breaks: observable-object-presenter
    @Published private(set) var state = RecipesViewState() // breaks: observable-object-presenter
    @Published var recipes: [Recipe] = [] // breaks: observable-object-presenter
    @Published var searchText = "" // breaks: observable-object-presenter

    private let interactor: RecipesInteractorInput
    private let router: RecipesRouter
    private var cancellables = Set<AnyCancellable>() // breaks: combine-in-module

    init(interactor: RecipesInteractorInput, router: RecipesRouter) {
        self.interactor = interactor
        self.router = router
        $searchText
            .removeDuplicates()
            .sink { [weak self] _ in self?.state.isLoading = false }
            .store(in: &cancellables)
    }

    func onAppear() async {
        state.isLoading = true
        defer { state.isLoading = false }
        guard let loaded = try? await interactor.loadRecipes() else { return }
        recipes = loaded
        state.rows = loaded.map { RecipeRowViewModel(id: $0.id, title: $0.title, subtitle: "\($0.minutes) min") }
    }

    func didSelectRecipe(_ id: Int) {
        guard let recipe = recipes.first(where: { $0.id == id }) else { return }
        router.showDetail(of: recipe, interactor: interactor)
    }
}
