import Foundation
import Testing
@testable import ViperPlannerKit

/// The byte-level readers of plan files must agree with the character-level readings they replaced,
/// on every line, including combining marks, emoji, carriage returns and non-ASCII names.
struct FastReadingTests {
    /// The reading `TaskBlock.field(_:)` had before the byte-level one.
    static func referenceField(_ line: String) -> (String, String)? {
        guard line.hasPrefix("  - **") else { return nil }
        let afterPrefix = line.index(line.startIndex, offsetBy: 6)
        guard let end = line[afterPrefix...].firstRange(of: "**:") else { return nil }
        let name = String(line[afterPrefix..<end.lowerBound])
        guard !name.isEmpty, !name.contains("*") else { return nil }
        var value = String(line[end.upperBound...])
        if value.hasPrefix(" ") { value.removeFirst() }
        return (name, value)
    }

    /// The header reading before the first-byte shortcut.
    static func referenceHeader(_ line: String) -> (Bool, String?, String, String?)? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count == 0 else { return nil }
        let marks = ["- [ ] ": false, "- [x] ": true, "- [X] ": true]
        guard let (prefix, checked) = marks.first(where: { trimmed.hasPrefix($0.key) }) else { return nil }
        var rest = String(trimmed.dropFirst(prefix.count))
        var fingerprint: String?
        if let open = rest.firstRange(of: "<!-- vp:"), let close = rest[open.upperBound...].firstRange(of: "-->") {
            fingerprint = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            rest = String(rest[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        if rest.hasPrefix("**"), rest.hasSuffix("**"), rest.count >= 4 {
            let inner = String(rest.dropFirst(2).dropLast(2))
            if let colon = inner.firstIndex(of: ":"), inner[..<colon].allSatisfy({ $0.isLetter || $0.isNumber }),
               inner.first?.isUppercase == true {
                return (checked, String(inner[..<colon]), inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces), fingerprint)
            }
            return (checked, nil, inner, fingerprint)
        }
        return (checked, nil, rest, fingerprint)
    }

    static let pieces = ["  - **", "**", "**:", ":", " ", "  ", "-", "- [ ] ", "- [x] ", "- [X] ", "Location", "Severity", "Name",
                         "*", "\u{301}", "\u{308}", "é", "e\u{301}", "🔴", "🏻", "\u{200D}", "\r", "\r\n", "\n", "\t", "K", "\u{212A}",
                         "a", "value", "<!-- vp:ab12 -->", "C1", "x", "ß", "\u{E0020}"]

    static func randomLine(_ rng: inout SplitMix) -> String {
        var line = rng.next() % 3 == 0 ? "" : ["  - **", "- [ ] ", "- [x] ", "  ", "-"][Int(rng.next() % 5)]
        for _ in 0..<Int(rng.next() % 8) { line += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return line
    }

    @Test func fieldReadingAgreesWithTheCharacterReading() {
        var rng = SplitMix(seed: 7)
        var lines = ["  - **Location**: `a.swift:1`", "  - **Severity**: 🔴 Critical", "  - **Severity**: \u{301}x", "  - **Na*\u{301}me**: v",
                     "  - **N\u{301}**: v", "  - **N**:\u{301} v", "  - **N**: \u{301}v", "  - **N**: 🏻", "  - ****: x", "  - **x***: y",
                     "  - **", "  - **a", "  - **a*", "  - **a**", "  - **a**:", "  - **a**: ", "  - **\u{212A}**: k", "  - **\r\n**: x"]
        for _ in 0..<20_000 { lines.append(Self.randomLine(&rng)) }
        for line in lines {
            let fast = TaskBlock.field(line), slow = Self.referenceField(line)
            #expect(fast?.0 == slow?.0 && fast?.1 == slow?.1, "\(Array(line.unicodeScalars))")
            if let fast, let slow {   // byte for byte, not only equivalent
                #expect(Array(fast.0.utf8) == Array(slow.0.utf8) && Array(fast.1.utf8) == Array(slow.1.utf8))
            }
        }
    }

    @Test func headerReadingAgreesWithTheCharacterReading() {
        var rng = SplitMix(seed: 8)
        var lines = ["- [ ] **C1: Title** <!-- vp:ab -->", " - [ ] x", "- [ ]\u{301} x", "-\u{301} [ ] x", "- [x] **D2: y**", "\u{301}- [ ] x",
                     "- [ ] ****", "- [ ] ***", "- [ ] **:**", "- [ ] **c1: x**", "- [ ] **C-1: x**", "- [ ]  **C1: x** \t<!-- vp: a b -->  "]
        for _ in 0..<20_000 { lines.append(Self.randomLine(&rng)) }
        // ASCII lines, which the byte-level reading takes.
        let ascii = ["**", "*", ":", "C1", "D22", "c", "Z", "9", " ", "\t", "<!-- vp:", "-->", "<!--", "ab", "-", "`x`", "\r", "x y"]
        for _ in 0..<20_000 {
            var line = ["- [ ] ", "- [x] ", "- [X] "][Int(rng.next() % 3)]
            for _ in 0..<Int(rng.next() % 9) { line += ascii[Int(rng.next() % UInt64(ascii.count))] }
            lines.append(line)
        }
        for line in lines {
            let fast = TaskBlock.Header(line: line).map { ($0.checked, $0.id, $0.title, $0.fingerprint, $0.covers) }
            let slow = Self.referenceHeader(line)
            // Several fingerprints in one comment: the first, then the others.
            let words = slow?.3.map { $0.contains(" ") ? $0.split(separator: " ").map(String.init) : [$0] }
            #expect(fast?.0 == slow?.0 && fast?.1 == slow?.1 && fast?.2 == slow?.2 && fast?.3 == words?.first
                    && fast?.4 ?? [] == Array((words ?? []).dropFirst()), "\(Array(line.unicodeScalars))")
        }
    }

    @Test func fieldLookupsAgreeWithTheFieldList() {
        var rng = SplitMix(seed: 9)
        for _ in 0..<3_000 {
            let body = (0..<Int(rng.next() % 8)).map { _ in rng.next() % 2 == 0 ? Self.randomLine(&rng) : "  - **\(["Location", "Fix", "PR"][Int(rng.next() % 3)])**: \(Self.randomLine(&rng))" }
            let block = TaskBlock(header: TaskBlock.Header(line: "- [ ] **C1: A**")!, headerLine: "- [ ] **C1: A**", body: body)
            let names = ["Location", "Fix", "PR", "Evidence"]
            let all = block.fieldValues(names)
            for name in names {
                let expected = block.fields.first { $0.name == name }?.value
                #expect(block.field(name) == expected)
                #expect(all[name] == expected)
            }
        }
    }

    @Test func splittingLinesAgreesWithCharacterSplitting() {
        var rng = SplitMix(seed: 10)
        var texts = ["", "\n", "a\nb", "a\r\nb\n", "\r", "x\n\u{301}y\n"]
        for _ in 0..<3_000 { texts.append((0..<Int(rng.next() % 6)).map { _ in Self.randomLine(&rng) }.joined(separator: "\n")) }
        for text in texts {
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(PlanDocument.lines(of: text).map { Array($0.utf8) } == expected.map { Array($0.utf8) })
            #expect(PlanDocument(parsing: text).render() == text)
        }
    }

    @Test func containsAgreesWithFoundation() {
        var rng = SplitMix(seed: 11)
        let words = ["Cart", "Presenter", "Tests", "Test", "e", "\u{301}", "é", "\r", "\n", "\r\n", "K", "\u{212A}", "/", ".swift", ""]
        func random() -> String { (0..<Int(rng.next() % 5)).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined() }
        for _ in 0..<20_000 {
            let haystack = random(), needle = random()
            #expect(foundationContains(haystack, needle) == haystack.contains(needle), "\(Array(haystack.unicodeScalars)) \(Array(needle.unicodeScalars))")
        }
    }

    @Test func trimmingAndSplittingAgreeWithFoundation() {
        var rng = SplitMix(seed: 12)
        let words = ["a", " ", "\t", "\u{A0}", "\u{2003}", "\u{301}", "é", "\r", "\n", "\r\n", "🔴", "x y", "", "\u{85}", "|", " | ", ", ", "PR"]
        func random() -> String { (0..<Int(rng.next() % 6)).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined() }
        for _ in 0..<20_000 {
            let text = random()
            #expect(Array(trimmingWhitespace(text).utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8), "\(Array(text.unicodeScalars))")
            let sub = text.dropFirst()
            #expect(Array(trimmingWhitespace(sub).utf8) == Array(sub.trimmingCharacters(in: .whitespaces).utf8))
            #expect(newlineComponents(text).map { Array($0.utf8) } == text.components(separatedBy: "\n").map { Array($0.utf8) }, "\(Array(text.unicodeScalars))")
            for separator in [" | ", ", ", "|"] {
                let row = text + [" | ", ", ", "|", " |", "| ", " | | "][Int(rng.next() % 6)] + random()
                #expect(components(Substring(row), separatedBy: separator).map { Array($0.utf8) } == row.components(separatedBy: separator).map { Array($0.utf8) },
                        "\(Array(row.unicodeScalars)) by \(separator)")
            }
        }
    }

