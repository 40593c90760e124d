import Foundation
import Yams

public struct Thresholds: Equatable, Sendable {
    /// `vc-size`: Medium "review" from here.
    public var review = 400
    /// `vc-size`: Medium "plan a split" from here.
    public var split = 700
    /// `vc-size`: High "must address" from here; `vc-god` High on size alone from here.
    public var mustAddress = 1000
    /// `vc-god` High needs ≥2 families and this many lines.
    public var godHigh = 400
    /// `vc-god` Critical needs ≥3 families and this many lines.
    public var godCritical = 2000
    /// `long-method` from here.
    public var longMethod = 100
    public init() {}
}

/// The module style `plan` aims for: classic UIKit VIPER, or SwiftUI + Swift 6 VIPER.
public enum TargetStyle: String, CaseIterable, Sendable {
    case uikit, swiftui
}

/// What Xcode makes of a finding's line in the `xcode` format.
public enum XcodeLevel: String, CaseIterable, Sendable {
    case error, warning
}

/// `.viper-planner.yml`, like `.swiftlint.yml`. Unknown keys and wrong types are errors.
public struct Configuration: Equatable, Sendable {
    /// `included:` / `excluded:` — what is reported and planned; every other Swift file is still
    /// parsed and indexed (its types resolve calls), like vendored code.
    public var included: [String] = []
    public var excluded: [String] = []
    /// `analysis_excluded:` — folders and files never read at all (generated code): their types
    /// resolve nothing.
    public var analysisExcluded: [String] = []
    public var viewControllerBaseClasses: [String] = []
    public var networkingTypes: [String] = []
    public var persistenceTypes: [String] = []
    public var formattingTypes: [String] = []
    public var features: [String: [String]] = [:]
    public var thresholds = Thresholds()
    public var prLineCap = 200
    /// `prs_written_out:` — how many of a feature file's next PRs the plan writes out in full
    /// (`Int.max`: all of them, for a lead's first review of the whole plan).
    public var prsWrittenOut = Configuration.defaultPRsWrittenOut
    public static let defaultPRsWrittenOut = 3
    public var disabledRules: [String] = []
    public var severity: [String: Severity] = [:]
    /// `platforms:` — the platforms whose screens are audited; AppKit-only files (`import AppKit`
    /// or `Cocoa` without UIKit) are indexed but not reported without `macos`.
    public var platforms: [Platform] = [.ios]
    /// `appkit: true`, the older spelling of `platforms: [ios, macos]`.
    public var appkit: Bool {
        get { platforms.contains(.macos) }
        set { platforms = newValue ? [.ios, .macos] : [.ios] }
    }
    /// `include_vendored:` — audit vendored folders (`Pods/`, `Carthage/`, `ThirdParty/`, …) like
    /// the project's own code; by default they are indexed (their types resolve calls) but get no
    /// findings or plan tasks.
    public var includeVendored = false
    public var templates: String?
    /// `target:` — the module style the plan aims for (the audit judges each module by its own style).
    public var target: TargetStyle = .uikit
    /// Files larger than this are skipped with a warning (a generated blob, not a screen).
    public var maxFileBytes = 10 << 20
    /// `fail_on:` — the default of `audit --fail-on`: the severity from which a finding fails the
    /// run (exit 2) and is reported as an error rather than a warning (the build-tool plugin, which
    /// takes no options, reads it from here).
    public var failOn: Severity?
    /// Seconds one file's parse may take before the file is skipped (`--file-timeout`; nil: no
    /// limit). A run option, not a `.viper-planner.yml` key, and not part of any cache key.
    public var fileTimeout: Double?
    /// `xcode_severity:` — what each severity is in the `xcode` format; findings at or above
    /// `failOn` are errors whatever it says.
    public var xcodeSeverity: [Severity: XcodeLevel] = [.critical: .warning, .high: .warning, .medium: .warning]

    public init() {}

    /// A severity's word in the `xcode` format (`xcode_severity:`).
    public func xcodeLevel(for severity: Severity) -> XcodeLevel { xcodeSeverity[severity] ?? .warning }

    public static let fileName = ".viper-planner.yml"
}

public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int?
    public var message: String
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

extension Configuration {
    public static func load(path: String) throws -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, line: nil, message: "cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: nil, message: "the configuration file is not UTF-8")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws -> Configuration {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw ConfigurationError(file: file, line: nil, message: "invalid YAML: \(error)".replacingOccurrences(of: "\n", with: " "))
        }
        var config = Configuration()
        guard let root else { return config }
        guard let mapping = root.mapping else {
            throw ConfigurationError(file: file, line: root.mark?.line, message: "the configuration must be a mapping of keys to values")
        }
        let reader = NodeReader(file: file)
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw reader.error(keyNode, "keys must be strings") }
            guard let entry = keyTable[key] else {
                throw reader.error(keyNode, "unknown key '\(key)'" + DidYouMean.hint(for: key, in: keyNames))
            }
            try entry.read(&config, value, reader)
        }
        return config
    }
}

struct NodeReader {
    let file: String

    func error(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, message: message)
    }

    func strings(_ node: Node, _ key: String) throws -> [String] {
        if let single = node.scalar { return [single.string] }
        guard let sequence = node.sequence else { throw error(node, "'\(key)' must be a list of strings") }
        return try sequence.map { item in
            guard let text = item.scalar?.string else { throw error(item, "'\(key)' must be a list of strings") }
            return text
        }
    }

    func string(_ node: Node, _ key: String) throws -> String {
        guard let text = node.scalar?.string else { throw error(node, "'\(key)' must be a string") }
        return text
    }

    func int(_ node: Node, _ key: String) throws -> Int {
        guard let text = node.scalar?.string, let n = Int(text), n >= 0 else {
            throw error(node, "'\(key)' must be a non-negative whole number")
        }
        return n
    }

    func severity(_ node: Node, _ key: String) throws -> Severity {
        let text = try string(node, key)
        guard let severity = Severity(rawValue: text) else {
            throw error(node, "'\(key)' must be critical, high or medium (got '\(text)')")
        }
        return severity
    }

    func bool(_ node: Node, _ key: String) throws -> Bool {
        switch node.scalar?.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(node, "'\(key)' must be true or false")
        }
    }
}
