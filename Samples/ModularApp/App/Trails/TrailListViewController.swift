import UIKit
import TrailKit

/// The region's trails, longest first, with favourites on top.
final class TrailListViewController: UITableViewController {
    private var trails: [Trail] = []
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = TrailStore.shared.lastRegion.capitalized
        reload()
    }

    func reload() {
        let region = TrailStore.shared.lastRegion
        TrailService.shared.fetchTrails(region: region) { [weak self] result in
            DispatchQueue.main.async {
                guard let self else { return }
                switch result {
                case .success(let trails):
                    let favourites = trails.filter { TrailStore.shared.isFavourite($0.id) }
                    let others = trails.filter { !TrailStore.shared.isFavourite($0.id) }
                    self.trails = favourites + others.sorted { $0.lengthKm > $1.lengthKm }
                    self.tableView.reloadData()
                case .failure(let error):
                    self.showError(error)
                }
            }
        }
    }

    func showError(_ error: Error) {
        let alert = UIAlertController(title: "Trails", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        trails.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Trail", for: indexPath)
        let trail = trails[indexPath.row]
        cell.textLabel?.text = trail.name
        cell.detailTextLabel?.text = String(format: "%.1f km · updated %@", trail.lengthKm, formatter.string(from: trail.updatedAt))
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = TrailDetailViewController(trail: trails[indexPath.row])
        navigationController?.pushViewController(detail, animated: true)
    }
}