    /// The state's task lines (`PrettyJSON.line`) are what JSONEncoder writes (every C0 control,
    /// quotes, backslashes, slashes, non-ASCII text, absent optionals, any subset of fields).
    @Test func recordLinesAreWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var rng = SplitMix(seed: 13)
        let pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "e\u{301}", "🔴", "\u{2028}", "\u{FEFF}", "\u{85}", "/", "\\u0041", "`a.swift:1`"]
        func text() -> String { (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() }
        func maybe() -> String? { rng.next() % 2 == 0 ? nil : text() }
        var checked = 0
        for _ in 0..<5_000 {
            var record = PlanState.Record(fingerprint: text(), id: text(), file: text(), rule: maybe(), viewController: maybe(),
                                          status: text(), firstSeen: text(), firstSeenCommit: maybe())
            record.resolvedOn = maybe(); record.resolvedCommit = maybe(); record.regressedOn = maybe(); record.regressedCommit = maybe()
            for name in PlanState.scanFields where rng.next() % 2 == 0 { record.fields[name] = text() }
            if rng.next() % 10 == 0 { record.fields["Person"] = text() }   // not a scan field
            let expected = String(decoding: try encoder.encode(record), as: UTF8.self)
            #expect(PrettyJSON.line(record) == expected)
            checked += 1
        }
        #expect(checked == 5_000)
    }
}
