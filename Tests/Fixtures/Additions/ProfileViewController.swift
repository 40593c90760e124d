import Foundation
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

/// A screen added after the plan was written, keeping its own settings: one new finding
/// (`vc-persistence`) that the plan does not track.
final class ProfileViewController: UIViewController {
    private var nickname = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        nickname = UserDefaults.standard.string(forKey: "nickname") ?? ""
    }
}
