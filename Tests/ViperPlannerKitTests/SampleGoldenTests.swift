import Foundation
import Testing
@testable import ViperPlannerKit

/// Golden audit reports of the Samples. After a deliberate change: `make goldens`, then review `git diff Tests/`.
struct SampleGoldenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let samples = ["ShopLegacy", "NewsReader", "PrecisionTraps", "VIPERModules/Clean", "VIPERModules/HalfMigrated",
                          "VIPERModules/SwiftUIClean", "VIPERModules/SwiftUIViolating"]

    static func audit(_ sample: String) throws -> AuditResult {
        try Auditor.audit(root: packageRoot.appendingPathComponent("Samples/" + sample).path, configuration: Configuration())
    }

    /// The JSON report carries every finding of every sample; the text, SARIF and Markdown layouts
    /// add nothing per sample beyond their format, so one sample (the richest) pins each of them.
    static func goldenFormats(_ sample: String) -> [OutputFormat] { sample == "ShopLegacy" ? [.text, .json, .sarif, .markdown] : [.json] }

    @Test("The audit reports match their goldens", arguments: samples)
    func goldens(sample: String) throws {
        let result = try Self.audit(sample)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let options = ReportOptions(color: false, displayRoot: "Samples/" + sample)
        for format in Self.goldenFormats(sample) {
            let rendered = Reporter.render(result, format: format, options: options)
            let name = sample.replacingOccurrences(of: "/", with: "-") + "." + (format == .text ? "txt" : format == .markdown ? "md" : format.rawValue)
            let url = Self.packageRoot.appendingPathComponent("Tests/ViperPlannerKitTests/Goldens/" + name)
            if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
                try Data(rendered.utf8).write(to: url)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(rendered == golden, "\(name) differs from its golden; regenerate with `make goldens` and review the diff")
        }
    }

    @Test func outputIsDeterministic() throws {
        let a = Reporter.render(try Self.audit("ShopLegacy"), format: .json)
        let b = Reporter.render(try Self.audit("ShopLegacy"), format: .json)
        #expect(a == b)
    }

    @Test func cleanVIPERModuleHasZeroFindings() throws {
        let result = try Self.audit("VIPERModules/Clean")
        #expect(result.files.count >= 6)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.rule) \($0.file):\($0.line) \($0.message)" })")
    }

    @Test func cleanSwiftUIModuleHasZeroFindings() throws {
        let result = try Self.audit("VIPERModules/SwiftUIClean")
        #expect(result.files.count >= 8)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.rule) \($0.file):\($0.line) \($0.message)" })")
    }

    /// Each SwiftUI-style rule fires in the violating twin exactly on the lines marked `// breaks: RULE-ID`.
    @Test func violatingSwiftUIModuleBreaksEachRuleWhereMarked() throws {
        let root = Self.packageRoot.appendingPathComponent("Samples/VIPERModules/SwiftUIViolating")
        let result = try Self.audit("VIPERModules/SwiftUIViolating")
        var marked: Set<String> = []
        for facts in result.files {
            let text = try String(contentsOf: root.appendingPathComponent(facts.path), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "// breaks: ") else { continue }
                let rule = line[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
                marked.insert("\(rule) \(facts.path):\(n + 1)")
            }
        }
        let swiftUIRules: Set<String> = ["presenter-not-main-actor", "observable-object-presenter", "interactor-not-concurrency-safe",
                                         "entity-not-sendable", "view-owns-business-state", "combine-in-module",
                                         "imperative-navigation", "presenter-is-view", "entity-reaches-view"]
        var fired: Set<String> = []
        for finding in result.findings where swiftUIRules.contains(finding.rule) {
            fired.insert("\(finding.rule) \(finding.file):\(finding.line)")
            for evidence in finding.evidence { fired.insert("\(finding.rule) \(evidence.file):\(evidence.line)") }
        }
        #expect(fired == marked)
        #expect(Set(result.findings.map(\.rule)).isSuperset(of: swiftUIRules))
    }

    @Test func precisionTrapsHaveNoFamilyFindings() throws {
        let result = try Self.audit("PrecisionTraps")
        #expect(result.findings.filter { $0.family != nil }.isEmpty, "\(result.findings.map { "\($0.rule) \($0.file):\($0.line)" })")
    }

    @Test func godViewControllerOverSeveralFilesIsOneTypeWithItsWholeChain() throws {
        let result = try Self.audit("ShopLegacy")
        let reports = result.typeReports()
        let list = try #require(reports.first { $0.name == "ProductListViewController" })
        #expect(list.role == "viewController")
        #expect(list.inheritance == ["BaseListViewController", "BaseViewController", "UIViewController"])
        #expect(list.file == "Catalog/ProductListViewController.swift")
        #expect(list.extensionFiles.count >= 2)
        #expect(Set(list.families) == Set(Family.allCases))
        let god = try #require(result.findings.first { $0.rule == "vc-god" && $0.type == "ProductListViewController" })
        // 741 lines: a god with every family, but under the 1000 lines that make it a migration blocker.
        #expect(god.severity == .high)
        #expect(reports.filter { $0.name == "ProductListViewController" }.count == 1)
    }
}
