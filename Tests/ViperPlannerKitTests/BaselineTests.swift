import Foundation
import Testing
@testable import ViperPlannerKit

/// `audit --write-baseline FILE` and `audit --baseline FILE`: CI that fails on new findings only,
/// without a plan.
@Suite(.serialized) struct BaselineTests {
    let project: TemporaryProject
    var baseline: String { project.root + "/baseline.json" }

    static let feed = "class FeedViewController: UIViewController {\n  var product: Product!\n  func save() { UserDefaults.standard.set(1, forKey: \"k\") }\n}\n"
    static let cart = "class CartViewController: UIViewController {\n  func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }\n}\n"

    init() throws {
        project = try TemporaryProject("baseline")
        try project.write("App/FeedViewController.swift", Self.feed)
    }

    func audit(baseline: String? = nil, write: String? = nil, failOn: Severity? = nil, format: OutputFormat = .json) throws -> AuditOutcome {
        try Commands.audit(AuditRequest(scan: ScanRequest(path: project.root, noCache: true), format: format, failOn: failOn,
                                        baseline: baseline, writeBaseline: write))
    }

    func findings(_ outcome: AuditOutcome) throws -> [(rule: String, type: String, fingerprint: String)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data((outcome.report ?? "").utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]]).map {
            ($0["rule"] as? String ?? "", $0["type"] as? String ?? "", $0["fingerprint"] as? String ?? "")
        }
    }

    @Test func theBaselineHoldsEveryCurrentFindingAndHidesThem() throws {
        let written = try audit(write: baseline)
        let all = try findings(written)
        #expect(all.map(\.rule) == ["force-unwrapped-dependency", "vc-persistence"])
        // The file: its schema, the tool, and each finding's fingerprint with what a reviewer needs.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["tool"] as? [String: String])?["name"] == ToolInfo.name)
        let entries = try #require(object["findings"] as? [[String: String]])
        #expect(entries.map { $0["fingerprint"] } == all.map(\.fingerprint))
        #expect(entries.map { $0["file"] } == ["App/FeedViewController.swift", "App/FeedViewController.swift"])
        #expect(entries.map { $0["type"] } == ["FeedViewController", "FeedViewController"])
        #expect(entries[1]["member"] == "save()")
        #expect(try Baseline.fingerprints(atPath: baseline) == Set(all.map(\.fingerprint)))

        #expect(try findings(audit(baseline: baseline)).isEmpty)
        try project.write("App/CartViewController.swift", Self.cart)
        let fresh = try audit(baseline: baseline)
        #expect(try findings(fresh).map { "\($0.rule) \($0.type)" } == ["vc-networking CartViewController"])
        #expect(fresh.exitCode == 0)
    }

    @Test func failOnCountsOnlyTheFindingsAfterTheBaseline() throws {
        _ = try audit(write: baseline)
        #expect(try audit(baseline: baseline, failOn: .medium, format: .text).exitCode == 0)
        #expect(try audit(failOn: .medium, format: .text).exitCode == 2)
        try project.write("App/CartViewController.swift", Self.cart)
        #expect(try audit(baseline: baseline, failOn: .high, format: .text).exitCode == 2)
        #expect(try audit(baseline: baseline, failOn: .critical, format: .text).exitCode == 0)
    }

    @Test func aMissingOrForeignBaselineIsAnErrorAndNothingIsWritten() throws {
        func message(_ path: String) -> String {
            do { _ = try audit(baseline: path); return "no error" } catch { return "\(error)" }
        }
        #expect(message(project.root + "/none.json") == "\(project.root)/none.json: no such baseline file (write one with `audit --write-baseline`)")
        for text in ["", "not json", "{\"findings\": 3}", "[\"abc\"]"] {
            try project.write("bad.json", text)
            #expect(message(project.root + "/bad.json") == "\(project.root)/bad.json: not a viper-planner baseline (write one with `audit --write-baseline`)")
        }
        try project.write("future.json", "{\"schemaVersion\": 2, \"tool\": {\"name\": \"viper-planner\", \"version\": \"9\"}, \"findings\": []}")
        #expect(message(project.root + "/future.json") == "\(project.root)/future.json: baseline schemaVersion 2 is not supported (this version reads 1)")
        do { _ = try audit(write: project.root + "/missing/baseline.json"); Issue.record("no error") } catch {
            #expect("\(error)".hasPrefix("\(project.root)/missing/baseline.json: cannot write the baseline ("))
        }
    }
}
