import Foundation
import Testing
@testable import ViperPlannerKit

/// Random edits of the kinds people make, then `update`: no line a person
/// wrote is lost, no tool-owned field overwrites a person's edit, a person's tick stays, and a
/// second update changes nothing.
struct UpdatePropertyTests {
    /// The person's edits so far, to check after the update.
    struct Ledger {
        var lines: [String] = []
        var fields: [(fingerprint: String, name: String, value: String)] = []
        var ticked: Set<String> = []
        var counter = 0
        mutating func next() -> Int { counter += 1; return counter }
    }

    static func taskStarts(_ lines: [String]) -> [Int] {
        lines.indices.filter { lines[$0].hasPrefix("- [") && lines[$0].contains("<!-- vp:") }
    }

    static func blockEnd(_ lines: [String], _ start: Int) -> Int {
        var end = start + 1
        while end < lines.count, lines[end].hasPrefix("  ") { end += 1 }
        return end
    }

    static func fingerprint(_ header: String) -> String { TaskBlock.Header(line: header)?.fingerprint ?? "" }

    static func edit(_ files: inout [String: [String]], rng: inout SplitMix, ledger: inout Ledger) {
        let names = files.keys.sorted()
        let name = names[Int(rng.next() % UInt64(names.count))]
        var lines = files[name]!
        let starts = taskStarts(lines)
        let pick = starts.isEmpty ? nil : starts[Int(rng.next() % UInt64(starts.count))]
        switch rng.next() % 8 {
        case 0:   // a note somewhere inside a task
            guard let s = pick else { break }
            let at = s + 1 + Int(rng.next() % UInt64(blockEnd(lines, s) - s))
            let line = "  Person note \(ledger.next())"
            lines.insert(line, at: at); ledger.lines.append(line)
        case 1:   // a field of their own
            guard let s = pick else { break }
            let line = "  - **PR**: #\(ledger.next())"
            lines.insert(line, at: blockEnd(lines, s)); ledger.lines.append(line)
        case 2:   // reorder two neighbouring tasks
            guard let s = pick, case let e = blockEnd(lines, s), e < lines.count, starts.contains(e) else { break }
            let e2 = blockEnd(lines, e)
            lines = Array(lines[..<s]) + Array(lines[e..<e2]) + Array(lines[s..<e]) + Array(lines[e2...])
        case 3:   // move a task into another file, after one of its tasks (or at its end)
            guard let s = pick else { break }
            moveTask(at: s, of: name, &lines, to: &files, rng: &rng)
        case 4:   // tick or untick
            guard let s = pick else { break }
            let fp = fingerprint(lines[s])
            if lines[s].hasPrefix("- [ ] ") { lines[s] = "- [x] " + lines[s].dropFirst(6); ledger.ticked.insert(fp) }
            else { lines[s] = "- [ ] " + lines[s].dropFirst(6); ledger.ticked.remove(fp) }
        case 5:   // rewrite a tool-owned field
            guard let s = pick else { break }
            rewriteField(of: s, &lines, rng: &rng, ledger: &ledger)
        case 6:   // a paragraph before the Notes heading (or at the end)
            let line = "Person paragraph \(ledger.next())"
            lines.insert(line, at: lines.firstIndex(of: "## Notes") ?? lines.count); ledger.lines.append(line)
        default:  // a task of their own
            let line = "- [ ] Person task \(ledger.next())"
            lines.append(line); ledger.lines.append(line)
        }
        files[name] = lines
    }

    /// Moves the task at `s` of file `name` into a random file, after one of its tasks (or at its end).
    static func moveTask(at s: Int, of name: String, _ lines: inout [String], to files: inout [String: [String]], rng: inout SplitMix) {
        let names = files.keys.sorted()
        let block = Array(lines[s..<blockEnd(lines, s)])
        lines.removeSubrange(s..<blockEnd(lines, s))
        let target = names[Int(rng.next() % UInt64(names.count))]
        var other = target == name ? lines : files[target]!
        let targets = taskStarts(other)
        let at = targets.isEmpty ? other.count : blockEnd(other, targets[Int(rng.next() % UInt64(targets.count))])
        other.insert(contentsOf: block, at: at)
        if target == name { lines = other } else { files[target] = other }
    }

