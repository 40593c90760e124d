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

    /// View controllers worst first: god view controllers by their vc-god severity, then by score,
    /// then by their worst finding (a lead reading the top ten wants the god objects first).
    public func viewControllerSummaries() -> [ViewControllerSummary] {
        let byType = Dictionary(grouping: findings, by: \.type)
        return profiles.map { t, profile in
            let name = index.types[t].name
            // Two targets may declare classes of the same name: keep each one's own findings.
            let files = Set(index.types[t].decls.map { index.path($0) })
            let own = (byType[name] ?? []).filter { files.contains($0.file) }
            return ViewControllerSummary(type: t, name: name, profile: profile, findings: own, worst: own.map(\.severity).min())
        }.sorted { a, b in
            func god(_ s: ViewControllerSummary) -> Int { s.findings.first { $0.rule == VCGodRule.id }?.severity.rank ?? 9 }
            return (god(a), -a.profile.score, a.worst?.rank ?? 9, a.name, a.type) < (god(b), -b.profile.score, b.worst?.rank ?? 9, b.name, b.type)
        }
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
