import Foundation

/// A plan Markdown file read back: tasks (checkbox line + indented fields) between runs of text
/// the tool does not interpret. `render()` of an unchanged document gives back the same bytes.
///
/// This folder (`PlanFormat/`) owns the Markdown of `refactoring/`: the templates write it
/// (`PlanRenderer`), `PlanDocument`/`TaskBlock` read it back and make the only edits `update`
/// does (tick, set a field, append a task), and `PlanState` is `.state.json`.
public struct PlanDocument: Equatable, Sendable {
    public enum Segment: Equatable, Sendable {
        /// Lines the tool does not own or interpret, kept byte for byte.
        case text([String])
        case task(TaskBlock)
    }

    public var segments: [Segment]
    /// Whether the file ended with a newline (kept as it was).
    public var endsWithNewline: Bool

    public var tasks: [TaskBlock] {
        segments.compactMap { if case .task(let t) = $0 { t } else { nil } }
    }

    public init(parsing text: String) {
        var lines = Self.lines(of: text)
        endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        segments = []
        var pendingText: [String] = []
        var i = 0
        while i < lines.count {
            if let header = TaskBlock.Header(line: lines[i]) {
                if !pendingText.isEmpty { segments.append(.text(pendingText)); pendingText = [] }
                var body: [String] = []
                var j = i + 1
                while j < lines.count, lines[j].hasPrefix("  "), TaskBlock.Header(line: lines[j]) == nil {
                    body.append(lines[j]); j += 1
                }
                segments.append(.task(TaskBlock(header: header, headerLine: lines[i], body: body)))
                i = j
            } else {
                pendingText.append(lines[i]); i += 1
            }
        }
        if !pendingText.isEmpty { segments.append(.text(pendingText)) }
    }

    public func render() -> String {
        // The same bytes as joining every line with "\n", appended into one buffer sized up front.
        var size = endsWithNewline ? 1 : 0
        for segment in segments {
            switch segment {
            case .text(let text): for line in text { size += line.utf8.count + 1 }
            case .task(let task): size += task.headerLine.utf8.count + 1; for line in task.body { size += line.utf8.count + 1 }
            }
        }
        var out = ""
        out.reserveCapacity(size)
        var first = true
        func append(_ line: String) {
            if first { first = false } else { out += "\n" }
            out += line
        }
        for segment in segments {
            switch segment {
            case .text(let text): for line in text { append(line) }
            case .task(let task): append(task.headerLine); for line in task.body { append(line) }
            }
        }
        if endsWithNewline { out += "\n" }
        return out
    }

