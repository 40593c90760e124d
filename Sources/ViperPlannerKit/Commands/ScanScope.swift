import Foundation

/// What a scan's configuration and discovery tell before any finding: how many Swift files the
/// audit reports on, and which configuration values name nothing — `disabled_rules:` and
/// `severity:` ids that are no rule, `included:`, `excluded:` and `features:` globs that match no
/// file. Every scanning command checks it (`ScanRequest.check`).
public struct ScanScope: Sendable, Equatable {
    /// Swift files discovered inside `included:`/`excluded:`, vendored ones included.
    public var discoveredFiles: Int
    /// Swift files the audit reports on: outside vendored folders unless `include_vendored`.
    public var filesInScope: Int
    /// One line each, naming the key and the value: `disabled_rules: unknown rule 'vc-sise' (did you mean 'vc-size'?)`.
    public var problems: [String]

    public init(configuration: Configuration, discovered: DiscoveryResult) {
        discoveredFiles = discovered.sources.filter { !$0.isExcluded }.count
        filesInScope = discovered.sources.filter { !$0.isExcluded && (configuration.includeVendored || !$0.isVendored) }.count
        let ids = RuleRegistry.catalogueIDs
        func rule(_ key: String, _ id: String) -> String? {
            ids.contains(id) ? nil : "\(key): unknown rule '\(id)'\(DidYouMean.hint(for: id, in: ids))"
        }
        problems = configuration.disabledRules.compactMap { rule("disabled_rules", $0) }
        problems += configuration.severity.keys.sorted().compactMap { rule("severity", $0) }
        problems += discovered.unmatchedIncluded.map { "included: '\($0)' matches no Swift file" }
        problems += discovered.unmatchedExcluded.map { "excluded: '\($0)' matches no file or folder" }
        let paths = discovered.sources.map { $0.path.split(separator: "/").map(String.init) }
        for feature in configuration.features.keys.sorted() {
            for pattern in configuration.features[feature]! where !paths.contains(where: Glob(pattern).matches(parts:)) {
                problems.append("features.\(feature): '\(pattern)' matches no Swift file")
            }
        }
    }
}

extension ScanRequest {
    /// The configuration file this request loads, as it is named in messages (nil: none, the defaults).
    public var configurationFile: String? {
        if let config { return config }
        let implicit = (path as NSString).appendingPathComponent(Configuration.fileName)
        guard FileManager.default.fileExists(atPath: implicit) else { return nil }
        return implicit.hasPrefix("./") ? String(implicit.dropFirst(2)) : implicit
    }

    /// A scan with no Swift file in scope is an error (a wrong PATH, or globs that leave nothing);
    /// each configuration problem is a warning, or with `strict` an error (one line each).
    func check(_ scope: ScanScope?, warnings: inout [String]) throws {
        guard let scope else { return }
        if scope.filesInScope == 0 {
            throw CommandError(scope.discoveredFiles == 0
                ? "no Swift files found under \(path) (after included/excluded)"
                : "no Swift files found under \(path) outside vendored folders (include_vendored: true audits them)")
        }
        let file = configurationFile ?? Configuration.fileName
        let lines = scope.problems.map { "\(file): \($0)" }
        if strict, !lines.isEmpty { throw CommandError(lines.joined(separator: "\n")) }
        if !quiet { warnings += lines.map { "warning: \($0)" } }
    }
}
