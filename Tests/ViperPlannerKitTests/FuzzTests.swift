import Foundation
import Testing
@testable import ViperPlannerKit

/// Ways real files get broken or hostile: half-saved, corrupted, merged badly, machine-made.
enum Mutation: CaseIterable {
    case truncate, byteNoise, punctuationNoise, invalidUTF8, deleteLines, duplicateLines, shuffleLines
    case unbalancedBraces, deepNesting, longLine, deepBrackets, openStringOrComment

    func apply(to source: [UInt8], using rng: inout SplitMix) -> [UInt8] {
        switch self {
        case .truncate, .byteNoise, .punctuationNoise, .invalidUTF8: return applyToBytes(source, using: &rng)
        default:
            var lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            applyToLines(&lines, using: &rng)
            return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
    }

    private func applyToBytes(_ source: [UInt8], using rng: inout SplitMix) -> [UInt8] {
        var bytes = source
        switch self {
        case .truncate:
            return Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
        case .byteNoise:
            for _ in 0..<max(1, bytes.count / 100) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
        case .punctuationNoise:
            let marks = Array("{}()[]<>\"'\\/*#@$`:;,.!?".utf8)
            for _ in 0..<max(1, bytes.count / 50) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = marks.randomElement(using: &rng)!
            }
        default:
            let bad: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF8, 0x88], [0xE2, 0x82]]
            bytes.insert(contentsOf: bad.randomElement(using: &rng)!, at: Int.random(in: 0...bytes.count, using: &rng))
        }
        return bytes
    }

    private func applyToLines(_ lines: inout [[UInt8]], using rng: inout SplitMix) {
        func line() -> Int { Int.random(in: 0..<max(1, lines.count), using: &rng) }
        func insert(_ text: String) { lines.insert(Array(text.utf8), at: min(line(), lines.count)) }
        switch self {
        case .deleteLines:
            lines = lines.filter { _ in Int.random(in: 0..<10, using: &rng) != 0 }
        case .duplicateLines:
            for _ in 0..<Int.random(in: 1...20, using: &rng) where !lines.isEmpty {
                let i = line()
                lines.insert(contentsOf: Array(repeating: lines[i], count: Int.random(in: 1...5, using: &rng)), at: i)
            }
        case .shuffleLines:
            guard lines.count > 2 else { lines.shuffle(using: &rng); break }
            let start = line(), end = min(lines.count, start + Int.random(in: 2...60, using: &rng))
            lines[start..<end].shuffle(using: &rng)
        case .unbalancedBraces:
            for _ in 0..<Int.random(in: 1...8, using: &rng) { insert(Bool.random(using: &rng) ? "{" : "}") }
        case .deepNesting:
            let depth = Int.random(in: 50...3000, using: &rng)
            let (open, close) = [("(", ")"), ("{", "}"), ("<", ">"), ("[a:", "]")].randomElement(using: &rng)!
            insert("let nested = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: Bool.random(using: &rng) ? depth : 0))
        case .longLine:
            let length = Int.random(in: 10_000...120_000, using: &rng)
            insert(Bool.random(using: &rng) ? "let s = \"" + String(repeating: "x", count: length) + "\""
                                             : "let v = a" + String(repeating: " + a", count: length / 4))
        case .deepBrackets:
            let depth = Int.random(in: BracketScan.maximumDepth + 1...60, using: &rng)
            insert([HostileInput.literal(depth), HostileInput.type(depth), HostileInput.unclosed(depth)].randomElement(using: &rng)!)
        default:
            insert(["/*", "\"\"\"", "#\"", "\"\\(", "*/", "#if X"].randomElement(using: &rng)!)
        }
    }
}

/// Mutated copies of the Samples, audited in batches: no crash, every run ends, the JSON report
/// is valid, and every file is either audited or listed as skipped with a reason.
struct FuzzTests {
    static let samples: [(path: String, bytes: [UInt8])] = {
        let root = SampleGoldenTests.packageRoot.appendingPathComponent("Samples").path
        let paths = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return paths.map { ($0, Array(FileManager.default.contents(atPath: root + "/" + $0)!)) }
    }()

    static let batches = 6, filesPerBatch = 50

    /// File `k` of the fuzz: a sample with one or two mutations, each kind equally often.
    static func mutant(_ k: Int, using rng: inout SplitMix) -> [UInt8] {
        let source = samples[Int.random(in: 0..<samples.count, using: &rng)].bytes
        var bytes = Mutation.allCases[k % Mutation.allCases.count].apply(to: source, using: &rng)
        if Int.random(in: 0..<4, using: &rng) == 0 { bytes = Mutation.allCases.randomElement(using: &rng)!.apply(to: bytes, using: &rng) }
        return bytes
    }

    @Test func mutantsAreDeterministic() {
        var a = SplitMix(seed: 17), b = SplitMix(seed: 17)
        #expect((0..<24).map { Self.mutant($0, using: &a) } == (0..<24).map { Self.mutant($0, using: &b) })
    }

    @Test("A batch of mutated samples is audited or skipped, file by file", arguments: 0..<batches)
    func batch(_ number: Int) throws {
        #expect(Self.samples.count > 50)
        var rng = SplitMix(seed: 0x5EED_0000 + UInt64(number))
        let project = try TemporaryProject("fuzz-\(number)")
        defer { project.remove() }
        var names: Set<String> = []
        for k in 0..<Self.filesPerBatch {
            let name = "Mutant\(number * Self.filesPerBatch + k).swift"
            try project.write(name, Self.mutant(number * Self.filesPerBatch + k, using: &rng))
            names.insert(name)
        }
        var configuration = Configuration()
        configuration.fileTimeout = 10
        // Every mutant is reported, the AppKit-only sample's too (by default it is indexed, not reported).
        configuration.platforms = [.ios, .macos]
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try Auditor.report(root: project.root, configuration: configuration, jobs: 2, cache: nil, format: .json,
                                         options: ReportOptions(displayRoot: "fuzz"))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(seconds < 60, "batch \(number) took \(seconds) s")
        let report = try JSONReport(outcome.report.report)
        #expect(Set(report.skipped.keys).isSubset(of: names))
        #expect(report.files + report.skipped.count == Self.filesPerBatch,
                "\(report.files) audited + \(report.skipped.count) skipped of \(Self.filesPerBatch)")
        // Each batch holds every kind of mutation: some files are audited, some skipped (deep `[`).
        #expect(report.files > 0 && !report.skipped.isEmpty)
    }
}
