//
//  OrdersBuilder.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import UIKit

enum OrdersBuilder {

    static func build() -> UIViewController {
        let interactor = OrdersInteractor()
        let router = OrdersRouter()
        let presenter = OrdersPresenter(interactor: interactor, router: router)
        let viewController = OrdersViewController(interactor: interactor)

        viewController.presenter = presenter
        presenter.view = viewController
        presenter.viewController = viewController
        interactor.output = presenter
        interactor.viewController = viewController
        router.viewController = viewController
        router.view = viewController

        return viewController
    }
}
