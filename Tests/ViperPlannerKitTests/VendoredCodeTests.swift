import Foundation
import Testing
@testable import ViperPlannerKit

/// Vendored folders are read for what they resolve and reported on only with `include_vendored`.
struct VendoredCodeTests {
    /// A pod's HTTP client, a pod's own screen with a finding of its own, and two project screens
    /// of two features that call the client.
    static let sources: [(path: String, code: String)] = [
        ("Pods/NetKit/HTTPClient.swift", """
        public final class HTTPClient {
            public static let shared = HTTPClient()
            public func get(_ path: String, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: URL(string: path)!) { data, _, _ in completion(data) }.resume()
            }
        }
        """),
        ("Pods/NetKit/PodSettingsViewController.swift", """
        final class PodSettingsViewController: UIViewController {
            func save() { UserDefaults.standard.set(true, forKey: "pod") }
        }
        """),
        ("App/Feed/FeedViewController.swift", """
        final class FeedViewController: UIViewController {
            func load() { HTTPClient.shared.get("/feed") { _ in } }
        }
        """),
        ("App/Profile/ProfileViewController.swift", """
        final class ProfileViewController: UIViewController {
            func load() { HTTPClient.shared.get("/me") { _ in } }
        }
        """),
    ]
    static let projectFiles = ["App/Feed/FeedViewController.swift", "App/Profile/ProfileViewController.swift"]

    @Test func discoveryFlagsVendoredFoldersAndSkipsBuildFolders() throws {
        try TemporaryFolder.with("vendored") { root in
            let vendored = ["Pods/A.swift", "Local Pods/B.swift", "Carthage/Checkouts/C.swift", "Vendor/D.swift",
                            "Vendors/E.swift", "vendor/F.swift", "ThirdParty/G.swift", "Third Party/H.swift",
                            "SourcePackages/checkouts/lib/I.swift", "Libs/checkouts/J.swift"]
            let skipped = ["DerivedData/X.swift", "node_modules/pkg/Y.swift", "refactoring/Z.swift", "Pods/Lib/Tests/T.swift"]
            for path in vendored + skipped + ["App/Main.swift"] {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("class X {}".utf8).write(to: url)
            }
            let discovered = try Discovery.discover(root: root, configuration: Configuration())
            #expect(Set(discovered.sources.map(\.path)) == Set(vendored + ["App/Main.swift"]))
            #expect(discovered.sources.filter(\.isVendored).map(\.path).sorted() == vendored.sorted())
            #expect(discovered.testFiles.isEmpty)
            #expect(vendored.allSatisfy(Discovery.isVendored) && !Discovery.isVendored(path: "App/Pods.swift"))
        }
    }

    @Test func vendoredCodeResolvesCallsButGetsNoFindingsScreensOrTasks() {
        let result = Auditor.audit(sources: Self.sources)
        #expect(result.findings.allSatisfy { Self.projectFiles.contains($0.file) })
        // The pod's client still makes the project screens networking.
        #expect(result.findings.filter { $0.rule == "vc-networking" }.map(\.file) == Self.projectFiles)
        #expect(result.profiles.values.flatMap(\.files).sorted() == Self.projectFiles)
        #expect(result.summary.files == 2 && result.summary.viewControllers == 2)
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let files = (plan.features.flatMap(\.tasks) + plan.crossCutting.tasks).map(\.file)
        #expect(!files.isEmpty && !files.contains { $0.hasPrefix("Pods/") })
    }

    @Test func includeVendoredAuditsThemLikeProjectCode() {
        var configuration = Configuration()
        configuration.includeVendored = true
        let result = Auditor.audit(sources: Self.sources, configuration: configuration)
        #expect(result.findings.contains { $0.file == "Pods/NetKit/PodSettingsViewController.swift" && $0.rule == "vc-persistence" })
        #expect(result.summary.files == 4 && result.summary.viewControllers == 3)
        let plan = Planner.plan(result, configuration: configuration, date: "2026-01-01")
        #expect(plan.features.flatMap(\.tasks).contains { $0.file == "Pods/NetKit/PodSettingsViewController.swift" })
        // The client shared by two features is cross-cutting work once vendored code is the project's.
        #expect(plan.crossCutting.tasks.contains { $0.file == "Pods/NetKit/HTTPClient.swift" })
    }

    /// On disk: the flag set by discovery reaches the audit (and the report cache keys on the key).
    @Test func onDiskAuditLeavesPodsOutUnlessConfigured() throws {
        try TemporaryFolder.with("vendored-disk") { root in
            for (path, code) in Self.sources {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(code.utf8).write(to: url)
            }
            let plain = try Auditor.audit(root: root, configuration: Configuration())
            #expect(plain.files.count == 4 && plain.unreported.count == 2)
            #expect(plain.findings.allSatisfy { !$0.file.hasPrefix("Pods/") } && !plain.findings.isEmpty)
            var configuration = Configuration()
            configuration.includeVendored = true
            let all = try Auditor.audit(root: root, configuration: configuration)
            #expect(all.unreported.isEmpty && all.findings.contains { $0.file.hasPrefix("Pods/") })
            #expect(configuration.cacheFingerprint != Configuration().cacheFingerprint)
        }
    }
}
