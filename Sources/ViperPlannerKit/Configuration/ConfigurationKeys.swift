import Foundation
import Yams

/// One key of `.viper-planner.yml`: how the reader takes its value, how a value is written back
/// as YAML (the starter file of `init`, the configuration of a rule's example) and what it means.
/// `Configuration.keys` is the only list of keys: the reader accepts exactly these.
struct ConfigurationKey: Sendable {
    let name: String
    /// The starter file's comment above the key, one line per element.
    let help: [String]
    let read: @Sendable (inout Configuration, Node, NodeReader) throws -> Void
    /// The key and its value as YAML lines; with `base`, only what differs from `base` (nothing
    /// when the value is the same).
    let yaml: @Sendable (_ configuration: Configuration, _ base: Configuration?) -> [String]
}

extension Configuration {
    /// Every top-level key the reader accepts, in the order the starter file lists them.
    public static var keyNames: [String] { keys.map(\.name) }

    static let keyTable: [String: ConfigurationKey] = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })

    /// `vc-size`'s `thresholds:` keys, with the value each sets.
    static let thresholdKeys: [(name: String, path: WritableKeyPath<Thresholds, Int> & Sendable)] = [
        ("review", \.review), ("split", \.split), ("must_address", \.mustAddress),
        ("god_high", \.godHigh), ("god_critical", \.godCritical), ("long_method", \.longMethod),
    ]

    static let keys: [ConfigurationKey] = [
        strings("included", \.included, help: ["Globs of the Swift files to audit, relative to the project folder (`*`, `**` across folders,",
                                               "`?`); empty: every Swift file outside test folders."]),
        strings("excluded", \.excluded, help: ["Globs of files and folders to leave out (a folder leaves out everything below it)."]),
        strings("view_controller_base_classes", \.viewControllerBaseClasses,
                help: ["Your own base classes of view controllers, when their source is not scanned."]),
        strings("networking_types", \.networkingTypes, help: ["Types that do networking, when their source is not scanned (an SDK's client)."]),
        strings("persistence_types", \.persistenceTypes, help: ["Types that read or write stored data, when their source is not scanned."]),
        strings("formatting_types", \.formattingTypes, help: ["Types that format values for display, when their source is not scanned."]),
        ConfigurationKey(name: "features", help: ["Feature names with the globs of their files (otherwise features are told from folder names),",
                                                  "e.g. Profile: [\"App/Profile/**\"]."],
                         read: { c, value, reader in
                             guard let features = value.mapping else { throw reader.error(value, "'features' must map feature names to lists of globs") }
                             for (name, globs) in features {
                                 guard let feature = name.string else { throw reader.error(name, "feature names must be strings") }
                                 c.features[feature] = try reader.strings(globs, "features.\(feature)")
                             }
                         },
                         yaml: mapping("features") { c in c.features.keys.sorted().map { ($0, YAMLText.list(c.features[$0]!)) } }),
        ConfigurationKey(name: "thresholds", help: ["Code lines from which vc-size reviews (Medium), plans a split (Medium) or must address (High);",
                                                    "vc-god's lines for High and Critical; long-method's lines."],
                         read: { c, value, reader in
                             guard let items = value.mapping else { throw reader.error(value, "'thresholds' must be a mapping") }
                             let names = thresholdKeys.map(\.name)
                             for (name, number) in items {
                                 let key = name.string ?? ""
                                 let n = try reader.int(number, "thresholds.\(key)")
                                 guard let path = thresholdKeys.first(where: { $0.name == key })?.path else {
                                     let hint = DidYouMean.hint(for: key, in: names)
                                     throw reader.error(name, "unknown key 'thresholds.\(key)'" + (hint.isEmpty ? " (known: \(names.joined(separator: ", ")))" : hint))
                                 }
                                 c.thresholds[keyPath: path] = n
                             }
                         },
                         yaml: mapping("thresholds") { c in thresholdKeys.map { ($0.name, String(c.thresholds[keyPath: $0.path])) } }),
        ConfigurationKey(name: "pr_line_cap", help: ["The most changed lines one planned pull request may have (1…200)."],
                         read: { c, value, reader in
                             let cap = try reader.int(value, "pr_line_cap")
                             guard (1...200).contains(cap) else { throw reader.error(value, "'pr_line_cap' must be between 1 and 200 (got \(cap))") }
                             c.prLineCap = cap
                         },
                         yaml: scalar("pr_line_cap") { String($0.prLineCap) }),
        ConfigurationKey(name: "prs_written_out", help: ["How many of a feature's next PRs its file writes out in full (each `update` writes out the next",
                                                         "ones as PRs merge); all: every PR, for a first review of the whole plan."],
                         read: { c, value, reader in
                             if value.string?.lowercased() == "all" { c.prsWrittenOut = .max; return }
                             let count = try? reader.int(value, "prs_written_out")
                             guard let count, count >= 1 else {
                                 throw reader.error(value, "'prs_written_out' must be a number of PRs from 1, or all (got '\(value.string ?? "")')")
                             }
                             c.prsWrittenOut = count
                         },
                         yaml: scalar("prs_written_out") { $0.prsWrittenOut == .max ? "all" : String($0.prsWrittenOut) }),
        strings("disabled_rules", \.disabledRules, help: ["Rule ids that report nothing (`viper-planner rules` lists them)."]),
        ConfigurationKey(name: "severity", help: ["A rule's severity instead of its own, by rule id: critical, high or medium."],
                         read: { c, value, reader in
                             guard let overrides = value.mapping else { throw reader.error(value, "'severity' must map rule ids to critical, high or medium") }
                             for (rule, level) in overrides {
                                 guard let id = rule.string else { throw reader.error(rule, "rule ids must be strings") }
                                 c.severity[id] = try reader.severity(level, "severity.\(id)")
                             }
                         },
                         yaml: mapping("severity") { c in c.severity.keys.sorted().map { ($0, c.severity[$0]!.rawValue) } }),
        strings("analysis_excluded", \.analysisExcluded,
                help: ["Globs of files and folders never read at all (generated code): unlike excluded:, their types resolve nothing."]),
        ConfigurationKey(name: "platforms", help: ["The platforms whose screens are reported and planned: [ios], or [ios, macos] for AppKit screens",
                                                   "too (under their own heading, never in Next up)."],
                         read: { c, value, reader in try c.readScopeKey("platforms", value, reader) },
                         yaml: scalar("platforms") { YAMLText.list($0.platforms.map(\.rawValue)) }),
        flag("appkit", \.appkit, help: ["The older spelling of platforms: [ios, macos]."]),
        flag("include_vendored", \.includeVendored,
             help: ["Whether vendored folders (Pods/, Carthage/, ThirdParty/, …) get findings and plan tasks too;",
                    "otherwise they are only read to resolve the project's calls."]),
        ConfigurationKey(name: "templates", help: ["A folder of Markdown templates overriding the plan's built-in ones (plan --templates wins);",
                                                   "by default (null) the built-in templates."],
                         read: { c, value, reader in c.templates = value.null != nil ? nil : try reader.string(value, "templates") },
                         yaml: scalar("templates") { $0.templates.map(YAMLText.scalar) ?? "null" }),
        ConfigurationKey(name: "target", help: ["The module style the plan aims for: uikit (classic VIPER) or swiftui (SwiftUI + Swift 6)."],
                         read: { c, value, reader in
                             let text = try reader.string(value, "target")
                             guard let target = TargetStyle(rawValue: text) else {
                                 throw reader.error(value, "'target' must be uikit or swiftui (got '\(text)')")
                             }
                             c.target = target
                         },
                         yaml: scalar("target") { $0.target.rawValue }),
        ConfigurationKey(name: "max_file_size_kb", help: ["Files larger than this many KB are skipped with a warning (generated blobs, not screens)."],
                         read: { c, value, reader in c.maxFileBytes = try reader.int(value, "max_file_size_kb") * 1024 },
                         yaml: scalar("max_file_size_kb") { String($0.maxFileBytes / 1024) }),
        ConfigurationKey(name: "fail_on", help: ["The default of audit --fail-on: critical, high or medium fails the run (exit 2) and makes",
                                                 "those findings errors in --format xcode; by default (null) no finding fails the run."],
                         read: { c, value, reader in c.failOn = value.null != nil ? nil : try reader.severity(value, "fail_on") },
                         yaml: scalar("fail_on") { $0.failOn?.rawValue ?? "null" }),
        ConfigurationKey(name: "xcode_severity", help: ["What each severity is in --format xcode (and the build-tool plugin): error or warning.",
                                                        "Findings at or above fail_on are errors whatever this says."],
                         read: { c, value, reader in
                             guard let items = value.mapping else { throw reader.error(value, "'xcode_severity' must map critical, high and medium to error or warning") }
                             for (name, level) in items {
                                 let text = name.string ?? ""
                                 guard let severity = Severity(rawValue: text) else {
                                     throw reader.error(name, "unknown key 'xcode_severity.\(text)' (known: critical, high, medium)")
                                 }
                                 let word = try reader.string(level, "xcode_severity.\(text)")
                                 guard let xcode = XcodeLevel(rawValue: word) else {
                                     throw reader.error(level, "'xcode_severity.\(text)' must be error or warning (got '\(word)')")
                                 }
                                 c.xcodeSeverity[severity] = xcode
                             }
                         },
                         yaml: mapping("xcode_severity") { c in Severity.allCases.map { ($0.rawValue, c.xcodeLevel(for: $0).rawValue) } }),
    ]

    private static func strings(_ name: String, _ path: WritableKeyPath<Configuration, [String]> & Sendable, help: [String]) -> ConfigurationKey {
        ConfigurationKey(name: name, help: help, read: { c, value, reader in c[keyPath: path] = try reader.strings(value, name) },
                         yaml: scalar(name) { YAMLText.list($0[keyPath: path]) })
    }

    private static func flag(_ name: String, _ path: WritableKeyPath<Configuration, Bool> & Sendable, help: [String]) -> ConfigurationKey {
        ConfigurationKey(name: name, help: help, read: { c, value, reader in c[keyPath: path] = try reader.bool(value, name) },
                         yaml: scalar(name) { String($0[keyPath: path]) })
    }

    /// `name: value` on one line.
    private static func scalar(_ name: String, _ value: @escaping @Sendable (Configuration) -> String) -> @Sendable (Configuration, Configuration?) -> [String] {
        { c, base in
            let text = value(c)
            if let base, value(base) == text { return [] }
            return ["\(name): \(text)"]
        }
    }

    /// `name:` and one indented `key: value` line per entry (`name: {}` when there is none).
    private static func mapping(_ name: String, _ entries: @escaping @Sendable (Configuration) -> [(String, String)]) -> @Sendable (Configuration, Configuration?) -> [String] {
        { c, base in
            var shown = entries(c)
            if let base {
                let before = entries(base)
                shown.removeAll { entry in before.contains { $0 == entry } }
                if shown.isEmpty { return [] }
            }
            return shown.isEmpty ? ["\(name): {}"] : ["\(name):"] + shown.map { "  \(YAMLText.scalar($0.0)): \($0.1)" }
        }
    }
}

/// YAML values as the tool writes them: plain where that reads back as the same string, else
/// double-quoted.
enum YAMLText {
    static func list(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    static func scalar(_ text: String) -> String {
        let plain = text.first.map { $0.isLetter || $0 == "_" } == true
            && text.allSatisfy { $0.isLetter || $0.isNumber || "_-./+".contains($0) }
            && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        guard !plain else { return text }
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
