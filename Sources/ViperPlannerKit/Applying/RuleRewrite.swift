import Foundation

/// A rule's mechanical fix: from a finding and the project, the edits per file (paths as findings
/// name them), or why it cannot be written safely.
public struct RuleRewrite: Sendable {
    let edits: @Sendable (Finding, RewriteContext) -> Result<[String: [SourceEdit]], Refusal>

    init(_ edits: @escaping @Sendable (Finding, RewriteContext) -> Result<[String: [SourceEdit]], Refusal>) {
        self.edits = edits
    }

    /// A fix in the finding's own file, at its position.
    static func atFinding(_ edits: @escaping @Sendable (SourceText, Int, Finding) -> Result<[SourceEdit], Refusal>) -> RuleRewrite {
        RuleRewrite { finding, context in
            guard let source = context.source(finding.file) else { return .failure(Refusal("\(finding.file) cannot be read")) }
            guard let offset = source.offset(line: finding.line, column: finding.column) else {
                return .failure(Refusal("\(finding.file):\(finding.line) is past the end of the file (it changed since the scan)"))
            }
            return edits(source, offset, finding).map { [finding.file: $0] }
        }
    }
}

/// A rule's rewrite shown on code, run by one generic test: `before` (the file `Example.swift`,
/// with `support` files beside it) becomes `after`, or is refused with a reason containing `refusal`.
public struct Correction: Sendable {
    public var before: String
    public var after: String?
    public var refusal: String?
    public var support: [String: String]
    /// Support files the rewrite changes too (a protocol made class-bound), as they must read after.
    public var supportAfter: [String: String]

    public init(_ before: String, _ after: String, support: [String: String] = [:], supportAfter: [String: String] = [:]) {
        self.before = before; self.after = after; self.refusal = nil; self.support = support; self.supportAfter = supportAfter
    }

    public init(_ before: String, refusal: String, support: [String: String] = [:]) {
        self.before = before; self.after = nil; self.refusal = refusal; self.support = support; self.supportAfter = [:]
    }
}

/// What a rewrite reads: the project's index and its files, each parsed once when first asked for.
final class RewriteContext: @unchecked Sendable {
    let index: TypeIndex
    private let read: (String) -> [UInt8]?
    private var sources: [String: SourceText] = [:]

    /// `read` gives a file's bytes by the path findings use (relative to the scanned folder).
    init(index: TypeIndex, read: @escaping (String) -> [UInt8]?) {
        self.index = index; self.read = read
    }

    convenience init(index: TypeIndex, root: String) {
        self.init(index: index) { path in
            let full = (path as NSString).isAbsolutePath ? path : (root as NSString).appendingPathComponent(path)
            guard case .bytes(let bytes) = FileIO.read(full) else { return nil }
            return bytes
        }
    }

    func source(_ path: String) -> SourceText? {
        if let cached = sources[path] { return cached }
        guard let bytes = read(path) else { return nil }
        let source = SourceText(path: path, bytes: bytes)
        sources[path] = source
        return source
    }

    /// The edits of these findings, file by file, with the new bytes; or every reason it cannot
    /// be done (a finding whose rule rewrites nothing, a rewrite that refuses, overlapping edits,
    /// a result that would not parse).
    func rewrite(_ findings: [(task: String, finding: Finding)]) -> Result<[(path: String, old: [UInt8], new: [UInt8])], ApplyRefusal> {
        var edits: [String: [SourceEdit]] = [:], reasons: [String] = [], moving: Set<String> = []
        for (task, finding) in findings {
            let place = "\(task) (`\(finding.rule)`, \(finding.file):\(finding.line))"
            // A responsibility of a view controller moves into new types: once per task.
            if finding.family != nil {
                if moving.insert(task).inserted { reasons.append("\(place): it moves code into new types, which is for a person to write") }
                continue
            }
            guard let rewrite = RuleRegistry.rewrites[finding.rule] else {
                let fix = finding.fix.count > 160 ? String(finding.fix.prefix(159)) + "…" : finding.fix
                reasons.append("\(place): no mechanical rewrite, its fix needs judgement: \(fix)")
                continue
            }
            switch rewrite.edits(finding, self) {
            case .success(let fileEdits): for (file, list) in fileEdits { edits[file, default: []] += list }
            case .failure(let refusal): reasons.append("\(place): \(refusal.reason)")
            }
        }
        var changed: [(path: String, old: [UInt8], new: [UInt8])] = []
        for file in edits.keys.sorted() where reasons.isEmpty {
            guard let source = source(file), let new = SourceEdit.apply(edits[file]!, to: source.bytes) else {
                reasons.append("two of its fixes edit the same code in \(file)")
                continue
            }
            if !SourceText.parses(new), SourceText.parses(source.bytes) {
                reasons.append("the rewrite of \(file) would not parse (a bug in viper-planner; please report it)")
            }
            changed.append((file, source.bytes, new))
        }
        return reasons.isEmpty ? .success(changed) : .failure(ApplyRefusal(pr: "", reasons: reasons))
    }
}

/// The rewrites the closure rules share.
enum ClosureRewrites {
    /// `[weak self]` and an early exit in the closure the finding points at.
    static let weakSelf = weakSelf(oneShot: false)
    /// The same for a callback that runs once (no cycle): refused when it tells the user something.
    static let weakSelfOneShot = weakSelf(oneShot: true)

    private static func weakSelf(oneShot: Bool) -> RuleRewrite {
        RuleRewrite { finding, context in
            guard let source = context.source(finding.file), let offset = source.offset(line: finding.line, column: finding.column) else {
                return .failure(Refusal("\(finding.file):\(finding.line) cannot be read (it changed since the scan)"))
            }
            return ClosureRewrite.weakSelf(in: source, closureAt: offset, index: context.index, oneShot: oneShot).map { [finding.file: $0] }
        }
    }
}
