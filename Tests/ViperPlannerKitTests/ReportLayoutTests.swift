import Foundation
import Testing
@testable import ViperPlannerKit

/// What a person reads first: the worst-screens table, its order and the totals at the top of the
/// text report, `--summary`, and a Markdown report that always fits a pull-request comment.
struct ReportLayoutTests {
    static func shopLegacy() throws -> AuditResult { try SampleGoldenTests.audit("ShopLegacy") }

    @Test func theTextReportOpensWithTheWorstScreensTheirOrderAndTheTotals() throws {
        let report = Reporter.render(try Self.shopLegacy(), format: .text, options: ReportOptions(displayRoot: "Samples/ShopLegacy"))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(8)) == [
            "viper-planner 0.1.0 — 36 files, 3152 code lines, 18 view controllers",
            "architecture: 18 MVC",
            "",
            "screen                        score  lines  families                                                         worst",
            "ProductDetailViewController      60    281  networking, persistence, formatting, navigation, business logic  🔴 Critical",
            "CartViewController               53    164  networking, persistence, formatting, navigation, business logic  🔴 Critical",
            "CardScannerViewController        19     34  persistence, formatting                                          🔴 Critical",
            "ProductListViewController        84    741  networking, persistence, formatting, navigation, business logic  🟡 High",
        ])
        #expect(lines[14] == "Top 10 of 15 screens with findings, sorted by worst severity, then god-VC score (0–100), then name.")
        #expect(lines[15] == "5 critical, 98 high, 48 medium")
        #expect(lines[17] == "🔴 ProductDetailViewController  score 60/100  worst: Critical")
        #expect(lines.suffix(2) == ["5 critical, 98 high, 48 medium", ""])
    }

    /// Severity first: a screen with a Critical finding is never listed below one whose worst is High.
    @Test func noScreenIsListedBelowALessSevereOne() throws {
        let ranks = try Self.shopLegacy().viewControllerSummaries().compactMap { $0.worst?.rank }
        #expect(ranks == ranks.sorted())
        #expect(ranks.first == 0 && ranks.last == 2)
    }

    @Test func summaryPrintsOnlyTheTableItsOrderAndTheTotals() throws {
        var request = AuditRequest(scan: ScanRequest(path: SampleGoldenTests.packageRoot.appendingPathComponent("Samples/ShopLegacy").path, noCache: true))
        request.summary = true
        let report = try #require(try Commands.audit(request).report)
        #expect(report == """
        screen                        score  lines  families                                                         worst
        ProductDetailViewController      60    281  networking, persistence, formatting, navigation, business logic  🔴 Critical
        CartViewController               53    164  networking, persistence, formatting, navigation, business logic  🔴 Critical
        CardScannerViewController        19     34  persistence, formatting                                          🔴 Critical
        ProductListViewController        84    741  networking, persistence, formatting, navigation, business logic  🟡 High
        OrderHistoryViewController       49    130  networking, persistence, formatting, navigation, business logic  🟡 High
        CheckoutViewController           48    222  networking, persistence, formatting, business logic              🟡 High
        ProfileViewController            45    177  networking, persistence, formatting, navigation                  🟡 High
        PromotionsBaseViewController     36     42  networking, persistence, formatting, business logic              🟡 High
        CouponsViewController            35     27  persistence, formatting, navigation, business logic              🟡 High
        EditAccountViewController        29     77  networking, persistence, navigation                              🟡 High
        Top 10 of 15 screens with findings, sorted by worst severity, then god-VC score (0–100), then name.
        5 critical, 98 high, 48 medium

        """)
    }

    @Test func summaryOfACleanProjectSaysSoAndGivesTheTotals() throws {
        let result = try SampleGoldenTests.audit("PrecisionTraps")
        #expect(Reporter.render(result, format: .text, options: ReportOptions(summaryOnly: true))
                == "No screen has findings.\n0 critical, 0 high, 0 medium\n")
        #expect(Reporter.render(result, format: .text) == """
        viper-planner 0.1.0 — 12 files, 531 code lines, 5 view controllers
        architecture: 5 MVC

        No screen has findings.
        0 critical, 0 high, 0 medium

        """)
    }

    /// A stored full report is never handed out for `--summary`, nor the summary for a full run.
    @Test func theReportCacheKeepsTheSummaryApartFromTheFullReport() throws {
        try TemporaryFolder.with("summary-cache") { cache in
            let root = SampleGoldenTests.packageRoot.appendingPathComponent("Samples/VIPERModules/HalfMigrated").path
            var request = AuditRequest(scan: ScanRequest(path: root, quiet: true, cachePath: cache))
            let full = try Commands.audit(request).report
            request.summary = true
            let summary = try Commands.audit(request).report
            #expect(summary == "screen                score  lines  families    worst\n"
                    + "OrdersViewController     14     87  formatting  🟡 High\n"
                    + "1 screen with findings, sorted by worst severity, then god-VC score (0–100), then name.\n"
                    + "3 critical, 16 high, 3 medium\n")
            request.summary = false
            #expect(try Commands.audit(request).report == full)
            #expect(full?.hasPrefix("viper-planner 0.1.0") == true)
        }
    }

    /// Only the text report has a summary: the other formats are read by tools, which want every finding.
    @Test func summaryWithAnotherFormatIsRefused() throws {
        let root = SampleGoldenTests.packageRoot.appendingPathComponent("Samples/PrecisionTraps").path
        for format in OutputFormat.allCases where format != .text {
            var request = AuditRequest(scan: ScanRequest(path: root, noCache: true), format: format)
            request.summary = true
            #expect { try Commands.audit(request) } throws: { ($0 as? CommandError)?.description == "--summary applies to --format text only" }
        }
    }

    @Test func theMarkdownReportOfTheSampleIsWholeAndFitsAComment() throws {
        let report = Reporter.render(try Self.shopLegacy(), format: .markdown, options: ReportOptions(displayRoot: "Samples/ShopLegacy"))
        #expect(report.utf16.count == 30076)
        #expect(!report.contains("not shown"))
        #expect(report.components(separatedBy: "<details>").count - 1 == 15)
        #expect(report.components(separatedBy: "</details>").count - 1 == 15)
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines[1] == "36 files · 3152 code lines · 18 view controllers · 🔴 5 critical · 🟡 98 high · 🟢 48 medium")
        #expect(lines[6] == "| `ProductDetailViewController` | 60 | 281 | networking, persistence, formatting, navigation, business logic | 🔴 Critical |")
        #expect(lines[16] == "Top 10 of 15 screens with findings, sorted by worst severity, then god-VC score (0–100), then name.")
        #expect(lines[17] == "## Critical findings")
        #expect(lines[18] == "- `Cart/CartViewController.swift:90` `strong-self-in-stored-closure` — Closure kept in a Combine subscription stored in self's cancellables captures self strongly: CartViewController → closure → CartViewController is a retain cycle")
    }

    /// 400 screens of 10 findings: 638,943 UTF-16 code units whole, cut after a whole block.
    @Test func aLargeMarkdownReportIsCutAtABlockAndSaysWhatItLeftOut() {
        let report = MarkdownReporter.render(Self.synthetic(screens: 400, findings: 10))
        #expect(report.utf16.count <= 60_000)
        #expect(report.utf16.count == 59261)
        #expect(MarkdownReporter.render(Self.synthetic(screens: 400, findings: 10), limit: .max).utf16.count == 638_943)
        let blocks = report.components(separatedBy: "<details>").count - 1
        #expect(blocks == report.components(separatedBy: "</details>").count - 1)
        #expect(blocks == 37)
        #expect(report.hasSuffix("</details>\n\n_363 more screens with 3630 findings not shown, to keep this comment "
                                 + "under GitHub's size limit: `viper-planner audit App --format text` lists every finding._\n"))
    }

    /// Emoji are two UTF-16 code units, as GitHub counts them: the cut holds at any limit.
    @Test func theCutHoldsAtAnyLimit() {
        let input = Self.synthetic(screens: 60, findings: 7, critical: 2)
        let whole = MarkdownReporter.render(input, limit: .max)
        for limit in stride(from: 8_000, through: whole.utf16.count + 10, by: 997) {
            let report = MarkdownReporter.render(input, limit: limit)
            #expect(report.utf16.count <= limit, "limit \(limit)")
            #expect(report.hasSuffix("</details>\n\n") || report.hasSuffix("lists every finding._\n"))
        }
        #expect(MarkdownReporter.render(input, limit: whole.utf16.count) == whole)
    }

    @Test func theCriticalListStopsAtItsShareAndCountsTheRest() {
        let report = MarkdownReporter.render(Self.synthetic(screens: 1_000, findings: 1, critical: 1))
        #expect(report.utf16.count <= 60_000)
        let listed = report.components(separatedBy: "\n- `Screens/").count - 1
        #expect(listed == 137)
        #expect(report.contains("\n- _… and \(1_000 - listed) more critical findings: `viper-planner audit App --format text` lists them all._\n\n## Findings by type\n"))
    }

    @Test func aBlockListsAtMostFortyFindings() {
        let block = MarkdownReporter.details(Self.synthetic(screens: 1, findings: 100).sections[0], root: "My App")
        #expect(block.hasPrefix("<details><summary>🟡 <code>Screen0ViewController</code> (score 50/100, 300 lines) — 100 findings: 100 high</summary>\n\n"
                                + "- 🟡 `Screens/Screen0ViewController.swift:10` `vc-networking` — Screen0ViewController.load0() does networking itself: APIClient.fetch (1 site)\n"))
        #expect(block.components(separatedBy: "\n- 🟡 ").count - 1 == 40)
        #expect(block.hasSuffix("- _… and 60 more: `viper-planner audit 'My App' --format text` lists them all._\n\n</details>\n\n"))
    }

    @Test func theNoteCountsScreensAndOtherTypesApart() {
        var sections = Self.synthetic(screens: 2, findings: 3).sections
        sections.append(MarkdownReporter.Section(name: "CartInteractor", detail: "interactor", isScreen: false, findings: sections[0].findings))
        #expect(MarkdownReporter.note(sections[...], root: ".") == "_2 more screens and 1 other type with 9 findings not shown, to keep this comment "
                + "under GitHub's size limit: `viper-planner audit . --format text` lists every finding._\n")
        #expect(MarkdownReporter.note(sections[2...], root: ".").hasPrefix("_1 more other type with 3 findings not shown"))
    }

    /// `Array<Item>` outside a code span would be read as an HTML tag and dropped.
    @Test func aMessageStaysOneLineAndKeepsItsAngleBrackets() {
        #expect(MarkdownReporter.inline("returns Array<Item>\nvia `Box<T>`") == "returns Array&lt;Item> via `Box<T>`")
        #expect(MarkdownReporter.escaped("Box<T> & more") == "Box&lt;T&gt; &amp; more")
    }

    static func finding(_ rule: RuleDescription, severity: Severity, type: String, line: Int, message: String) -> Finding {
        var f = Finding(rule: rule, severity: severity, type: type, member: nil, file: "Screens/\(type).swift",
                        position: SourcePosition(line: line, column: 5), message: message, fix: "Move it.")
        f.fingerprint = FindingFingerprint.make(rule: rule.id, type: type, member: nil, discriminator: "\(line)")
        return f
    }

    /// `count` screens of `findings` findings each (the first `critical` of each Critical), in table order.
    static func synthetic(screens count: Int, findings: Int, critical: Int = 0) -> MarkdownReporter.Input {
        let sections = (0..<count).map { i -> MarkdownReporter.Section in
            let name = "Screen\(i)ViewController"
            let list = (0..<findings).map { n in
                finding(VCNetworkingRule.description, severity: n < critical ? .critical : .high, type: name, line: 10 + n,
                        message: "\(name).load\(n)() does networking itself: APIClient.fetch (1 site)")
            }
            return MarkdownReporter.Section(name: name, detail: "score 50/100, 300 lines", isScreen: true, findings: list)
        }
        let rows = sections.map { ScreenRow(name: $0.name, score: 50, lines: 300, families: ["networking"], worst: $0.findings[0].severity) }
        return MarkdownReporter.Input(headline: "# viper-planner audit\n\n", rows: rows, sections: sections, root: "App")
    }
}
