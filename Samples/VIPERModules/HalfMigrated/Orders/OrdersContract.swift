//
//  OrdersContract.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Migration of the old OrdersViewController to VIPER, sprint 14 — "phase 1, will clean up later".
//

import UIKit

// breaks: weak-protocol-not-class-bound (no AnyObject, yet OrdersRouter declares `weak var view: OrdersViewInput?`)
protocol OrdersViewInput {
    func show(orders: [Order]) // breaks: entity-reaches-view (the view protocol takes domain entities)
    func showLoading(_ isLoading: Bool)
    func showError(message: String)
    func showSummary(text: String, color: UIColor)
}

protocol OrdersPresenterInput: AnyObject {
    func viewDidLoad()
    func didPullToRefresh()
    func didSelectOrder(at index: Int)
    func didToggleShowCancelled(_ showCancelled: Bool)
    func didTapExport()
}

protocol OrdersInteractorInput: AnyObject {
    func fetchOrders()
    func cancelOrder(id: String)
}

protocol OrdersInteractorOutput: AnyObject {
    func didFetch(orders: [Order])
    func didFail(error: Error)
    func didCancelOrder(id: String)
}

protocol OrdersRouterInput: AnyObject {
    func showTracking(url: URL)
}
