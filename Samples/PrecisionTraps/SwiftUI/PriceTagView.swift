//
//  PriceTagView.swift
//  PrecisionTraps
//
//  TRAP: a SwiftUI `View` struct is not a view controller. Its NumberFormatter use is not
//  vc-formatting (and the struct is not a VIPER "View" role either).
//

import SwiftUI

struct PriceTagView: View {

    let amount: Decimal
    let currencyCode: String
    var isOnSale = false

    private var formattedAmount: String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        return formatter.string(from: amount as NSDecimalNumber) ?? "–"
    }

    var body: some View {
        Text(formattedAmount)
            .font(.headline)
            .foregroundColor(isOnSale ? .red : .primary)
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
            .background(isOnSale ? Color.red.opacity(0.12) : Color.secondary.opacity(0.1))
            .cornerRadius(6)
    }
}
