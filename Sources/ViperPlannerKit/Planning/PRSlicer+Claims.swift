/// What a PR's Verify may promise about size findings: a size finding goes away only once the
/// lines moved out of its view controller (or method) bring it under the rule's threshold, so the
/// PRs before that one say how far the moves have got instead of promising it.
extension PRSlicer {
    /// The size rules and what each measures: the whole view controller or one method.
    static let sizeRules: Set<String> = [VCSizeRule.description.id, VCGodRule.description.id, LongMethodRule.description.id]
    /// The key of `Owner.sizeLimits` for `vc-god` once no family work is left (only its size counts).
    static let godAloneLimit = VCGodRule.description.id + " alone"

    /// Lines a draft takes out of its view controller: half of each moved part ("2 × N … moved"
    /// is N lines deleted there and N added elsewhere), and half of each part of an oversized move.
    static func movedOutLines(_ draft: Draft) -> Int {
        draft.parts.reduce(0) { sum, part in
            let moved = part.label.contains("2 × ") && part.label.contains("moved")
            let partOfMove = part.label.contains(", part ") && part.label.contains("estimated lines")
            return sum + (moved || partOfMove ? part.lines / 2 : 0)
        }
    }

    /// Marks in each draft the size findings it cannot make disappear, with the words its Verify
    /// says instead.
    func withholdSizeClaims(_ drafts: inout [Draft]) {
        // With the screen's split known, the lines its moves take out in all are shared over its
        // moving PRs by their size, so the last of them says what the size task says.
        let moving = { (d: Draft) in !d.isPreparatory && [.I, .P, .R].contains(d.phase) && !d.tasks.isEmpty }
        var size: [String: Int] = [:], done: [String: Int] = [:]
        for d in drafts where moving(d) { size[d.vc ?? "", default: 0] += d.total }
        var removed: [String: Int] = [:]
        for i in drafts.indices {
            let vc = drafts[i].vc ?? ""
            if let out = owners[vc]?.movedOut, let all = size[vc], all > 0 {
                if moving(drafts[i]) { done[vc, default: 0] += drafts[i].total }
                removed[vc] = out * (done[vc] ?? 0) / all
            } else if !drafts[i].isPreparatory {
                removed[vc, default: 0] += Self.movedOutLines(drafts[i])
            }
            for task in drafts[i].tasks {
                guard let rule = task.rule, Self.sizeRules.contains(rule) else { continue }
                if let reason = withheldReason(task, rule: rule, draft: i, in: drafts, removed: removed[vc] ?? 0) {
                    drafts[i].withheld[task.fingerprint] = reason
                }
            }
        }
    }

    private func withheldReason(_ task: PlanTask, rule: String, draft i: Int, in drafts: [Draft], removed: Int) -> String? {
        let draft = drafts[i]
        if rule == LongMethodRule.description.id {
            // A split leaves the method short only after its last part.
            guard draft.isPreparatory, let part = draft.part, !part.isLast else { return nil }
            return "`\(task.member ?? "the method")` is still reported by `long-method` (finding `\(task.fingerprint)`) until the last part of its split."
        }
        guard let owner = owners[draft.vc ?? ""], owner.codeLines > 0 else { return nil }
        // `vc-god` needs two families from `godHigh` lines; once no family work is left only `mustAddress` counts.
        let familyWorkLeft = drafts[(i + 1)...].contains { $0.vc == draft.vc && [.I, .P, .R].contains($0.phase) }
        let limit = rule == VCGodRule.description.id && !familyWorkLeft ? owner.sizeLimits[Self.godAloneLimit] : owner.sizeLimits[rule]
        guard let limit, owner.codeLines - removed >= limit else { return nil }
        return "Finding `\(task.fingerprint)` (`\(rule)`) is not expected to go yet: about \(removed) of the \(owner.codeLines) code lines of \(draft.vc ?? "the view controller") have moved out by this PR, and it is reported down to \(limit)."
    }
}
