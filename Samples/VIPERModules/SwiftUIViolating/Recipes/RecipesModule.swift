//
//  RecipesModule.swift
//  Mise
//

import SwiftUI
import UIKit

enum RecipesModule {
    @MainActor
    static func build(service: RecipesServiceProtocol) -> UIViewController {
        let router = RecipesRouter()
        let interactor = RecipesInteractor(service: service)
        let presenter = RecipesPresenter(interactor: interactor, router: router)
        let host = UIHostingController(rootView: RecipesView(presenter: presenter))
        router.hostingController = host
        return host
    }
}
