import Foundation

/// A plan Markdown file read back: tasks (checkbox line + indented fields) between runs of text
/// the tool does not interpret. `render()` of an unchanged document gives back the same bytes.
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
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
        var lines: [String] = []
        for segment in segments {
            switch segment {
            case .text(let text): lines += text
            case .task(let task): lines += task.lines
            }
        }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
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

        /// Parses `- [ ] **C1: Title** <!-- vp:abc -->`; any `- [ ]`/`- [x]` line is a task.
        public init?(line: String) {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count == 0 else { return nil }   // top-level items only
            let marks = ["- [ ] ": false, "- [x] ": true, "- [X] ": true]
            guard let (prefix, checked) = marks.first(where: { trimmed.hasPrefix($0.key) }) else { return nil }
            self.checked = checked
            var rest = String(trimmed.dropFirst(prefix.count))
            fingerprint = nil
            if let open = rest.firstRange(of: "<!-- vp:"), let close = rest[open.upperBound...].firstRange(of: "-->") {
                fingerprint = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
                rest = String(rest[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
            id = nil
            if rest.hasPrefix("**"), rest.hasSuffix("**"), rest.count >= 4 {
                let inner = String(rest.dropFirst(2).dropLast(2))
                if let colon = inner.firstIndex(of: ":"), inner[..<colon].allSatisfy({ $0.isLetter || $0.isNumber }),
                   inner.first?.isUppercase == true {
                    id = String(inner[..<colon])
                    title = inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    return
                }
                title = inner
                return
            }
            title = rest
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
            if let (name, value) = Self.field(line) { result.append(Field(name: name, value: [value])) }
            else if !result.isEmpty { result[result.count - 1].value.append(line) }
        }
        return result
    }

    public func field(_ name: String) -> [String]? { fields.first { $0.name == name }?.value }

    static func field(_ line: String) -> (String, String)? {
        // Standard-library search: Foundation's `range(of:)` dominated reading large plans back.
        guard line.hasPrefix("  - **") else { return nil }
        let afterPrefix = line.index(line.startIndex, offsetBy: 6)
        guard let end = line[afterPrefix...].firstRange(of: "**:") else { return nil }
        let name = String(line[afterPrefix..<end.lowerBound])
        guard !name.isEmpty, !name.contains("*") else { return nil }
        var value = String(line[end.upperBound...])
        if value.hasPrefix(" ") { value.removeFirst() }
        return (name, value)
    }

    /// Replaces (or appends, or removes with nil) one field, keeping every other line in place.
    public mutating func setField(_ name: String, _ value: [String]?) {
        var newBody: [String] = []
        var i = 0, replaced = false
        while i < body.count {
            if let (fieldName, _) = Self.field(body[i]), fieldName == name {
                var j = i + 1
                while j < body.count, Self.field(body[j]) == nil { j += 1 }
                if let value, !replaced { newBody += Self.fieldLines(name, value) }
                replaced = true
                i = j
                continue
            }
            newBody.append(body[i]); i += 1
        }
        if !replaced, let value { newBody += Self.fieldLines(name, value) }
        body = newBody
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

/// The three-way merge of one tool-owned field (refactoring-directory.md, "Merging"):
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