    /// `text.split(separator: "\n", omittingEmptySubsequences: false)` as strings. Without a carriage
    /// return every "\n" byte is a character of its own, so the text is cut at those bytes; with one
    /// ("\r\n" is a single character) it is split by characters.
    static func lines(of text: String) -> [String] {
        var text = text
        text.makeContiguousUTF8()
        let split = text.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
            guard !bytes.contains(13) else { return nil }
            var lines: [String] = []
            var start = 0
            for i in bytes.indices where bytes[i] == 10 {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                start = i + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
        if let split = split ?? nil { return split }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// One task: `- [ ] **C1: Title** <!-- vp:fingerprint -->` and its indented lines.
public struct TaskBlock: Equatable, Sendable {
    public struct Header: Equatable, Sendable {
        public var checked: Bool
        /// `C1`, `D3`; nil for a person's free-form checkbox without an id.
        public var id: String?
        public var title: String
        public var fingerprint: String?
        /// A task for several findings: the others' fingerprints, after the first in its comment
        /// (`<!-- vp:a1 b2 c3 -->`).
        public var covers: [String] = []

        /// Parses `- [ ] **C1: Title** <!-- vp:abc -->`; any `- [ ]`/`- [x]` line is a task.
        public init?(line: String) {
            // Top-level items only: a task line starts with "-" (the first character starts with the
            // first byte, so any other first byte cannot start "- [ ] ").
            guard line.utf8.first == UInt8(ascii: "-") else { return nil }
            let checked: Bool
            if line.hasPrefix("- [ ] ") { checked = false }
            else if line.hasPrefix("- [x] ") || line.hasPrefix("- [X] ") { checked = true }
            else { return nil }
            self.checked = checked
            if let (id, title, fingerprint) = TaskBlock.asciiParts(line) {
                self.id = id; self.title = title
                (self.fingerprint, covers) = Self.splitFingerprints(fingerprint)
                return
            }
            var rest = String(line.dropFirst(6))
            fingerprint = nil
            if let open = rest.firstRange(of: "<!-- vp:"), let close = rest[open.upperBound...].firstRange(of: "-->") {
                (fingerprint, covers) = Self.splitFingerprints(trimmingWhitespace(rest[open.upperBound..<close.lowerBound]))
                rest = trimmingWhitespace(rest[..<open.lowerBound])
            }
            id = nil
            if rest.hasPrefix("**"), rest.hasSuffix("**"), rest.count >= 4 {
                let inner = String(rest.dropFirst(2).dropLast(2))
                if let colon = inner.firstIndex(of: ":"), inner[..<colon].allSatisfy({ $0.isLetter || $0.isNumber }),
                   inner.first?.isUppercase == true {
                    id = String(inner[..<colon])
                    title = trimmingWhitespace(inner[inner.index(after: colon)...])
                    return
                }
                title = inner
                return
            }
            title = rest
        }

        /// "a1 b2 c3" → ("a1", ["b2", "c3"]); a single fingerprint has no covers.
        static func splitFingerprints(_ text: String?) -> (String?, [String]) {
            guard let text, text.utf8.contains(UInt8(ascii: " ")) else { return (text, []) }
            let all = text.split(separator: " ").map(String.init)
            return (all.first, Array(all.dropFirst()))
        }
    }

    /// `Header(line:)` for a line of ASCII without a carriage return, on bytes: there every byte
    /// is a character, letters, digits and capitals are A–Z, a–z, 0–9, and the only whitespace
    /// `trimmingCharacters(in: .whitespaces)` removes is space and tab. nil for any other line.
    static func asciiParts(_ line: String) -> (id: String?, title: String, fingerprint: String?)? {
        var line = line
        return line.withUTF8 { all -> (String?, String, String?)? in
            for byte in all where byte >= 0x80 || byte == 13 { return nil }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: all[range]), as: UTF8.self) }
            func trimmed(_ range: Range<Int>) -> Range<Int> {
                var (lo, hi) = (range.lowerBound, range.upperBound)
                while lo < hi, all[lo] == 0x20 || all[lo] == 0x09 { lo += 1 }
                while hi > lo, all[hi - 1] == 0x20 || all[hi - 1] == 0x09 { hi -= 1 }
                return lo..<hi
            }
            func find(_ needle: String, in range: Range<Int>) -> Int? {
                let n = Array(needle.utf8)
                guard range.count >= n.count else { return nil }
                var i = range.lowerBound
                while i + n.count <= range.upperBound {
                    if all[i] == n[0], (1..<n.count).allSatisfy({ all[i + $0] == n[$0] }) { return i }
                    i += 1
                }
                return nil
            }
            var rest = 6..<all.count
            var fingerprint: String?
            if let open = find("<!-- vp:", in: rest), let close = find("-->", in: (open + 8)..<rest.upperBound) {
                fingerprint = text(trimmed((open + 8)..<close))
                rest = trimmed(rest.lowerBound..<open)
            }
            let star = UInt8(ascii: "*")
            guard rest.count >= 4, all[rest.lowerBound] == star, all[rest.lowerBound + 1] == star,
                  all[rest.upperBound - 1] == star, all[rest.upperBound - 2] == star else { return (nil, text(rest), fingerprint) }
            let inner = (rest.lowerBound + 2)..<(rest.upperBound - 2)
            func isAlphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
            if let colon = inner.first(where: { all[$0] == UInt8(ascii: ":") }),
               (inner.lowerBound..<colon).allSatisfy({ isAlphanumeric(all[$0]) }),
               !inner.isEmpty, (0x41...0x5A).contains(all[inner.lowerBound]) {
                return (text(inner.lowerBound..<colon), text(trimmed((colon + 1)..<inner.upperBound)), fingerprint)
            }
            return (nil, text(inner), fingerprint)
        }
    }

