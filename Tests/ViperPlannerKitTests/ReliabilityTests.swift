import Foundation
import Testing
@testable import ViperPlannerKit

/// Never hang, never crash: inputs the parser is exponentially slow on are skipped before
/// parsing, any other slow parse is cut off by the per-file budget, and the run still reports.
@Suite(.serialized) struct ReliabilityTests {
    static func depthReason(_ depth: Int) -> String {
        "`[` nested \(depth) deep (over \(BracketScan.maximumDepth): too slow for the Swift parser)"
    }

    // MARK: The time budget

    @Test func supervisedMapGivesAnOverdueItemItsTimeoutValueAndReturnsOnTime() {
        let start = DispatchTime.now().uptimeNanoseconds
        let results = parallelMap(count: 6, jobs: 2, timeout: 0.2, onTimeout: { -$0 }) { i -> Int in
            if i == 1 || i == 4 { Thread.sleep(forTimeInterval: 3) }   // never waited for
            return i * 10
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(results == [0, -1, 20, 30, -4, 50])
        #expect(seconds < 1.5, "took \(seconds) s")
    }

    @Test func supervisedMapWithoutOverdueItemsIsAPlainMap() {
        let results = parallelMap(count: 100, jobs: 3, timeout: 30, onTimeout: { _ in -1 }) { $0 * $0 }
        #expect(results == (0..<100).map { $0 * $0 })
        #expect(parallelMap(count: 3, jobs: 2, timeout: 1e30, onTimeout: { _ in -1 }) { $0 } == [0, 1, 2])
        #expect(parallelMap(count: 0, jobs: 2, timeout: 1, onTimeout: { $0 }) { $0 }.isEmpty)
    }

    /// A file just under the depth limit still parses slowly in a debug build (seconds): with a
    /// budget of a fraction of that it is skipped, the rest audited, and the report not cached.
    @Test func aParseOverTheBudgetIsSkippedAndTheRunGoesOn() throws {
        let project = try TemporaryProject("budget")
        defer { project.remove() }
        try project.write("Profile/ProfileViewController.swift", HostileInput.viewController)
        try project.write("Slow.swift", HostileInput.type(BracketScan.maximumDepth))
        var configuration = Configuration()
        configuration.fileTimeout = 0.25
        let cache = FactCache(directory: URL(fileURLWithPath: project.root + "/.cache"), toolVersion: "test", configuration: configuration)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try Auditor.report(root: project.root, configuration: configuration, jobs: 2, cache: cache, format: .json,
                                         options: ReportOptions(displayRoot: "app"))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(seconds < 2, "took \(seconds) s")
        #expect(outcome.report.warnings == ["warning: Slow.swift: parse took longer than 0.25 s; skipped"])
        let report = try JSONReport(outcome.report.report)
        #expect(report.files == 1 && report.typeNames == ["ProfileViewController"])
        #expect(report.skipped["Slow.swift"]?.reason == "parse took longer than 0.25 s")
        #expect(report.skipped["Slow.swift"]?.line == nil)
        // A faster run may parse the file: this report is not reused.
        let again = try Auditor.report(root: project.root, configuration: configuration, jobs: 2, cache: cache, format: .json,
                                       options: ReportOptions(displayRoot: "app"))
        #expect(!again.fromReportCache)
    }

    @Test func secondsAreWrittenAsPeopleWriteThem() {
        #expect(Auditor.secondsText(10) == "10")
        #expect(Auditor.secondsText(0.5) == "0.5")
    }

    @Test func theTimeBudgetChangesNoCacheKey() {
        var budget = Configuration()
        budget.fileTimeout = 3
        #expect(budget.cacheFingerprint == Configuration().cacheFingerprint)
        var other = Configuration()
        other.maxFileBytes = 1
        #expect(other.cacheFingerprint != Configuration().cacheFingerprint)
    }

    // MARK: The pre-scan in the pipeline

    @Test func deepBracketFilesAreSkippedWithLineAndListedInTheJSONReport() throws {
        let project = try TemporaryProject("deep")
        defer { project.remove() }
        try project.write("Profile/ProfileViewController.swift", HostileInput.viewController)
        try project.write("Fixtures/Table.swift", "// a generated-looking table\n\n" + HostileInput.literal(40))
        let result = try Auditor.audit(root: project.root, configuration: Configuration())
        #expect(result.files.map(\.path) == ["Profile/ProfileViewController.swift"])
        #expect(result.warnings.map(\.description) == ["warning: Fixtures/Table.swift:3: \(Self.depthReason(40)); skipped"])
        let report = try JSONReport(Reporter.render(result, format: .json))
        #expect(report.skipped.count == 1)
        #expect(report.skipped["Fixtures/Table.swift"]?.line == 3)
        #expect(report.skipped["Fixtures/Table.swift"]?.reason == Self.depthReason(40))
        #expect(report.typeNames == ["ProfileViewController"])
    }

    /// The skipped list is left out when nothing was skipped (the Samples' goldens have none),
    /// and lists every kind of skipped file otherwise.
    @Test func theSkippedListHoldsEveryKindOfSkippedFile() throws {
        let project = try TemporaryProject("skipped")
        defer { project.remove() }
        try project.write("A.swift", "class A {}\n")
        #expect(try JSONReport(Reporter.render(try Auditor.audit(root: project.root, configuration: Configuration()), format: .json)).skipped.isEmpty)
        #expect(!Reporter.render(try Auditor.audit(root: project.root, configuration: Configuration()), format: .json).contains("\"skipped\""))
        try project.write("Binary.swift", HostileInput.binary)
        try project.write("Gen.swift", "// Generated using SwiftGen\nenum L10n {}\n")
        try project.write("Broken.swift", "class B { func f( {\n")
        let report = try JSONReport(Reporter.render(try Auditor.audit(root: project.root, configuration: Configuration()), format: .json))
        #expect(report.skipped.mapValues(\.reason) == ["Binary.swift": "binary file (contains NUL bytes)", "Gen.swift": "generated file"])
        #expect(report.files == 2)   // a partially parsed file is audited, not skipped
    }

    // MARK: plan and update

    @Test func planAndUpdateSkipTheFileAndWriteThePlan() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try Data(HostileInput.unclosed(40).utf8).write(to: URL(fileURLWithPath: box.root + "/Core/HalfTyped.swift"))
        let audit = try Auditor.audit(root: box.root, configuration: Configuration())
        #expect(audit.warnings.map(\.description) == ["warning: Core/HalfTyped.swift:1: \(Self.depthReason(40)); skipped"])
        try box.makePlan(date: "2026-11-21")
        let readme = try box.read("README.md")
        #expect(readme.contains("ProductListViewController"))
        let update = try box.update(date: "2026-11-22")
        #expect(update.resolved.isEmpty && update.regressed.isEmpty && update.new.isEmpty)
    }

