//
//  AddressBookViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// The user's saved addresses; choosing one unwinds to the account screen.
class AddressBookViewController: UITableViewController {

    var userID = 0
    private(set) var selectedAddress: String?
    private var addresses: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        addresses = UserDefaults.standard.stringArray(forKey: "addresses.\(userID)") ?? []
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        addresses.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "AddressCell", for: indexPath)
        cell.textLabel?.text = addresses[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selectedAddress = addresses[indexPath.row]
        UserDefaults.standard.set(selectedAddress, forKey: "addresses.\(userID).default")
        performSegue(withIdentifier: "unwindToAccount", sender: self)
    }

    @IBAction func cancelTapped(_ sender: Any) {
        navigationController?.popViewController(animated: true)
    }
}
