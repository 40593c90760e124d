import Foundation
import Testing
@testable import ViperPlannerKit

/// `excluded:`/`included:` choose what is reported and planned; every other Swift file is still
/// parsed and indexed, so the screens that stay are judged exactly as before. `analysis_excluded:`
/// is what is never read. Samples/ModularApp: iOS screens under `App/` that call a networking
/// service and a store of the app's own SwiftPM package under `Modules/`, a module screen there,
/// and an AppKit-only screen under `App/Mac/`.
struct ReportScopeTests {
    static let root = SampleGoldenTests.packageRoot.appendingPathComponent("Samples/ModularApp").path

    static func audit(_ yaml: String) throws -> AuditResult {
        try Auditor.audit(root: root, configuration: Configuration.parse(yaml, file: "c.yml"))
    }

    /// Each screen kept: its families, score and worst severity.
    static func screens(_ result: AuditResult) -> [String: String] {
        Dictionary(uniqueKeysWithValues: result.viewControllerSummaries().map { vc in
            (vc.name, "\(vc.profile.families.map(\.rawValue).joined(separator: ",")) \(vc.profile.score) \(vc.worst?.label ?? "-")")
        })
    }

    @Test func excludingTheAppsOwnModulesLeavesTheRemainingScreensUnchanged() throws {
        let all = try Self.audit("")
        let kept = try Self.audit("excluded: [Modules]")
        let outside = { (file: String) in file.hasPrefix("Modules/") }
        // Same findings on the kept files, evidence and severities included.
        #expect(kept.findings == all.findings.filter { !outside($0.file) })
        #expect(kept.findings.count == 13 && all.findings.count == 17)
        #expect(kept.findings.filter { $0.severity == .high }.count == 9)
        var allScreens = Self.screens(all)
        allScreens["TrailMapViewController"] = nil
        #expect(Self.screens(kept) == allScreens)
        #expect(Self.screens(kept)["TrailDetailViewController"] == "networking,persistence,formatting 26 High")
        #expect(kept.profiles.values.allSatisfy { $0.unresolvedTypes.isEmpty })
        // Still in the index (the calls resolve), out of the report and the plan.
        #expect(kept.index.exactType("TrailService") != nil && kept.summary.files == 3 && kept.files.count == 9)
        #expect(kept.unreported.filter(outside).count == 5)
        #expect(kept.typeReports().allSatisfy { !outside($0.file) })
        let plan = Planner.plan(kept, configuration: try Configuration.parse("excluded: [Modules]", file: "c.yml"), date: "2026-11-21")
        #expect(plan.taskFiles.flatMap(\.tasks).allSatisfy { !outside($0.file) })
        #expect(!plan.taskFiles.flatMap(\.tasks).isEmpty)
    }

    @Test func includedChoosesTheReportedFilesTheSameWay() throws {
        let all = try Self.audit("")
        let app = try Self.audit("included: [App]")
        #expect(app.findings == all.findings.filter { $0.file.hasPrefix("App/") })
        #expect(Self.screens(app)["TrailListViewController"] == Self.screens(all)["TrailListViewController"])
    }

    /// The old meaning of `excluded:` (never read): the screens lose what the module does for them.
    @Test func analysisExcludedFoldersAreNeverRead() throws {
        let result = try Self.audit("analysis_excluded: [Modules]")
        #expect(result.files.allSatisfy { !$0.path.hasPrefix("Modules/") })
        #expect(result.index.exactType("TrailService") == nil)
        // The service it cannot see still hands `rateTapped()`'s completion an error: the strong
        // capture there is the same High finding as with the module read.
        #expect(Self.screens(result)["TrailDetailViewController"] == "formatting 10 High")
        let detail = try #require(result.viewControllerSummaries().first { $0.name == "TrailDetailViewController" })
        #expect(detail.profile.unresolvedTypes.map(\.name).sorted() == ["TrailService", "TrailStore"])
    }

