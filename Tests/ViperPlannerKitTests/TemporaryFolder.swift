import Foundation

/// The one way tests make temporary folders: a fresh folder under the temporary directory,
/// removed with everything in it when the last reference goes (a test suite holds it in a stored
/// property, so it lives as long as the test) or when `with` returns.
final class TemporaryFolder: @unchecked Sendable {
    let path: String
    var url: URL { URL(fileURLWithPath: path) }

    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vp-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Runs `body` with a new folder and removes the folder afterwards.
    static func with<T>(_ label: String, _ body: (String) throws -> T) throws -> T {
        let folder = try TemporaryFolder(label)
        return try withExtendedLifetime(folder) { try body(folder.path) }
    }
}
