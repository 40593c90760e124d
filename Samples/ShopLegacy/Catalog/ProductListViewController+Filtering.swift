//
//  ProductListViewController+Filtering.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 21/08/2018.
//  Copyright © 2018 ShopLegacy Inc. All rights reserved.
//

import UIKit

enum CouponError: LocalizedError {
    case notApplicable

    var errorDescription: String? {
        return "This coupon can't be used for the products in your cart."
    }
}

extension ProductListViewController {

    // MARK: - Filtering & sorting

    func applyFilters() {
        var result = products

        if let category = selectedCategory {
            result = result.filter { $0.categoryId == category.id }
        }
        if !searchText.isEmpty {
            let needle = searchText.lowercased()
            result = result.filter { product in
                product.title.lowercased().contains(needle)
                    || product.brand.lowercased().contains(needle)
                    || product.tags.contains { $0.lowercased() == needle }
            }
        }
        if activeFilter.onlyInStock {
            result = result.filter { $0.isInStock }
        }
        if activeFilter.onlyOnSale {
            result = result.filter { $0.isOnSale }
        }
        if let minPrice = activeFilter.minPrice {
            result = result.filter { priceIncludingTax(for: $0) >= minPrice }
        }
        if let maxPrice = activeFilter.maxPrice {
            result = result.filter { priceIncludingTax(for: $0) <= maxPrice }
        }
        if !activeFilter.brands.isEmpty {
            result = result.filter { activeFilter.brands.contains($0.brand) }
        }
        if activeFilter.minimumRating > 0 {
            result = result.filter { $0.rating >= activeFilter.minimumRating }
        }

        switch activeFilter.sortOrder {
        case .relevance:
            break
        case .priceLowToHigh:
            result.sort { $0.price < $1.price }
        case .priceHighToLow:
            result.sort { $0.price > $1.price }
        case .rating:
            result.sort { ($0.rating, $0.reviewCount) > ($1.rating, $1.reviewCount) }
        case .newest:
            result.sort { $0.createdAt > $1.createdAt }
        case .biggestDiscount:
            result.sort { discountRatio(for: $0) > discountRatio(for: $1) }
        }

        filteredProducts = result
        items = result
        tableView.reloadData()
        updateResultsCount()
    }

    // MARK: - Prices

    func priceIncludingTax(for product: Product) -> Decimal {
        return product.price * (1 + taxRate)
    }

    func discountedPrice(for product: Product) -> Decimal {
        guard let coupon = appliedCoupon, isValidCoupon(coupon, for: product) else {
            return product.price
        }
        var discounted = product.price * (1 - coupon.percentOff / 100)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &discounted, 2, .bankers)
        return rounded
    }

    func discountRatio(for product: Product) -> Decimal {
        guard let original = product.originalPrice, original > 0 else { return 0 }
        return (original - product.price) / original
    }

    func averagePrice(of list: [Product]) -> Decimal? {
        guard !list.isEmpty else { return nil }
        let total = list.reduce(Decimal(0)) { $0 + $1.price }
        return total / Decimal(list.count)
    }

    // MARK: - Coupons

    func isValidCoupon(_ coupon: Coupon, for product: Product? = nil) -> Bool {
        // Coupons expire at local midnight, not at the backend timestamp (product decision, 2018).
        let calendar = Calendar.current
        let endOfExpiryDay = calendar.startOfDay(for: coupon.expiresAt).addingTimeInterval(24 * 60 * 60)
        guard endOfExpiryDay > Date() else { return false }

        if let product = product, let allowed = coupon.categoryIds, !allowed.contains(product.categoryId) {
            return false
        }
        let subtotal = CartStore.shared.subtotal
        return coupon.minimumSubtotal == 0 || subtotal >= coupon.minimumSubtotal
    }

    /// Marketing wanted coupon codes typed into the search bar to "just work".
    func looksLikeCouponCode(_ text: String) -> Bool {
        return text.range(of: "^[A-Z0-9]{6,10}$", options: .regularExpression) != nil
    }

    // MARK: - Header

    func updateResultsCount() {
        let count = filteredProducts.count
        let format = count == 1 ? NSLocalizedString("%d product", comment: "") : NSLocalizedString("%d products", comment: "")
        var text = String(format: format, count)
        if let average = averagePrice(of: filteredProducts) {
            let currency = filteredProducts.first?.currencyCode ?? AppSettings.shared.currencyCode
            text += " · avg. " + PriceFormatter.shared.string(from: average, currencyCode: currency)
        }
        resultsCountLabel.text = text
    }

    func availableBrands() -> [String] {
        return Array(Set(products.map { $0.brand })).sorted()
    }

    // MARK: - UISearchBarDelegate

    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {
        searchBar.setShowsCancelButton(true, animated: true)
    }

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        self.searchText = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
        applyFilters()
    }

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        searchBar.resignFirstResponder()
        guard let text = searchBar.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return }

        if looksLikeCouponCode(text) {
            applyCoupon(code: text)
            return
        }

        var recent = AppSettings.shared.recentSearches.filter { $0.caseInsensitiveCompare(text) != .orderedSame }
        recent.insert(text, at: 0)
        AppSettings.shared.recentSearches = recent
        UserDefaults.standard.set(Date(), forKey: "catalog.lastSearchDate")
    }

    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
        searchBar.text = nil
        searchBar.setShowsCancelButton(false, animated: true)
        searchBar.resignFirstResponder()
        searchText = ""
        applyFilters()
    }
}

// MARK: - FilterViewControllerDelegate

extension ProductListViewController: FilterViewControllerDelegate {

    func filterViewController(_ controller: FilterViewController, didApply filter: ProductFilter) {
        activeFilter = filter
        if let data = try? JSONEncoder().encode(filter) {
            UserDefaults.standard.set(data, forKey: "catalog.activeFilter")
        }
        AppSettings.shared.sortOrderRawValue = filter.sortOrder.rawValue
        if let index = ProductFilter.SortOrder.allCases.firstIndex(of: filter.sortOrder), index < sortControl.numberOfSegments {
            sortControl.selectedSegmentIndex = index
        }
        filterButton.setTitle(filter.isDefault ? "Filter" : "Filter •", for: .normal)
        controller.dismiss(animated: true, completion: nil)
        applyFilters()
    }

    func filterViewControllerDidCancel(_ controller: FilterViewController) {
        controller.dismiss(animated: true, completion: nil)
    }
}