    @Test func planAndUpdateCommandsWarnAndWriteThePlan() throws {
        let project = try TemporaryProject("plan-cli")
        defer { project.remove() }
        try project.write("Profile/ProfileViewController.swift", HostileInput.viewController)
        try project.write("Types.swift", HostileInput.type(40))
        let warning = "warning: Types.swift:1: \(Self.depthReason(40)); skipped"
        let plan = try ToolProcess.run(["plan", project.root, "--no-cache", "--date", "2026-11-21"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.split(separator: "\n").map(String.init) == [warning])
        #expect(FileManager.default.fileExists(atPath: project.root + "/refactoring/README.md"))
        #expect(try String(contentsOfFile: project.root + "/refactoring/README.md", encoding: .utf8).contains("ProfileViewController"))
        let update = try ToolProcess.run(["update", project.root, "--no-cache", "--date", "2026-11-22"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.split(separator: "\n").map(String.init) == [warning])
        #expect(update.stdout.contains("0 resolved, 0 regressed, 0 new"))
    }

    // MARK: The command line

    /// A parse that would run for seconds does not hold the command: it reports at the budget
    /// and exits while the abandoned parse is still running.
    @Test func theCommandExitsAtTheBudgetWithoutWaitingForTheParse() throws {
        let project = try TemporaryProject("cli-budget")
        defer { project.remove() }
        try project.write("Profile/ProfileViewController.swift", HostileInput.viewController)
        try project.write("Slow.swift", HostileInput.type(BracketScan.maximumDepth))
        let run = try ToolProcess.run(["audit", project.root, "--format", "json", "--no-cache", "--file-timeout", "0.3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.seconds < 2.5, "took \(run.seconds) s")
        #expect(run.stderr == "warning: Slow.swift: parse took longer than 0.3 s; skipped\n")
        #expect(try JSONReport(run.stdout).skipped["Slow.swift"]?.reason == "parse took longer than 0.3 s")
    }

    @Test func aBadFileTimeoutIsABadArgumentAndAHugeOneNoLimit() throws {
        let project = try TemporaryProject("cli-args")
        defer { project.remove() }
        try project.write("A.swift", "class A {}\n")
        for value in ["0", "-1", "soon", "inf", "nan"] {
            let run = try ToolProcess.run(["audit", project.root, "--file-timeout", value])
            #expect(run.status == 64, "\(value): \(run.stderr)")
        }
        let huge = try ToolProcess.run(["audit", project.root, "--file-timeout", "1e30", "--no-cache"])
        #expect(huge.status == 0 && huge.stderr.isEmpty, "\(huge.stderr)")
    }

    /// Issue 17's "done when": one normal view controller beside the hostile inputs reports in
    /// time; the view controller is audited, every other file audited or skipped with its reason.
    @Test func hostileProjectReportsInTime() throws {
        let project = try TemporaryProject("hostile")
        defer { project.remove() }
        try project.write("Profile/ProfileViewController.swift", HostileInput.viewController)
        try project.write("Literal40.swift", HostileInput.literal(40))
        try project.write("Type40.swift", HostileInput.type(40))
        try project.write("Unclosed40.swift", HostileInput.unclosed(40))
        try project.write("Parentheses10000.swift", HostileInput.parentheses(10_000))
        try project.write("LongString.swift", HostileInput.longString(bytes: 2 << 20))
        try project.write("Binary.swift", HostileInput.binary)
        // A debug build parses ~50× slower than a release build (where this takes ~1 s): with a
        // budget of 4 s per file the run stays under 10 s on a loaded machine too.
        let run = try ToolProcess.run(["audit", project.root, "--format", "json", "--no-cache", "--file-timeout", "4"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.seconds < 10, "took \(run.seconds) s")
        let report = try JSONReport(run.stdout)
        #expect(report.typeNames == ["ProfileViewController"])
        var skipped = report.skipped.mapValues(\.reason)
        // Parsed in time here, or skipped for the time it took: either is an answer.
        for file in ["Parentheses10000.swift", "LongString.swift"] where skipped[file] != nil {
            #expect(skipped.removeValue(forKey: file) == "parse took longer than 4 s")
        }
        #expect(skipped == [
            "Literal40.swift": Self.depthReason(40), "Type40.swift": Self.depthReason(40), "Unclosed40.swift": Self.depthReason(40),
            "Binary.swift": "binary file (contains NUL bytes)",
        ])
        #expect(report.skipped["Type40.swift"]?.line == 1)
        #expect(report.files + report.skipped.count == 7)
    }
}
