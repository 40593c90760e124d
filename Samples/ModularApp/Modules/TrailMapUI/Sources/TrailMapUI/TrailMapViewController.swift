import UIKit
import TrailKit

public protocol TrailMapDelegate: AnyObject {
    func trailMap(_ controller: TrailMapViewController, didPick trail: Trail)
}

/// The module's own screen: a map of a region's trails.
public final class TrailMapViewController: UIViewController {
    public var delegate: TrailMapDelegate?
    public var region: String!
    private var trails: [Trail] = []

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = region.capitalized
        TrailService.shared.fetchTrails(region: region) { result in
            if case .success(let trails) = result {
                self.trails = trails.sorted { $0.lengthKm < $1.lengthKm }
                self.view.setNeedsLayout()
            }
        }
    }

    func pick(_ trail: Trail) {
        delegate?.trailMap(self, didPick: trail)
    }
}
