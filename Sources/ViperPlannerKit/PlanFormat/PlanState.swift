import Foundation

/// `.state.json`, the tool's memory for `update`: every task it ever planned with its fingerprint, id,
/// file, status, dates and commits, and the exact text it last wrote for each tool-owned field (the
/// base of the three-way merge); plus the history of runs that changed something. Deterministic:
/// keys sorted, tasks sorted by file and id, one task per line.
public struct PlanState: Codable, Equatable, Sendable {
    public static let schemaVersion = 1
    /// The fields the tool owns in a task.
    public static let ownedFields = ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate", "Resolved", "Regressed"]
    /// The owned fields that come from the scan (Resolved/Regressed come from the outcomes).
    public static let scanFields = ["Location", "Severity", "Problem", "Fix", "Evidence", "Estimate"]
    /// The status of a task whose finding left the scope (`excluded:`, …) without being fixed:
    /// neither open work nor done.
    public static let outOfScope = "out of scope"

    public struct Record: Codable, Equatable, Sendable {
        public var fingerprint: String
        public var id: String
        public var file: String
        public var rule: String?
        /// Structural tasks: the view controller they are about (a task whose view controller is
        /// gone is verified structurally too).
        public var viewController: String?
        /// Structural tasks: what they ask to exist (`StructuralTask.encoded`).
        public var kind: String?
        /// `open`, `resolved` or `out of scope` (`PlanState.outOfScope`).
        public var status = "open"
        public var firstSeen: String
        public var firstSeenCommit: String?
        public var resolvedOn: String?
        public var resolvedCommit: String?
        public var regressedOn: String?
        public var regressedCommit: String?
        /// Field name → the text last written (lines joined by "\n").
        public var fields: [String: String] = [:]
        /// Fingerprints of the findings this task's code became when it moved to another member of
        /// the same view controller (split, renamed, moved to an extension): the task stays open
        /// while any of them is detected.
        public var aliases: [String]?
        /// A task for several findings: the others' fingerprints (open while any is detected).
        public var covers: [String]?
        /// The task's own file, then the files its finding was traced through (`PlanTask.traced`).
        public var sources: [String]?
    }

    public struct HistoryRow: Codable, Equatable, Sendable {
        public var date: String
        public var commit: String?
        public var total: Int
        public var done: Int
        public var openCritical: Int
        public var new: Int
        public var resolved: Int
        public var regressed: Int
    }

    public var createdAt: String
    /// The dashboard as last written, above its Notes (to tell people's lines from the tool's).
    public var dashboard: String?
    /// File name → hash of its PR Plan section as last written (`update` re-plans only an unedited one).
    public var prPlans: [String: String]?
    /// File name → hash of its `> **Context**:` text as last written (`update` refreshes only an
    /// unedited one; `PlanMarkdown.contextIsTools`).
    public var contexts: [String: String]?
    /// File name → the screens' Target module sections still outlined, heading → hash as last
    /// written (`update` writes out only an unedited one, when its first PR comes up).
    public var outlinedModules: [String: [String: String]]?
    public var lastScanCommit: String?
    public var schemaVersion = PlanState.schemaVersion
    public var tasks: [Record]
    public var history: [HistoryRow]
    public var tool = "viper-planner \(ToolInfo.version)"
    /// The target style the plan was made with (`swiftui`); nil: `uikit`, which older plans are.
    /// `update` re-plans with it whatever the configuration says now.
    public var style: String?
    /// The configuration and files the plan was last made or updated from (nil: a plan from
    /// before they were recorded).
    public var scope: PlanScope?

    public init(createdAt: String, lastScanCommit: String?, tasks: [Record], history: [HistoryRow]) {
        self.createdAt = createdAt
        self.lastScanCommit = lastScanCommit
        self.tasks = tasks
        self.history = history
    }