    public struct Field: Equatable, Sendable {
        public var name: String
        /// The value: the rest of the field line, then its continuation lines (as written).
        public var value: [String]
    }

    public var header: Header
    /// The checkbox line as written (kept when nothing about the header changes).
    public var headerLine: String
    /// The indented lines after the header, as written.
    public var body: [String]

    public var lines: [String] { [headerLine] + body }

    /// `  - **Name**: value` lines with their continuation lines (indented deeper, not a field).
    public var fields: [Field] {
        var result: [Field] = []
        for line in body {
            if let (name, value) = Self.fieldParts(line) { result.append(Field(name: String(name), value: [String(value)])) }
            else if !result.isEmpty { result[result.count - 1].value.append(line) }
        }
        return result
    }

    /// The value of the first field called `name` (as `fields` has it), read without splitting the
    /// other fields out.
    public func field(_ name: String) -> [String]? {
        var i = 0
        while i < body.count {
            if let parts = Self.fieldParts(body[i]), parts.name == name {
                var value = [String(parts.value)]
                var j = i + 1
                while j < body.count, Self.fieldParts(body[j]) == nil { value.append(body[j]); j += 1 }
                return value
            }
            i += 1
        }
        return nil
    }

    /// `field(name)` for several names in one pass over the body: name → value, for the names present.
    public func fieldValues(_ names: [String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?   // the wanted field whose continuation lines are being collected
        for line in body {
            if let parts = Self.fieldParts(line) {
                current = nil
                if let name = names.first(where: { parts.name == $0 }), result[name] == nil {
                    result[name] = [String(parts.value)]
                    current = name
                }
            } else if let name = current {
                result[name]!.append(line)
            }
        }
        return result
    }

    static func field(_ line: String) -> (String, String)? {
        fieldParts(line).map { (String($0.name), String($0.value)) }
    }

    /// `  - **Name**: value` → (Name, value): the name is everything up to the first `**:`, not empty
    /// and without `*`; one space after the colon is dropped. Reads the bytes; where a non-ASCII
    /// byte could join a character it relies on (a combining mark after `*` or `:`), it asks the
    /// character-level reading instead, so both always agree.
    static func fieldParts(_ line: String) -> (name: Substring, value: Substring)? {
        let utf8 = line.utf8
        var i = utf8.startIndex
        for expected in [UInt8(ascii: " "), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "*"), UInt8(ascii: "*")] {
            guard i != utf8.endIndex, utf8[i] == expected else { return nil }
            i = utf8.index(after: i)
        }
        let nameStart = i
        // The first `*` after the prefix; every byte up to it and the two after it must be ASCII.
        var star = i
        while star != utf8.endIndex, utf8[star] != UInt8(ascii: "*") {
            if utf8[star] >= 0x80 { return slowFieldParts(line) }
            star = utf8.index(after: star)
        }
        guard star != utf8.endIndex else { return nil }
        let second = utf8.index(after: star)
        guard second != utf8.endIndex else { return nil }
        if utf8[second] >= 0x80 { return slowFieldParts(line) }
        guard star != nameStart, utf8[second] == UInt8(ascii: "*") else { return nil }
        let colon = utf8.index(after: second)
        guard colon != utf8.endIndex else { return nil }
        if utf8[colon] >= 0x80 { return slowFieldParts(line) }
        guard utf8[colon] == UInt8(ascii: ":"), line[colon...].first == ":" else { return nil }
        var valueStart = utf8.index(after: colon)
        if line[valueStart...].first == " " { valueStart = utf8.index(after: valueStart) }
        return (line[nameStart..<star], line[valueStart...])
    }

