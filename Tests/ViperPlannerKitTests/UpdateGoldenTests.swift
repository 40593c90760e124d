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
        try GoldenFolder.check(outputs, folder: "update-NewsReader")
    }
}
