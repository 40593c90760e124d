//
//  CheckoutViewController.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 30/05/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit
import Security

enum CheckoutValidationError: LocalizedError {
    case invalidName
    case invalidEmail
    case invalidPhone
    case invalidPostcode
    case invalidCardNumber
    case cardExpired
    case invalidCVV

    var errorDescription: String? {
        switch self {
        case .invalidName: return "Please enter your full name."
        case .invalidEmail: return "Please enter a valid email address."
        case .invalidPhone: return "Please enter a valid phone number."
        case .invalidPostcode: return "Please enter a valid postcode."
        case .invalidCardNumber: return "The card number is not valid."
        case .cardExpired: return "This card has expired."
        case .invalidCVV: return "The security code must have 3 or 4 digits."
        }
    }
}

final class CheckoutViewController: BaseViewController, UITextFieldDelegate {

    // MARK: - Outlets

    @IBOutlet weak var nameField: UITextField!
    @IBOutlet weak var emailField: UITextField!
    @IBOutlet weak var phoneField: UITextField!
    @IBOutlet weak var addressField: UITextField!
    @IBOutlet weak var postcodeField: UITextField!
    @IBOutlet weak var cardNumberField: UITextField!
    @IBOutlet weak var expiryField: UITextField!
    @IBOutlet weak var cvvField: UITextField!
    @IBOutlet weak var saveCardSwitch: UISwitch!
    @IBOutlet weak var expressShippingSwitch: UISwitch!
    @IBOutlet weak var subtotalLabel: UILabel!
    @IBOutlet weak var taxLabel: UILabel!
    @IBOutlet weak var totalLabel: UILabel!
    @IBOutlet weak var placeOrderButton: UIButton!

    // MARK: - Input

    var cartItems: [CartItem] = []
    var coupon: Coupon?
    var onOrderPlaced: ((Order) -> Void)?

    private let taxRate = Decimal(string: "0.19")!
    private let expressShippingFee = Decimal(string: "7.99")!
    private let keychainService = "com.shoplegacy.payment"

    private var currencyCode: String {
        return cartItems.first?.product.currencyCode ?? "EUR"
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Checkout"
        [nameField, emailField, phoneField, addressField, postcodeField, cardNumberField, expiryField, cvvField]
            .forEach { $0?.delegate = self }
        cardNumberField.keyboardType = .numberPad
        cvvField.isSecureTextEntry = true
        placeOrderButton.layer.cornerRadius = 8
        hideKeyboardWhenTappedAround()

        if loadSavedCardToken() != nil {
            cardNumberField.placeholder = "Saved card •••• (tap to replace)"
        }
        updateSummary()
    }

    // MARK: - Totals

    func computeTotals() -> (subtotal: Decimal, discount: Decimal, tax: Decimal, total: Decimal) {
        let subtotal = cartItems.reduce(Decimal(0)) { $0 + $1.product.price * Decimal($1.quantity) }
        var discount: Decimal = 0
        if let coupon = coupon, coupon.expiresAt > Date(), subtotal >= coupon.minimumSubtotal {
            discount = subtotal * coupon.percentOff / 100
        }
        let net = subtotal - discount
        let tax = net * taxRate
        var total = net + tax
        if expressShippingSwitch.isOn {
            total += expressShippingFee
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &total, 2, .plain)
        return (subtotal, discount, tax, rounded)
    }

    func updateSummary() {
        let totals = computeTotals()
        let formatter = PriceFormatter.shared
        var subtotalText = formatter.string(from: totals.subtotal, currencyCode: currencyCode)
        if totals.discount > 0 {
            subtotalText += " (−" + formatter.string(from: totals.discount, currencyCode: currencyCode) + ")"
        }
        subtotalLabel.text = subtotalText
        taxLabel.text = formatter.string(from: totals.tax, currencyCode: currencyCode)
        totalLabel.text = formatter.string(from: totals.total, currencyCode: currencyCode)
    }

    @IBAction func expressShippingChanged(_ sender: UISwitch) {
        updateSummary()
    }

    // MARK: - Validation

    func isValidEmail(_ email: String) -> Bool {
        let pattern = "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}"
        return NSPredicate(format: "SELF MATCHES %@", pattern).evaluate(with: email)
    }

    func isValidPhone(_ phone: String) -> Bool {
        let digits = phone.replacingOccurrences(of: "[\\s()-]", with: "", options: .regularExpression)
        return digits.range(of: "^\\+?[0-9]{7,15}$", options: .regularExpression) != nil
    }

    func isValidPostcode(_ postcode: String) -> Bool {
        // German and Austrian postcodes only for now. TODO: use the country picker once we ship to CH.
        guard let regex = try? NSRegularExpression(pattern: "^[0-9]{4,5}$") else { return false }
        let range = NSRange(postcode.startIndex..., in: postcode)
        return regex.firstMatch(in: postcode, options: [], range: range) != nil
    }

