import Foundation
import Testing
@testable import ViperPlannerKit

/// The golden of an update: NewsReader planned, a person's edits (a PR field, their own Fix), and a
/// week later one finding gone. The files `update` rewrites and its summary are compared with
/// `Goldens/update-NewsReader/`; after a deliberate change: `make goldens`, then review `git diff Tests/`.
struct UpdateGoldenTests {
    @Test func updateMatchesItsGolden() throws {
        let s = try UpdateFaultTests.scenario()
        let result = UpdateFaultTests.update(s.files, s)
        var outputs = result.files
        outputs["summary.txt"] = Commands.summaryText(result, directory: "refactoring", wrote: result.files.count) + "\n"
        let folder = SampleGoldenTests.packageRoot.appendingPathComponent("Tests/ViperPlannerKitTests/Goldens/update-NewsReader")
        let fm = FileManager.default
        if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
            try? fm.removeItem(at: folder)
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in outputs { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            return
        }
        #expect(try fm.contentsOfDirectory(atPath: folder.path).sorted() == outputs.keys.sorted(), "the set of files update writes changed")
        for name in outputs.keys.sorted() {
            let golden = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(outputs[name] == golden, "update-NewsReader/\(name) differs from its golden; regenerate with `make goldens` and review the diff")
        }
    }
}
