//
//  Order.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Domain entity of the shop orders (FitTrack sells gear since 2019).
//

import Foundation

struct Order: Codable, Equatable {

    enum Status: String, Codable {
        case processing
        case shipped
        case delivered
        case cancelled
    }

    struct Item: Codable, Equatable {
        let sku: String
        let name: String
        let quantity: Int
        let unitPrice: Decimal
    }

    let id: String
    let number: String
    let status: Status
    let placedAt: Date
    let items: [Item]
    let subtotal: Decimal
    let currencyCode: String
    let trackingURL: URL?
}
