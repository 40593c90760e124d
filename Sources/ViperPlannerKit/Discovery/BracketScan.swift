/// The deepest nesting of `[` in a Swift file, found by a lexical scan of its bytes before it is
/// parsed: SwiftParser's time grows exponentially with `[` nesting (array literals, array types,
/// unclosed brackets alike), so a file nested too deep would stall the whole run.
///
/// The scan knows what the parser would not read as brackets: `//` and nested `/* */` comments,
/// string literals (`"…"`, multi-line `"""…"""`, raw `#"…"#` with any number of `#`), their
/// escapes (`\"`, `\#"` in a raw string) and interpolations (`\(…)`, `\#(…)` in a raw string),
/// whose code is scanned like any other (strings nest inside them). An unclosed `[` stays open
/// where the parser keeps it open: across lines and nested brackets, but not past the `}` that
/// closes a `{` opened before it, nor past a line that starts a declaration (`let`, `func`, …),
/// where the parser ends the literal (measured: unclosed brackets on separate `let` lines, or
/// each inside its own function, parse as fast as one). A stray `]` never goes below zero.
/// Regex literals are read as code (their character classes count; real ones nest a level or two).
enum BracketScan {
    /// Deeper nesting than this is not parsed. Measured on a release build (`Scripts/bracket-depth.sh`,
    /// a one-line file, process start included): the slowest shape, an array type `[[[…Int…]]]`,
    /// parses in 0.10 s at 16 levels, 0.23 s at 18, 0.50 s at 20, 1.9 s at 22, about doubling per
    /// level (a literal: 0.06 s at 16, 1.1 s at 22). 7,039 files of six public apps nest 5 deep at most.
    static let maximumDepth = 16

    struct Deepest: Equatable {
        /// The largest number of `[` open at once.
        var depth: Int
        /// 1-based line of the `[` that first reached that depth (0 when there is none).
        var line: Int
    }

    private enum Byte {
        static let newline = UInt8(ascii: "\n"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
        static let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        static let openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")")
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    }

    /// A string literal being read: its `#` count and whether it is multi-line; inside an
    /// interpolation, also the parentheses open in the interpolated code.
    private struct StringFrame {
        var hashes: Int
        var multiline: Bool
        var parens = 0
    }

    /// Bytes with a meaning in code, as bit masks of bytes 0–63 and 64–127: newline `"` `#` `(`
    /// `)` `/`, `[` `]` `{` `}`.
    private static let codeLow: UInt64 = 1 << 10 | 1 << 34 | 1 << 35 | 1 << 40 | 1 << 41 | 1 << 47
    private static let codeHigh: UInt64 = 1 << (91 - 64) | 1 << (93 - 64) | 1 << (123 - 64) | 1 << (125 - 64)
    /// Keywords that start a declaration; the parser ends an open array literal before them.
    private static let declarationKeywords: [[UInt8]] = ["let", "var", "func", "class", "struct", "enum", "protocol",
                                                         "extension", "import", "typealias", "actor"].map { Array($0.utf8) }
    /// … and in a string: newline, `"`; `\`.
    private static let stringLow: UInt64 = 1 << 10 | 1 << 34
    private static let stringHigh: UInt64 = 1 << (92 - 64)

    @inline(__always)
    private static func matches(_ c: UInt8, _ low: UInt64, _ high: UInt64) -> Bool {
        c < 64 ? (low >> UInt64(c)) & 1 != 0 : c < 128 && (high >> UInt64(c - 64)) & 1 != 0
    }

    /// Runs on every file on every run (warm runs included): one pass over the bytes, skipping
    /// those without a meaning for the current state, and lines counted only at the end.
    static func deepest(_ bytes: [UInt8]) -> Deepest {
        bytes.withUnsafeBufferPointer { buffer -> Deepest in
            guard let base = buffer.baseAddress else { return Deepest(depth: 0, line: 0) }
            var scanner = Scanner(p: base, n: buffer.count)
            while scanner.i < scanner.n {
                if scanner.string != nil { scanner.stepInString() } else { scanner.stepInCode() }
            }
            guard scanner.bestDepth > 0 else { return Deepest(depth: 0, line: 0) }
            var line = 1
            for k in 0..<scanner.bestOffset where base[k] == Byte.newline { line += 1 }
            return Deepest(depth: scanner.bestDepth, line: line)
        }
    }

    /// The scan's state over one file's bytes.
    private struct Scanner {
        let p: UnsafePointer<UInt8>
        let n: Int
        var i = 0, depth = 0, bestDepth = 0, bestOffset = 0
        /// The `[` depth at each open `{`, innermost last: its `}` closes what was opened since.
        var braces: [Int] = []
        /// Strings whose interpolation is being read, innermost last.
        var interpolations: [StringFrame] = []
        /// The string being read, nil in code.
        var string: StringFrame?

