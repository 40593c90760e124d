//
//  CartStore.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 08/10/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import Foundation
import Combine

extension Notification.Name {
    static let cartDidChange = Notification.Name("ShopLegacyCartDidChange")
}

/// The cart survives app restarts: it is persisted as JSON in UserDefaults.
final class CartStore {

    static let shared = CartStore()

    @Published private(set) var items: [CartItem] = []

    private let storageKey = "com.shoplegacy.cart.items.v2"

    var itemCount: Int {
        return items.reduce(0) { $0 + $1.quantity }
    }

    var subtotal: Decimal {
        return items.reduce(Decimal(0)) { $0 + $1.lineTotal }
    }

    var subtotalPublisher: AnyPublisher<Decimal, Never> {
        return $items
            .map { items in items.reduce(Decimal(0)) { $0 + $1.lineTotal } }
            .eraseToAnyPublisher()
    }

    private init() {
        load()
    }

    func add(_ product: Product, quantity: Int = 1) {
        if let index = items.firstIndex(where: { $0.product.id == product.id }) {
            items[index].quantity += quantity
        } else {
            items.append(CartItem(product: product, quantity: quantity))
        }
        persist()
    }

    func setQuantity(_ quantity: Int, forProductId productId: Int) {
        guard let index = items.firstIndex(where: { $0.product.id == productId }) else { return }
        if quantity <= 0 {
            items.remove(at: index)
        } else {
            items[index].quantity = quantity
        }
        persist()
    }

    func remove(productId: Int) {
        items.removeAll { $0.product.id == productId }
        persist()
    }

    func clear() {
        items.removeAll()
        persist()
    }

    // MARK: - Persistence

    private func persist() {
        let data = try? JSONEncoder().encode(items)
        UserDefaults.standard.set(data, forKey: storageKey)
        NotificationCenter.default.post(name: .cartDidChange, object: self)
    }

    private func load() {
        guard let data = UserDefaults.standard.data(forKey: storageKey),
              let stored = try? JSONDecoder().decode([CartItem].self, from: data) else {
            return
        }
        items = stored
    }
}
