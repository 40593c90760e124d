//
//  ProductListViewController+Networking.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 07/02/2018.
//  Copyright © 2018 ShopLegacy Inc. All rights reserved.
//

import UIKit
import CoreData

extension ProductListViewController {

    // MARK: - Products

    func fetchProducts(reset: Bool) {
        guard !isFetchingPage else { return }
        isFetchingPage = true
        let page = reset ? 1 : currentPage + 1
        if reset && products.isEmpty {
            showLoading(message: "Loading products…")
        }

        APIClient.shared.fetchProducts(categoryId: selectedCategory?.id, page: page) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.isFetchingPage = false
                self.hideLoading()
                self.endRefreshing()

                switch result {
                case .success(let response):
                    self.currentPage = response.page
                    self.totalPages = response.totalPages
                    if reset {
                        self.products = response.items
                    } else {
                        // The API sometimes returns a product on two pages when prices change mid-scroll.
                        let knownIds = Set(self.products.map { $0.id })
                        self.products += response.items.filter { !knownIds.contains($0.id) }
                    }
                    AppSettings.shared.lastCatalogSync = Date()
                    self.cacheProducts(response.items)
                    self.applyFilters()
                case .failure(.unauthorized):
                    AppSettings.shared.authToken = nil
                    self.showError(APIError.unauthorized)
                case .failure(let error):
                    guard self.products.isEmpty else { return }
                    self.showError(error) { [weak self] in
                        self?.fetchProducts(reset: true)
                    }
                }
            }
        }
    }

    // MARK: - Categories
    // APIClient had no categories endpoint in 2017, so this one talks to URLSession itself.
    // TODO: move into APIClient (CAT-88)

    func fetchCategories() {
        categoriesTask?.cancel()
        guard let url = URL(string: "https://api.shoplegacy.example.com/v2/categories") else { return }

        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = AppSettings.shared.authToken {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }

        categoriesTask = URLSession.shared.dataTask(with: request) { data, response, error in
            guard error == nil, let data = data else {
                print("Categories request failed: \(String(describing: error))")
                return
            }
            do {
                let decoder = JSONDecoder()
                let decoded = try decoder.decode([ProductCategory].self, from: data)
                DispatchQueue.main.async {
                    self.categories = decoded.sorted {
                        $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending
                    }
                    if let id = AppSettings.shared.selectedCategoryId {
                        self.selectedCategory = self.categories.first { $0.id == id }
                        self.categoryButton.setTitle(self.selectedCategory?.name ?? "All categories", for: .normal)
                    }
                }
            } catch {
                print("Categories decoding failed: \(error)")
            }
        }
        categoriesTask?.resume()
    }

    // MARK: - Promo banner

    func fetchPromoBanner() {
        let url = APIClient.shared.baseURL.appendingPathComponent("promotions/current")
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let data = data,
                  let object = try? JSONSerialization.jsonObject(with: data, options: []),
                  let json = object as? [String: Any],
                  let headline = json["headline"] as? String else { return }

            let endsAt = (json["ends_at"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
            let featuredId = json["featured_product_id"] as? Int

            DispatchQueue.main.async {
                guard let self = self else { return }
                self.promoEndsAt = endsAt
                self.promoBannerLabel.text = headline
                if let endsAt = endsAt {
                    let endsText = self.promoDateFormatter.string(from: endsAt)
                    self.promoCountdownLabel.text = String(format: NSLocalizedString("Ends %@", comment: ""), endsText)
                }
                self.promoBannerView.isHidden = false
                if let featuredId = featuredId {
                    self.featuredProduct = self.products.first { $0.id == featuredId }
                }
            }
        }.resume()
    }

    // MARK: - Core Data cache

    func loadCachedProducts() {
        let request: NSFetchRequest<CachedProduct> = NSFetchRequest(entityName: "CachedProduct")
        request.sortDescriptors = [NSSortDescriptor(key: "updatedAt", ascending: false)]
        request.fetchLimit = 100
        if let categoryId = AppSettings.shared.selectedCategoryId {
            request.predicate = NSPredicate(format: "categoryId == %d", categoryId)
        }

        do {
            let cached = try CoreDataStack.shared.viewContext.fetch(request)
            favoriteProductIds.formUnion(cached.filter { $0.isFavorite }.map { Int($0.productId) })
            if !cached.isEmpty && lastUpdatedLabel.text == nil {
                lastUpdatedLabel.text = String(format: "%d products available offline", cached.count)
            }
        } catch {
            print("Failed to fetch cached products: \(error)")
        }
    }

    func cacheProducts(_ newProducts: [Product]) {
        let context = CoreDataStack.shared.viewContext
        let request = NSFetchRequest<CachedProduct>(entityName: "CachedProduct")
        request.predicate = NSPredicate(format: "productId IN %@", newProducts.map { Int64($0.id) })

        let existing = (try? context.fetch(request)) ?? []
        var byId = [Int64: CachedProduct]()
        existing.forEach { byId[$0.productId] = $0 }

        for product in newProducts {
            let cached = byId[Int64(product.id)] ?? CachedProduct(context: context)
            cached.update(from: product)
        }

        do {
            try context.save()
        } catch {
            context.rollback()
            print("Caching products failed: \(error)")
        }
    }

    func setFavorite(_ isFavorite: Bool, for product: Product) {
        let context = CoreDataStack.shared.viewContext
        let request = NSFetchRequest<CachedProduct>(entityName: "CachedProduct")
        request.predicate = NSPredicate(format: "productId == %lld", Int64(product.id))
        request.fetchLimit = 1

        let cached = (try? context.fetch(request))?.first ?? CachedProduct(context: context)
        cached.update(from: product)
        cached.isFavorite = isFavorite
        try? context.save()

        if isFavorite {
            favoriteProductIds.insert(product.id)
        } else {
            favoriteProductIds.remove(product.id)
        }
        if let row = filteredProducts.firstIndex(of: product) {
            tableView.reloadRows(at: [IndexPath(row: row, section: 0)], with: .none)
        }
    }

    // MARK: - Coupons

    func applyCoupon(code: String) {
        showLoading(message: "Checking coupon…")
        APIClient.shared.validateCoupon(code: code) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.hideLoading()
                switch result {
                case .success(let coupon) where self.isValidCoupon(coupon):
                    self.appliedCoupon = coupon
                    self.tableView.reloadData()
                case .success:
                    self.showError(CouponError.notApplicable)
                case .failure(let error):
                    self.showError(error)
                }
            }
        }
    }
}
