import Foundation
import Testing
@testable import ViperPlannerKit

/// The fact cache gives exactly what a parse gives, or nothing: hits on unchanged input, misses
/// whenever the content, configuration or tool changes, and corrupt entries are re-parsed.
struct CacheTests {
    let folder: TemporaryFolder
    let root: String
    let cacheDirectory: URL

    init() throws {
        folder = try TemporaryFolder("cache")
        let base = folder.path
        root = base + "/project"
        cacheDirectory = URL(fileURLWithPath: base + "/cache")
        try write("Feed/FeedViewController.swift", """
            import UIKit

            final class FeedViewController: UIViewController {
                func load() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume()
                }
            }
            """)
        try write("Feed/FeedCell.swift", "import UIKit\n\nfinal class FeedCell: UITableViewCell {}\n")
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func cache(tool: String = "1.0", configuration: Configuration = Configuration()) -> FactCache {
        FactCache(directory: cacheDirectory, toolVersion: tool, configuration: configuration)
    }

    func audit(_ cache: FactCache?, configuration: Configuration = Configuration()) throws -> AuditResult {
        try Auditor.audit(root: root, configuration: configuration, cache: cache)
    }

    func json(_ result: AuditResult) -> String { Reporter.render(result, format: .json) }

    func entries() throws -> [URL] {
        let shards = try FileManager.default.contentsOfDirectory(at: cache().directory, includingPropertiesForKeys: nil)
        return try shards.flatMap { try FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
    }

    @Test func secondRunHitsEveryFileAndReportsTheSame() throws {
        let uncached = try audit(nil)
        let cold = try audit(cache())
        let warm = try audit(cache())
        #expect(cold.cacheHits == 0)
        #expect(warm.cacheHits == 2)
        #expect(json(cold) == json(uncached))
        #expect(json(warm) == json(uncached))
        #expect(warm.files == uncached.files)
        #expect(try entries().count == 2)
    }

    @Test func changedContentMissesAndGivesFreshFindings() throws {
        let before = try audit(cache())
        #expect(before.findings.contains { $0.rule == "vc-networking" })
        try write("Feed/FeedViewController.swift", """
            import UIKit

            final class FeedViewController: UIViewController {
                func load() {}
            }
            """)
        let after = try audit(cache())
        #expect(after.cacheHits == 1)   // FeedCell only
        #expect(!after.findings.contains { $0.rule == "vc-networking" })
        #expect(json(after) == json(try audit(nil)))
    }

    /// Files are hashed first and read again when parsed: one edited in between is analysed as it
    /// is now, its facts are not stored under the old content's key, and the run says so (its
    /// report is then not stored either; see ReportRun).
    @Test func fileEditedDuringTheRunIsNeverCachedUnderItsOldKey() throws {
        let project = try Auditor.load(root: root, configuration: Configuration(), cache: cache())
        try write("Feed/FeedViewController.swift", """
            import UIKit

            final class FeedViewController: UIViewController {
                func load() {}
            }
            """)
        let during = Auditor.analyse(project, configuration: Configuration(), cache: cache())
        #expect(during.changedDuringRun)
        #expect(!during.findings.contains { $0.rule == "vc-networking" })   // the bytes it parsed
        #expect(try entries().count == 1)                                    // FeedCell only
        let next = try audit(cache())
        #expect(!next.changedDuringRun)
        #expect(next.cacheHits == 1)
        #expect(json(next) == json(try audit(nil)))
    }

    @Test func movedFilesMissAndReportTheirNewPaths() throws {
        _ = try audit(cache())
        try FileManager.default.moveItem(atPath: root + "/Feed", toPath: root + "/Screens")
        let moved = try audit(cache())
        #expect(moved.cacheHits == 0)
        #expect(moved.files.map(\.path).sorted() == ["Screens/FeedCell.swift", "Screens/FeedViewController.swift"])
        #expect(json(moved) == json(try audit(nil)))
    }

    @Test func changedConfigurationMisses() throws {
        var configuration = Configuration()
        configuration.disabledRules = ["vc-networking"]
        _ = try audit(cache())
        let other = try audit(cache(configuration: configuration), configuration: configuration)
        #expect(other.cacheHits == 0)
        #expect(!other.findings.contains { $0.rule == "vc-networking" })
        #expect(json(other) == json(try audit(nil, configuration: configuration)))
        #expect(try audit(cache(configuration: configuration), configuration: configuration).cacheHits == 2)
    }

    @Test func configurationFingerprintSeesEveryKindOfField() {
        var a = Configuration(), b = Configuration()
        #expect(a.cacheFingerprint == b.cacheFingerprint)
        b.thresholds.longMethod = 50
        #expect(a.cacheFingerprint != b.cacheFingerprint)
        a.severity = ["vc-size": .high, "vc-god": .medium, "long-method": .high]
        b = Configuration()
        b.severity = ["long-method": .high, "vc-god": .medium, "vc-size": .high]
        #expect(a.cacheFingerprint == b.cacheFingerprint)   // dictionary order does not matter
        b.severity["vc-god"] = .high
        #expect(a.cacheFingerprint != b.cacheFingerprint)
        b = a; b.features = ["Profile": ["App/Profile/**"]]
        #expect(a.cacheFingerprint != b.cacheFingerprint)
    }

    @Test func changedToolVersionMisses() throws {
        _ = try audit(cache(tool: "1.0"))
        #expect(try audit(cache(tool: "1.0")).cacheHits == 2)
        #expect(try audit(cache(tool: "1.1")).cacheHits == 0)
        #expect(try audit(cache(tool: "1.0+other-build")).cacheHits == 0)
    }

    @Test("A corrupt entry is ignored, re-parsed and rewritten",
          arguments: ["garbage", "truncated", "flipped payload byte", "empty", "other key"])
    func corruptEntryIsIgnored(damage: String) throws {
        let reference = json(try audit(nil))
        _ = try audit(cache())
        let files = try entries()
        let originals = try files.map { [UInt8](try Data(contentsOf: $0)) }
        #expect(files.count == 2)
        for (n, url) in files.enumerated() {
            var bytes = originals[n]
            switch damage {
            case "garbage": bytes = Array("not a cache entry".utf8)
            case "truncated": bytes.removeLast(bytes.count / 3)
            case "flipped payload byte": bytes[bytes.count - 5] ^= 0x20
            case "empty": bytes = []
            default: bytes = originals[1 - n]   // a valid entry, stored under the other key
            }
            try Data(bytes).write(to: url)
        }
        let damaged = try audit(cache())
        #expect(damaged.cacheHits == 0)
        #expect(json(damaged) == reference)
        #expect(try audit(cache()).cacheHits == 2)
    }

    @Test func concurrentRunsShareTheCacheSafely() throws {
        let reference = json(try audit(nil))
        let results = parallelMap(count: 6, jobs: 3) { _ in
            (try? Auditor.audit(root: root, configuration: Configuration(), cache: cache())).map(json) ?? "failed"
        }
        #expect(results.allSatisfy { $0 == reference })
        #expect(try audit(cache()).cacheHits == 2)
    }

    @Test func factsOfEverySampleSurviveTheBinaryForm() throws {
        let samples = SampleGoldenTests.packageRoot.appendingPathComponent("Samples").path
        let result = try Auditor.audit(root: samples, configuration: Configuration())
        #expect(result.files.count > 40)
        for facts in result.files {
            let entry = FactCache.encode(facts, key: "k")
            #expect(FactCache.decode(entry, key: "k", path: facts.path) == facts, "\(facts.path)")
            #expect(FactCache.decode(entry, key: "other", path: facts.path) == nil)
        }
    }

    /// Adding a stored field to Model/Facts.swift must add it to Cache/FactsCoding.swift (and bump
    /// `FactCache.formatVersion`); otherwise cached facts would silently lose it.
    @Test func binaryFormCoversEveryStoredField() {
        let p = SourcePosition(line: 1, column: 1)
        let expected: [(Any, Int)] = [
            (FileFacts(path: "", bytes: 0, codeLines: 0, imports: [], types: [], suppressions: [], hasSyntaxErrors: false), 10),
            (TypeDeclFacts(kind: .class, name: "", inheritance: [], position: p, endLine: 0, codeLines: 0), 31),
            (PropertyFact(name: "", position: p), 24),
            (FunctionFact(name: "", position: p, endLine: 0, codeLines: 0), 19),
            (TypeMention(name: "", line: 0), 2),
            (UsageSite(family: .networking, api: "", position: p), 8),
            (MemberReference(chain: [], name: "", isCall: false, position: p), 11),
            (ImportFact(module: "", position: p), 2),
            (ClosureFact(position: p, capture: .none, usesSelf: false, context: .other), 9),
            (UITouch(root: "", leaf: "", position: p), 3),
            (ObserverFact(style: .block, tokenKept: false, position: p), 4),
            (Suppression(rule: nil, fromLine: 0, toLine: 0), 3),
            (EnumCaseFact(name: "", typeComponents: [], hasPlainClosure: false, position: p), 4),
            (SymbolReference(kind: .selector, name: "", position: p), 5),
            (CreationFact(kind: .initializer, typeName: "", position: p), 7),
            (SelfHandOff(chain: [], position: p), 6),
            (PropertyAccess(name: "", position: p, isWrite: false, onMainQueue: false), 5),
            (LineSpan(from: 0, to: 0, codeLines: 0), 3),
            (p, 2),
        ]
        for (value, count) in expected {
            #expect(Mirror(reflecting: value).children.count == count, "\(type(of: value)) changed: update FactsCoding.swift")
        }
    }

    @Test func contentHashReadsWordsAsItReadsBytes() {
        let text = Array("final class Ä: UIViewController { let s = \"🙂\" }\n".utf8)
        for n in 0...text.count {
            let bytes = Array(text.prefix(n))
            // A lazy map has no contiguous storage: it takes the byte-at-a-time path, the hash as
            // earlier builds computed it, so their cache keys and state hashes stay valid.
            #expect(ContentHash(bytes) == ContentHash(bytes.lazy.map { $0 }), "\(n) bytes")
            #expect(ContentHash(String(decoding: bytes, as: UTF8.self)) == ContentHash(String(decoding: bytes, as: UTF8.self).utf8.lazy.map { $0 }))
        }
    }

    @Test func contentHashSeesEveryByteAndTheLength() {
        let text = Array("final class A: UIViewController {}\n".utf8)
        #expect(ContentHash(text) == ContentHash(text))
        for i in text.indices {
            var changed = text; changed[i] ^= 1
            #expect(ContentHash(changed) != ContentHash(text))
        }
        #expect(ContentHash(text + [0]) != ContentHash(text))
        #expect(ContentHash([UInt8]()) != ContentHash([0]))
        #expect(ContentHash(text).description.count == 32)
        #expect(cache().key(for: text, path: "A.swift") == cache().key(for: text, path: "A.swift"))
        #expect(cache().key(for: text, path: "A.swift") != cache(tool: "2.0").key(for: text, path: "A.swift"))
        #expect(cache().key(for: text, path: "A.swift") != cache().key(for: text, path: "B.swift"))
    }

    func report(_ cache: FactCache?, format: OutputFormat = .json, configuration: Configuration = Configuration())
        throws -> ReportOutcome {
        try Auditor.report(root: root, configuration: configuration, cache: cache, format: format, options: ReportOptions())
    }

    @Test func unchangedProjectReusesTheWholeReport() throws {
        let fresh = try report(nil)
        #expect(!fresh.fromReportCache)
        #expect(fresh.report.severities == [.high])
        #expect(!(try report(cache())).fromReportCache)
        let warm = try report(cache())
        #expect(warm.fromReportCache)
        #expect(warm.report == fresh.report)
        #expect(!(try report(cache(), format: .sarif)).fromReportCache)   // another rendering
        #expect(!(try report(cache(tool: "2.0"))).fromReportCache)
    }

    @Test("A stored report is never reused after a change",
          arguments: ["edit", "add file", "remove file", "rename file", "configuration"])
    func changedProjectNeverReusesTheReport(change: String) throws {
        var configuration = Configuration()
        _ = try report(cache())
        switch change {
        case "edit": try write("Feed/FeedViewController.swift", "import UIKit\nfinal class FeedViewController: UIViewController {}\n")
        case "add file": try write("Feed/Extra.swift", "struct Extra {}\n")
        case "remove file": try FileManager.default.removeItem(atPath: root + "/Feed/FeedCell.swift")
        case "rename file": try FileManager.default.moveItem(atPath: root + "/Feed/FeedCell.swift", toPath: root + "/Feed/Cell.swift")
        default: configuration.severity = ["vc-networking": .critical]
        }
        let after = try report(cache(configuration: configuration), configuration: configuration)
        #expect(!after.fromReportCache)
        #expect(after.report == (try report(nil, configuration: configuration)).report)
        #expect(try report(cache(configuration: configuration), configuration: configuration).fromReportCache)
    }

    /// Early cutoff: an edit that leaves every file's facts as they were reuses the stored report
    /// once the lines it quotes read the same; any other edit analyses again. Either way the report
    /// is the one a run without a cache gives, and the run after it reuses the report unparsed.
    @Test("An edit that keeps every file's facts reuses the report; others analyse again",
          arguments: [("comment appended", true), ("blank lines appended", true), ("comment on a quoted line", false),
                      ("line inserted above the finding", false), ("code edited", false)])
    func editKeepingTheFactsReusesTheReport(edit: String, reused: Bool) throws {
        let cold = try report(cache())
        #expect(!cold.fromReportCache)
        let path = root + "/Feed/FeedViewController.swift"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        switch edit {
        case "comment appended": text += "// reviewed\n"
        case "blank lines appended": text += "\n\n"
        case "comment on a quoted line": text = text.replacingOccurrences(of: ".resume()", with: ".resume() // fire and forget")
        case "line inserted above the finding": text = text.replacingOccurrences(of: "    func load() {", with: "    // Loads the feed.\n    func load() {")
        default: text = text.replacingOccurrences(of: "func load()", with: "func reload()")
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let after = try report(cache())
        #expect(after.timings.contains { $0.stage == "report cache (facts unchanged)" } == reused, "\(after.timings.map(\.stage))")
        #expect(after.fromReportCache == reused)
        #expect(after.report == (try report(nil)).report)
        #expect((after.report == cold.report) == (edit != "code edited" && edit != "line inserted above the finding" && edit != "comment on a quoted line"))
        let again = try report(cache())
        #expect(again.fromReportCache && again.timings.contains { $0.stage == "report cache" })
        #expect(again.report == after.report)
    }

    /// A damaged record of what the report was made from is ignored: the edit is analysed again.
    @Test func corruptReportBasisIsIgnored() throws {
        let cold = try report(cache())
        let folder = cacheDirectory.appendingPathComponent("reports-v\(FactCache.formatVersion)")
        let basis = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "basis" })
        var bytes = [UInt8](try Data(contentsOf: basis))
        bytes[bytes.count - 3] ^= 0x01
        try Data(bytes).write(to: basis)
        try Data("import UIKit\n\nfinal class FeedCell: UITableViewCell {}\n// note\n".utf8).write(to: URL(fileURLWithPath: root + "/Feed/FeedCell.swift"))
        let after = try report(cache())
        #expect(!after.fromReportCache)
        #expect(after.report == cold.report)
    }

    /// Two edits in a row that keep the facts: the second builds on the basis the first stored.
    @Test func successiveEditsKeepingTheFactsEachReuseTheReport() throws {
        let cold = try report(cache())
        let path = root + "/Feed/FeedCell.swift"
        for n in 1...3 {
            try Data(("import UIKit\n\nfinal class FeedCell: UITableViewCell {}\n" + String(repeating: "// note\n", count: n)).utf8)
                .write(to: URL(fileURLWithPath: path))
            let after = try report(cache())
            #expect(after.timings.contains { $0.stage == "report cache (facts unchanged)" })
            #expect(after.report == cold.report)
        }
    }

    /// The stored report is written in parts, the report's own bytes among them; the entry is
    /// byte for byte the sealed payload, and it reads back.
    @Test func reportEntryWrittenInPartsIsTheSealedPayload() {
        let report = CachedReport(report: "{\n  \"é\" : 1\n}\n" + String(repeating: "x", count: 1000),
                                  warnings: ["a.swift: generated file; skipped"], severities: [.critical, .medium])
        let joined = FactCache.withReportEntry(report, digest: "d1") { parts in parts.flatMap { Array($0) } }
        var payload = BinaryWriter(capacity: 2048)   // the entry as one sealed payload
        payload.write(report.report)
        payload.write(report.warnings)
        payload.write(report.severities.map(\.rawValue))
        #expect(joined == Array(FactCache.sealed(payload.bytes, key: "d1").joined()))
        #expect(FactCache.decodeReport(joined, digest: "d1") == report)
        #expect(FactCache.decodeReport(joined, digest: "d2") == nil)
    }

    @Test func corruptStoredReportIsIgnored() throws {
        let fresh = try report(nil)
        _ = try report(cache())
        let folder = cacheDirectory.appendingPathComponent("reports-v\(FactCache.formatVersion)")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let slots = files.filter { $0.pathExtension != "basis" }
        #expect(slots.count == 1)
        #expect(files.count == 2)   // and what it was made from
        var bytes = [UInt8](try Data(contentsOf: slots[0]))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: slots[0])
        let damaged = try report(cache())
        #expect(!damaged.fromReportCache)
        #expect(damaged.report == fresh.report)
    }

    @Test func defaultFolderFollowsXDG() {
        let xdg = FactCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/tmp/xdg"])
        #expect(xdg.path == "/tmp/xdg/viper-planner")
        #expect(FactCache.defaultDirectory(environment: [:]).path.hasSuffix("viper-planner"))
    }
}
