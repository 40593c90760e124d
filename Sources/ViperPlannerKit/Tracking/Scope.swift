import Foundation

/// What a plan was made from, as `.state.json` records it (`PlanState.scope`): the configuration
/// keys it was made with and the Swift files it reported on. `update` compares the scan with it to
/// tell a finding that was fixed from one that only left the scope.
public struct PlanScope: Codable, Equatable, Sendable {
    /// The `.viper-planner.yml` keys whose value is not the default, key → value as text.
    public var configuration: [String: String]
    /// The Swift files reported and planned, relative to the project, sorted.
    public var files: [String]

    public init(configuration: [String: String], files: [String]) {
        self.configuration = configuration
        self.files = files
    }

    public init(_ result: AuditResult, configuration: Configuration) {
        self.init(configuration: configuration.scopeEntries,
                  files: result.files.map(\.path).filter { !result.unreported.contains($0) }.sorted())
    }
}

/// The scope of this scan, as `update` checks the plan's tasks against it.
public struct ScopeFacts: Sendable, Equatable {
    /// A file a task points at that is on disk but not in the scope any more.
    public struct Outside: Sendable, Equatable {
        /// Why, in the configuration's words: "left out by `excluded:`".
        public var reason: String
        /// Still parsed and indexed (only not reported): what is traced through it still resolves.
        public var parsed: Bool

        public init(reason: String, parsed: Bool) { self.reason = reason; self.parsed = parsed }
    }

    public var current: PlanScope
    /// Path → why it is outside, for the files the plan's open tasks point at that still exist.
    public var outside: [String: Outside]

    public init(current: PlanScope, outside: [String: Outside]) {
        self.current = current
        self.outside = outside
    }

    /// Why a task whose finding is no longer detected left the scope rather than being fixed: its
    /// own file is on disk but not reported, or code it was traced through is on disk but no
    /// longer read. nil: it did not (a deleted file is a real change).
    func leftScope(_ files: [String]) -> String? {
        guard let own = files.first else { return nil }
        if let outside = outside[own] { return "`\(own)` is \(outside.reason)" }
        for traced in files.dropFirst() {
            if let outside = outside[traced], !outside.parsed { return "it is traced through `\(traced)`, \(outside.reason)" }
        }
        return nil
    }

    /// Why `path`, a file on disk, is not reported: the configuration key that leaves it out.
    public static func reason(_ path: String, configuration: Configuration, parsed: Set<String>,
                              skipped: [String: String], macOS: Set<String>) -> String {
        let unread = configuration.analysisExcluded.map(Glob.init)
        if unread.contains(where: { $0.matches(path) }) { return "never read by `analysis_excluded:`" }
        if let why = skipped[path] { return "skipped by the scan: \(why)" }
        if configuration.excluded.map(Glob.init).contains(where: { $0.matches(path) }) { return "left out by `excluded:`" }
        if !configuration.included.isEmpty, Discovery.reportExcluded([path], configuration: configuration).contains(path) {
            return "not matched by `included:`"
        }
        if Discovery.isVendored(path: path), !configuration.includeVendored { return "vendored code, and `include_vendored:` is off" }
        if macOS.contains(path), !configuration.platforms.contains(.macos) { return "AppKit-only, and `platforms:` has no macos" }
        return parsed.contains(path) ? "not reported" : "not scanned"
    }
}

/// The difference between the scope a plan recorded and this scan's, when the configuration
/// changed: `status` and `update` print it.
public struct ScopeChange: Sendable, Equatable, Codable {
    /// `excluded: [] → [Modules]`, one per key whose value changed, by key.
    public var keys: [String]
    public var filesRemoved: Int
    public var filesAdded: Int

    /// nil when there is nothing recorded to compare with, or the configuration is the same.
    public init?(recorded: PlanScope?, current: PlanScope?) {
        guard let recorded, let current, recorded.configuration != current.configuration else { return nil }
        let defaults = Configuration.allEntries(Configuration())
        keys = Set(recorded.configuration.keys).union(current.configuration.keys).sorted().compactMap { key in
            let before = recorded.configuration[key] ?? defaults[key] ?? "(not set)"
            let after = current.configuration[key] ?? defaults[key] ?? "(not set)"
            return before == after ? nil : "\(key): \(before) → \(after)"
        }
        let old = Set(recorded.files), new = Set(current.files)
        filesRemoved = old.subtracting(new).count
        filesAdded = new.subtracting(old).count
    }

    public var description: String {
        "configuration changed since the plan: \(keys.joined(separator: "; ")); files in scope: \(filesRemoved) removed, \(filesAdded) added"
    }
}

extension PlanState.Record {
    /// The task's own file first, then the files its finding was traced through. A record from
    /// before they were recorded: the file of its Location as last written.
    var sourceFiles: [String] {
        if let sources, !sources.isEmpty { return sources }
        return fields["Location"].flatMap(Self.file(ofLocation:)).map { [$0] } ?? []
    }

    /// `Cart/CartViewController.swift` of a Location value "`Cart/CartViewController.swift:42`".
    static func file(ofLocation location: String) -> String? {
        guard location.hasPrefix("`"), let end = location.dropFirst().firstIndex(of: "`") else { return nil }
        let place = location[location.index(after: location.startIndex)..<end]
        return String(place.lastIndex(of: ":").map { place[..<$0] } ?? place)
    }
}

extension Configuration {
    /// The keys set to something other than their default, key → value as text
    /// (`excluded` → `[Mac, Modules]`): what a plan records of the configuration it was made with.
    public var scopeEntries: [String: String] {
        let defaults = Self.allEntries(Configuration())
        return Self.allEntries(self).filter { defaults[$0.key] != $0.value }
    }

    /// Every key with its value as text: every stored field is a key (`fileTimeout` is a run
    /// option, not a key), named as `.viper-planner.yml` spells it.
    static func allEntries(_ configuration: Configuration) -> [String: String] {
        var entries: [String: String] = [:]
        for child in Mirror(reflecting: configuration).children {
            guard let label = child.label, label != "fileTimeout" else { continue }
            if label == "maxFileBytes" { entries["max_file_size_kb"] = "\(configuration.maxFileBytes / 1024)"; continue }
            entries[snakeCase(label)] = text(child.value)
        }
        return entries
    }

    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { out, c in out += c.isUppercase ? "_" + c.lowercased() : String(c) }
    }

    /// A value as YAML writes it, on one line: `[a, b]`, `{key: value}`, `none`.
    static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { text($0.value) } ?? "none"
        case .collection: return "[" + mirror.children.map { text($0.value) }.joined(separator: ", ") + "]"
        case .set: return "[" + mirror.children.map { text($0.value) }.sorted().joined(separator: ", ") + "]"
        case .dictionary:
            return "{" + mirror.children.map { pair in
                let parts = Mirror(reflecting: pair.value).children.map { text($0.value) }
                return parts.joined(separator: ": ")
            }.sorted().joined(separator: ", ") + "}"
        case .struct:
            return "{" + mirror.children.map { "\(snakeCase($0.label ?? "")): \(text($0.value))" }.joined(separator: ", ") + "}"
        default: return String(describing: value)
        }
    }
}
