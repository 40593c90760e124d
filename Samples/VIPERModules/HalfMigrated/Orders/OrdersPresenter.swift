//
//  OrdersPresenter.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import UIKit // breaks: presenter-imports-uikit

final class OrdersPresenter {

    var view: OrdersViewInput? // breaks: strong-back-reference
    let interactor: OrdersInteractor // breaks: concrete-layer-reference
    let router: OrdersRouterInput

    /// Kept until OrderDetail gets its own module (ORD-311).
    weak var viewController: UIViewController?

    private var orders: [Order] = []
    private var showCancelled = UserDefaults.standard.bool(forKey: "orders.showCancelled") // breaks: singleton-in-module
    private let taxRate: Decimal = 0.19

    init(interactor: OrdersInteractor, router: OrdersRouterInput) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: - Business rules that should live in the interactor

    private func visibleOrders() -> [Order] {
        // breaks: presenter-business-logic (filtering and sorting domain entities)
        return orders
            .filter { showCancelled || $0.status != .cancelled }
            .sorted { $0.placedAt > $1.placedAt }
    }

    private func render() {
        let visible = visibleOrders()
        view?.show(orders: visible) // breaks: entity-reaches-view

        // breaks: presenter-business-logic (totals with tax computed in the presenter)
        let net = visible
            .filter { $0.status != .cancelled }
            .reduce(Decimal(0)) { $0 + $1.subtotal }
        let gross = net * (1 + taxRate)
        let openCount = visible.filter { $0.status == .processing }.count

        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = visible.first?.currencyCode ?? "EUR"
        let totalText = formatter.string(from: gross as NSDecimalNumber) ?? ""
        let color: UIColor = openCount > 0 ? .systemOrange : .systemGreen // breaks: presenter-imports-uikit (UIColor)
        view?.showSummary(text: "\(totalText) · \(openCount) open", color: color)
    }
}

// MARK: - OrdersPresenterInput

extension OrdersPresenter: OrdersPresenterInput {

    func viewDidLoad() {
        view?.showLoading(true)
        interactor.fetchOrders()
    }

    func didPullToRefresh() {
        interactor.fetchOrders()
    }

    func didSelectOrder(at index: Int) {
        let visible = visibleOrders()
        guard visible.indices.contains(index) else { return }
        let order = visible[index]

        if order.status == .shipped, let url = order.trackingURL {
            router.showTracking(url: url)
            return
        }
        // TODO: move to OrdersRouter once OrderDetail is migrated
        let detail = LegacyOrderDetailViewController(order: order) // still MVC, lives in Legacy/Orders
        viewController?.navigationController?.pushViewController(detail, animated: true) // breaks: presenter-navigation
    }

    func didToggleShowCancelled(_ showCancelled: Bool) {
        self.showCancelled = showCancelled
        UserDefaults.standard.set(showCancelled, forKey: "orders.showCancelled") // breaks: singleton-in-module
        render()
    }

    func didTapExport() {
        let lines = visibleOrders().map { "\($0.number);\($0.placedAt);\($0.subtotal);\($0.currencyCode)" }
        let csv = (["number;date;subtotal;currency"] + lines).joined(separator: "\n")
        let share = UIActivityViewController(activityItems: [csv], applicationActivities: nil)
        viewController?.present(share, animated: true, completion: nil) // breaks: presenter-navigation
    }
}

// MARK: - OrdersInteractorOutput

extension OrdersPresenter: OrdersInteractorOutput {

    func didFetch(orders: [Order]) {
        self.orders = orders
        view?.showLoading(false)
        render()
    }

    func didFail(error: Error) {
        view?.showLoading(false)
        view?.showError(message: error.localizedDescription)
    }

    func didCancelOrder(id: String) {
        interactor.fetchOrders()
    }
}
