import Foundation

/// What a stored report was made from, file by file: each file's cache key (or why it was
/// skipped) and the checksum of its facts, and the text of the lines the report quotes. The
/// analysis reads nothing of a file but its facts, so an edit that leaves every file's facts as
/// they were (a comment, blank lines, formatting inside a line) cannot change a finding: the
/// report is the stored one once the lines it quotes from the edited files read the same.
struct ReportBasis: Equatable {
    /// The digest the report is stored under (`FactCache.reportDigest`).
    var reportDigest: String
    /// Everything the report digest covers besides the files (`FactCache.reportContext`).
    var context: String
    /// In discovery order.
    var files: [File]
    /// Per file with evidence, the lines the report quotes and a digest of their text.
    var quotes: [String: Quote]

    struct File: Equatable {
        var path: String
        /// The file's cache key, or "skipped: <reason>".
        var key: String
        /// The checksum of its facts ("" when it has none: skipped or unparseable).
        var checksum: String
    }

    struct Quote: Equatable {
        var lines: [Int]
        var digest: String
    }

    /// The quoted lines of each file, from the findings' evidence (snippets filled in).
    static func quotes(of findings: [Finding]) -> [String: Quote] {
        var texts: [String: [Int: String]] = [:]
        for finding in findings {
            for evidence in finding.evidence { texts[evidence.file, default: [:]][evidence.line] = evidence.snippet }
        }
        return texts.mapValues { byLine in
            let lines = byLine.keys.sorted()
            return Quote(lines: lines, digest: digest(lines.map { byLine[$0]! }))
        }
    }

    static func digest(_ texts: [String]) -> String { ContentHash(texts.joined(separator: "\n")).description }

    func encoded() -> [UInt8] {
        var w = BinaryWriter(capacity: 64 * files.count + 256)
        w.write(reportDigest); w.write(context)
        w.write(files) { w, file in w.write(file.path); w.write(file.key); w.write(file.checksum) }
        w.write(quotes.keys.sorted()) { w, path in
            w.write(path)
            w.write(quotes[path]!.lines) { w, line in w.write(line) }
            w.write(quotes[path]!.digest)
        }
        return w.bytes
    }

    init(reportDigest: String, context: String, files: [File], quotes: [String: Quote]) {
        self.reportDigest = reportDigest; self.context = context; self.files = files; self.quotes = quotes
    }

    init?(decoding reader: inout BinaryReader) {
        guard let digest = try? reader.string(), let context = try? reader.string(),
              let files = try? reader.array({ File(path: try $0.string(), key: try $0.string(), checksum: try $0.string()) }),
              let quotes = try? reader.array({ r in (try r.string(), Quote(lines: try r.array { try $0.int() }, digest: try r.string())) }),
              reader.isAtEnd else { return nil }
        self.init(reportDigest: digest, context: context, files: files,
                  quotes: Dictionary(quotes, uniquingKeysWith: { first, _ in first }))
    }
}

extension FactCache {
    static let basisKey = "report basis"

    func basisURL(root: String, rendering: String) -> URL {
        let report = reportURL(root: root, rendering: rendering)
        return report.deletingLastPathComponent().appendingPathComponent(report.lastPathComponent + ".basis")
    }

    func loadBasis(root: String, rendering: String) -> ReportBasis? {
        guard case .bytes(let bytes) = FileIO.read(basisURL(root: root, rendering: rendering).path),
              var reader = Self.unsealed(bytes, key: Self.basisKey) else { return nil }
        return ReportBasis(decoding: &reader)
    }

    /// Best effort, as the report itself: without a basis the next edit analyses again.
    func storeBasis(_ basis: ReportBasis, root: String, rendering: String) {
        let url = basisURL(root: root, rendering: rendering)
        try? AtomicFile.write(chunks: Self.sealed(basis.encoded(), key: Self.basisKey), to: url.path, durable: false)
    }
}
