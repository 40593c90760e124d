//
//  FilterViewController.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 20/08/2018.
//  Copyright © 2018 ShopLegacy Inc. All rights reserved.
//

import UIKit

struct ProductFilter: Codable, Equatable {

    enum SortOrder: String, Codable, CaseIterable {
        case relevance
        case priceLowToHigh
        case priceHighToLow
        case rating
        case newest
        case biggestDiscount

        var title: String {
            switch self {
            case .relevance: return "Relevance"
            case .priceLowToHigh: return "Price ↑"
            case .priceHighToLow: return "Price ↓"
            case .rating: return "Rating"
            case .newest: return "Newest"
            case .biggestDiscount: return "Discount"
            }
        }
    }

    var sortOrder: SortOrder = .relevance
    var minPrice: Decimal?
    var maxPrice: Decimal?
    var onlyInStock = false
    var onlyOnSale = false
    var brands: Set<String> = []
    var minimumRating: Double = 0

    var isDefault: Bool {
        return self == ProductFilter()
    }
}

protocol FilterViewControllerDelegate: AnyObject {
    func filterViewController(_ controller: FilterViewController, didApply filter: ProductFilter)
    func filterViewControllerDidCancel(_ controller: FilterViewController)
}

final class FilterViewController: UITableViewController {

    private enum Section: Int, CaseIterable {
        case sort, price, availability, brands
    }

    weak var delegate: FilterViewControllerDelegate?

    private var filter: ProductFilter
    private let availableBrands: [String]
    private let currencyCode: String
    private let pricePresets: [Decimal] = [25, 50, 100, 250]

    init(filter: ProductFilter, availableBrands: [String], currencyCode: String) {
        self.filter = filter
        self.availableBrands = availableBrands
        self.currencyCode = currencyCode
        super.init(style: .grouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Filter"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "FilterCell")
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped))
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Apply", style: .done, target: self, action: #selector(applyTapped))
        toolbarItems = [UIBarButtonItem(title: "Reset", style: .plain, target: self, action: #selector(resetTapped))]
        navigationController?.isToolbarHidden = false
    }

    // MARK: - Actions

    @objc private func cancelTapped() {
        delegate?.filterViewControllerDidCancel(self)
    }

    @objc private func applyTapped() {
        delegate?.filterViewController(self, didApply: filter)
    }

    @objc private func resetTapped() {
        filter = ProductFilter()
        tableView.reloadData()
    }

    // MARK: - UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        return availableBrands.isEmpty ? Section.allCases.count - 1 : Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        switch Section(rawValue: section)! {
        case .sort: return "Sort by"
        case .price: return "Maximum price"
        case .availability: return "Availability"
        case .brands: return "Brands"
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section)! {
        case .sort: return ProductFilter.SortOrder.allCases.count
        case .price: return pricePresets.count + 1
        case .availability: return 2
        case .brands: return availableBrands.count
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "FilterCell", for: indexPath)
        switch Section(rawValue: indexPath.section)! {
        case .sort:
            let order = ProductFilter.SortOrder.allCases[indexPath.row]
            cell.textLabel?.text = order.title
            cell.accessoryType = order == filter.sortOrder ? .checkmark : .none
        case .price:
            if indexPath.row < pricePresets.count {
                let preset = pricePresets[indexPath.row]
                cell.textLabel?.text = "Up to " + PriceFormatter.shared.string(from: preset, currencyCode: currencyCode)
                cell.accessoryType = filter.maxPrice == preset ? .checkmark : .none
            } else {
                cell.textLabel?.text = "Any price"
                cell.accessoryType = filter.maxPrice == nil ? .checkmark : .none
            }
        case .availability:
            cell.textLabel?.text = indexPath.row == 0 ? "In stock only" : "On sale only"
            let isOn = indexPath.row == 0 ? filter.onlyInStock : filter.onlyOnSale
            cell.accessoryType = isOn ? .checkmark : .none
        case .brands:
            let brand = availableBrands[indexPath.row]
            cell.textLabel?.text = brand
            cell.accessoryType = filter.brands.contains(brand) ? .checkmark : .none
        }
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        switch Section(rawValue: indexPath.section)! {
        case .sort:
            filter.sortOrder = ProductFilter.SortOrder.allCases[indexPath.row]
        case .price:
            filter.maxPrice = indexPath.row < pricePresets.count ? pricePresets[indexPath.row] : nil
        case .availability:
            if indexPath.row == 0 {
                filter.onlyInStock.toggle()
            } else {
                filter.onlyOnSale.toggle()
            }
        case .brands:
            let brand = availableBrands[indexPath.row]
            if filter.brands.contains(brand) {
                filter.brands.remove(brand)
            } else {
                filter.brands.insert(brand)
            }
        }
        tableView.reloadSections(IndexSet(integer: indexPath.section), with: .none)
    }
}
