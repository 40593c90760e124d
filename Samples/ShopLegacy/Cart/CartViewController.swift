//
//  CartViewController.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 08/10/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit
import Combine

final class CartItemCell: UITableViewCell {

    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var priceLabel: UILabel!
    @IBOutlet weak var quantityLabel: UILabel!
    @IBOutlet weak var stepper: UIStepper!

    var onQuantityChange: ((Int) -> Void)?

    @IBAction private func stepperChanged(_ sender: UIStepper) {
        quantityLabel.text = "× \(Int(sender.value))"
        onQuantityChange?(Int(sender.value))
    }
}

class CartViewController: BaseViewController, UITableViewDataSource, UITableViewDelegate {

    // MARK: - Outlets

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var subtotalLabel: UILabel!
    @IBOutlet weak var discountLabel: UILabel!
    @IBOutlet weak var taxLabel: UILabel!
    @IBOutlet weak var shippingLabel: UILabel!
    @IBOutlet weak var totalLabel: UILabel!
    @IBOutlet weak var couponTextField: UITextField!
    @IBOutlet weak var checkoutButton: UIButton!
    @IBOutlet weak var emptyCartView: UIView!

    // MARK: - State

    var items: [CartItem] = []
    var coupon: Coupon?
    var shippingQuote: ShippingQuote?
    var total: Decimal = 0 {
        didSet {
            totalLabel.text = PriceFormatter.shared.string(from: total, currencyCode: currencyCode)
        }
    }

    private var cancellables = Set<AnyCancellable>()
    private let taxRate: Decimal = 0.19
    private let freeShippingThreshold: Decimal = 50

    private var currencyCode: String {
        return items.first?.product.currencyCode ?? AppSettings.shared.currencyCode
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Your cart"
        tableView.dataSource = self
        tableView.delegate = self
        tableView.tableFooterView = UIView()
        checkoutButton.layer.cornerRadius = 8
        hideKeyboardWhenTappedAround()

        bindCart()

        NotificationCenter.default.addObserver(self,
                                               selector: #selector(cartDidChange(_:)),
                                               name: .cartDidChange,
                                               object: nil)
        NotificationCenter.default.addObserver(self,
                                               selector: #selector(localeDidChange(_:)),
                                               name: NSLocale.currentLocaleDidChangeNotification,
                                               object: nil)

        fetchShippingQuote()
    }

    // MARK: - Bindings

    func bindCart() {
        CartStore.shared.subtotalPublisher
            .receive(on: DispatchQueue.main)
            .sink { self.total = $0 }
            .store(in: &cancellables)

        CartStore.shared.$items
            .receive(on: DispatchQueue.main)
            .sink { [weak self] items in
                self?.items = items
                self?.emptyCartView.isHidden = !items.isEmpty
                self?.tableView.reloadData()
            }
            .store(in: &cancellables)
    }

    @objc func cartDidChange(_ notification: Notification) {
        DispatchQueue.global().async {
            self.recalculate()
        }
    }

    @objc func localeDidChange(_ notification: Notification) {
        tableView.reloadData()
        recalculate()
    }

    // MARK: - Totals

    func recalculate() {
        let subtotal = items.reduce(Decimal(0)) { $0 + $1.lineTotal }

        var discount: Decimal = 0
        if let coupon = coupon, coupon.expiresAt > Date(), subtotal >= coupon.minimumSubtotal {
            discount = subtotal * coupon.percentOff / 100
        }

        let taxable = subtotal - discount
        let tax = taxable * taxRate / (1 + taxRate) // prices are gross, tax is the included part
        let shipping: Decimal = taxable >= freeShippingThreshold ? 0 : (shippingQuote?.price ?? 4.95)
        let grandTotal = taxable + shipping

        DispatchQueue.main.async {
            let formatter = PriceFormatter.shared
            self.subtotalLabel.text = formatter.string(from: subtotal, currencyCode: self.currencyCode)
            self.discountLabel.text = discount > 0 ? "-" + formatter.string(from: discount, currencyCode: self.currencyCode) : nil
            self.taxLabel.text = "incl. VAT " + formatter.string(from: tax, currencyCode: self.currencyCode)
            self.shippingLabel.text = shipping == 0 ? "Free" : formatter.string(from: shipping, currencyCode: self.currencyCode)
            self.total = grandTotal
            self.checkoutButton.isEnabled = !self.items.isEmpty
        }
    }

    // MARK: - Networking

    func fetchShippingQuote() {
        guard let url = URL(string: "https://api.shoplegacy.example.com/v2/shipping/quote") else { return }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let payload: [String: Any] = [
            "country": Locale.current.regionCode ?? "DE",
            "items": items.map { ["product_id": $0.product.id, "quantity": $0.quantity] }
        ]
        request.httpBody = try? JSONSerialization.data(withJSONObject: payload, options: [])

        URLSession.shared.dataTask(with: request) { data, response, error in
            guard let data = data, error == nil else { return }
            self.shippingQuote = try? JSONDecoder().decode(ShippingQuote.self, from: data)
            if let quote = self.shippingQuote {
                self.shippingLabel.text = String(format: "%@ · %d–%d days",
                                                 quote.carrier, quote.estimatedDays, quote.estimatedDays + 2)
            }
            self.tableView.reloadData()
        }.resume()
    }

    @IBAction func applyCouponTapped(_ sender: UIButton) {
        guard let code = couponTextField.text?.trimmingCharacters(in: .whitespaces).uppercased(), !code.isEmpty else {
            return
        }
        couponTextField.resignFirstResponder()
        showLoading()
        APIClient.shared.validateCoupon(code: code) { [weak self] result in
            DispatchQueue.main.async {
                self?.hideLoading()
                switch result {
                case .success(let coupon):
                    self?.coupon = coupon
                    self?.recalculate()
                case .failure(let error):
                    self?.showError(error)
                }
            }
        }
    }

    // MARK: - Navigation

    @IBAction func checkoutTapped(_ sender: UIButton) {
        performSegue(withIdentifier: "ShowCheckout", sender: self)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        // Only one segue leaves this screen ("ShowCheckout").
        if let checkout = segue.destination as? CheckoutViewController {
            checkout.cartItems = items
            checkout.coupon = coupon
            checkout.onOrderPlaced = { [weak self] _ in
                CartStore.shared.clear()
                self?.navigationController?.popToRootViewController(animated: true)
            }
        }
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "CartItemCell", for: indexPath) as! CartItemCell
        let item = items[indexPath.row]
        cell.titleLabel.text = item.product.title
        cell.priceLabel.text = PriceFormatter.shared.string(from: item.lineTotal, currencyCode: item.product.currencyCode)
        cell.quantityLabel.text = "× \(item.quantity)"
        cell.stepper.value = Double(item.quantity)
        cell.stepper.maximumValue = Double(max(item.quantity, item.product.stock))
        cell.onQuantityChange = { quantity in
            CartStore.shared.setQuantity(quantity, forProductId: item.product.id)
        }
        return cell
    }

    // MARK: - UITableViewDelegate

    func tableView(_ tableView: UITableView,
                   commit editingStyle: UITableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        CartStore.shared.remove(productId: items[indexPath.row].product.id)
    }

    func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
        return "Remove"
    }
}
