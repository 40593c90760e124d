import Foundation
import Testing
@testable import ViperPlannerKit

/// The plan format as a model: a task file is text the tool does not interpret and tasks (checkbox,
/// id, title, fingerprint, fields in order, the tool's and people's alike). Writing a random model
/// and reading it back gives the same model; reading a file a person edited and writing it again
/// gives the same bytes, also after the tool's own edits, which touch only the tool's fields.
struct PlanFormatRoundTripTests {
    struct Task: Equatable {
        var checked: Bool
        var id: String
        var title: String
        var fingerprint: String
        var fields: [TaskBlock.Field]
    }

    enum Segment: Equatable {
        case text([String])
        case task(Task)
    }

    struct Generator {
        var rng: SplitMix
        mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        mutating func count(_ upTo: Int) -> Int { Int(rng.next() % UInt64(upTo + 1)) }

        /// Text with the characters plans are made of: backticks, emoji, combining marks, colons, stars.
        mutating func words(_ n: Int) -> String {
            let pieces = ["Move", "`fetchProducts(reset:)`", "é", "e\u{301}", "🔴 Critical", "a:b", "*", "—", "→", "x", "42", "<!-- no -->", "|", "\t"]
            return (0..<n).map { _ in pick(pieces) }.joined(separator: " ")
        }

        mutating func task() -> Task {
            let id = pick(["C", "I", "P", "R", "B", "T", "X", "D"]) + "\(1 + count(40))"
            let fingerprint = String((0..<12).map { _ in pick(Array("0123456789abcdef")) })
            let names = PlanState.ownedFields + ["PR", "Owner", "Blocked by", "Verification", "Tool suggests"]
            let fields = (0..<count(6)).map { _ -> TaskBlock.Field in
                let first = count(3) == 0 ? "" : words(1 + count(5))
                let continuation = (0..<count(2)).map { _ in "    - " + words(1 + count(3)) }
                return TaskBlock.Field(name: pick(names), value: [first] + continuation)
            }
            // A title is one line without `**` and without surrounding whitespace (the reader trims it).
            let title = words(1 + count(6)).replacingOccurrences(of: "*", with: "+").trimmingCharacters(in: .whitespaces)
            return Task(checked: count(1) == 1, id: id, title: title.isEmpty ? "x" : title,
                        fingerprint: fingerprint, fields: fields)
        }

        /// Lines people write between tasks: never a checkbox line, never indented right after a task.
        mutating func text() -> [String] {
            let lines = ["", "# Feature: Cart", "## Notes", "## PR Plan", "| PR | Phase | Tasks |", "> **Context**: " + words(3),
                         "Our own note " + words(2), "-  [ ] almost a task", "* [ ] another list style", "- item", "1. numbered"]
            return (0..<(1 + count(3))).map { _ in pick(lines) }
        }

        mutating func document() -> [Segment] {
            var segments: [Segment] = []
            for _ in 0..<(1 + count(8)) {
                if case .text? = segments.last { segments.append(.task(task())) }
                else { segments.append(count(1) == 0 ? .text(text()) : .task(task())) }
            }
            return segments
        }
    }

    /// The writer: the task template's lines for a task, the text as it is.
    static func render(_ segments: [Segment]) -> String {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .text(let lines): return lines
            case .task(let t):
                return [TaskBlock.headerLine(checked: t.checked, id: t.id, title: t.title, fingerprint: t.fingerprint)]
                    + t.fields.flatMap { TaskBlock.fieldLines($0.name, $0.value) }
            }
        }.joined(separator: "\n") + "\n"
    }

    /// The reader, as `update` reads a file.
    static func parse(_ text: String) -> [Segment] {
        PlanDocument(parsing: text).segments.map { segment in
            switch segment {
            case .text(let lines): return .text(lines)
            case .task(let b): return .task(Task(checked: b.header.checked, id: b.header.id ?? "", title: b.header.title,
                                                 fingerprint: b.header.fingerprint ?? "", fields: b.fields))
            }
        }
    }

    @Test func parseOfRenderIsTheModel() {
        var gen = Generator(rng: SplitMix(seed: 12))
        for _ in 0..<2_000 {
            let model = gen.document()
            #expect(Self.parse(Self.render(model)) == model)
        }
    }

    /// People's edits anywhere (lines added, removed, a CRLF file, no final newline) survive a read
    /// and write byte for byte; the tool's edits (tick, set an owned field) change only those lines.
    @Test func renderOfParseKeepsEveryByteAPersonWrote() {
        var gen = Generator(rng: SplitMix(seed: 34))
        let personal = ["  - **PR**: #12 " + "é", "  - **Owner**: @sam", "    continued by hand", "- [ ] Person's own task", "Free text",
                        "  indented note", "- [x] **Z9: Done by hand**", "", "  - **Estimate**: my own estimate"]
        for _ in 0..<1_000 {
            var lines = Self.render(gen.document()).components(separatedBy: "\n")
            for _ in 0..<gen.count(5) { lines.insert(gen.pick(personal), at: gen.count(lines.count - 1)) }
            for _ in 0..<gen.count(2) where lines.count > 1 { lines.remove(at: gen.count(lines.count - 2)) }
            var text = lines.joined(separator: gen.count(9) == 0 ? "\r\n" : "\n")
            if gen.count(4) == 0, !text.isEmpty { text.removeLast() }
            var doc = PlanDocument(parsing: text)
            #expect(doc.render() == text)
            // The tool's edits: every line outside the Estimate fields and the checkbox is kept, in order.
            let before = Self.linesOutsideToolEdits(doc)
            for i in doc.segments.indices {
                guard case .task(var block) = doc.segments[i] else { continue }
                block.setChecked(!block.header.checked)
                block.setField("Estimate", ["~\(gen.count(200)) changed lines"])
                doc.segments[i] = .task(block)
            }
            #expect(Self.linesOutsideToolEdits(PlanDocument(parsing: doc.render())) == before)
        }
    }

    /// Every line but checkbox lines and the Estimate fields (with their continuation lines) of each
    /// task: the tool owns a field by its name, so `setField` rewrites every copy of it.
    static func linesOutsideToolEdits(_ doc: PlanDocument) -> [String] {
        doc.segments.flatMap { segment -> [String] in
            switch segment {
            case .text(let lines): return lines
            case .task(let block):
                var kept: [String] = [], inEstimate = false
                for line in block.body {
                    if let (name, _) = TaskBlock.field(line) { inEstimate = name == "Estimate" }
                    if !inEstimate { kept.append(line) }
                }
                return kept
            }
        }
    }
}
