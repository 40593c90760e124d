//
//  CategoryPickerViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 03/04/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

protocol CategoryPickerDelegate: AnyObject {
    func categoryPicker(_ picker: CategoryPickerViewController, didSelect category: ProductCategory?)
}

/// Presented modally from the catalog through the "ShowCategoryPicker" segue.
class CategoryPickerViewController: UITableViewController {

    weak var delegate: CategoryPickerDelegate?

    var categories: [ProductCategory] = []
    var selectedCategoryId: Int?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Categories"
        clearsSelectionOnViewWillAppear = false
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done,
                                                            target: self,
                                                            action: #selector(doneTapped))
    }

    @objc private func doneTapped() {
        dismiss(animated: true, completion: nil)
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return categories.count + 1
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "CategoryCell", for: indexPath)
        if indexPath.row == 0 {
            cell.textLabel?.text = "All categories"
            cell.detailTextLabel?.text = nil
            cell.accessoryType = selectedCategoryId == nil ? .checkmark : .none
        } else {
            let category = categories[indexPath.row - 1]
            cell.textLabel?.text = category.name
            cell.detailTextLabel?.text = "\(category.productCount)"
            cell.accessoryType = category.id == selectedCategoryId ? .checkmark : .none
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let category = indexPath.row == 0 ? nil : categories[indexPath.row - 1]
        selectedCategoryId = category?.id
        tableView.reloadData()
        delegate?.categoryPicker(self, didSelect: category)
    }
}
