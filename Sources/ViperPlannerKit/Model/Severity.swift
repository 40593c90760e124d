public enum Severity: String, Codable, CaseIterable, Sendable, Comparable {
    case critical, high, medium

    var rank: Int { switch self { case .critical: 0; case .high: 1; case .medium: 2 } }
    /// Critical sorts first.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    public var label: String { rawValue.capitalized }
    public var emoji: String { switch self { case .critical: "🔴"; case .high: "🟡"; case .medium: "🟢" } }
    /// Whether this severity is at or above `threshold` (critical is above high).
    public func meets(_ threshold: Severity) -> Bool { rank <= threshold.rank }
}
