//
//  DealsViewController.swift
//  ShopLegacy
//

import UIKit

final class DealsViewController: PromotionsBaseViewController {

    private var deals: [Deal] = []
    private var categories: [DealCategory] = []

    override var endpoint: String { "deals" }

    func showDeals(from data: Data, decoder: JSONDecoder) {
        guard let decoded = try? decoder.decode([Deal].self, from: data) else { return }
        deals = decoded.sorted { $0.percentOff > $1.percentOff }
        rows = deals.map { deal in
            String(format: "%@ — %.0f%% off, %@", deal.title, deal.percentOff, expiryText(for: deal.expiresAt))
        }
    }

    @IBAction func filterTapped(_ sender: UIBarButtonItem) {
        let picker = SelectItemViewController<DealCategory>(items: categories, title: "Category")
        picker.onSelect = { [weak self] category in
            self?.rows = self?.deals.filter { $0.categoryId == category.id }.map(\.title) ?? []
            self?.tableView.reloadData()
        }
        navigationController?.pushViewController(picker, animated: true)
    }

    func expiryText(for date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return "until " + formatter.string(from: date)
    }
}
