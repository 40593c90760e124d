//
//  Product.swift
//  ShopLegacy
//

import Foundation

struct Product: Codable, Equatable {
    let id: Int
    let sku: String
    let title: String
    let subtitle: String?
    let details: String
    let brand: String
    let price: Decimal
    let originalPrice: Decimal?
    let currencyCode: String
    let categoryId: Int
    let rating: Double
    let reviewCount: Int
    let stock: Int
    let imageURL: URL?
    let thumbnailURL: URL?
    let createdAt: Date
    let saleEndsAt: Date?
    let tags: [String]

    enum CodingKeys: String, CodingKey {
        case id, sku, title, subtitle, details, brand, price, rating, stock, tags
        case originalPrice = "original_price"
        case currencyCode = "currency_code"
        case categoryId = "category_id"
        case reviewCount = "review_count"
        case imageURL = "image_url"
        case thumbnailURL = "thumbnail_url"
        case createdAt = "created_at"
        case saleEndsAt = "sale_ends_at"
    }

    var isInStock: Bool {
        return stock > 0
    }

    var isOnSale: Bool {
        guard let original = originalPrice else { return false }
        return original > price
    }

    static func == (lhs: Product, rhs: Product) -> Bool {
        return lhs.id == rhs.id
    }
}

struct ProductCategory: Codable, Equatable {
    let id: Int
    let name: String
    let slug: String
    let productCount: Int

    enum CodingKeys: String, CodingKey {
        case id, name, slug
        case productCount = "product_count"
    }
}

struct ProductPage: Codable {
    let items: [Product]
    let page: Int
    let totalPages: Int

    enum CodingKeys: String, CodingKey {
        case items, page
        case totalPages = "total_pages"
    }
}

struct Review: Codable {
    let id: Int
    let author: String
    let rating: Int
    let title: String
    let body: String
    let createdAt: Date
    let isVerifiedPurchase: Bool

    enum CodingKeys: String, CodingKey {
        case id, author, rating, title, body
        case createdAt = "created_at"
        case isVerifiedPurchase = "verified_purchase"
    }
}

struct Coupon: Codable {
    let code: String
    let percentOff: Decimal
    let minimumSubtotal: Decimal
    let expiresAt: Date
    let categoryIds: [Int]?

    enum CodingKeys: String, CodingKey {
        case code
        case percentOff = "percent_off"
        case minimumSubtotal = "minimum_subtotal"
        case expiresAt = "expires_at"
        case categoryIds = "category_ids"
    }
}
