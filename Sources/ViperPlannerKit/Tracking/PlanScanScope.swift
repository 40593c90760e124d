import Foundation

/// What a scan knows of its scope, kept when the audit result is released: the scope a plan
/// records, and what tells `update` why a file on disk is not in it.
struct PlanScanScope {
    let current: PlanScope
    let parsed: Set<String>
    /// Files the scan skipped (generated, too large, …): path → why.
    let skipped: [String: String]
    let macOS: Set<String>
    let configuration: Configuration

    init(_ audit: AuditResult, configuration: Configuration) {
        current = PlanScope(audit, configuration: configuration)
        parsed = Set(audit.files.map(\.path))
        skipped = Dictionary(audit.warnings.compactMap { w in w.skipReason.map { (w.path, $0) } }, uniquingKeysWith: { a, _ in a })
        macOS = Set(audit.files.filter(Platform.isMacOSOnly).map(\.path))
        self.configuration = configuration
    }

    /// The facts `update` checks the plan's tasks against: of the files the plan's unresolved tasks
    /// point at, those that are on disk under `root` but not reported now, with why.
    func facts(root: String, files: [String: String]) -> ScopeFacts {
        let reported = Set(current.files)
        var outside: [String: ScopeFacts.Outside] = [:]
        for path in Self.taskFiles(files) where !reported.contains(path) {
            guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(path)) else { continue }
            let reason = ScopeFacts.reason(path, configuration: configuration, parsed: parsed, skipped: skipped, macOS: macOS)
            outside[path] = ScopeFacts.Outside(reason: reason, parsed: parsed.contains(path))
        }
        return ScopeFacts(current: current, outside: outside)
    }

    /// The files the unresolved tasks of the state point at; without a readable state (`update`
    /// rebuilds it from the Markdown), those of the Locations the task blocks show.
    static func taskFiles(_ files: [String: String]) -> Set<String> {
        if let state = files[".state.json"].flatMap(PlanState.decode) {
            return Set(state.tasks.filter { $0.status != "resolved" }.flatMap(\.sourceFiles))
        }
        return Set(files.filter { $0.key.hasSuffix(".md") }.flatMap { PlanDocument(parsing: $0.value).tasks }
            .compactMap { $0.field("Location")?.first.flatMap(PlanState.Record.file(ofLocation:)) })
    }
}
