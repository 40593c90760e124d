/// One copy of a helper method that several view controllers carry.
public struct HelperCopy: Hashable, Sendable {
    public var type: String
    public var member: String
    public var file: String
    public var line: Int
}

extension TypeIndex {
    /// Methods whose bodies (at least three code lines, tokens compared without whitespace and
    /// comments) are identical in two or more view controllers: one helper copied from screen to
    /// screen. Each group lists its copies by file and line; groups are ordered by their first copy.
    /// Overrides are left out (their bodies follow the framework's shape, not a shared helper).
    public var duplicatedHelpers: [[HelperCopy]] {
        var groups: [String: [(Int, HelperCopy)]] = [:]
        for (t, type) in types.enumerated() where type.isViewController {
            for location in type.decls {
                for function in decl(location).functions where !function.isOverride && !function.name.hasPrefix("init(") {
                    guard let hash = function.bodyHash else { continue }
                    groups[hash, default: []].append((t, HelperCopy(type: type.name, member: function.name, file: path(location),
                                                                    line: function.position.line)))
                }
            }
        }
        return groups.values.filter { Set($0.map(\.0)).count >= 2 }
            .map { $0.map(\.1).sorted { ($0.file, $0.line) < ($1.file, $1.line) } }
            .sorted { ($0[0].file, $0[0].line) < ($1[0].file, $1[0].line) }
    }
}
