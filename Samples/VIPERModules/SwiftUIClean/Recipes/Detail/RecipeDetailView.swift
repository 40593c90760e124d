//
//  RecipeDetailView.swift
//  Mise
//

import SwiftUI

struct RecipeDetailView: View {
    let presenter: RecipeDetailPresenter
    @State private var isShowingSteps = false

    var body: some View {
        Form {
            Section("Ingredients") {
                ForEach(presenter.state.ingredientLines, id: \.self) { line in Text(line) }
            }
            Button("Show steps") { isShowingSteps = true }
        }
        .navigationTitle(presenter.state.title)
        .sheet(isPresented: $isShowingSteps) {
            List(presenter.state.stepLines, id: \.self) { line in Text(line) }
        }
        .task { await presenter.onAppear() }
    }
}
