import Foundation

/// Favourites and the last region, kept in UserDefaults.
public final class TrailStore {
    public static let shared = TrailStore()
    private let defaults = UserDefaults.standard

    public var lastRegion: String {
        get { defaults.string(forKey: "trails.lastRegion") ?? "alps" }
        set { defaults.set(newValue, forKey: "trails.lastRegion") }
    }

    public func isFavourite(_ id: Int) -> Bool {
        (defaults.array(forKey: "trails.favourites") as? [Int] ?? []).contains(id)
    }

    public func toggleFavourite(_ id: Int) {
        var ids = defaults.array(forKey: "trails.favourites") as? [Int] ?? []
        if let index = ids.firstIndex(of: id) { ids.remove(at: index) } else { ids.append(id) }
        defaults.set(ids, forKey: "trails.favourites")
    }
}
