//
//  OrdersViewController.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Formerly the whole Orders feature; now the "view" of the Orders module (OrdersViewController.xib).
//

import UIKit

final class OrdersViewController: UIViewController, OrdersViewInput {

    // MARK: - Outlets

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var summaryLabel: UILabel!
    @IBOutlet weak var showCancelledSwitch: UISwitch!
    @IBOutlet weak var loadingIndicator: UIActivityIndicatorView!

    // MARK: - Dependencies

    var presenter: OrdersPresenterInput?
    var interactor: OrdersInteractor // breaks: view-bypasses-presenter, concrete-layer-reference

    private var orders: [Order] = []

    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    init(interactor: OrdersInteractor) {
        self.interactor = interactor
        super.init(nibName: "OrdersViewController", bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
        tableView.dataSource = self
        tableView.delegate = self
        tableView.refreshControl = UIRefreshControl()
        tableView.refreshControl?.addTarget(self, action: #selector(pulledToRefresh), for: .valueChanged)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .action,
                                                            target: self,
                                                            action: #selector(exportTapped))
        presenter?.viewDidLoad()
    }

    // MARK: - Actions

    @objc private func pulledToRefresh() {
        presenter?.didPullToRefresh()
    }

    @objc private func exportTapped() {
        presenter?.didTapExport()
    }

    @IBAction func showCancelledChanged(_ sender: UISwitch) {
        presenter?.didToggleShowCancelled(sender.isOn)
    }

    // MARK: - OrdersViewInput

    func show(orders: [Order]) {
        self.orders = orders
        tableView.refreshControl?.endRefreshing()
        tableView.reloadData()
    }

    func showLoading(_ isLoading: Bool) {
        isLoading ? loadingIndicator.startAnimating() : loadingIndicator.stopAnimating()
    }

    func showError(message: String) {
        tableView.refreshControl?.endRefreshing()
        summaryLabel.text = message
        summaryLabel.textColor = .systemRed
    }

    func showSummary(text: String, color: UIColor) {
        summaryLabel.text = text
        summaryLabel.textColor = color
    }
}

// MARK: - UITableViewDataSource, UITableViewDelegate

extension OrdersViewController: UITableViewDataSource, UITableViewDelegate {

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return orders.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "OrderCell")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "OrderCell")
        let order = orders[indexPath.row]
        // The view has to format raw entities because the presenter hands them over as they are.
        cell.textLabel?.text = "#\(order.number) · \(order.status.rawValue.capitalized)"
        cell.detailTextLabel?.text = dateFormatter.string(from: order.placedAt)
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        presenter?.didSelectOrder(at: indexPath.row)
    }

    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let order = orders[indexPath.row]
        guard order.status == .processing else { return nil }
        let cancel = UIContextualAction(style: .destructive, title: "Cancel order") { [weak self] _, _, done in
            self?.interactor.cancelOrder(id: order.id) // breaks: view-bypasses-presenter
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [cancel])
    }
}
