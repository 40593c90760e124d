//
//  RecipesView.swift
//  Mise
//
//  Renders the Presenter's state and sends intents; navigation is bound to the Router.
//

import SwiftUI

struct RecipesView: View {
    let presenter: RecipesPresenter
    @Bindable var router: RecipesRouter
    let makeDestination: @MainActor (RecipesRoute) -> AnyView

    var body: some View {
        NavigationStack {
            List(presenter.state.rows) { row in
                Button {
                    presenter.didSelectRecipe(row.id)
                } label: {
                    VStack(alignment: .leading) {
                        Text(row.title).font(.headline)
                        Text(row.subtitle).font(.subheadline)
                    }
                }
                .swipeActions {
                    Button(row.isFavorite ? "Unfavorite" : "Favorite") {
                        Task { await presenter.didToggleFavorite(row.id) }
                    }
                }
            }
            .overlay {
                if presenter.state.isLoading { ProgressView() }
            }
            .navigationTitle(presenter.state.title)
            .toolbar {
                Button("About") { presenter.didTapAbout() }
            }
            .task { await presenter.onAppear() }
            .refreshable { await presenter.reload() }
            .navigationDestination(item: $router.route) { route in makeDestination(route) }
        }
    }
}
