//
//  RecipesRouter.swift
//  Mise
//

import SwiftUI
import UIKit

@Observable
final class RecipesRouter { // breaks: presenter-not-main-actor
    weak var hostingController: UIViewController?

    func showDetail(of recipe: Recipe, interactor: RecipesInteractorInput) {
        let detail = UIHostingController(rootView: RecipeDetailPresenter(recipeID: recipe.id, interactor: interactor))
        hostingController?.navigationController?.pushViewController(detail, animated: true) // breaks: imperative-navigation
    }
}
