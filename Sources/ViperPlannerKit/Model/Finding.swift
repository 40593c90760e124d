public struct Evidence: Codable, Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var snippet: String
    /// "via `APIClient` (performs URLSession.dataTask at APIClient.swift:41)", "in #if DEBUG".
    public var note: String?

    public init(file: String, line: Int, column: Int, snippet: String = "", note: String? = nil) {
        self.file = file; self.line = line; self.column = column; self.snippet = snippet; self.note = note
    }
}

public struct Finding: Codable, Hashable, Sendable {
    public var fingerprint: String
    public var rule: String
    public var family: Family?
    public var severity: Severity
    public var type: String
    public var member: String?
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var fix: String
    public var evidence: [Evidence]
    /// What tells two findings of one rule on one member apart (not rendered; feeds the fingerprint).
    public var discriminator: String

    public init(rule: RuleDescription, severity: Severity? = nil, type: String, member: String?, file: String,
                position: SourcePosition, message: String, fix: String, evidence: [Evidence] = [],
                discriminator: String = "") {
        self.fingerprint = ""
        self.rule = rule.id
        self.family = rule.family
        self.severity = severity ?? rule.severity
        self.type = type
        self.member = member
        self.file = file
        self.line = position.line
        self.column = position.column
        self.message = message
        self.fix = fix
        self.evidence = evidence
        self.discriminator = discriminator
    }

    enum CodingKeys: String, CodingKey {
        case fingerprint, rule, family, severity, type, member, file, line, column, message, fix, evidence
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fingerprint = try c.decode(String.self, forKey: .fingerprint)
        rule = try c.decode(String.self, forKey: .rule)
        family = try c.decodeIfPresent(Family.self, forKey: .family)
        severity = try c.decode(Severity.self, forKey: .severity)
        type = try c.decode(String.self, forKey: .type)
        member = try c.decodeIfPresent(String.self, forKey: .member)
        file = try c.decode(String.self, forKey: .file)
        line = try c.decode(Int.self, forKey: .line)
        column = try c.decode(Int.self, forKey: .column)
        message = try c.decode(String.self, forKey: .message)
        fix = try c.decode(String.self, forKey: .fix)
        evidence = try c.decode([Evidence].self, forKey: .evidence)
        discriminator = ""
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(rule, forKey: .rule)
        try c.encode(family, forKey: .family)
        try c.encode(severity, forKey: .severity)
        try c.encode(type, forKey: .type)
        try c.encode(member, forKey: .member)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(message, forKey: .message)
        try c.encode(fix, forKey: .fix)
        try c.encode(evidence, forKey: .evidence)
    }
}

/// The identity of a finding across runs: rule, type, member and discriminator —
/// never a line, column, count or message — hashed with 64-bit FNV-1a, shown as 12 hex digits.
public enum FindingFingerprint {
    public static func make(rule: String, type: String, member: String?, discriminator: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [rule, type, member ?? "", discriminator].joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }

    /// Gives every finding its fingerprint; findings that would still share one (same rule, type,
    /// member and discriminator) get an ordinal in source order, the only case where order matters.
    public static func assign(_ findings: [Finding]) -> [Finding] {
        let ordered = findings.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        var seen: [String: Int] = [:]
        return ordered.map { finding in
            var f = finding
            let key = [f.rule, f.type, f.member ?? "", f.discriminator].joined(separator: "\u{1F}")
            let ordinal = seen[key, default: 0]
            seen[key] = ordinal + 1
            f.fingerprint = make(rule: f.rule, type: f.type, member: f.member,
                                 discriminator: ordinal == 0 ? f.discriminator : "\(f.discriminator)#\(ordinal)")
            return f
        }
    }
}
