//
//  ShopDateFormatter.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 11/04/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import Foundation

/// Dates as the designers want them. Not to be confused with Foundation's DateFormatter,
/// which it wraps (and caches, because creating those is slow).
final class ShopDateFormatter {

    static let shared = ShopDateFormatter()

    private let shortFormatter: DateFormatter
    private let monthYearFormatter: DateFormatter
    private let timeFormatter: DateFormatter

    private init() {
        shortFormatter = DateFormatter()
        shortFormatter.dateStyle = .medium
        shortFormatter.timeStyle = .none

        monthYearFormatter = DateFormatter()
        monthYearFormatter.setLocalizedDateFormatFromTemplate("MMMM yyyy")

        timeFormatter = DateFormatter()
        timeFormatter.dateStyle = .none
        timeFormatter.timeStyle = .short
    }

    func shortDate(_ date: Date) -> String {
        return shortFormatter.string(from: date)
    }

    func monthAndYear(_ date: Date) -> String {
        return monthYearFormatter.string(from: date)
    }

    func dateAndTime(_ date: Date) -> String {
        return shortFormatter.string(from: date) + ", " + timeFormatter.string(from: date)
    }
}
