//
//  RefreshableViewController.swift
//  NewsReader
//
//  Created by Priya Raman on 06/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit

/// Table screen with pull-to-refresh and a "last updated" footer.
/// Subclasses override `refresh()` and call `endRefreshing()` when done.
class RefreshableViewController: UITableViewController {

    private let footerLabel = UILabel()
    private(set) var lastRefreshDate: Date?

    override func viewDidLoad() {
        super.viewDidLoad()
        let control = UIRefreshControl()
        control.addTarget(self, action: #selector(handleRefreshControl(_:)), for: .valueChanged)
        refreshControl = control

        footerLabel.font = UIFont.preferredFont(forTextStyle: .caption1)
        footerLabel.textColor = .secondaryLabel
        footerLabel.textAlignment = .center
        footerLabel.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: 44)
        tableView.tableFooterView = footerLabel
    }

    @objc private func handleRefreshControl(_ sender: UIRefreshControl) {
        refresh()
    }

    /// Override point.
    func refresh() {
        endRefreshing()
    }

    func beginRefreshing() {
        guard let control = refreshControl, !control.isRefreshing else { return }
        control.beginRefreshing()
        tableView.setContentOffset(CGPoint(x: 0, y: -control.frame.height), animated: true)
        refresh()
    }

    func endRefreshing() {
        refreshControl?.endRefreshing()
        lastRefreshDate = Date()
        footerLabel.text = footerText()
    }

    /// Subclasses may customise the footer.
    func footerText() -> String? {
        return nil
    }
}
