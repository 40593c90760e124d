@_spi(RawSyntax) import SwiftSyntax

/// Marks the lines that hold at least one present token (a token spanning lines marks all of
/// them). Walks the raw tree with a running byte offset and a forward-only line cursor: no
/// `Syntax` node, `TokenKind` string or binary search per token, which the public token
/// iterator costs (profiled: ~8% of an audit).
enum CodeLineMarker {
    static func mark(_ tree: SourceFileSyntax, table: LineTable) -> [Bool] {
        var walker = Walker(lineStarts: table.lineStarts)
        walker.visit(tree.raw)
        return walker.marked
    }

    private struct Walker {
        let lineStarts: [Int]
        var marked: [Bool]
        var offset = 0
        /// 0-based index of the line holding `offset` at the last token; tokens come in order.
        var line = 0

        init(lineStarts: [Int]) {
            self.lineStarts = lineStarts
            marked = [Bool](repeating: false, count: lineStarts.count)
        }

        mutating func visit(_ node: RawSyntax) {
            guard let token = node.tokenView else {
                guard let layout = node.layoutView else { return }
                for child in layout.children { if let child { visit(child) } }
                return
            }
            let leading = token.leadingTriviaByteLength, text = token.textByteLength
            defer { offset += leading + text + token.trailingTriviaByteLength }
            guard token.presence == .present, token.rawKind != .endOfFile else { return }
            let start = offset + leading
            let end = max(start, start + text - 1)   // the last byte of the token text
            advance(to: start)
            marked[line] = true
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= end {
                line += 1
                marked[line] = true
            }
        }

        private mutating func advance(to offset: Int) {
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
        }
    }
}
