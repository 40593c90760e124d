import Foundation
import Testing
@testable import ViperPlannerKit

/// Golden `refactoring/` trees of the Samples. After a deliberate change: `make goldens`, then review `git diff Tests/`.
struct PlanningGoldenTests {
    static let date = "2026-11-21"

    static func plan(_ sample: String, configuration: Configuration = Configuration()) throws -> Plan {
        Planner.plan(try SampleGoldenTests.audit(sample), configuration: configuration, date: date)
    }

    static func files(_ sample: String, configuration: Configuration = Configuration()) throws -> [String: String] {
        try PlanRenderer().render(plan(sample, configuration: configuration))
    }

    @Test("The whole refactoring/ tree matches its golden", arguments: SampleGoldenTests.samples)
    func goldenTree(sample: String) throws {
        let rendered = try Self.files(sample)
        let folder = SampleGoldenTests.packageRoot.appendingPathComponent(
            "Tests/ViperPlannerKitTests/Goldens/plan-" + sample.replacingOccurrences(of: "/", with: "-"))
        let fm = FileManager.default
        if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
            try? fm.removeItem(at: folder)
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in rendered { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            return
        }
        let onDisk = try fm.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(onDisk == rendered.keys.sorted(), "the set of plan files changed")
        for name in rendered.keys.sorted() {
            let golden = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(rendered[name] == golden, "plan-\(sample)/\(name) differs from its golden; regenerate with `make goldens` and review the diff")
        }
    }

    @Test func planIsByteIdenticalAcrossRuns() throws {
        #expect(try Self.files("NewsReader") == Self.files("NewsReader"))
    }

    @Test func emptyProjectGivesAPlanSayingSo() throws {
        let result = Auditor.audit(sources: [("Model.swift", "struct Item { let id: Int }")])
        let files = try PlanRenderer().render(Planner.plan(result, configuration: Configuration(), date: Self.date))
        #expect(files.keys.sorted() == [".state.json", "README.md", "cross-cutting.md", "discovered.md", "progress.svg"])
        #expect(files["README.md"]!.contains("No view controllers were found"))
    }
}
