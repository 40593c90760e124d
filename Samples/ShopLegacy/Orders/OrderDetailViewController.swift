//
//  OrderDetailViewController.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 14/09/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// Read-only summary of one order. Built in code, the order is passed in the initializer.
final class OrderDetailViewController: UITableViewController {

    private let order: Order

    init(order: Order) {
        self.order = order
        super.init(style: .grouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Order #\(order.number)"
        if order.trackingURL != nil {
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Track",
                                                                style: .plain,
                                                                target: self,
                                                                action: #selector(trackTapped))
        }
    }

    @objc private func trackTapped() {
        guard let url = order.trackingURL else { return }
        // Carrier pages are opened in Safari on purpose (login cookies).
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
    }

    // MARK: - UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        return 2
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return section == 0 ? 3 : order.lines.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.selectionStyle = .none
        if indexPath.section == 0 {
            switch indexPath.row {
            case 0:
                cell.textLabel?.text = "Status"
                cell.detailTextLabel?.text = order.status.displayName
            case 1:
                cell.textLabel?.text = "Placed"
                cell.detailTextLabel?.text = ShopDateFormatter.shared.dateAndTime(order.placedAt)
            default:
                cell.textLabel?.text = "Total"
                cell.detailTextLabel?.text = PriceFormatter.shared.string(from: order.total, currencyCode: order.currencyCode)
            }
        } else {
            let line = order.lines[indexPath.row]
            cell.textLabel?.text = "\(line.quantity) × \(line.title)"
            cell.detailTextLabel?.text = PriceFormatter.shared.string(from: line.unitPrice, currencyCode: order.currencyCode)
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        return section == 0 ? nil : "Items"
    }
}