    /// Luhn check.
    func isValidCardNumber(_ number: String) -> Bool {
        let digits = number.compactMap { $0.wholeNumberValue }
        guard digits.count >= 13, digits.count <= 19 else { return false }
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    func isExpiryInFuture(_ text: String) -> Bool {
        let parts = text.split(separator: "/").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, (1...12).contains(parts[0]) else { return false }
        var components = DateComponents()
        components.year = parts[1] < 100 ? 2000 + parts[1] : parts[1]
        components.month = parts[0] + 1
        components.day = 1
        guard let firstDayAfterExpiry = Calendar.current.date(from: components) else { return false }
        return firstDayAfterExpiry > Date()
    }

    func validateForm() -> [CheckoutValidationError] {
        var errors: [CheckoutValidationError] = []
        let name = nameField.text ?? ""
        if name.split(separator: " ").count < 2 { errors.append(.invalidName) }
        if !isValidEmail(emailField.text ?? "") { errors.append(.invalidEmail) }
        if !isValidPhone(phoneField.text ?? "") { errors.append(.invalidPhone) }
        if !isValidPostcode(postcodeField.text ?? "") { errors.append(.invalidPostcode) }
        if loadSavedCardToken() == nil || !(cardNumberField.text ?? "").isEmpty {
            if !isValidCardNumber(cardNumberField.text ?? "") { errors.append(.invalidCardNumber) }
            if !isExpiryInFuture(expiryField.text ?? "") { errors.append(.cardExpired) }
            if !(3...4).contains((cvvField.text ?? "").count) { errors.append(.invalidCVV) }
        }
        return errors
    }

    // MARK: - Keychain

    func saveCardToken(_ token: String) {
        guard let data = token.data(using: .utf8) else { return }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: keychainService,
            kSecAttrAccount as String: "default-card"
        ]
        SecItemDelete(query as CFDictionary)

        var attributes = query
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status != errSecSuccess {
            print("Keychain save failed with status \(status)")
        }
    }

    func loadSavedCardToken() -> String? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: keychainService,
            kSecAttrAccount as String: "default-card",
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne
        ]
        var result: AnyObject?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
              let data = result as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }

    // MARK: - Placing the order

    @IBAction func placeOrderTapped(_ sender: UIButton) {
        view.endEditing(true)
        let errors = validateForm()
        guard errors.isEmpty else {
            let message = errors.compactMap { $0.errorDescription }.joined(separator: "\n")
            let alert = UIAlertController(title: "Please check your details", message: message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
            present(alert, animated: true, completion: nil)
            return
        }

        // The card number never leaves the device; the payment SDK gives us a token. (Stubbed in debug.)
        let paymentToken = loadSavedCardToken() ?? "tok_" + String((cardNumberField.text ?? "").suffix(4))
        if saveCardSwitch.isOn {
            saveCardToken(paymentToken)
        }

        let request = PlaceOrderRequest(
            lines: cartItems.map { PlaceOrderRequest.Line(productId: $0.product.id, quantity: $0.quantity) },
            couponCode: coupon?.code,
            shippingAddress: addressField.text ?? "",
            postcode: postcodeField.text ?? "",
            email: emailField.text ?? "",
            paymentToken: paymentToken
        )

        placeOrderButton.isEnabled = false
        showLoading(message: "Placing your order…")
        APIClient.shared.placeOrder(request) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.hideLoading()
                self.placeOrderButton.isEnabled = true
                switch result {
                case .success(let order):
                    self.showConfirmation(for: order)
                case .failure(let error):
                    self.showError(error)
                }
            }
        }
    }

    private func showConfirmation(for order: Order) {
        let alert = UIAlertController(title: "Thank you!",
                                      message: "Your order \(order.number) has been placed.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Done", style: .default) { [weak self] _ in
            self?.onOrderPlaced?(order)
        })
        present(alert, animated: true, completion: nil)
    }

    // MARK: - UITextFieldDelegate

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        let fields: [UITextField] = [nameField, emailField, phoneField, addressField, postcodeField,
                                     cardNumberField, expiryField, cvvField]
        if let index = fields.firstIndex(of: textField), index + 1 < fields.count {
            fields[index + 1].becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return true
    }

    func textField(_ textField: UITextField,
                   shouldChangeCharactersIn range: NSRange,
                   replacementString string: String) -> Bool {
        guard textField == cardNumberField else { return true }
        // Group card digits in blocks of four while typing.
        let current = (textField.text ?? "") as NSString
        let updated = current.replacingCharacters(in: range, with: string)
        let digits = updated.filter { $0.isNumber }
        guard digits.count <= 19 else { return false }
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && index % 4 == 0 { grouped.append(" ") }
            grouped.append(character)
        }
        textField.text = grouped
        return false
    }
}