    /// The state of a freshly written plan: `files` are the rendered Markdown files, so the recorded
    /// field text is byte for byte what the files say.
    public static func initial(_ plan: Plan, files: [String: String]) -> PlanState {
        var records: [Record] = []
        var contexts: [String: String] = [:]
        for file in plan.taskFiles {
            let doc = PlanDocument(parsing: files[file.fileName] ?? "")
            contexts[file.fileName] = PlanMarkdown.context(of: doc).map { ContentHash($0).description }
            let blocks = Dictionary(doc.tasks.compactMap { b in b.header.fingerprint.map { ($0, b) } }, uniquingKeysWith: { a, _ in a })
            for task in file.tasks {
                records.append(Record(fingerprint: task.fingerprint, id: task.id, file: file.fileName, rule: task.rule,
                                      viewController: task.viewController, kind: task.structural?.encoded,
                                      firstSeen: plan.date, firstSeenCommit: plan.scanCommit,
                                      fields: blocks[task.fingerprint].map(ownedText) ?? [:],
                                      covers: task.covers.isEmpty ? nil : task.covers, sources: [task.file] + task.traced))
            }
        }
        let all = plan.taskFiles.flatMap(\.tasks)
        let row = HistoryRow(date: plan.date, commit: plan.scanCommit, total: all.count, done: 0,
                             openCritical: all.filter { $0.severity == .critical }.count, new: all.count, resolved: 0, regressed: 0)
        var state = PlanState(createdAt: plan.date, lastScanCommit: plan.scanCommit, tasks: records, history: [row])
        state.dashboard = files["README.md"].map(PlanMarkdown.aboveNotes)
        state.style = plan.style == .uikit ? nil : plan.style.rawValue
        state.scope = plan.scope
        state.prPlans = Dictionary(uniqueKeysWithValues: plan.taskFiles.compactMap { f in
            files[f.fileName].flatMap(PlanMarkdown.prPlanHash).map { (f.fileName, $0) }
        })
        state.contexts = contexts
        let outlined = plan.taskFiles.compactMap { f -> (String, [String: String])? in
            let hashes = files[f.fileName].map(PlanMarkdown.outlinedModuleHashes) ?? [:]
            return hashes.isEmpty ? nil : (f.fileName, hashes)
        }
        state.outlinedModules = outlined.isEmpty ? nil : Dictionary(uniqueKeysWithValues: outlined)
        return state
    }

    /// The scan-owned fields of a task block as the state records them.
    public static func ownedText(_ block: TaskBlock) -> [String: String] {
        block.fieldValues(scanFields).mapValues { $0.joined(separator: "\n") }
    }

    public static func json(_ plan: Plan) -> String {
        (try? PlanRenderer().render(plan)[".state.json"]) ?? ""
    }

    static func idOrder(_ id: String) -> (String, Int) {
        (String(id.prefix { $0.isLetter }), Int(id.drop { $0.isLetter }) ?? 0)
    }

