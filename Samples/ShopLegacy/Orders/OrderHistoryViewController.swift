//
//  OrderHistoryViewController.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 14/09/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

class OrderHistoryViewController: UITableViewController {

    private struct MonthSection {
        let title: String
        let orders: [Order]
        let total: Decimal
    }

    // MARK: - State

    private var orders: [Order] = []
    private var sections: [MonthSection] = []
    private var page = 1
    private var hasMore = true
    private var isLoading = false

    private let monthFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.setLocalizedDateFormatFromTemplate("MMMM yyyy")
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "My orders"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "OrderCell")
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(refresh), for: .valueChanged)
        loadOrders()
    }

    @objc private func refresh() {
        page = 1
        hasMore = true
        loadOrders()
    }

    // MARK: - Loading

    private func loadOrders() {
        guard !isLoading, hasMore else { return }
        isLoading = true
        APIClient.shared.fetchOrders(page: page) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.isLoading = false
                self.refreshControl?.endRefreshing()
                switch result {
                case .success(let response):
                    self.orders = self.page == 1 ? response.orders : self.orders + response.orders
                    self.hasMore = response.hasMore
                    self.page += 1
                    self.groupOrdersByMonth()
                    self.tableView.reloadData()
                case .failure(let error):
                    let alert = UIAlertController(title: "Couldn't load orders",
                                                  message: error.localizedDescription,
                                                  preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
                    self.present(alert, animated: true, completion: nil)
                }
            }
        }
    }

    private func groupOrdersByMonth() {
        let visible = orders.filter { $0.status != .cancelled }
        let grouped = Dictionary(grouping: visible) { order -> Date in
            let components = Calendar.current.dateComponents([.year, .month], from: order.placedAt)
            return Calendar.current.date(from: components) ?? order.placedAt
        }
        sections = grouped.keys.sorted(by: >).map { month in
            let monthOrders = grouped[month, default: []].sorted { $0.placedAt > $1.placedAt }
            let total = monthOrders
                .filter { $0.status != .refunded }
                .reduce(Decimal(0)) { $0 + $1.total }
            return MonthSection(title: monthFormatter.string(from: month), orders: monthOrders, total: total)
        }
    }

    // MARK: - UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        return sections.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return sections[section].orders.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        let monthSection = sections[section]
        guard let currency = monthSection.orders.first?.currencyCode else { return monthSection.title }
        return monthSection.title + " · " + PriceFormatter.shared.string(from: monthSection.total, currencyCode: currency)
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: "OrderCell")
        let order = sections[indexPath.section].orders[indexPath.row]
        let itemCount = order.lines.reduce(0) { $0 + $1.quantity }
        cell.textLabel?.text = String(format: "#%@ · %d item%@", order.number, itemCount, itemCount == 1 ? "" : "s")
        cell.detailTextLabel?.text = ShopDateFormatter.shared.shortDate(order.placedAt) + "  "
            + PriceFormatter.shared.string(from: order.total, currencyCode: order.currencyCode)
        cell.accessoryType = .disclosureIndicator
        if order.status == .refunded {
            cell.textLabel?.textColor = .gray
        }
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        let isLastSection = indexPath.section == sections.count - 1
        if isLastSection && indexPath.row == sections[indexPath.section].orders.count - 1 {
            loadOrders()
        }
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let order = sections[indexPath.section].orders[indexPath.row]
        let detail = OrderDetailViewController(order: order)
        navigationController?.pushViewController(detail, animated: true)
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let order = sections[indexPath.section].orders[indexPath.row]
        guard order.status == .delivered else { return nil }
        let reorder = UIContextualAction(style: .normal, title: "Buy again") { [weak self] _, _, done in
            self?.reorder(order)
            done(true)
        }
        reorder.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [reorder])
    }

    private func reorder(_ order: Order) {
        let group = DispatchGroup()
        for line in order.lines {
            group.enter()
            APIClient.shared.fetchProduct(id: line.productId) { result in
                if case .success(let product) = result, product.isInStock {
                    CartStore.shared.add(product, quantity: min(line.quantity, product.stock))
                }
                group.leave()
            }
        }
        group.notify(queue: .main) { [weak self] in
            self?.tabBarController?.selectedIndex = 2
        }
    }
}