    /// A person's text in a tool-owned field (Fix, Problem or Severity) of the task at `s`.
    static func rewriteField(of s: Int, _ lines: inout [String], rng: inout SplitMix, ledger: inout Ledger) {
        let field = ["Fix", "Problem", "Severity"][Int(rng.next() % 3)]
        guard let i = (s..<blockEnd(lines, s)).first(where: { lines[$0].hasPrefix("  - **\(field)**: ") }) else { return }
        let value = "Person \(field.lowercased()) \(ledger.next())"
        lines[i] = "  - **\(field)**: \(value)"
        ledger.fields.removeAll { $0.fingerprint == fingerprint(lines[s]) && $0.name == field }
        ledger.fields.append((fingerprint(lines[s]), field, value)); ledger.lines.append(lines[i])
    }

    /// The fresh plan after a code change: some findings gone, some texts and lines changed.
    static func changed(_ plan: Plan) -> Plan {
        var plan = plan
        for f in plan.features.indices {
            plan.features[f].tasks = plan.features[f].tasks.enumerated().compactMap { i, task in
                guard i % 7 != 3 || task.rule == nil else { return nil }
                var t = task
                if i % 3 == 0 { t.fix += " (revised)" }
                if i % 5 == 0 { t.line += 2 }
                return t
            }
        }
        return plan
    }

    @Test func randomPeoplesEditsSurviveUpdate() throws {
        let result = try SampleGoldenTests.audit("NewsReader")
        let renderer = try PlanRenderer()
        let original = Planner.plan(result, configuration: Configuration(), date: "2026-11-21", scanCommit: "aaaaaaa")
        let initial = renderer.render(original)
        let variants = [original, Self.changed(original)].map { plan -> (Plan, [String: String]) in
            var p = plan; p.date = "2026-11-28"; p.scanCommit = "bbbbbbb"
            return (p, renderer.render(p))
        }
        let structure = StructureFacts(builders: [], typeNames: [], testFiles: [])
        var rng = SplitMix(seed: 2026)
        for iteration in 0..<200 {
            var ledger = Ledger()
            var lines = initial.filter { $0.key.hasSuffix(".md") && $0.key != "README.md" }.mapValues { $0.components(separatedBy: "\n") }
            for _ in 0..<(1 + Int(rng.next() % 8)) { Self.edit(&lines, rng: &rng, ledger: &ledger) }
            var files = initial.merging(lines.mapValues { $0.joined(separator: "\n") }) { _, edited in edited }
            let (fresh, freshFiles) = variants[Int(rng.next() % 2)]
            let input = UpdateInput(files: files, fresh: fresh, freshFiles: freshFiles, structure: structure,
                                    date: "2026-11-28", commit: "bbbbbbb", noTouch: true)
            let outcome = Updater.update(input, renderer: renderer)
            files.merge(outcome.files) { _, new in new }
            let docs = files.filter { $0.key.hasSuffix(".md") && $0.key != "README.md" }.mapValues(PlanDocument.init(parsing:))
            let allLines = Set(docs.values.flatMap { $0.render().components(separatedBy: "\n") })
            for line in ledger.lines where !allLines.contains(line) {
                Issue.record("iteration \(iteration): lost the person's line \(line)")
            }
            let tasks = docs.values.flatMap(\.tasks)
            for edit in ledger.fields {
                let value = tasks.first { $0.header.fingerprint == edit.fingerprint }?.field(edit.name)?.first
                #expect(value == edit.value, "iteration \(iteration): \(edit.name) of \(edit.fingerprint) overwritten")
            }
            for fp in ledger.ticked {
                #expect(tasks.first { $0.header.fingerprint == fp }?.header.checked == true, "iteration \(iteration): tick of \(fp) lost")
            }
            guard iteration % 4 == 0 else { continue }   // the idempotence check on a quarter of them (time)
            var again = input
            again.files = files
            for (name, text) in Updater.update(again, renderer: renderer).files {
                let old = (files[name] ?? "").components(separatedBy: "\n"), new = text.components(separatedBy: "\n")
                let at = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
                Issue.record("iteration \(iteration): a second update changed \(name) at line \(at + 1): \(at < old.count ? old[at] : "-") → \(at < new.count ? new[at] : "-")")
            }
        }
    }
}
