import Foundation

public enum OutputFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, github, markdown
}

public struct ReportOptions: Sendable {
    public var color = false
    /// The root as the user named it: paths for tools that open files (xcode, github) are joined
    /// onto it, and JSON reports it (never the machine-specific absolute path).
    public var displayRoot = "."
    /// `xcode`: findings at or above this severity (the run's `--fail-on`) are errors, so a
    /// failing run always shows what failed it; the rest are what `xcodeLevels` says.
    public var errorsFrom: Severity?
    /// `text`: only the worst-screens table, its order line and the totals (`audit --summary`).
    public var summaryOnly = false
    /// `xcode`: the word for each severity below `errorsFrom` (`xcode_severity:`; by default warning).
    public var xcodeLevels: [Severity: XcodeLevel]
    public init(color: Bool = false, displayRoot: String = ".", errorsFrom: Severity? = nil, summaryOnly: Bool = false,
                xcodeLevels: [Severity: XcodeLevel] = Configuration().xcodeSeverity) {
        self.color = color; self.displayRoot = displayRoot; self.errorsFrom = errorsFrom; self.summaryOnly = summaryOnly
        self.xcodeLevels = xcodeLevels
    }

    /// What the `xcode` format calls a finding of this severity.
    func xcodeLevel(_ severity: Severity) -> XcodeLevel {
        errorsFrom.map { severity.meets($0) } == true ? .error : xcodeLevels[severity] ?? .warning
    }
}

public enum Reporter {
    public static func render(_ result: AuditResult, format: OutputFormat, options: ReportOptions = ReportOptions()) -> String {
        switch format {
        case .text: return TextReporter.render(result, options: options)
        case .json: return JSONReporter.render(result, root: options.displayRoot)
        case .sarif: return SARIFReporter.render(result)
        case .markdown: return MarkdownReporter.render(result, root: options.displayRoot)
        case .xcode:
            return result.findings.map { f in
                "\(join(options.displayRoot, f.file)):\(f.line):\(f.column): \(options.xcodeLevel(f.severity).rawValue): \(f.message) (\(f.rule), \(f.severity.rawValue))\n"
            }.joined()
        case .github:
            return result.findings.map { f in
                let level = switch f.severity { case .critical: "error"; case .high: "warning"; case .medium: "notice" }
                let message = gitHubEscaped("\(f.message). Fix: \(f.fix)")
                return "::\(level) file=\(join(options.displayRoot, f.file)),line=\(f.line),col=\(f.column),title=\(f.rule) (\(f.severity.label))::\(message)\n"
            }.joined()
        }
    }

    /// A workflow command's message: `%`, carriage return and newline percent-encoded, a byte at a
    /// time (Foundation's `replacingOccurrences` cost more than the rest of the report).
    static func gitHubEscaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "%"): bytes += [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "5")]
            case 13: bytes += [UInt8(ascii: "%"), UInt8(ascii: "0"), UInt8(ascii: "D")]
            case 10: bytes += [UInt8(ascii: "%"), UInt8(ascii: "0"), UInt8(ascii: "A")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func join(_ root: String, _ path: String) -> String {
        var r = root
        while r.hasSuffix("/") && r.count > 1 { r.removeLast() }
        if r == "." || r.isEmpty { return path }
        return r + "/" + path
    }
}

enum JSONReporter {
    struct Document: Encodable {
        struct Tool: Encodable { var name: String; var version: String }
        struct Counts: Encodable { var critical: Int; var high: Int; var medium: Int }
        struct Summary: Encodable {
            var files: Int; var lines: Int; var viewControllers: Int; var findings: Counts
            /// Screens per architecture they already have ("MVC": 16, "Clean Swift (VIP)": 82).
            var architectures: [String: Int]
        }
        var schemaVersion = 1
        var tool = Tool(name: ToolInfo.name, version: ToolInfo.version)
        var root: String
        var summary: Summary
        var types: [TypeReport]
        var findings: [Finding]
        /// Files left out of the audit, with why; absent when none were.
        var skipped: [Skipped]?
    }

    /// One file the audit did not analyse: `line` is where the reason points (the deepest `[`).
    struct Skipped: Encodable, Equatable {
        var file: String
        var line: Int?
        var reason: String
    }

    static func render(_ result: AuditResult, root: String) -> String {
        let s = result.summary
        let document = Document(root: root,
                                summary: .init(files: s.files, lines: s.lines, viewControllers: s.viewControllers,
                                               findings: .init(critical: s.critical, high: s.high, medium: s.medium),
                                               architectures: Dictionary(uniqueKeysWithValues: result.architectureCounts().map { ($0.architecture.rawValue, $0.count) })),
                                types: result.typeReports(), findings: result.findings,
                                skipped: skippedFiles(result))
        return encode(document)
    }

    static func skippedFiles(_ result: AuditResult) -> [Skipped]? {
        let skipped = result.warnings.compactMap { w in w.skipReason.map { Skipped(file: w.path, line: w.line, reason: $0) } }
        return skipped.isEmpty ? nil : skipped
    }

    static func encode(_ value: some Encodable) -> String { PrettyJSON.encode(value) }
}