    /// The character-level reading, for lines where a non-ASCII byte could join a character
    /// (Standard-library search: Foundation's `range(of:)` is slow on large plans).
    static func slowFieldParts(_ line: String) -> (name: Substring, value: Substring)? {
        guard line.hasPrefix("  - **") else { return nil }
        let afterPrefix = line.index(line.startIndex, offsetBy: 6)
        guard let end = line[afterPrefix...].firstRange(of: "**:") else { return nil }
        let name = line[afterPrefix..<end.lowerBound]
        guard !name.isEmpty, !name.contains("*") else { return nil }
        var value = line[end.upperBound...]
        if value.hasPrefix(" ") { value.removeFirst() }
        return (name, value)
    }

    /// Replaces (or appends, or removes with nil) one field, keeping every other line in place.
    public mutating func setField(_ name: String, _ value: [String]?) {
        var newBody: [String] = []
        var i = 0, replaced = false
        while i < body.count {
            if let parts = Self.fieldParts(body[i]), parts.name == name {
                var j = i + 1
                while j < body.count, Self.fieldParts(body[j]) == nil { j += 1 }
                if let value, !replaced { newBody += Self.fieldLines(name, value) }
                replaced = true
                i = j
                continue
            }
            newBody.append(body[i]); i += 1
        }
        if !replaced, let value {
            // A field the tool writes goes before the first later one it writes (an outlined task
            // written out gets its Problem between Severity and Estimate); any other at the end.
            let order = PlanState.ownedFields
            let at = order.firstIndex(of: name).flatMap { rank in
                newBody.firstIndex { line in
                    Self.fieldParts(line).flatMap { order.firstIndex(of: String($0.name)) }.map { $0 > rank } ?? false
                }
            } ?? newBody.count
            newBody.insert(contentsOf: Self.fieldLines(name, value), at: at)
        }
        body = newBody
    }

    /// `- [ ] **C1: Title** <!-- vp:fingerprint -->`, as the task template writes it.
    static func headerLine(checked: Bool, id: String, title: String, fingerprint: String) -> String {
        "- [\(checked ? "x" : " ")] **\(id): \(title)** <!-- vp:\(fingerprint) -->"
    }

    static func fieldLines(_ name: String, _ value: [String]) -> [String] {
        // An empty first line (a value that starts on the next lines, like a list of evidence) is
        // written as the templates write it: no trailing space.
        guard let first = value.first, !first.isEmpty else { return ["  - **\(name)**:"] + value.dropFirst() }
        return ["  - **\(name)**: \(first)"] + value.dropFirst()
    }

    public mutating func setChecked(_ checked: Bool) {
        guard header.checked != checked else { return }
        header.checked = checked
        if let range = headerLine.range(of: checked ? "- [ ] " : (headerLine.contains("- [x] ") ? "- [x] " : "- [X] ")) {
            headerLine.replaceSubrange(range, with: checked ? "- [x] " : "- [ ] ")
        }
    }
}

/// The three-way merge of one tool-owned field:
/// base = what the tool wrote last time, theirs = the file now, ours = the new text.
public enum FieldMerge: Equatable, Sendable {
    /// Write this value (nil: leave the field out).
    case write([String]?)
    /// A person changed it and so did the tool: keep theirs and suggest ours.
    case keepTheirsAndSuggest(theirs: [String]?, ours: [String])

    public static func merge(base: [String]?, theirs: [String]?, ours: [String]?) -> FieldMerge {
        if theirs == base || theirs == ours { return .write(ours) }
        if ours == base { return .write(theirs) }
        guard let ours else { return .write(theirs) }
        return .keepTheirsAndSuggest(theirs: theirs, ours: ours)
    }
}
