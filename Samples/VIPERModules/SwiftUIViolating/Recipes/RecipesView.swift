//
//  RecipesView.swift
//  Mise
//

import SwiftUI

struct RecipesView: View {
    @StateObject private var presenter: RecipesPresenter // breaks: view-owns-business-state
    @State private var favorites: [Recipe] = [] // breaks: view-owns-business-state
    @State private var isShowingAbout = false

    init(presenter: @autoclosure @escaping () -> RecipesPresenter) {
        _presenter = StateObject(wrappedValue: presenter())
    }

    var body: some View {
        NavigationStack {
            List(presenter.recipes) { recipe in // breaks: entity-reaches-view
                NavigationLink(destination: RecipeDetailModule.build(recipeID: recipe.id)) { // breaks: imperative-navigation
                    Text(recipe.title)
                }
            }
            .navigationTitle(presenter.state.title)
            .toolbar { Button("About") { isShowingAbout = true } }
            .sheet(isPresented: $isShowingAbout) { Text("Recipes are refreshed every morning.") }
            .task { await presenter.onAppear() }
        }
    }
}
