import Foundation

/// `viper-planner apply PATH --pr FEATURE:N`: writes the planned PR's safety fixes into the
/// sources (or prints them as a patch), for the PRs whose every task a rule can rewrite.
public struct ApplyRequest: Sendable {
    public var scan: ScanRequest
    /// The plan directory; nil: `PATH/refactoring`.
    public var dir: String?
    /// `cart:1`, `cart.md:1`, `Cart:1`: a feature file (or its title) and a PR number.
    public var pr: String
    /// Print a unified diff and write nothing.
    public var patch: Bool

    public init(scan: ScanRequest, dir: String? = nil, pr: String, patch: Bool = false) {
        self.scan = scan; self.dir = dir; self.pr = pr; self.patch = patch
    }
}

public struct ApplyOutcome: Sendable {
    public var output = CommandOutput()
    /// The patch (`--patch`), empty when there is nothing to change.
    public var patch = ""
    /// The files written (none with `--patch`), as findings name them.
    public var written: [String] = []
}

/// A PR that cannot be applied: each task named with its reason (one line each).
public struct ApplyRefusal: Error, CustomStringConvertible {
    public var pr: String
    public var reasons: [String]
    public var description: String {
        "\(pr) is not applied, nothing was written:\n" + reasons.map { "  \($0)" }.joined(separator: "\n")
    }
}

extension Commands {
    public static func apply(_ request: ApplyRequest) throws -> ApplyOutcome {
        let directory = request.scan.planDirectory(request.dir)
        guard FileManager.default.fileExists(atPath: directory) else {
            throw CommandError("\(directory): no plan there; run `viper-planner plan \(request.scan.path)` first")
        }
        let files = try PlanReader.read(directory).files
        let (fileName, number) = try PlannedPR.locate(request.pr, in: files)
        let planned = try PlannedPR(file: fileName, number: number, document: PlanDocument(parsing: files[fileName]!),
                                    state: files[".state.json"].flatMap(PlanState.decode))
        let configuration = try request.scan.loadConfiguration()
        let result = try Auditor.audit(root: request.scan.path, configuration: configuration, jobs: request.scan.jobCount,
                                       cache: request.scan.factCache(configuration))
        var outcome = ApplyOutcome()
        let live = Dictionary(result.findings.map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
        let context = RewriteContext(index: result.index, root: request.scan.path)
        var reasons: [String] = [], applied: [String] = [], fixes: [(task: String, finding: Finding)] = []
        for task in planned.tasks {
            // A task the plan made for no finding (a seam, a module, tests) is code to write.
            if task.isStructural {
                reasons.append("\(task.id) (\(task.title)): it moves code into new types, which is for a person to write")
                continue
            }
            let findings = task.fingerprints.compactMap { live[$0] }
            guard !findings.isEmpty else { continue }
            fixes += findings.map { (task.id, $0) }
            applied.append(task.id)
        }
        let name = "PR \(number) of \(fileName)"
        if planned.tasks.isEmpty, !planned.creates.isEmpty {
            let feature = String(fileName.dropLast(3))
            reasons.append("it creates \(planned.creates.map { "`\($0)`" }.joined(separator: ", ")), which `viper-planner scaffold \(request.scan.path) \(feature) --pr \(number)` writes")
        }
        guard reasons.isEmpty else { throw ApplyRefusal(pr: name, reasons: reasons) }
        guard !fixes.isEmpty else {
            outcome.output.lines.append("\(name): nothing to apply; the scan no longer finds what its tasks fix (`viper-planner update` ticks them)")
            return outcome
        }
        let changed: [(path: String, old: [UInt8], new: [UInt8])]
        switch context.rewrite(fixes) {
        case .success(let files): changed = files
        case .failure(var refusal): refusal.pr = name; throw refusal
        }
        var added = 0, removed = 0
        for file in changed {
            let diff = UnifiedDiff.diff(path: file.path, old: String(decoding: file.old, as: UTF8.self), new: String(decoding: file.new, as: UTF8.self))
            outcome.patch += diff
            for line in diff.split(separator: "\n") where !line.hasPrefix("+++") && !line.hasPrefix("---") {
                if line.hasPrefix("+") { added += 1 } else if line.hasPrefix("-") { removed += 1 }
            }
        }
        if !request.patch {
            for file in changed {
                try AtomicFile.write(Data(file.new), to: (request.scan.path as NSString).appendingPathComponent(file.path))
                outcome.written.append(file.path)
            }
            outcome.output.lines.append("\(name): applied \(applied.joined(separator: ", ")) to \(changed.count) file\(changed.count == 1 ? "" : "s") (+\(added) −\(removed) lines); `viper-planner update` ticks and verifies them")
        }
        return outcome
    }
}

/// A PR of the plan as `apply` reads it: its tasks and their findings' fingerprints.
struct PlannedPR {
    struct Task {
        var id: String
        var title: String
        var fingerprints: [String]
        /// Planned for no finding (`.state.json` records no rule for it).
        var isStructural: Bool
    }
    var tasks: [Task] = []
    /// The types its row's Creates column names.
    var creates: [String] = []

    init(file: String, number: Int, document: PlanDocument, state: PlanState?) throws {
        guard let row = PlanMarkdown.prRows(document).first(where: { Int($0.cells[0]) == number }) else {
            throw UsageError("\(file) has no PR \(number) in its PR Plan")
        }
        if row.cells.count == 8 { creates = ScaffoldSelection.expand(row.cells[3]) }
        let ids = components(Substring(row.cells[2]), separatedBy: ", ").map { String($0.prefix { $0 != " " }) }
        for id in ids {
            for block in document.tasks where block.header.id == id && !block.isDone {
                let prints = ([block.header.fingerprint] + block.header.covers.map(Optional.some)).compactMap { $0 }
                let record = state?.tasks.first { $0.file == file && $0.id == id && $0.fingerprint == block.header.fingerprint }
                tasks.append(Task(id: id, title: block.header.title, fingerprints: prints, isStructural: record.map { $0.rule == nil } ?? false))
            }
        }
    }

    /// The plan file and PR number `FEATURE:N` names: a file name with or without `.md`, or a feature's title.
    static func locate(_ spec: String, in files: [String: String]) throws -> (String, Int) {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[1].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "PR", with: "").trimmingCharacters(in: .whitespaces)), number > 0 else {
            throw UsageError("--pr takes FEATURE:N, e.g. `cart:1` for PR 1 of cart.md (got `\(spec)`)")
        }
        return (try feature(String(parts[0]), in: files), number)
    }

    /// The feature file a name means: `cart`, `cart.md` or the feature's title, any case.
    static func feature(_ name: String, in files: [String: String]) throws -> String {
        let wanted = name.lowercased()
        let features = files.keys.filter { $0.hasSuffix(".md") && $0 != "README.md" && $0 != "discovered.md" }.sorted()
        let match = features.first { name in
            let stem = String(name.dropLast(3))
            return name.lowercased() == wanted || stem.lowercased() == wanted
                || PlanMarkdown.name(of: name, doc: PlanDocument(parsing: files[name]!)).lowercased() == wanted
        }
        guard let match else {
            let stems = features.map { String($0.dropLast(3)) }
            let hint = DidYouMean.nearest(to: wanted, in: stems).map { " Did you mean `\($0)`?" } ?? ""
            throw UsageError("no feature file `\(name)` in the plan.\(hint) The plan has: \(stems.prefix(12).joined(separator: ", "))\(stems.count > 12 ? ", …" : "")")
        }
        return match
    }
}
