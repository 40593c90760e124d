import Foundation

/// A baseline: the findings a team has accepted, by fingerprint, so that `audit --baseline FILE`
/// reports only the ones that came after it — CI without a plan. `audit --write-baseline FILE`
/// writes it. The only code that knows the file's format (JSON; the rule, type and file of each
/// finding are there for a reviewer of the file, only the fingerprints are read back).
public enum Baseline {
    struct Document: Codable {
        struct Tool: Codable { var name: String; var version: String }
        struct Entry: Codable {
            var fingerprint: String
            var rule: String
            var type: String
            var member: String?
            var file: String
        }
        var schemaVersion: Int
        var tool: Tool
        var findings: [Entry]
    }

    static let schemaVersion = 1

    /// The baseline of these findings, ordered by file, rule and type (not by line: a finding
    /// that moves keeps its place in the file).
    public static func render(_ findings: [Finding]) -> String {
        let entries = findings.map { Document.Entry(fingerprint: $0.fingerprint, rule: $0.rule, type: $0.type, member: $0.member, file: $0.file) }
            .sorted { ($0.file, $0.rule, $0.type, $0.member ?? "", $0.fingerprint) < ($1.file, $1.rule, $1.type, $1.member ?? "", $1.fingerprint) }
        return PrettyJSON.encode(Document(schemaVersion: schemaVersion, tool: .init(name: ToolInfo.name, version: ToolInfo.version),
                                          findings: entries))
    }

    /// The fingerprints of the baseline at `path`; a missing, unreadable or foreign file is an error.
    public static func fingerprints(atPath path: String) throws -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("\(path): " + (FileManager.default.fileExists(atPath: path) ? "cannot read the baseline" : "no such baseline file (write one with `audit --write-baseline`)"))
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            throw CommandError("\(path): not a viper-planner baseline (write one with `audit --write-baseline`)")
        }
        guard document.schemaVersion == schemaVersion else {
            throw CommandError("\(path): baseline schemaVersion \(document.schemaVersion) is not supported (this version reads \(schemaVersion))")
        }
        return Set(document.findings.map(\.fingerprint))
    }
}
