//
//  ReceiptViewController.swift
//  PrecisionTraps
//
//  TRAPS — mentioning a type is not using it:
//  - `import Alamofire` without a single Alamofire call (left over from an old networking layer);
//  - `DateFormatter` appears only in a parameter list and in a closure type. The date-style
//    picker lives in the DesignSystem binary framework and does its own formatting; display
//    strings arrive ready-made in ReceiptViewModel.
//  Expected: no vc-networking, no vc-formatting.
//

import UIKit
import Alamofire
import DesignSystem

struct ReceiptViewModel {
    let title: String
    let dateText: String
    let totalText: String
    let lines: [(name: String, amount: String)]
}

final class ReceiptViewController: UIViewController, UITableViewDataSource, DateStylePickerDelegate {

    @IBOutlet private var tableView: UITableView!
    @IBOutlet private var dateLabel: UILabel!
    @IBOutlet private var totalLabel: UILabel!
    @IBOutlet private var stylePicker: DateStylePickerView!

    var viewModel: ReceiptViewModel? {
        didSet {
            if isViewLoaded { render() }
        }
    }

    /// The owner rebuilds the view model when the user picks another date style.
    var onDateStyleChange: ((DateFormatter.Style) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        stylePicker.delegate = self
        render()
    }

    private func render() {
        title = viewModel?.title
        dateLabel.text = viewModel?.dateText
        totalLabel.text = viewModel?.totalText
        tableView.reloadData()
    }

    // MARK: - DateStylePickerDelegate

    func dateStylePicker(_ picker: DateStylePickerView,
                         didSelect style: DateFormatter.Style,
                         previewFormatter: DateFormatter) {
        onDateStyleChange?(style)
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return viewModel?.lines.count ?? 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ReceiptLineCell")
            ?? UITableViewCell(style: .value1, reuseIdentifier: "ReceiptLineCell")
        let line = viewModel?.lines[indexPath.row]
        cell.textLabel?.text = line?.name
        cell.detailTextLabel?.text = line?.amount
        return cell
    }
}
