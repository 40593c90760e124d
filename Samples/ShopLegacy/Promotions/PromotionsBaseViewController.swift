//
//  PromotionsBaseViewController.swift
//  ShopLegacy
//
//  Shared by the Deals and Coupons tabs. Never shown by itself.
//

import UIKit

class PromotionsBaseViewController: UIViewController, UITableViewDataSource {

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var emptyLabel: UILabel!

    /// Subclasses set the endpoint they load.
    var endpoint: String { fatalError("subclasses override endpoint") }
    var rows: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        loadPromotions()
    }

    func loadPromotions() {
        let lastSync = UserDefaults.standard.object(forKey: "promotions.lastSync") as? Date
        var request = URLRequest(url: URL(string: "https://api.shoplegacy.example/v2/\(endpoint)")!)
        if let lastSync = lastSync {
            request.setValue(ISO8601DateFormatter().string(from: lastSync), forHTTPHeaderField: "If-Modified-Since")
        }
        URLSession.shared.dataTask(with: request) { [weak self] data, _, _ in
            guard let self = self, let data = data else { return }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            DispatchQueue.main.async {
                self.didLoad(data, decoder: decoder)
                UserDefaults.standard.set(Date(), forKey: "promotions.lastSync")
            }
        }.resume()
    }

    /// Subclasses decode their own rows; the base only knows one of them by name.
    func didLoad(_ data: Data, decoder: JSONDecoder) {
        if let deals = self as? DealsViewController {
            deals.showDeals(from: data, decoder: decoder)
        }
        emptyLabel.isHidden = !rows.isEmpty
        tableView.reloadData()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "PromotionCell", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }
}
