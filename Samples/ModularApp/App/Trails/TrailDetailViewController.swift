import UIKit
import TrailKit

/// One trail: its numbers, a favourite switch and a rating.
final class TrailDetailViewController: UIViewController {
    private let trail: Trail
    private let summaryLabel = UILabel()
    private let favouriteSwitch = UISwitch()

    init(trail: Trail) {
        self.trail = trail
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = trail.name
        let hours = trail.lengthKm / 4 + Double(trail.elevationGain) / 600
        summaryLabel.text = String(format: "%.1f km, %d m up, about %.1f h", trail.lengthKm, trail.elevationGain, hours)
        favouriteSwitch.isOn = TrailStore.shared.isFavourite(trail.id)
        favouriteSwitch.addTarget(self, action: #selector(favouriteChanged), for: .valueChanged)
    }

    @objc func favouriteChanged() {
        TrailStore.shared.toggleFavourite(trail.id)
    }

    @objc func rateTapped() {
        TrailService.shared.rate(trail: trail.id, stars: 5) { error in
            if error == nil { self.title = "Thanks!" }
        }
    }
}
