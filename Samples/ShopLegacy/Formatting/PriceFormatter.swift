//
//  PriceFormatter.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 11/04/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import Foundation

/// NumberFormatter is expensive to create, so we keep one around.
final class PriceFormatter {

    static let shared = PriceFormatter()

    private let currencyFormatter: NumberFormatter
    private let percentFormatter: NumberFormatter

    init(locale: Locale = .current) {
        currencyFormatter = NumberFormatter()
        currencyFormatter.numberStyle = .currency
        currencyFormatter.locale = locale
        currencyFormatter.minimumFractionDigits = 2
        currencyFormatter.maximumFractionDigits = 2

        percentFormatter = NumberFormatter()
        percentFormatter.numberStyle = .percent
        percentFormatter.maximumFractionDigits = 0
        percentFormatter.locale = locale
    }

    func string(from amount: Decimal, currencyCode: String) -> String {
        if currencyFormatter.currencyCode != currencyCode {
            currencyFormatter.currencyCode = currencyCode
        }
        return currencyFormatter.string(from: amount as NSDecimalNumber) ?? "\(amount) \(currencyCode)"
    }

    func string(from amount: Double, currencyCode: String) -> String {
        return string(from: Decimal(amount), currencyCode: currencyCode)
    }

    /// "-25%" style badge text, nil when there is no discount.
    func discountBadge(original: Decimal, current: Decimal) -> String? {
        guard original > 0, current < original else { return nil }
        let ratio = (original - current) / original
        guard let text = percentFormatter.string(from: ratio as NSDecimalNumber) else { return nil }
        return "-" + text
    }
}
