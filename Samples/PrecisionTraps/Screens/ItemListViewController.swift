//
//  ItemListViewController.swift
//  PrecisionTraps
//
//  TRAPS:
//  - navigation only through `coordinator?.showDetail(item)`, `router?.openSettings()` and
//    `onSelect?(item)`: calling a coordinator, router or closure is the fix, not vc-navigation;
//  - the only `present(_:animated:)` shows a UIAlertController (delete confirmation): a weak
//    signal, never enough for a finding on its own;
//  - URLSession, JSONDecoder and NumberFormatter appear only inside `Loader`, a private type
//    nested in the view controller; nested types are not the view controller's own code.
//  Expected: no family finding, no safety finding.
//

import UIKit

final class ItemListViewController: UITableViewController {

    // MARK: - Nested loader

    private final class Loader {

        private let endpoint = URL(string: "https://api.traps.example.com/v1/items")!

        private let priceFormatter: NumberFormatter = {
            let formatter = NumberFormatter()
            formatter.numberStyle = .currency
            formatter.currencyCode = "EUR"
            return formatter
        }()

        /// Calls back on the main queue.
        func load(completion: @escaping (Result<[CatalogItem], Error>) -> Void) {
            let formatter = priceFormatter
            URLSession.shared.dataTask(with: endpoint) { data, _, error in
                let result: Result<[CatalogItem], Error>
                if let error = error {
                    result = .failure(error)
                } else {
                    do {
                        var items = try JSONDecoder().decode([CatalogItem].self, from: data ?? Data())
                        for index in items.indices {
                            items[index].displayPrice = formatter.string(from: items[index].price as NSDecimalNumber)
                        }
                        result = .success(items)
                    } catch {
                        result = .failure(error)
                    }
                }
                DispatchQueue.main.async {
                    completion(result)
                }
            }.resume()
        }
    }

    // MARK: - Dependencies

    weak var coordinator: CatalogCoordinating?
    weak var router: AppRouting?

    /// Set when the list is used as a picker; otherwise selection goes to the coordinator.
    var onSelect: ((CatalogItem) -> Void)?

    private let loader = Loader()
    private var items: [CatalogItem] = []

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Items"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ItemCell")
        navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(systemName: "gearshape"),
                                                            style: .plain,
                                                            target: self,
                                                            action: #selector(settingsTapped))
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(reload), for: .valueChanged)
        reload()
    }

    @objc private func reload() {
        loader.load { [weak self] result in
            guard let self = self else { return }
            self.refreshControl?.endRefreshing()
            switch result {
            case .success(let items):
                self.items = items
                self.tableView.reloadData()
            case .failure:
                Alert.offline.present()
            }
        }
    }

    @objc private func settingsTapped() {
        router?.openSettings()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        let item = items[indexPath.row]
        cell.textLabel?.text = item.name
        cell.detailTextLabel?.text = item.displayPrice
        cell.accessoryType = onSelect == nil ? .disclosureIndicator : .none
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let item = items[indexPath.row]
        if onSelect != nil {
            onSelect?(item)
        } else {
            coordinator?.showDetail(item)
        }
    }

    override func tableView(_ tableView: UITableView,
                            commit editingStyle: UITableViewCell.EditingStyle,
                            forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        let item = items[indexPath.row]
        let alert = UIAlertController(title: "Remove \(item.name)?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Remove", style: .destructive) { [weak self] _ in
            guard let self = self, let index = self.items.firstIndex(of: item) else { return }
            self.items.remove(at: index)
            self.tableView.deleteRows(at: [IndexPath(row: index, section: 0)], with: .automatic)
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(alert, animated: true, completion: nil)
    }
}
