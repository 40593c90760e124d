import Foundation

/// A rendered report with what the command line needs besides it (warnings, `--fail-on`).
public struct CachedReport: Sendable, Equatable {
    public var report: String
    public var warnings: [String]
    /// Distinct severities of the findings.
    public var severities: [Severity]

    public init(report: String, warnings: [String], severities: [Severity]) {
        self.report = report; self.warnings = warnings; self.severities = severities
    }
}

/// The whole-report layer of the fact cache, for a re-run on an unchanged project: when the
/// digest of every input — tool build, configuration, root, rendering options, discovery's
/// warnings and test files, and each file's path with its content hash (or why it was skipped)
/// — equals the stored one, the stored report is the report. Anything else falls through to
/// the per-file facts. One slot per project folder and rendering, so the folder holds one
/// report per project and format, not one per commit.
extension FactCache {
    public func reportDigest(_ project: LoadedProject, rendering: String) -> String? {
        var text = reportContext(project, rendering: rendering)
        for (source, file) in zip(project.discovered.sources, project.files) {
            guard let key = Self.reportKey(file) else { return nil }
            text += "\(source.path)\u{1F}\(key)\u{1E}"
        }
        return ContentHash(text).description
    }

    /// The inputs of a report besides its files: tool build, configuration, root, rendering,
    /// discovery's test files and warnings, and what the non-Swift files call.
    func reportContext(_ project: LoadedProject, rendering: String) -> String {
        var text = "\(salt)\u{1E}\(project.discovered.root)\u{1E}\(rendering)\u{1E}"
        text += project.discovered.testFiles.joined(separator: "\u{1F}") + "\u{1E}"
        text += project.discovered.warnings.map(\.description).joined(separator: "\u{1F}") + "\u{1E}"
        text += project.outside.digest + "\u{1E}"
        return text
    }

    /// A loaded file as the report digest sees it: its cache key, or why it was skipped (nil: read
    /// without a cache).
    static func reportKey(_ file: LoadedProject.File) -> String? {
        switch file {
        case .source(_, let key?), .hashed(let key): key
        case .skipped(let warning): "skipped: \(warning.reason)"
        case .source(_, nil), .deferred: nil
        }
    }

    func reportURL(root: String, rendering: String) -> URL {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        let slot = ContentHash("\(salt)\u{1E}\(absolute)\u{1E}\(rendering)").description
        return directory.deletingLastPathComponent()
            .appendingPathComponent("reports-v\(Self.formatVersion)", isDirectory: true).appendingPathComponent(slot)
    }

    public func loadReport(root: String, rendering: String, digest: String) -> CachedReport? {
        guard case .bytes(let bytes) = FileIO.read(reportURL(root: root, rendering: rendering).path) else { return nil }
        return Self.decodeReport(bytes, digest: digest)
    }

    public func storeReport(_ report: CachedReport, root: String, rendering: String, digest: String) {
        let url = reportURL(root: root, rendering: rendering)
        Self.withReportEntry(report, digest: digest) { parts in
            if (try? AtomicFile.write(parts: parts, to: url.path, durable: false)) != nil { return }
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AtomicFile.write(parts: parts, to: url.path, durable: false)
        }
    }

    /// The entry of `sealed(payload)` as parts, the report's own bytes among them: a 40 MB report
    /// is hashed and written where it lies, not copied into a payload first (that copy alone put
    /// a cold run into an empty cache over 400 MB on the 1M-line synthetic corpus).
    static func withReportEntry<R>(_ report: CachedReport, digest: String, _ body: ([UnsafeRawBufferPointer]) -> R) -> R {
        var text = report.report
        return text.withUTF8 { reportBytes in
            var prefix = BinaryWriter(capacity: 8)
            prefix.write(UInt64(reportBytes.count))
            var suffix = BinaryWriter(capacity: 256)
            suffix.write(report.warnings)
            suffix.write(report.severities.map(\.rawValue))
            return prefix.bytes.withUnsafeBufferPointer { p in
                suffix.bytes.withUnsafeBufferPointer { q in
                    let payload = [p, reportBytes, q]
                    let checksum = ContentHash(payload.lazy.flatMap { $0 })
                    var head = BinaryWriter(capacity: 96)
                    head.append(magic)
                    head.write(digest)
                    head.write(UInt64(payload.reduce(0) { $0 + $1.count }))
                    head.write(checksum.high); head.write(checksum.low)
                    return head.bytes.withUnsafeBufferPointer { h in
                        body([h, p, reportBytes, q].map { UnsafeRawBufferPointer($0) })
                    }
                }
            }
        }
    }

    static func decodeReport(_ bytes: [UInt8], digest: String) -> CachedReport? {
        guard var reader = unsealed(bytes, key: digest),
              let report = try? reader.string(), let warnings = try? reader.strings(),
              let names = try? reader.strings(), reader.isAtEnd else { return nil }
        let severities = names.compactMap(Severity.init(rawValue:))
        guard severities.count == names.count else { return nil }
        return CachedReport(report: report, warnings: warnings, severities: severities)
    }
}
