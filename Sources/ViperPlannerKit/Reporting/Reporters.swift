import Foundation

public enum OutputFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, github, markdown
}

public struct ReportOptions: Sendable {
    public var color = false
    /// The root as the user named it: paths for tools that open files (xcode, github) are joined
    /// onto it, and JSON reports it (never the machine-specific absolute path).
    public var displayRoot = "."
    public init(color: Bool = false, displayRoot: String = ".") { self.color = color; self.displayRoot = displayRoot }
}

public enum Reporter {
    public static func render(_ result: AuditResult, format: OutputFormat, options: ReportOptions = ReportOptions()) -> String {
        switch format {
        case .text: return TextReporter.render(result, options: options)
        case .json: return JSONReporter.render(result, root: options.displayRoot)
        case .sarif: return SARIFReporter.render(result)
        case .markdown: return MarkdownReporter.render(result)
        case .xcode:
            return result.findings.map { f in
                let level = f.severity == .critical ? "error" : "warning"
                return "\(join(options.displayRoot, f.file)):\(f.line):\(f.column): \(level): \(f.message) (\(f.rule))\n"
            }.joined()
        case .github:
            return result.findings.map { f in
                let level = switch f.severity { case .critical: "error"; case .high: "warning"; case .medium: "notice" }
                let message = "\(f.message). Fix: \(f.fix)".replacingOccurrences(of: "%", with: "%25")
                    .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
                return "::\(level) file=\(join(options.displayRoot, f.file)),line=\(f.line),col=\(f.column),title=\(f.rule) (\(f.severity.label))::\(message)\n"
            }.joined()
        }
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
        struct Summary: Encodable { var files: Int; var lines: Int; var viewControllers: Int; var findings: Counts }
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
                                               findings: .init(critical: s.critical, high: s.high, medium: s.medium)),
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
