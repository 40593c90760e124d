import Foundation

/// Maps UTF-8 offsets to 1-based lines and columns, and marks which lines hold code.
struct LineTable {
    private(set) var lineStarts: [Int] = [0]
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts.reserveCapacity(bytes.count / 30 + 1)
        // memchr jumps from newline to newline; a byte loop cost ~2 instructions per byte.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var i = 0
            while i < buffer.count, let hit = memchr(base + i, Int32(UInt8(ascii: "\n")), buffer.count - i) {
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                lineStarts.append(i)
            }
        }
    }

    var lineCount: Int { lineStarts.count }

    func line(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func position(of offset: Int) -> SourcePosition {
        let l = line(of: offset)
        return SourcePosition(line: l, column: offset - lineStarts[l - 1] + 1)
    }

    /// The trimmed text of a line, cut to a readable length for evidence.
    func text(ofLine line: Int, limit: Int = 160) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        var start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        while end > start, [32, 9, 13].contains(bytes[end - 1]) { end -= 1 }
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }
}

/// Prefix sums over "this line holds at least one token", for O(1) code-line counts of any range.
struct CodeLineCounter {
    private var prefix: [Int32]

    init(lineCount: Int, markedLines: [Bool]) {
        prefix = [Int32](repeating: 0, count: lineCount + 1)
        for i in 0..<lineCount { prefix[i + 1] = prefix[i] + (markedLines[i] ? 1 : 0) }
    }

    /// Code lines in the closed range of 1-based lines.
    func count(from first: Int, to last: Int) -> Int {
        let a = max(1, first), b = min(prefix.count - 1, last)
        guard a <= b else { return 0 }
        return Int(prefix[b] - prefix[a - 1])
    }

    var total: Int { Int(prefix.last ?? 0) }
}
