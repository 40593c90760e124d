//
//  BaseViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// Every screen in the app inherits from this. Keep it small!
/// (It was small once.)
class BaseViewController: UIViewController {

    // MARK: - Loading overlay

    private var loadingOverlay: UIView?
    private var activityIndicator: UIActivityIndicatorView?
    private(set) var isLoading = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        // Hide the "Back" title on pushed screens, design wants only the chevron.
        navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
    }

    override var preferredStatusBarStyle: UIStatusBarStyle {
        return .default
    }

    func showLoading(message: String? = nil) {
        guard loadingOverlay == nil else { return }
        isLoading = true

        let overlay = UIView(frame: view.bounds)
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        overlay.backgroundColor = UIColor.black.withAlphaComponent(0.25)

        let spinner = UIActivityIndicatorView(style: .whiteLarge)
        spinner.center = CGPoint(x: overlay.bounds.midX, y: overlay.bounds.midY)
        spinner.autoresizingMask = [.flexibleTopMargin, .flexibleBottomMargin,
                                    .flexibleLeftMargin, .flexibleRightMargin]
        overlay.addSubview(spinner)

        if let message = message {
            let label = UILabel()
            label.text = message
            label.textColor = .white
            label.font = UIFont.preferredFont(forTextStyle: .footnote)
            label.sizeToFit()
            label.center = CGPoint(x: spinner.center.x, y: spinner.center.y + 36)
            overlay.addSubview(label)
        }

        view.addSubview(overlay)
        spinner.startAnimating()
        loadingOverlay = overlay
        activityIndicator = spinner
    }

    func hideLoading() {
        isLoading = false
        activityIndicator?.stopAnimating()
        UIView.animate(withDuration: 0.2, animations: {
            self.loadingOverlay?.alpha = 0
        }, completion: { _ in
            self.loadingOverlay?.removeFromSuperview()
            self.loadingOverlay = nil
            self.activityIndicator = nil
        })
    }

    // MARK: - Errors

    func showError(_ error: Error, retry: (() -> Void)? = nil) {
        let alert = UIAlertController(title: NSLocalizedString("error.title", comment: "Generic error title"),
                                      message: error.localizedDescription,
                                      preferredStyle: .alert)
        if let retry = retry {
            alert.addAction(UIAlertAction(title: NSLocalizedString("error.retry", comment: ""), style: .default) { _ in
                retry()
            })
        }
        alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
        present(alert, animated: true, completion: nil)
    }

    func hideKeyboardWhenTappedAround() {
        let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
    }

    @objc func dismissKeyboard() {
        view.endEditing(true)
    }
}

// MARK: - Lists

/// Generic list screen: a table view, pull to refresh and an empty state label.
class BaseListViewController<Item>: BaseViewController {

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var emptyStateLabel: UILabel?

    var items: [Item] = [] {
        didSet { updateEmptyState() }
    }

    let refreshControl = UIRefreshControl()

    var emptyStateText: String {
        return NSLocalizedString("list.empty", comment: "Nothing here yet")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        refreshControl.addTarget(self, action: #selector(handleRefresh(_:)), for: .valueChanged)
        tableView.refreshControl = refreshControl
        tableView.tableFooterView = UIView()
        tableView.estimatedRowHeight = 88
        tableView.rowHeight = UITableView.automaticDimension
        updateEmptyState()
    }

    @objc func handleRefresh(_ sender: UIRefreshControl) {
        reloadItems()
    }

    /// Subclasses override this to (re)load their content. Call `endRefreshing()` when done.
    func reloadItems() {
        endRefreshing()
    }

    func endRefreshing() {
        if refreshControl.isRefreshing {
            refreshControl.endRefreshing()
        }
    }

    func item(at indexPath: IndexPath) -> Item {
        return items[indexPath.row]
    }

    func updateEmptyState() {
        guard isViewLoaded else { return }
        emptyStateLabel?.text = emptyStateText
        emptyStateLabel?.isHidden = !items.isEmpty
        tableView.separatorStyle = items.isEmpty ? .none : .singleLine
    }
}
