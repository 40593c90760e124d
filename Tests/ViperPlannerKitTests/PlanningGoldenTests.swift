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
        try GoldenFolder.check(rendered, folder: "plan-" + sample.replacingOccurrences(of: "/", with: "-"))
    }

    /// The Swift 6 + SwiftUI plan of the richest sample (`plan --target swiftui`).
    @Test func swiftUIGoldenTree() throws {
        var configuration = Configuration()
        configuration.target = .swiftui
        try GoldenFolder.check(try Self.files("ShopLegacy", configuration: configuration), folder: "plan-ShopLegacy-swiftui")
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

/// A folder of golden files, one per output file: rewritten with `VIPER_PLANNER_UPDATE_GOLDENS=1`
/// (`make goldens`), otherwise compared file by file, the set of names included.
enum GoldenFolder {
    static func check(_ outputs: [String: String], folder name: String) throws {
        let folder = SampleGoldenTests.packageRoot.appendingPathComponent("Tests/ViperPlannerKitTests/Goldens/" + name)
        let fm = FileManager.default
        if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
            try? fm.removeItem(at: folder)
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            for (file, text) in outputs { try Data(text.utf8).write(to: folder.appendingPathComponent(file)) }
            return
        }
        #expect(try fm.contentsOfDirectory(atPath: folder.path).sorted() == outputs.keys.sorted(), "the set of files in \(name) changed")
        for file in outputs.keys.sorted() {
            let golden = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(outputs[file] == golden, "\(name)/\(file) differs from its golden; regenerate with `make goldens` and review the diff")
        }
    }
}
