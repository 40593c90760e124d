/// How the slicer cuts estimate parts and long methods into pieces under a cap.
extension PRSlicer {
    /// How the estimate parts for the screen's own edits around a new type begin ("view controller
    /// holds `interactor` …").
    static let screenEdit = "view controller "

    /// Parts in order, cut into runs under the cap; a part larger than the cap alone is cut in pieces.
    static func chunked(_ parts: [EstimatePart], cap: Int) -> [[EstimatePart]] {
        var chunks: [[EstimatePart]] = [[]]
        for part in parts {
            let pieces = max(1, (part.lines + cap - 1) / cap)
            for k in 0..<pieces {
                let lines = pieces == 1 ? part.lines : min(cap, part.lines - k * cap)
                let piece = EstimatePart(lines, pieces == 1 ? part.label : part.label + " (piece \(k + 1) of \(pieces))")
                if chunks[chunks.count - 1].reduce(0, { $0 + $1.lines }) + lines > cap { chunks.append([]) }
                chunks[chunks.count - 1].append(piece)
            }
        }
        return chunks.filter { !$0.isEmpty }
    }

    /// "Split `loadEverything()` (240 lines) into smaller methods first", cut so each PR fits the cap:
    /// extracting k lines costs 2k (deleted and re-added) plus ~3 lines per new helper of ~40 lines.
    /// Lines extracted per preparatory PR: all but ~20 lines of orchestration, in chunks under the cap.
    static func splitChunks(codeLines: Int, cap: Int) -> [Int] {
        var chunk = cap / 2
        while chunk > 1 && 2 * chunk + 3 * ((chunk + 39) / 40) > cap { chunk -= 1 }
        var left = max(1, codeLines - 20)
        var chunks: [Int] = []
        while left > 0 { chunks.append(min(chunk, left)); left -= chunk }
        return chunks
    }
}
