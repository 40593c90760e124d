//
//  PromotionModels.swift
//  ShopLegacy
//

import Foundation

struct Deal: Codable {
    let id: Int
    let title: String
    let percentOff: Double
    let expiresAt: Date
    let categoryId: Int
}

struct PromoCoupon: Codable {
    let code: String
    let storeId: Int
    let amountOff: Double
    let expiresAt: Date
}

struct DealCategory: Codable, CustomStringConvertible {
    let id: Int
    let name: String
    var description: String { name }
}

struct Store: Codable, CustomStringConvertible {
    let id: Int
    let city: String
    var description: String { city }
}
