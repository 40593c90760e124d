import Foundation
import Testing
@testable import ViperPlannerKit

/// Unused methods: what storyboards, nibs and Objective-C call counts as a call, and the plan
/// deletes what nothing calls instead of moving it.
struct UnusedMemberTests {
    static let screen = """
    import UIKit
    final class AuthViewController: UIViewController {
        @IBOutlet var emailField: UITextField!
        let client = AuthClient()
        @IBAction func requestCode() {
            client.requestCode(email: emailField.text ?? "") { _ in }
        }
        @IBAction func requestCodeQuietly() {
            sendQuietly()
        }
        private func sendQuietly() {
            client.requestCode(email: emailField.text ?? "") { _ in }
            URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume()
        }
        private func legacyReset() {
            print("reset")
        }
    }
    final class AuthClient {
        func requestCode(email: String, completion: @escaping (Error?) -> Void) {
            URLSession.shared.dataTask(with: URL(string: "https://example.com/code")!).resume()
        }
    }
    """

    static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
        <connections>
            <action selector="requestCode" destination="BYZ-38-t0r" eventType="touchUpInside" id="a1"/>
        </connections>
    </document>
    """

    func audit(_ files: [String: String]) throws -> AuditResult {
        try TemporaryFolder.with("unused") { root in
            for (path, text) in files {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return try Auditor.audit(root: root, configuration: Configuration())
        }
    }

    func unused(_ result: AuditResult) -> [String] {
        result.findings.filter { $0.rule == UnusedMemberRule.id }.compactMap(\.member).sorted()
    }

    @Test func anActionNoStoryboardConnectsIsUnusedWithWhatOnlyItCalls() throws {
        let result = try audit(["App/AuthViewController.swift": Self.screen, "App/Base.lproj/Main.storyboard": Self.storyboard])
        #expect(unused(result) == ["legacyReset()", "requestCodeQuietly()", "sendQuietly()"])
        let quiet = try #require(result.findings.first { $0.member == "sendQuietly()" && $0.rule == UnusedMemberRule.id })
        #expect(quiet.message == "`sendQuietly()` is never called: only `requestCodeQuietly()`, itself unused, calls it (no Swift code, Objective-C file, storyboard or nib names it)")
    }

    @Test func withoutAStoryboardOrNibNoActionIsUnused() throws {
        #expect(unused(try audit(["App/AuthViewController.swift": Self.screen])) == ["legacyReset()"])
    }

    @Test func anObjectiveCSendIsACall() throws {
        let result = try audit(["App/AuthViewController.swift": Self.screen, "App/Base.lproj/Main.storyboard": Self.storyboard,
                                "App/Legacy.m": "[self.auth requestCodeQuietly];\n"])
        #expect(unused(result) == ["legacyReset()"])
    }

    /// Objective-C sees no `private` Swift method that is not `@objc`: a `.m` file naming
    /// `legacyReset` (another class's method of that name) calls no private one.
    @Test func anObjectiveCNameCallsNoPrivateSwiftMethod() throws {
        let result = try audit(["App/AuthViewController.swift": Self.screen, "App/Legacy.m": "[self.form legacyReset];\n"])
        #expect(unused(result) == ["legacyReset()"])
    }

    /// The report cache reads the storyboards too: a disconnected action is a new report.
    @Test func anEditedStoryboardIsANewReport() throws {
        try TemporaryFolder.with("unused-cache") { base in
            let root = base + "/project"
            func write(_ path: String, _ text: String) throws {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try write("App/AuthViewController.swift", Self.screen)
            // Both actions connected, then only one.
            try write("App/Main.storyboard", Self.storyboard.replacingOccurrences(of: "id=\"a1\"/>", with: "id=\"a1\"/><action selector=\"requestCodeQuietly\" id=\"a2\"/>"))
            let cache = FactCache(directory: URL(fileURLWithPath: base + "/cache"), toolVersion: "1.0", configuration: Configuration())
            func report() throws -> ReportOutcome {
                try Auditor.report(root: root, configuration: Configuration(), cache: cache, format: .json, options: ReportOptions())
            }
            let first = try report()
            #expect(try report().fromReportCache)
            #expect(!first.report.report.contains("`requestCodeQuietly()` is never called"))
            try write("App/Main.storyboard", Self.storyboard)
            let edited = try report()
            #expect(!edited.fromReportCache)
            #expect(edited.report.report.contains("`requestCodeQuietly()` is never called"))
        }
    }

    @Test func thePlanDeletesWhatNothingCallsAndMovesTheRest() throws {
        let result = try audit(["App/AuthViewController.swift": Self.screen, "App/Base.lproj/Main.storyboard": Self.storyboard])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-01-01")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("AuthViewController") })
        let deletions = feature.tasks.filter { $0.rule == UnusedMemberRule.id }
        #expect(deletions.map(\.category) == [.C, .C, .C])
        #expect(deletions.map(\.title).sorted() == ["Delete unused `legacyReset()` of AuthViewController",
                                                     "Delete unused `requestCodeQuietly()` of AuthViewController",
                                                     "Delete unused `sendQuietly()` of AuthViewController"])
        #expect(deletions.first { $0.member == "sendQuietly()" }?.estimatedLines == 4)
        #expect(deletions.first { $0.member == "sendQuietly()" }?.fix.hasPrefix("Delete `sendQuietly()` (4 code lines) in a pull request") == true)
        #expect(UnusedMemberRule.deletedLines(Finding(rule: UnusedMemberRule.description, type: "A", member: "f()", file: "A.swift",
                                                      position: SourcePosition(line: 1, column: 1), message: "",
                                                      fix: "Delete `f()` (1 code line) in a pull request")) == 1)
        // They are the screen's first PR, ahead of every move.
        #expect(feature.slices.first?.title == "Delete 3 unused methods in AuthViewController", "\(feature.slices.map(\.title))")
        #expect(feature.slices.first?.taskIDs.count == 3)
        // No other task moves a method the plan deletes.
        let moved = feature.tasks.filter { $0.rule != UnusedMemberRule.id }.flatMap(\.moves).map(\.name)
        #expect(!moved.contains("sendQuietly()") && !moved.contains("requestCodeQuietly()"), "\(moved)")
        #expect(moved.contains("requestCode()"), "\(moved)")
        let module = try #require(feature.modules.first)
        #expect(module.lineSplit.contains("deleted (unused) 10 ("), "\(module.lineSplit)")
    }
}
