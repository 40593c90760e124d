import Foundation
import Testing
@testable import ViperPlannerKit

/// A broken or missing state, a truncated plan file, an interrupted write,
/// a concurrent run. None of them may lose a word people wrote.
struct UpdateFaultTests {
    static let structure = StructureFacts(builders: [], typeNames: [], testFiles: [])

    /// NewsReader planned on the 21st, people's edits, and a fresh plan in which one finding is gone.
    static func scenario() throws -> (files: [String: String], fresh: Plan, freshFiles: [String: String], gone: String, renderer: PlanRenderer) {
        let renderer = try PlanRenderer()
        let result = try SampleGoldenTests.audit("NewsReader")
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-21", scanCommit: "aaaaaaa")
        var files = renderer.render(plan)
        var article = files["article.md"]!
        article = Edit.appendToTask("C2", ["  - **PR**: #12"], in: article)
        let fix = try #require(Edit.block("I1", in: article).first { $0.hasPrefix("  - **Fix**: ") })
        article = article.replacingOccurrences(of: fix, with: "  - **Fix**: Person's own fix.")
        files["article.md"] = article
        var fresh = plan
        fresh.date = "2026-11-28"; fresh.scanCommit = "bbbbbbb"
        let f = try #require(fresh.features.firstIndex { $0.fileName == "article.md" })
        let gone = try #require(fresh.features[f].tasks.first { $0.id == "C1" })
        fresh.features[f].tasks.removeAll { $0.id == "C1" }
        return (files, fresh, renderer.render(fresh), gone.fingerprint, renderer)
    }

    static func update(_ files: [String: String], unreadable: [String] = [], _ s: (files: [String: String], fresh: Plan, freshFiles: [String: String], gone: String, renderer: PlanRenderer),
                       noTouch: Bool = false) -> UpdateResult {
        Updater.update(UpdateInput(files: files, unreadable: unreadable, fresh: s.fresh, freshFiles: s.freshFiles, structure: structure,
                                   date: "2026-11-28", commit: "bbbbbbb", noTouch: noTouch), renderer: s.renderer)
    }

    @Test("A truncated, deleted, garbage or non-UTF-8 .state.json is rebuilt from the Markdown", arguments: ["truncated", "deleted", "garbage", "binary"])
    func brokenState(kind: String) throws {
        let s = try Self.scenario()
        var files = s.files
        var unreadable: [String] = []
        let state = files[".state.json"]!
        switch kind {
        case "truncated": files[".state.json"] = String(state.prefix(state.count / 2))
        case "deleted": files[".state.json"] = nil
        case "garbage": files[".state.json"] = "{\"tasks\": 42, ]] not json"
        default: files[".state.json"] = nil; unreadable = [".state.json"]
        }
        let result = Self.update(files, unreadable: unreadable, s)
        #expect(result.stateRebuilt)
        #expect(result.warnings.contains { $0.hasPrefix(".state.json is \(kind == "deleted" ? "missing" : "unreadable"): rebuilt") })
        #expect(result.resolved.map(\.id) == ["C1"] && result.new.isEmpty && result.regressed.isEmpty)
        var after = files.merging(result.files) { _, new in new }
        let article = after["article.md"]!
        #expect(article.contains("  - **PR**: #12\n") && article.contains("  - **Fix**: Person's own fix.\n"))
        #expect(Edit.block("I1", in: article).contains { $0.hasPrefix("  - **Tool suggests**: Fix: ") })   // base unknown: suggest, never overwrite
        let rebuilt = try #require(PlanState.decode(after[".state.json"]!))
        // The rebuilt state holds exactly the tasks the Markdown carries fingerprints for.
        let fingerprinted = after.filter { $0.key.hasSuffix(".md") && $0.key != "README.md" }.values
            .map { PlanDocument(parsing: $0).tasks.filter { $0.header.fingerprint != nil }.count }.reduce(0, +)
        #expect(fingerprinted > 50 && rebuilt.tasks.count == fingerprinted)
        #expect(rebuilt.history.count == 2 && rebuilt.history[0].date == "2026-11-21")
        // The rebuilt state is a normal state: the next run is quiet and changes nothing.
        let again = Self.update(after, s, noTouch: true)
        #expect(again.warnings.isEmpty && again.files.isEmpty && again.resolved.isEmpty)
        after[".state.json"] = nil
        #expect(Self.update(after, s).resolved.isEmpty, "a resolved task stays resolved when the state is rebuilt")
    }

