import Foundation
import Testing
@testable import ViperPlannerKit

/// What a person reads first: the worst-screens table, its order and the totals at the top of the
/// text report.
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

    @Test func aCleanProjectSaysSoAndGivesTheTotalsOnce() throws {
        let result = try SampleGoldenTests.audit("PrecisionTraps")
        #expect(Reporter.render(result, format: .text) == """
        viper-planner 0.1.0 — 12 files, 531 code lines, 5 view controllers
        architecture: 5 MVC

        No screen has findings.
        0 critical, 0 high, 0 medium

        """)
    }
}
