import AppKit
import TrailKit

/// The desktop companion's sidebar: the favourite trails of the last region (AppKit only).
final class TrailsSidebarViewController: NSViewController {
    var delegate: TrailsSidebarDelegate?
    private var trails: [Trail] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        TrailService.shared.fetchTrails(region: TrailStore.shared.lastRegion) { result in
            if case .success(let trails) = result {
                self.trails = trails.filter { TrailStore.shared.isFavourite($0.id) }
            }
        }
    }
}

protocol TrailsSidebarDelegate: AnyObject {
    func sidebar(_ sidebar: TrailsSidebarViewController, didSelect trail: Trail)
}
