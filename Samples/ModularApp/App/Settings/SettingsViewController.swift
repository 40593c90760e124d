import UIKit
import TrailKit

/// The region picker.
final class SettingsViewController: UITableViewController {
    let regions = ["alps", "dolomites", "pyrenees", "tatras"]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        regions.count
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        TrailStore.shared.lastRegion = regions[indexPath.row]
        navigationController?.popViewController(animated: true)
    }
}
