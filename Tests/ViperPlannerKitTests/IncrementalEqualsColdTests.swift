import Foundation
import Testing
@testable import ViperPlannerKit

/// A run that reuses what earlier runs kept (cached facts, a stored report, a report reused for
/// unchanged facts) gives what a cold run gives, after every kind of change to the project.
struct IncrementalEqualsColdTests {
    static let changes = ["code edit", "comment", "add file", "delete file", "rename file", "configuration"]

    /// Applies one change to the sandboxed NewsReader.
    static func change(_ kind: String, in box: Sandbox) throws {
        let comments = box.root + "/Comments/CommentsViewController.swift"
        switch kind {
        case "code edit":
            try box.editSource("Comments/CommentsViewController.swift", "override func viewDidLoad() {",
                               "func reloadComments() { URLSession.shared.dataTask(with: URL(string: \"https://example.com\")!).resume() }\n\n    override func viewDidLoad() {")
        case "comment":
            try Data((try String(contentsOfFile: comments, encoding: .utf8) + "// reviewed\n").utf8).write(to: URL(fileURLWithPath: comments))
        case "add file":
            try box.addSource("Feed/FeedFormatter.swift", "import Foundation\n\nstruct FeedFormatter {\n    func title(_ text: String) -> String { text.uppercased() }\n}\n")
        case "delete file": try FileManager.default.removeItem(atPath: box.root + "/Feed/ArticleCell.swift")
        case "rename file": try FileManager.default.moveItem(atPath: comments, toPath: box.root + "/Comments/CommentsScreen.swift")
        default: try Data("thresholds:\n  review: 40\n".utf8).write(to: URL(fileURLWithPath: box.root + "/" + Configuration.fileName))
        }
    }

    @Test("update from the fact cache writes what a cold update writes", arguments: changes)
    func cachedUpdateEqualsCold(change: String) throws {
        let box = try Sandbox(sample: "NewsReader")
        let cache = box.folder.path + "/cache"
        func request(cached: Bool, write: Bool, date: String) -> PlanRequest {
            PlanRequest(scan: ScanRequest(path: box.root, quiet: true, cachePath: cached ? cache : nil, noCache: !cached), date: date, dryRun: !write)
        }
        _ = try Commands.plan(request(cached: true, write: true, date: "2026-11-20"))
        try Self.change(change, in: box)
        let cold = try #require(try Commands.update(request(cached: false, write: false, date: "2026-11-21")).update)
        let warm = try #require(try Commands.update(request(cached: true, write: false, date: "2026-11-21")).update)
        #expect(warm.files == cold.files)
        #expect(!cold.files.isEmpty)   // the scan line moves to the new date at least
    }

    @Test("audit from the fact cache and stored reports reports what a cold audit reports", arguments: changes)
    func cachedAuditEqualsCold(change: String) throws {
        let box = try Sandbox(sample: "NewsReader")
        func report(cached: Bool) throws -> String {
            let scan = ScanRequest(path: box.root, quiet: true, cachePath: box.folder.path + "/cache", noCache: !cached)
            let configuration = try scan.loadConfiguration()
            return try Auditor.report(root: box.root, configuration: configuration, cache: scan.factCache(configuration),
                                      format: .json, options: ReportOptions()).report.report
        }
        let before = try report(cached: true)
        #expect(try report(cached: true) == before)   // the stored report
        try Self.change(change, in: box)
        let cold = try report(cached: false)
        #expect(try report(cached: true) == cold)
        #expect(try report(cached: true) == cold)   // and the report stored after the change
        #expect((cold == before) == (change == "comment"))
    }
}
