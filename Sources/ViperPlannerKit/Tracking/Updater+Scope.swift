import Foundation

/// Scope is not progress: a task whose finding is gone because its file (or code it was traced
/// through) left the scope of the scan is "out of scope" — listed, never ticked, never counted as
/// done — and is open again once its finding is detected again.
extension Updater {
    /// The Markdown field that marks a task out of scope (the dashboard leaves such tasks out).
    static let outOfScopeField = "Out of scope"
    /// The Markdown field that marks a task ticked by a person while the scan still detects it.
    static let stillDetectedField = "Still detected"
    /// How "Needs attention" begins the reason of such a task.
    static let stillDetectedReason = "ticked, but the scan still detects it"

    /// Why an open (or already out-of-scope) task whose finding is not detected left the scope;
    /// nil when it did not. A record that knows no file (a state rebuilt from the Markdown) goes
    /// by the Location its task block shows.
    static func leftScope(_ run: UpdateRun, _ record: PlanState.Record, block: TaskBlock? = nil) -> String? {
        guard record.status != "resolved", let scope = run.input.scope else { return nil }
        let files = record.sourceFiles
        if files.isEmpty, let shown = block?.field("Location")?.first.flatMap(PlanState.Record.file(ofLocation:)) {
            return scope.leftScope([shown])
        }
        return scope.leftScope(files)
    }

    /// Marks a task whose finding left the scope (true), or leaves it to be verified (false).
    static func markOutOfScope(_ run: inout UpdateRun, _ block: inout TaskBlock, _ record: inout PlanState.Record,
                               ref: TaskRef) -> Bool {
        guard let why = leftScope(run, record, block: block) else { return false }
        guard record.status != PlanState.outOfScope else { return true }
        record.status = PlanState.outOfScope
        block.setField(stillDetectedField, nil)
        block.setField(outOfScopeField, ["since \(run.stamp): \(why); not done, not counted"])
        var moved = ref
        moved.reason = why
        run.result.outOfScope.append(moved)
        return true
    }

    /// A task of a file back in the scope, detected again: open, as it was.
    static func returnToScope(_ run: inout UpdateRun, _ block: inout TaskBlock, _ record: inout PlanState.Record, ref: TaskRef) {
        guard record.status == PlanState.outOfScope else { return }
        record.status = "open"
        block.setField(outOfScopeField, nil)
        run.result.backInScope.append(ref)
    }

    /// The scope the state records: this scan's, when the configuration changed or none was
    /// recorded, or when the state is written anyway (`refresh`); otherwise the one recorded, so
    /// that a new source file alone does not rewrite the plan.
    static func recordScope(_ run: UpdateRun, in state: inout PlanState, refresh: Bool) {
        guard let current = run.input.scope?.current else { return }
        if refresh || state.scope == nil || state.scope?.configuration != current.configuration { state.scope = current }
    }
}
