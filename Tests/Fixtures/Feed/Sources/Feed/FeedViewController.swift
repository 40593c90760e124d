import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

/// A screen that loads its own data: the audit reports its networking (`vc-networking`).
final class FeedViewController: UIViewController {
    private var titles: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        load()
    }

    private func load() {
        let url = URL(string: "https://example.com/feed.json")!
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let data else { return }
            DispatchQueue.main.async { self?.titles = [String(decoding: data, as: UTF8.self)] }
        }.resume()
    }
}
