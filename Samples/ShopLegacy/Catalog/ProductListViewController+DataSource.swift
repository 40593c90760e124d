//
//  ProductListViewController+DataSource.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 02/11/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

// MARK: - UITableViewDataSource & UITableViewDelegate

extension ProductListViewController: UITableViewDataSource, UITableViewDelegate {

    private enum Section: Int {
        case products
        case loadMore
    }

    func numberOfSections(in tableView: UITableView) -> Int {
        return currentPage < totalPages && searchText.isEmpty ? 2 : 1
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section) {
        case .products?:
            return filteredProducts.count
        case .loadMore?:
            return 1
        case nil:
            return 0
        }
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.section == Section.loadMore.rawValue {
            let cell = tableView.dequeueReusableCell(withIdentifier: "LoadMoreCell", for: indexPath)
            cell.textLabel?.text = isFetchingPage ? "Loading…" : "Load more"
            cell.textLabel?.textAlignment = .center
            cell.textLabel?.textColor = view.tintColor
            cell.selectionStyle = .none
            return cell
        }

        let cell = tableView.dequeueReusableCell(withIdentifier: ProductCell.reuseIdentifier,
                                                 for: indexPath) as! ProductCell
        configure(cell, with: filteredProducts[indexPath.row])
        return cell
    }

    func configure(_ cell: ProductCell, with product: Product) {
        cell.titleLabel.text = product.title
        cell.brandLabel.text = product.brand.uppercased()

        // Price (with coupon applied) and the struck-through original price
        let displayPrice = discountedPrice(for: product)
        cell.priceLabel.text = PriceFormatter.shared.string(from: displayPrice, currencyCode: product.currencyCode)
        if let original = product.originalPrice, product.isOnSale {
            let formatter = NumberFormatter()
            formatter.numberStyle = .currency
            formatter.currencyCode = product.currencyCode
            let text = formatter.string(from: original as NSDecimalNumber) ?? ""
            cell.originalPriceLabel.attributedText = NSAttributedString(string: text, attributes: [
                .strikethroughStyle: NSUnderlineStyle.single.rawValue,
                .foregroundColor: UIColor.gray
            ])
            cell.saleBadgeLabel.isHidden = false
            cell.saleBadgeLabel.text = PriceFormatter.shared.discountBadge(original: original, current: product.price)
        } else {
            cell.originalPriceLabel.attributedText = nil
            cell.saleBadgeLabel.isHidden = true
        }

        // Rating: "4.3 ★ (1.2k)"
        let reviewCountText: String
        if product.reviewCount >= 1000 {
            let thousands = NSNumber(value: Double(product.reviewCount) / 1000.0)
            reviewCountText = (compactNumberFormatter.string(from: thousands) ?? "") + "k"
        } else {
            reviewCountText = "\(product.reviewCount)"
        }
        cell.ratingLabel.text = String(format: "%.1f ★ (%@)", product.rating, reviewCountText)

        // Stock
        switch product.stock {
        case 0:
            cell.stockLabel.text = "Out of stock"
            cell.stockLabel.textColor = .red
        case 1...5:
            cell.stockLabel.text = String(format: NSLocalizedString("Only %d left", comment: ""), product.stock)
            cell.stockLabel.textColor = .orange
        default:
            cell.stockLabel.text = "In stock"
            cell.stockLabel.textColor = .darkGray
        }

        if let endsAt = product.saleEndsAt, endsAt > Date() {
            cell.stockLabel.text = (cell.stockLabel.text ?? "") + " · Sale ends " + promoDateFormatter.string(from: endsAt)
        }

        cell.setFavorite(favoriteProductIds.contains(product.id))
        cell.onFavoriteTapped = { [weak self] in
            guard let self = self else { return }
            self.setFavorite(!self.favoriteProductIds.contains(product.id), for: product)
        }

        // Thumbnail
        cell.representedImageURL = product.thumbnailURL
        if let url = product.thumbnailURL {
            ImageLoader.shared.loadImage(from: url) { [weak cell] image in
                guard let cell = cell, cell.representedImageURL == url else { return }
                cell.thumbnailImageView.image = image
            }
        }
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        // Infinite scroll: start loading the next page five rows before the end.
        guard indexPath.section == Section.products.rawValue, searchText.isEmpty else { return }
        if indexPath.row >= filteredProducts.count - 5 && !isFetchingPage && currentPage < totalPages {
            fetchProducts(reset: false)
        }
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if indexPath.section == Section.loadMore.rawValue {
            fetchProducts(reset: false)
            return
        }
        showProductDetail(filteredProducts[indexPath.row])
    }

    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard indexPath.section == Section.products.rawValue else { return nil }
        let product = filteredProducts[indexPath.row]
        let isFavorite = favoriteProductIds.contains(product.id)

        let favorite = UIContextualAction(style: .normal, title: isFavorite ? "Unfavorite" : "Favorite") { [weak self] _, _, done in
            self?.setFavorite(!isFavorite, for: product)
            done(true)
        }
        favorite.backgroundColor = .systemPink

        let addToCart = UIContextualAction(style: .normal, title: "Add") { [weak self] _, _, done in
            CartStore.shared.add(product)
            self?.updateCartBadge()
            done(true)
        }
        addToCart.backgroundColor = .systemGreen
        addToCart.image = UIImage(systemName: "cart.badge.plus")

        let configuration = UISwipeActionsConfiguration(actions: [addToCart, favorite])
        configuration.performsFirstActionWithFullSwipe = product.isInStock
        return configuration
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        guard section == Section.products.rawValue, currentPage >= totalPages, !filteredProducts.isEmpty else { return nil }
        return "That's everything we have 🎉"
    }
}
