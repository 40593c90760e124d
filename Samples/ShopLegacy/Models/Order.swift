//
//  Order.swift
//  ShopLegacy
//

import Foundation

enum OrderStatus: String, Codable {
    case pending
    case paid
    case shipped
    case delivered
    case cancelled
    case refunded

    var displayName: String {
        switch self {
        case .pending: return "Pending"
        case .paid: return "Paid"
        case .shipped: return "Shipped"
        case .delivered: return "Delivered"
        case .cancelled: return "Cancelled"
        case .refunded: return "Refunded"
        }
    }
}

struct OrderLine: Codable {
    let productId: Int
    let title: String
    let quantity: Int
    let unitPrice: Decimal

    enum CodingKeys: String, CodingKey {
        case title, quantity
        case productId = "product_id"
        case unitPrice = "unit_price"
    }
}

struct Order: Codable {
    let id: String
    let number: String
    let status: OrderStatus
    let placedAt: Date
    let lines: [OrderLine]
    let total: Decimal
    let currencyCode: String
    let trackingURL: URL?

    enum CodingKeys: String, CodingKey {
        case id, number, status, lines, total
        case placedAt = "placed_at"
        case currencyCode = "currency_code"
        case trackingURL = "tracking_url"
    }
}

struct OrderPage: Codable {
    let orders: [Order]
    let hasMore: Bool

    enum CodingKeys: String, CodingKey {
        case orders
        case hasMore = "has_more"
    }
}

struct PlaceOrderRequest: Encodable {
    struct Line: Encodable {
        let productId: Int
        let quantity: Int
    }

    let lines: [Line]
    let couponCode: String?
    let shippingAddress: String
    let postcode: String
    let email: String
    let paymentToken: String
}

struct ShippingQuote: Codable {
    let carrier: String
    let price: Decimal
    let estimatedDays: Int

    enum CodingKeys: String, CodingKey {
        case carrier, price
        case estimatedDays = "estimated_days"
    }
}

struct User: Codable {
    let id: Int
    let name: String
    let email: String
    let memberSince: Date
    let loyaltyPoints: Int
    let avatarURL: URL?

    enum CodingKeys: String, CodingKey {
        case id, name, email
        case memberSince = "member_since"
        case loyaltyPoints = "loyalty_points"
        case avatarURL = "avatar_url"
    }
}

struct CartItem: Codable {
    let product: Product
    var quantity: Int

    var lineTotal: Decimal {
        return product.price * Decimal(quantity)
    }
}