    @Test func planFileTruncatedMidTaskKeepsEveryLine() throws {
        let s = try Self.scenario()
        var files = s.files
        let article = files["article.md"]!
        let cut = try #require(article.range(of: "  - **Problem**: ", range: article.range(of: "**I2: ")!.upperBound..<article.endIndex))
        let truncated = String(article[..<article.index(cut.upperBound, offsetBy: 20)])
        files["article.md"] = truncated
        let result = Self.update(files, s)
        #expect(result.resolved.map(\.id) == ["C1"] && result.new.isEmpty, "tasks cut off are not filed again as new")
        // C1 is ticked and its header line moved on; apart from that, every line stays.
        let after = try #require(result.files["article.md"]).replacingOccurrences(of: "- [x] **C1", with: "- [ ] **C1").components(separatedBy: "\n")
        var rest = after[...]
        #expect(after.contains("> **Created**: 2026-11-21 | **Status**: In Progress | **Last scan**: 2026-11-28 (bbbbbbb)"))
        for line in truncated.components(separatedBy: "\n") where !line.hasPrefix("> **Created**: ") {   // every line, in order
            guard let i = rest.firstIndex(of: line) else { Issue.record("dropped: \(line)"); break }
            rest = after[(i + 1)...]
        }
        #expect(!truncated.hasSuffix("\n") && after.last?.isEmpty == false, "the file still ends where the person's text ends")
    }

    @Test func unreadablePlanFileIsLeftUntouched() throws {
        let s = try Self.scenario()
        var files = s.files
        files["article.md"] = nil
        let result = Self.update(files, unreadable: ["article.md"], s)
        #expect(result.files["article.md"] == nil && result.warnings.contains("article.md: not UTF-8 text; left untouched"))
        #expect(result.new.isEmpty, "tasks of a file the tool cannot read are not filed again")
    }

    @Test func interruptedWriteLeavesThePreviousPlan() throws {
        let folder = try TemporaryFolder("write")
        defer { withExtendedLifetime(folder) {} }
        let dir = folder.path + "/refactoring"
        let old = ["README.md": "old readme\n", "cart.md": "old cart\n", ".state.json": "{}\n"]
        try PlanWriter.writeNew(old, to: dir)
        // The temporary file of the long name cannot be created (its name is over the 255-byte limit):
        // the write fails after README.md's temporary file was written, and nothing is renamed.
        let long = String(repeating: "x", count: 248) + ".md"
        #expect(throws: PlanWriteError.self) {
            try PlanWriter.writeFiles(["README.md": "new readme\n", "cart.md": "new cart\n", long: "x\n", ".state.json": "{\"new\":1}\n"], in: dir)
        }
        for (name, text) in old { #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == text) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == old.keys.sorted(), "no temporary file is left")
        // A killed run leaves temporary files: the reader ignores them and the next run removes them.
        try Data("half a fi".utf8).write(to: URL(fileURLWithPath: dir + "/.cart.md.tmp-99999"))
        #expect(try PlanReader.read(dir).files.keys.sorted() == old.keys.sorted())
        PlanWriter.removeLeftovers(in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == old.keys.sorted())
        try PlanWriter.writeFiles(["cart.md": "new cart\n"], in: dir)
        #expect(try String(contentsOfFile: dir + "/cart.md", encoding: .utf8) == "new cart\n")
    }

    /// `audit --new-only`: a finding is new when neither the state nor the Markdown knows it.
    @Test func newOnlyKnowsTheStateAndTheMarkdown() throws {
        let s = try Self.scenario()
        let all = Set(s.fresh.taskFiles.flatMap(\.tasks).flatMap { [$0.fingerprint] + $0.covers }).union([s.gone])
        #expect(PlanKnowledge.fingerprints(s.files) == all)
        var broken = s.files
        broken[".state.json"] = "garbage"
        #expect(PlanKnowledge.fingerprints(broken) == all, "a broken state does not make old findings new")
        broken["article.md"] = nil
        let article = Set(PlanDocument(parsing: s.files["article.md"]!).tasks.flatMap { ($0.header.fingerprint.map { [$0] } ?? []) + $0.header.covers })
        #expect(PlanKnowledge.fingerprints(broken) == all.subtracting(article))
    }

    @Test func lockRefusesASecondRunAndTakesOverAStaleOne() throws {
        let folder = try TemporaryFolder("lock")
        defer { withExtendedLifetime(folder) {} }
        let dir = folder.path
        let lock = try PlanLock.acquire(directory: dir)
        #expect(throws: PlanWriteError.self) { try PlanLock.acquire(directory: dir) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-11 * 60)], ofItemAtPath: lock.path)
        let second = try PlanLock.acquire(directory: dir)
        second.release()
        #expect(!FileManager.default.fileExists(atPath: lock.path))
        // A fresh lock of a killed run (its process is gone) is taken over; a live one is not.
        try Data("pid 2147483646\n".utf8).write(to: URL(fileURLWithPath: lock.path))
        try PlanLock.acquire(directory: dir).release()
        try Data("pid \(getpid())\n".utf8).write(to: URL(fileURLWithPath: lock.path))
        #expect(throws: PlanWriteError.self) { try PlanLock.acquire(directory: dir) }
    }
}