    @Test func appKitScreensAreIndexedButNotReportedUnlessMacOSIsAPlatform() throws {
        let mac = "App/Mac/TrailsSidebarViewController.swift"
        let ios = try Self.audit("")
        #expect(ios.unreported == [mac] && ios.files.contains { $0.path == mac })
        #expect(!ios.findings.contains { $0.file == mac } && ios.macOSFiles.isEmpty)
        for yaml in ["platforms: [ios, macos]", "appkit: true"] {
            let both = try Self.audit(yaml)
            #expect(both.unreported.isEmpty && both.macOSFiles == [mac], "\(yaml)")
            #expect(Self.screens(both)["TrailsSidebarViewController"] == "networking,persistence,businessLogic 26 High", "\(yaml)")
        }
    }

    /// `platforms: [ios, macos]`: AppKit screens are audited under their own heading and planned in
    /// features of their own, which the dashboard's Next-up queue leaves out.
    @Test func appKitScreensHaveTheirOwnHeadingAndNeverJoinNextUp() throws {
        let configuration = try Configuration.parse("platforms: [ios, macos]", file: "c.yml")
        let result = try Auditor.audit(root: Self.root, configuration: configuration)
        let text = Reporter.render(result, format: .text, options: ReportOptions())
        let heading = try #require(text.range(of: "\nmacOS (AppKit)\n"))
        #expect(text[heading.upperBound...].contains("TrailsSidebarViewController  score 26/100"))
        // The worst-screens table at the top lists every screen; the details put AppKit ones after the heading.
        #expect(!text[..<heading.lowerBound].contains("TrailsSidebarViewController  score") && text[..<heading.lowerBound].contains("TrailListViewController  score"))

        let markdown = Reporter.render(result, format: .markdown, options: ReportOptions())
        let macHeading = try #require(markdown.range(of: "## macOS (AppKit)\n\n<details>"))
        #expect(markdown[macHeading.upperBound...].contains("TrailsSidebarViewController")
                && !markdown[markdown.range(of: "## Findings by type")!.lowerBound..<macHeading.lowerBound].contains("TrailsSidebarViewController"))

        let plan = Planner.plan(result, configuration: configuration, date: "2026-11-21")
        #expect(plan.features.map { "\($0.name) \($0.slug)" }.contains("Mac (macOS) mac-macos"))
        let files = try PlanRenderer().render(plan)
        let docs = files.filter { $0.key.hasSuffix(".md") && $0.key != "README.md" }.mapValues { PlanDocument(parsing: $0) }
        let queue = Dashboard.nextUp(docs, limit: 100)
        #expect(queue.count >= 3 && !queue.contains { $0.file == "mac-macos.md" })
        #expect(Dashboard.summarize(docs, attention: []).next.contains { $0.file == "mac-macos.md" })
        #expect(try #require(files["README.md"]).contains("| Mac (macOS) | [mac-macos.md](mac-macos.md) | 6 | 0 | Planned |"))
    }

    @Test func platformsTakeKnownNamesWithIOSAmongThem() throws {
        func message(_ yaml: String) -> String? {
            do { _ = try Configuration.parse(yaml, file: "c.yml"); return nil } catch { return "\(error)" }
        }
        #expect(try Configuration.parse("platforms: [macos, iOS]", file: "c.yml").platforms == [.ios, .macos])
        #expect(Configuration().platforms == [.ios] && !Configuration().appkit)
        #expect(message("platforms: [ios, android]\n") == "c.yml:1: 'platforms' takes ios and macos (got 'android')")
        #expect(message("platforms: [macos]\n")
                == "c.yml:1: 'platforms' must include ios: AppKit screens are planned beside the UIKit ones, never alone")
        #expect(message("analysis_excluded: {a: 1}\n") == "c.yml:1: 'analysis_excluded' must be a list of strings")
    }
}