    static func list(_ lines: [String]) -> String {
        lines.isEmpty ? "[]" : "[\n" + lines.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]"
    }

    /// The `tasks` array as `encoded()` writes it: by file, id (letters, then number) and fingerprint,
    /// one task per line. The sort keys are made once per task, not in every comparison.
    public func encodedTasks() -> String {
        let keys = tasks.map { task -> (String, String, Int, String) in
            let order = Self.idOrder(task.id)
            return (task.file, order.0, order.1, task.fingerprint)
        }
        let order = tasks.indices.sorted { keys[$0] < keys[$1] }   // stable, as sorting the tasks was
        guard !order.isEmpty else { return "[]" }
        // `list(lines)`, written into one buffer: "[", each line indented, ",\n" between, "\n  ]".
        var out: [UInt8] = Array("[\n".utf8)
        for (n, i) in order.enumerated() {
            if n > 0 { out += ",\n".utf8 }
            out += "    ".utf8
            out += PrettyJSON.line(tasks[i]).utf8
        }
        out += "\n  ]".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// Pretty, sorted, one task and one history row per line.
    public func encoded() -> String { encoded(tasksJSON: encodedTasks()) }

    /// `encoded()` with the tasks already encoded by `encodedTasks()` (of these very tasks).
    public func encoded(tasksJSON: String) -> String {
        func line<T: Encodable>(_ value: T) -> String { PrettyJSON.line(value) }
        return """
        {\(contexts.map { "\n  \"contexts\": \(line($0))," } ?? "")
          "createdAt": \(line(createdAt)),\(dashboard.map { "\n  \"dashboard\": \(line($0))," } ?? "")
          "history": \(Self.list(history.map(line))),
          "lastScanCommit": \(lastScanCommit.map(line) ?? "null"),\(outlinedModules.map { "\n  \"outlinedModules\": \(line($0))," } ?? "")\(prPlans.map { "\n  \"prPlans\": \(line($0))," } ?? "")
          "schemaVersion": \(schemaVersion),\(scope.map { "\n  \"scope\": \(Self.scopeText($0))," } ?? "")\(style.map { "\n  \"style\": \(line($0))," } ?? "")
          "tasks": \(tasksJSON),
          "tool": \(line(tool))
        }

        """
    }

    /// The scope object: the configuration on one line, one file per line.
    static func scopeText(_ scope: PlanScope) -> String {
        let files = scope.files.map { PrettyJSON.line($0) }
        let list = files.isEmpty ? "[]" : "[\n" + files.map { "      " + $0 }.joined(separator: ",\n") + "\n    ]"
        return "{\n    \"configuration\": \(PrettyJSON.line(scope.configuration)),\n    \"files\": \(list)\n  }"
    }

    /// The style a state file records (nil: not a state file this version understands).
    public static func recordedStyle(_ text: String) -> TargetStyle? {
        decode(text).map { state in state.style.flatMap(TargetStyle.init(rawValue:)) ?? .uikit }
    }

    /// nil when the text is not a state file this version understands.
    public static func decode(_ text: String) -> PlanState? {
        if let known = lastDecoded.value(for: text) { return known }
        let state = (try? JSONDecoder().decode(PlanState.self, from: Data(text.utf8))).flatMap {
            $0.schemaVersion == schemaVersion ? $0 : nil
        }
        lastDecoded.store(state, for: text)
        return state
    }

    /// The last text decoded and its state: a run reads the same `.state.json` more than once
    /// (its recorded style, then the merge base), and decoding it is a good part of an update.
    private static let lastDecoded = LastDecoded()

    private final class LastDecoded: @unchecked Sendable {
        private let lock = NSLock()
        private var entry: (text: String, state: PlanState?)?

        func value(for text: String) -> PlanState?? {
            lock.lock(); defer { lock.unlock() }
            guard let entry, entry.text == text else { return nil }
            return .some(entry.state)
        }

        func store(_ state: PlanState?, for text: String) {
            lock.lock(); defer { lock.unlock() }
            entry = (text, state)
        }
    }
}

/// `progress.svg`: done and total tasks over time, linked from the dashboard. Its own white
/// background keeps it readable in GitHub's light and dark themes.
public enum ProgressChart {
    public static func svg(points: [(date: String, done: Int, total: Int)]) -> String {
        let width = 480, height = 160, left = 40, bottom = 130
        let maxTotal = max(1, points.map(\.total).max() ?? 1)
        let step = points.count > 1 ? (width - left - 20) / (points.count - 1) : 0
        func y(_ v: Int) -> Int { bottom - v * 100 / maxTotal }
        let total = points.enumerated().map { "\(left + $0.offset * step),\(y($0.element.total))" }.joined(separator: " ")
        let done = points.enumerated().map { "\(left + $0.offset * step),\(y($0.element.done))" }.joined(separator: " ")
        let last = points.last
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="11">
          <rect width="\(width)" height="\(height)" fill="white"/>
          <line x1="\(left)" y1="\(bottom)" x2="\(width - 10)" y2="\(bottom)" stroke="#999"/>
          <polyline points="\(total)" fill="none" stroke="#c0392b" stroke-width="2"/>
          <polyline points="\(done)" fill="none" stroke="#27ae60" stroke-width="2"/>
          \(points.enumerated().map { "<circle cx=\"\(left + $0.offset * step)\" cy=\"\(y($0.element.total))\" r=\"3\" fill=\"#c0392b\"/>" }.joined(separator: "\n  "))
          <text x="\(left)" y="\(bottom + 18)">\(points.first?.date ?? "")</text>
          <text x="\(left)" y="14">tasks: \(last?.done ?? 0) done of \(last?.total ?? 0)</text>
        </svg>

        """
    }
}
