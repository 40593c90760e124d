import Foundation

// The values `update` takes, passes between its phases and returns.

/// Everything `update` needs, as plain values: the plan directory as it is on disk, the fresh plan
/// (the new "ours") rendered with the same templates, and what structural tasks are checked against.
public struct UpdateInput: Sendable {
    /// The plan directory: file name → UTF-8 text.
    public var files: [String: String]
    /// Files in the plan directory that are not UTF-8 text (left untouched).
    public var unreadable: [String]
    public var fresh: Plan
    /// The fresh plan's task files as `PlanRenderer.renderTaskFiles` (or `render`) writes them; only
    /// the feature files, cross-cutting.md and discovered.md are read (none with `renderFresh`).
    public var freshFiles: [String: String]
    public var structure: StructureFacts
    public var date: String
    public var commit: String?
    /// Keep "Last Updated" (and every file) as it is when nothing else changed.
    public var noTouch: Bool
    /// Render each fresh task file with the renderer when it is needed, one at a time, instead of
    /// reading `freshFiles` (which may then be empty): the rendered plan is never all in memory.
    public var renderFresh = false
    /// Incremental runs. `settledSalt` (the tool's build) turns them on: a feature file whose merge
    /// inputs hash to one of `settled` (what an earlier run found to change nothing, its
    /// `UpdateResult.settled`) is not merged again — its merge is known to change nothing.
    public var settledSalt: String?
    public var settled: Set<String> = []
    /// This scan's scope: tasks whose files left it are out of scope, not resolved, and the state
    /// records it. nil: no scope is checked or recorded.
    public var scope: ScopeFacts?
    /// This scan's Context text of the feature files the fresh plan no longer has (every finding of
    /// their screens fixed), by file name: `Updater.contextsOfFinishedFeatures`.
    public var contexts: [String: String] = [:]

    public init(files: [String: String], unreadable: [String] = [], fresh: Plan, freshFiles: [String: String],
                structure: StructureFacts, date: String, commit: String?, noTouch: Bool = false) {
        self.files = files; self.unreadable = unreadable; self.fresh = fresh; self.freshFiles = freshFiles
        self.structure = structure; self.date = date; self.commit = commit; self.noTouch = noTouch
    }
}

public struct TaskRef: Sendable, Equatable, Codable {
    public var file: String
    public var id: String
    public var title: String
    public var fingerprint: String
    /// Needs attention: why.
    public var reason: String = ""
}

public struct UpdateResult: Sendable {
    /// The files to write: only those whose content changes.
    public var files: [String: String] = [:]
    public var resolved: [TaskRef] = []
    public var regressed: [TaskRef] = []
    public var new: [TaskRef] = []
    /// Tasks newly flagged in this run as ticked by a person but still detected (`stillDetected`: all of them).
    public var flagged: [TaskRef] = []
    /// Tasks whose finding left the scope in this run (not fixed: never ticked or counted as done),
    /// and tasks detected again now that their files are back in it.
    public var outOfScope: [TaskRef] = []
    public var backInScope: [TaskRef] = []
    /// How the configuration differs from the one the plan recorded (nil: it does not).
    public var scopeChange: ScopeChange?
    /// Everything listed under "Needs attention".
    public var attention: [TaskRef] = []
    /// The tasks of `attention` a person ticked while the scan still detects them (flagged in this
    /// run or before): what `update` and `status` count and list as "ticked but still detected".
    public var stillDetected: [TaskRef] { attention.filter { $0.reason.hasPrefix(Updater.stillDetectedReason) } }
    public var warnings: [String] = []
    public var stateRebuilt = false
    public var dashboard = Dashboard.Summary()
    /// The merge-input hashes of the files whose merge changed nothing in this run (with
    /// `UpdateInput.settledSalt`), for the next run's `UpdateInput.settled`.
    public var settled: Set<String> = []
}

/// The value an update's phases read and extend, from the plan on disk to the files to write.
struct UpdateRun {
    let input: UpdateInput
    let renderer: PlanRenderer
    let lazyFresh: PlanRenderer.LazyTaskFiles?
    let verifier: StructureVerifier
    /// "date (commit)", as Resolved/Regressed lines write it.
    let stamp: String
    var result = UpdateResult()
    /// The Markdown task files, discovered.md last.
    var names: [String] = []
    /// The files that read back byte for byte (the others are left untouched).
    var docs: [String: PlanDocument] = [:]
    var allFingerprints: Set<String> = []
    /// Where each fingerprint is tracked (its first copy), and each file's tracked fingerprints in order.
    var location: [String: (file: String, segment: Int)] = [:]
    var tracked: [String: [String]] = [:]
    var state = PlanState(createdAt: "", lastScanCommit: nil, tasks: [], history: [])
    var records: [String: PlanState.Record] = [:]
    var knownBefore: Set<String> = []
    /// The fresh plan's task blocks by fingerprint, in the fresh plan's order.
    var fresh: [String: (file: String, block: TaskBlock, task: PlanTask)] = [:]
    var freshOrder: [String] = []
    /// Incremental runs: files skipped as settled, the fingerprints they own, every file's merge-input hash.
    var skipped: Set<String> = [], claimed: Set<String> = [], inputHash: [String: String] = [:]
    /// Files whose tasks changed, and files whose merge changed a record or used a block from elsewhere.
    var tasksChanged: Set<String> = [], unsettled: Set<String> = []
    var newFiles: [String: String] = [:]
    /// Moved code: task fingerprint → the new findings linked to it this run; every alias known; the
    /// tasks detected only through an alias.
    var moved: [String: [String]] = [:]
    var aliases: Set<String> = []
    var aliasDetected: Set<String> = []

    init(input: UpdateInput, renderer: PlanRenderer) {
        self.input = input
        self.renderer = renderer
        lazyFresh = input.renderFresh ? renderer.lazyTaskFiles(input.fresh) : nil
        verifier = StructureVerifier(input.structure)
        stamp = input.date + (input.commit.map { " (\($0))" } ?? "")
    }

    /// A fresh task file's text, rendered when asked (`renderFresh`) or from `freshFiles`.
    func freshText(_ name: String) -> String? { lazyFresh.map { $0[name] } ?? input.freshFiles[name] }
    /// A hash of that text: computed from what it is rendered from when it is rendered on demand.
    func freshDigest(_ name: String) -> String? {
        lazyFresh.map { $0.digest(name) } ?? input.freshFiles[name].map { ContentHash($0).description }
    }
}
