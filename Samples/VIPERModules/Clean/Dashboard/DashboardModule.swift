//
//  DashboardModule.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Ownership: view → presenter → interactor / router (strong);
//  presenter → view, interactor → output, router → viewController (weak).
//

import UIKit

enum DashboardModule {

    static func build(service: DashboardServiceProtocol) -> UIViewController {
        let interactor = DashboardInteractor(service: service)
        let router = DashboardRouter()
        let presenter = DashboardPresenter(interactor: interactor, router: router)
        let viewController = DashboardViewController(presenter: presenter)

        presenter.view = viewController
        interactor.output = presenter
        router.viewController = viewController

        return viewController
    }
}
