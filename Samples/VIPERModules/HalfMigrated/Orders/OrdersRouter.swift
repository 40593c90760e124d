//
//  OrdersRouter.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import UIKit
import SafariServices

final class OrdersRouter {

    var viewController: UIViewController? // breaks: strong-back-reference

    /// Used to report broken tracking links inline.
    weak var view: OrdersViewInput? // breaks: weak-protocol-not-class-bound (OrdersViewInput is not AnyObject)
}

// MARK: - OrdersRouterInput

extension OrdersRouter: OrdersRouterInput {

    func showTracking(url: URL) {
        guard url.scheme == "https" else {
            view?.showError(message: "This tracking link can't be opened.")
            return
        }
        let safari = SFSafariViewController(url: url)
        viewController?.present(safari, animated: true, completion: nil)
    }
}
