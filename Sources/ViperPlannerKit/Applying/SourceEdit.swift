import Foundation
import SwiftParser
import SwiftSyntax

/// One replacement in a file's UTF-8 bytes: `length` bytes at `offset` become `text`. A rewrite
/// is a list of these computed from the syntax tree, so everything it does not name (comments,
/// blank lines, formatting) stays byte for byte.
public struct SourceEdit: Hashable, Sendable {
    public var offset: Int
    public var length: Int
    public var text: String
    /// Orders insertions at the same offset: lower first.
    public var order: Int

    public init(offset: Int, length: Int = 0, text: String, order: Int = 0) {
        self.offset = offset; self.length = length; self.text = text; self.order = order
    }

    /// The edits applied to `bytes`, or nil when two of them overlap (no edit may cut into another).
    public static func apply(_ edits: [SourceEdit], to bytes: [UInt8]) -> [UInt8]? {
        let sorted = Set(edits).sorted { ($0.offset, $0.order, $0.length) < ($1.offset, $1.order, $1.length) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
        var cursor = 0
        for edit in sorted {
            guard edit.offset >= cursor, edit.offset + edit.length <= bytes.count else { return nil }
            out += bytes[cursor..<edit.offset]
            out += Array(edit.text.utf8)
            cursor = edit.offset + edit.length
        }
        out += bytes[cursor...]
        return out
    }
}

/// A source file parsed for rewriting: its bytes, tree and line starts.
public struct SourceText {
    public let path: String
    public let bytes: [UInt8]
    let tree: SourceFileSyntax
    private let table: LineTable
    private var lineStarts: [Int] { table.lineStarts }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: FileParser.maximumNestingLevel) }
        table = LineTable(bytes)
    }

    /// The byte offset of a 1-based line and UTF-8 column (the positions facts and findings carry).
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= bytes.count ? offset : nil
    }

    func line(of offset: Int) -> Int { table.line(of: offset) }

    func lineStart(_ line: Int) -> Int { lineStarts[line - 1] }

    /// The spaces and tabs that start a line.
    func indentation(ofLine line: Int) -> String {
        var i = lineStarts[line - 1], text = ""
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { text.append(Character(UnicodeScalar(bytes[i]))); i += 1 }
        return text
    }

    /// Whether only spaces and tabs come before `offset` on its line.
    func startsLine(_ offset: Int) -> Bool {
        var i = offset - 1
        while i >= 0, bytes[i] == 32 || bytes[i] == 9 { i -= 1 }
        return i < 0 || bytes[i] == UInt8(ascii: "\n")
    }

    /// Whether the line holds nothing but spaces, tabs or a carriage return.
    func isBlank(line: Int) -> Bool {
        var i = lineStarts[line - 1]
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
            guard [32, 9, 13].contains(bytes[i]) else { return false }
            i += 1
        }
        return true
    }

    /// One level of indentation as this file writes it: a tab, or the smallest step between two
    /// consecutive indented lines (4 spaces when the file shows none).
    var indentUnit: String {
        var smallest = Int.max, tabs = 0, spaced = 0
        var previous = 0
        for line in 1...lineStarts.count where !isBlank(line: line) {
            let indent = indentation(ofLine: line)
            if indent.hasPrefix("\t") { tabs += 1; continue }
            spaced += 1
            let step = indent.count - previous
            if step > 0 { smallest = min(smallest, step) }
            previous = indent.count
        }
        if tabs > spaced { return "\t" }
        return String(repeating: " ", count: smallest == Int.max || smallest > 8 ? 4 : smallest)
    }

    /// The innermost node of type `T` that starts exactly at `offset` (after its leading trivia).
    func node<T: SyntaxProtocol>(_ type: T.Type, at offset: Int) -> T? {
        guard offset < bytes.count, let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var current: Syntax? = Syntax(token)
        while let node = current {
            if let match = node.as(T.self), node.positionAfterSkippingLeadingTrivia.utf8Offset == offset { return match }
            if node.positionAfterSkippingLeadingTrivia.utf8Offset < offset { return nil }
            current = node.parent
        }
        return nil
    }

    /// The innermost node of type `T` whose text contains `offset`.
    func enclosing<T: SyntaxProtocol>(_ type: T.Type, at offset: Int) -> T? {
        guard offset < bytes.count, let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var current: Syntax? = Syntax(token)
        while let node = current {
            if let match = node.as(T.self) { return match }
            current = node.parent
        }
        return nil
    }

    /// Whether `bytes` parse without a syntax error.
    static func parses(_ bytes: [UInt8]) -> Bool { !FileParser.parseOnly(bytes: bytes) }
}
