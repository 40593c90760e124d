import Foundation
import Testing
@testable import ViperPlannerKit

/// The stat memo skips hashing files whose stamp has not moved, and never hides an edit: a file
/// rewritten with the same size and modification time still changes its change time.
struct StatMemoTests {
    let folder: TemporaryFolder
    let root: String
    let cacheDirectory: URL
    let feed = "Feed/FeedViewController.swift"

    init() throws {
        folder = try TemporaryFolder("stat-memo")
        root = folder.path + "/project"
        cacheDirectory = URL(fileURLWithPath: folder.path + "/cache")
        try write(feed, """
            import UIKit

            final class FeedViewController: UIViewController {
                func load() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume()
                }
            }
            """)
        try write("Feed/FeedCell.swift", "import UIKit\n\nfinal class FeedCell: UITableViewCell {}\n")
        // A stamp is trusted once the file's change time (which cannot be set back) is older
        // than `StatMemo.settle`.
        Thread.sleep(forTimeInterval: Double(StatMemo.settle) / 1e9 + 0.2)
    }

    static let old = Date(timeIntervalSinceNow: -3600)

    /// Writes the file and dates its modification an hour back.
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Self.old], ofItemAtPath: url.path)
    }

    var cache: FactCache { FactCache(directory: cacheDirectory, toolVersion: "1.0", configuration: Configuration()) }
    func json(_ result: AuditResult) -> String { Reporter.render(result, format: .json) }

    @Test func unchangedFilesKeepTheirKeysUnread() throws {
        _ = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)
        let memo = StatMemo(cache: cache, root: root)
        let bytes = try #require(FileManager.default.contents(atPath: root + "/" + feed))
        let known = memo.key(path: feed, stamp: StatMemo.stamp(root + "/" + feed))
        #expect(known == cache.key(for: Array(bytes), path: feed))
        let warm = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)
        #expect(warm.cacheHits == 2)
        #expect(json(warm) == json(try Auditor.audit(root: root, configuration: Configuration())))
    }

    @Test func anEditWithTheSameSizeAndDateIsStillSeen() throws {
        let before = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)
        #expect(json(before).contains("load()"))
        _ = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)   // the memo is written
        // The member's name is in the findings only through the facts (the evidence line is the call).
        let text = try String(contentsOfFile: root + "/" + feed, encoding: .utf8)
        try write(feed, text.replacingOccurrences(of: "func load()", with: "func lode()"))
        let after = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)
        #expect(json(after) == json(try Auditor.audit(root: root, configuration: Configuration())))
        #expect(json(after).contains("lode()") && !json(after).contains("load()"))
    }

    @Test func aFreshlyWrittenFileIsNotTrusted() throws {
        try Data("final class Fresh {}\n".utf8).write(to: URL(fileURLWithPath: root + "/Fresh.swift"))
        _ = try Auditor.audit(root: root, configuration: Configuration(), cache: cache)
        let memo = StatMemo(cache: cache, root: root)
        #expect(memo.key(path: "Fresh.swift", stamp: StatMemo.stamp(root + "/Fresh.swift")) == nil)
        #expect(memo.key(path: feed, stamp: StatMemo.stamp(root + "/" + feed)) != nil)
    }
}
