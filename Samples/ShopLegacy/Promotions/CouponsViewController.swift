//
//  CouponsViewController.swift
//  ShopLegacy
//

import UIKit

final class CouponsViewController: PromotionsBaseViewController {

    private var coupons: [PromoCoupon] = []
    private var stores: [Store] = []

    override var endpoint: String { "coupons" }

    override func didLoad(_ data: Data, decoder: JSONDecoder) {
        coupons = (try? decoder.decode([PromoCoupon].self, from: data)) ?? []
        let redeemed = Set(UserDefaults.standard.stringArray(forKey: "coupons.redeemed") ?? [])
        rows = coupons.filter { !redeemed.contains($0.code) }.map { coupon in
            "\(coupon.code): \(PriceFormatter.shared.string(from: coupon.amountOff, currencyCode: "EUR")) " + expiryText(for: coupon.expiresAt)
        }
        super.didLoad(data, decoder: decoder)
    }

    @IBAction func storeTapped(_ sender: UIBarButtonItem) {
        let picker = SelectItemViewController<Store>(items: stores, title: "Store")
        picker.onSelect = { [weak self] store in
            UserDefaults.standard.set(store.id, forKey: "coupons.storeId")
            self?.loadPromotions()
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
