import Foundation

public enum ToolInfo {
    public static let name = "viper-planner"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/viper-planner/viper-planner"
}

/// One entry of `types[]` in the JSON output.
public struct TypeReport: Codable, Equatable, Sendable {
    public var name: String
    public var kind: String
    public var role: String
    public var file: String
    public var line: Int
    public var extensionFiles: [String]
    public var inheritance: [String]
    public var lines: Int
    public var families: [Family]
    public var score: Int
    /// View controllers only, when any: receiver types called that have no source (most called first).
    public var unresolvedTypes: [String]?
    /// View controllers only: what the screen already is (MVC, VIPER, Clean Swift (VIP), MVP, MVVM, SwiftUI).
    public var architecture: String?
}

public struct ViewControllerSummary: Sendable {
    public var type: Int
    public var name: String
    public var profile: ResponsibilityProfile
    public var findings: [Finding]
    public var worst: Severity?
}

extension AuditResult {
    public func typeReports() -> [TypeReport] {
        index.types.indices.compactMap { t -> TypeReport? in
            let type = index.types[t]
            guard type.isDeclaredInSources, type.kind != .protocol else { return nil }
            guard type.kind == .class || type.role != .other else { return nil }
            let location = type.decls[0]
            let primary = index.path(location)
            guard !unreported.contains(primary) else { return nil }
            let extensionFiles = type.decls.dropFirst().map { index.path($0) }
            var unique: [String] = []
            for f in extensionFiles where !unique.contains(f) { unique.append(f) }
            let profile = profiles[t]
            return TypeReport(name: type.name, kind: type.kind.rawValue, role: type.role.rawValue, file: primary,
                              line: index.decl(location).position.line, extensionFiles: unique,
                              inheritance: type.superclassChain, lines: type.codeLines,
                              families: profile?.families ?? [], score: profile?.score ?? 0,
                              unresolvedTypes: profile.flatMap { $0.unresolvedTypes.isEmpty ? nil : $0.unresolvedTypes.map(\.name) },
                              architecture: profile == nil ? nil : ScreenArchitecture.of(t, index).rawValue)
        }.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
    }

    /// View controllers worst first: by their worst finding, then by god-VC score, then by name, so
    /// that a screen with a Critical finding is never listed below one whose worst is High (a god
    /// view controller's own severity is its `vc-god` finding, so it counts among the worst).
    public func viewControllerSummaries() -> [ViewControllerSummary] {
        let byType = Dictionary(grouping: findings, by: \.type)
        return profiles.map { t, profile in
            let name = index.types[t].name
            // Two targets may declare classes of the same name: keep each one's own findings.
            let files = Set(index.types[t].decls.map { index.path($0) })
            let own = (byType[name] ?? []).filter { files.contains($0.file) }
            return ViewControllerSummary(type: t, name: name, profile: profile, findings: own, worst: own.map(\.severity).min())
        }.sorted { a, b in
            (a.worst?.rank ?? 9, -a.profile.score, a.name, a.type) < (b.worst?.rank ?? 9, -b.profile.score, b.name, b.type)
        }
    }

    /// Findings on the types other than `summaries` (VIPER roles, services, cells), by type, worst
    /// type first; each type's findings in `TextReporter.order`, with its role ("other" when none).
    func otherTypeGroups(besides summaries: [ViewControllerSummary]) -> [(type: String, role: String, worst: Severity, findings: [Finding])] {
        let shown = Set(summaries.flatMap { $0.findings.map(\.fingerprint) })
        let others = findings.filter { !shown.contains($0.fingerprint) }
        let roles = Dictionary(typeReports().map { ($0.name, $0.role) }, uniquingKeysWith: { a, _ in a })
        return Dictionary(grouping: others, by: \.type).map { type, findings in
            (type, roles[type] ?? "other", findings.map(\.severity).min() ?? .medium, findings.sorted(by: TextReporter.order))
        }.sorted { ($0.worst.rank, $0.type) < ($1.worst.rank, $1.type) }
    }

    /// How many screens are each architecture, most first: "82 Clean Swift (VIP), 16 MVC".
    public func architectureCounts() -> [(architecture: ScreenArchitecture, count: Int)] {
        var counts: [ScreenArchitecture: Int] = [:]
        for t in profiles.keys { counts[ScreenArchitecture.of(t, index), default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.architecture.rawValue) < ($0.count, $1.architecture.rawValue) }
    }

    public func architectureLine() -> String {
        architectureCounts().map { "\($0.count) \($0.architecture.rawValue)" }.joined(separator: ", ")
    }

    public func chainText(_ t: Int) -> String {
        ([index.types[t].name] + index.types[t].superclassChain).joined(separator: " → ")
    }
}
