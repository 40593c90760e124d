//
//  SelectItemViewController.swift
//  ShopLegacy
//
//  One list picker for every kind of item.
//

import UIKit

final class SelectItemViewController<T: CustomStringConvertible>: UITableViewController {

    let items: [T]
    var onSelect: ((T) -> Void)?

    init(items: [T], title: String) {
        self.items = items
        super.init(style: .insetGrouped)
        self.title = title
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
        navigationItem.prompt = String(format: "%d choices", items.count)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row].description
        let last = UserDefaults.standard.string(forKey: "selectItem.\(title ?? "")")
        cell.accessoryType = last == items[indexPath.row].description ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let item = items[indexPath.row]
        UserDefaults.standard.set(item.description, forKey: "selectItem.\(title ?? "")")
        onSelect?(item)
        navigationController?.popViewController(animated: true)
    }
}