        init(p: UnsafePointer<UInt8>, n: Int) { self.p = p; self.n = n }

        /// Whether `count` `#` follow position `at`.
        @inline(__always)
        func hashes(_ count: Int, at: Int) -> Bool {
            guard at + count <= n else { return false }
            var k = 0
            while k < count { if p[at + k] != Byte.hash { return false }; k += 1 }
            return true
        }

        /// Whether a declaration keyword starts at `start` (after the line's indentation).
        func declarationStarts(at start: Int) -> Bool {
            var k = start
            while k < n, p[k] == 32 || p[k] == 9 { k += 1 }
            for keyword in declarationKeywords where k + keyword.count <= n {
                var m = 0
                while m < keyword.count, p[k + m] == keyword[m] { m += 1 }
                guard m == keyword.count else { continue }
                let after = k + m
                if after == n { return true }
                let c = p[after]
                if !(c == 95 || (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 122) || c >= 128) { return true }
            }
            return false
        }

        /// Opens a string at the quote at `q` with `count` leading `#`.
        mutating func openString(quote q: Int, hashes count: Int) {
            if q + 2 < n, p[q + 1] == Byte.quote, p[q + 2] == Byte.quote {
                string = StringFrame(hashes: count, multiline: true); i = q + 3
            } else {
                string = StringFrame(hashes: count, multiline: false); i = q + 1
            }
        }

        /// Inside a string: to its next newline, quote or backslash, and what that means.
        @inline(__always)
        mutating func stepInString() {
            guard var s = string else { return }
            while i < n, !matches(p[i], stringLow, stringHigh) { i += 1 }
            guard i < n else { return }
            switch p[i] {
            case Byte.newline:
                // A single-line string ends at the line's end (unterminated).
                if !s.multiline { string = nil }
                i += 1
            case Byte.backslash:
                guard hashes(s.hashes, at: i + 1) else { i += 1; return }
                let after = i + 1 + s.hashes
                if after < n, p[after] == Byte.openParen {
                    s.parens = 0
                    interpolations.append(s)
                    string = nil
                }
                i = after + 1   // an escaped character (a line continuation too) is skipped
            default:   // a quote
                let closing = s.multiline ? 3 : 1
                var k = 0
                while k < closing, i + k < n, p[i + k] == Byte.quote { k += 1 }
                if k == closing, hashes(s.hashes, at: i + closing) {
                    string = nil
                    i += closing + s.hashes
                } else {
                    i += 1
                }
            }
        }

        /// In code: to the next byte with a meaning, and what it does to the nesting.
        @inline(__always)
        mutating func stepInCode() {
            while i < n, !matches(p[i], codeLow, codeHigh) { i += 1 }
            guard i < n else { return }
            switch p[i] {
            case Byte.newline:
                // Only when brackets are open since the innermost `{`: rare, and then cheap.
                if depth > (braces.last ?? 0), declarationStarts(at: i + 1) { depth = braces.last ?? 0 }
                i += 1
            case Byte.openBrace:
                braces.append(depth); i += 1
            case Byte.closeBrace:
                if let outer = braces.popLast() { depth = min(depth, outer) }
                i += 1
            case Byte.slash where i + 1 < n && p[i + 1] == Byte.slash:
                i += 2
                while i < n, p[i] != Byte.newline { i += 1 }
            case Byte.slash where i + 1 < n && p[i + 1] == Byte.star:
                skipBlockComment()
            case Byte.quote:
                openString(quote: i, hashes: 0)
            case Byte.hash:
                var k = i
                while k < n, p[k] == Byte.hash { k += 1 }
                if k < n, p[k] == Byte.quote { openString(quote: k, hashes: k - i) } else { i = k }
            case Byte.open:
                depth += 1
                if depth > bestDepth { bestDepth = depth; bestOffset = i }
                i += 1
            case Byte.close:
                if depth > 0 { depth -= 1 }
                i += 1
            case Byte.openParen:
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parens += 1 }
                i += 1
            case Byte.closeParen:
                if let last = interpolations.last {
                    if last.parens == 0 { string = interpolations.removeLast() }
                    else { interpolations[interpolations.count - 1].parens -= 1 }
                }
                i += 1
            default:   // a lone slash
                i += 1
            }
        }

        /// A `/* … */` comment, nested ones included.
        mutating func skipBlockComment() {
            var level = 1
            i += 2
            while i < n, level > 0 {
                if p[i] == Byte.slash, i + 1 < n, p[i + 1] == Byte.star { level += 1; i += 2 }
                else if p[i] == Byte.star, i + 1 < n, p[i + 1] == Byte.slash { level -= 1; i += 2 }
                else { i += 1 }
            }
        }
    }
}
