import Foundation
import Testing
@testable import ViperPlannerKit

/// What a person reads first: the worst-screens table, its order and the totals at the top of the
/// text report, and `--summary`.
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
}
