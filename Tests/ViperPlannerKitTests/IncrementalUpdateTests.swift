import Foundation
import Testing
@testable import ViperPlannerKit

/// `update` may skip the merge of a feature file it merged before with the very same inputs and
/// found unchanged, and may render the fresh plan one file at a time: neither may change a byte of
/// what it writes or reports.
struct IncrementalUpdateTests {
    static func comparable(_ r: UpdateResult) -> [String] {
        var lines = r.files.keys.sorted().map { "file \($0): \(r.files[$0]!)" }
        for (label, refs) in [("resolved", r.resolved), ("regressed", r.regressed), ("new", r.new), ("flagged", r.flagged), ("attention", r.attention)] {
            lines += refs.map { "\(label) \($0.file) \($0.id) \($0.title) \($0.fingerprint) \($0.reason)" }
        }
        lines += r.warnings.map { "warning \($0)" }
        lines.append("rebuilt \(r.stateRebuilt)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        lines.append("dashboard \(String(decoding: (try? encoder.encode(r.dashboard)) ?? Data(), as: UTF8.self))")
        return lines
    }

    static func firstDifference(_ a: UpdateResult, _ b: UpdateResult) -> String? {
        let x = comparable(a), y = comparable(b)
        guard x != y else { return nil }
        let lx = x.joined(separator: "\n").components(separatedBy: "\n"), ly = y.joined(separator: "\n").components(separatedBy: "\n")
        let at = zip(lx, ly).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(lx.count, ly.count)
        return "line \(at + 1): \(at < lx.count ? lx[at] : "-") ≠ \(at < ly.count ? ly[at] : "-")"
    }

    /// Plans of one sample before and after a code change, rendered.
    static func plans() throws -> (renderer: PlanRenderer, initial: [String: String], variants: [(Plan, [String: String])]) {
        let result = try SampleGoldenTests.audit("ShopLegacy")
        let renderer = try PlanRenderer()
        let original = Planner.plan(result, configuration: Configuration(), date: "2026-11-21", scanCommit: "aaaaaaa")
        let variants = [original, UpdatePropertyTests.changed(original)].map { plan -> (Plan, [String: String]) in
            var p = plan; p.date = "2026-11-28"; p.scanCommit = "bbbbbbb"
            return (p, renderer.render(p))
        }
        return (renderer, renderer.render(original), variants)
    }

    /// Random people's edits and code changes over several runs; every run is made three ways — the
    /// full merge with the fresh files given, the fresh files rendered one at a time, and the
    /// incremental run with what the runs before it settled — and all three must agree.
    @Test func skippingSettledFilesChangesNothing() throws {
        let (renderer, initial, variants) = try Self.plans()
        let structure = StructureFacts(builders: [], typeNames: [], testFiles: [])
        var rng = SplitMix(seed: 77)
        var skippedSome = false
        for iteration in 0..<12 {
            var files = initial
            var settled: Set<String> = []
            var ledger = UpdatePropertyTests.Ledger()
            for run in 0..<5 {
                if run > 0 && rng.next() % 3 == 0 {
                    var lines = files.filter { $0.key.hasSuffix(".md") && $0.key != "README.md" }.mapValues { $0.components(separatedBy: "\n") }
                    UpdatePropertyTests.edit(&lines, rng: &rng, ledger: &ledger)
                    files.merge(lines.mapValues { $0.joined(separator: "\n") }) { _, edited in edited }
                }
                if rng.next() % 7 == 0, var state = files[".state.json"].flatMap(PlanState.decode), !state.tasks.isEmpty {
                    // A hand-edited merge base: the file it belongs to must be merged again.
                    state.tasks[Int(rng.next() % UInt64(state.tasks.count))].fields["Fix"] = "edited by hand"
                    files[".state.json"] = state.encoded()
                }
                let (fresh, freshFiles) = variants[Int(rng.next() % 2)]
                var full = UpdateInput(files: files, fresh: fresh, freshFiles: freshFiles, structure: structure,
                                       date: "2026-11-\(10 + run)", commit: "c\(run)", noTouch: run % 2 == 0)
                var lazy = full
                lazy.freshFiles = [:]
                lazy.renderFresh = true
                var incremental = lazy
                incremental.settledSalt = "test"
                incremental.settled = settled
                // The full lazy merge also records what it settles, for the check below (rendered on
                // demand, a fresh file is known by a hash of what it is rendered from).
                lazy.settledSalt = "test"
                let a = Updater.update(full, renderer: renderer)
                let b = Updater.update(lazy, renderer: renderer)
                let c = Updater.update(incremental, renderer: renderer)
                #expect(Self.firstDifference(a, b) == nil, "iteration \(iteration) run \(run): lazy rendering differs")
                #expect(Self.firstDifference(a, c) == nil, "iteration \(iteration) run \(run): the incremental run differs")
                #expect(b.settled == c.settled, "iteration \(iteration) run \(run): settled differently")
                if !c.settled.intersection(settled).isEmpty { skippedSome = true }
                settled = c.settled
                files.merge(c.files) { _, new in new }
            }
        }
        #expect(skippedSome, "no run skipped a file: the test exercises nothing")
    }

    /// A file is skipped only with the salt it was settled with (another build merges it again).
    @Test func anotherSaltSkipsNothing() throws {
        let (renderer, initial, variants) = try Self.plans()
        let structure = StructureFacts(builders: [], typeNames: [], testFiles: [])
        var input = UpdateInput(files: initial, fresh: variants[0].0, freshFiles: variants[0].1, structure: structure,
                                date: "2026-11-28", commit: "bbbbbbb")
        input.settledSalt = "build 1"
        let first = Updater.update(input, renderer: renderer)
        #expect(!first.settled.isEmpty)
        var again = input
        again.files.merge(first.files) { _, new in new }
        again.settled = first.settled
        #expect(Updater.update(again, renderer: renderer).settled == first.settled)
        again.settledSalt = "build 2"
        #expect(Updater.update(again, renderer: renderer).settled.isDisjoint(with: first.settled))
    }
}
