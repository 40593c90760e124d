struct VCSizeRule: Rule {
    static let description = RuleDescription(
        id: "vc-size", name: "View controller size", family: nil, severity: .medium,
        problem: "The view controller, counted with all its extensions, is large enough that a reviewer cannot hold it in their head: from 400 code lines it needs review, from 700 a planned split, and from 1000 it must be addressed (High).",
        fix: "Split it along its responsibilities: extract services, then a Presenter for display logic, then a Router.",
        triggering: [
            Example("""
            class ↓FeedViewController: UIViewController {
                var a = 1
                var b = 2
            }
            """, support: ["FeedViewController+Extra.swift": "extension FeedViewController {\n    func c() {}\n}\n"],
                    configuration: { var c = Configuration(); c.thresholds.review = 5; return c }()),
        ],
        nonTriggering: [
            Example("""
            class FeedViewController: UIViewController {
                var a = 1
            }
            """, configuration: { var c = Configuration(); c.thresholds.review = 5; return c }()),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let t = context.configuration.thresholds
        return context.responsibilities.compactMap { index, profile -> Finding? in
            let lines = profile.codeLines
            let (severity, verdict): (Severity, String)
            if lines >= t.mustAddress { (severity, verdict) = (.high, "must address") }
            else if lines >= t.split { (severity, verdict) = (.medium, "plan a split") }
            else if lines >= t.review { (severity, verdict) = (.medium, "review") }
            else { return nil }
            let type = context.index.types[index]
            return Finding(rule: Self.description, severity: severity, type: type.name, member: nil,
                           file: context.typeFile(index), position: context.typePosition(index),
                           message: "\(type.name) has \(lines) code lines over \(profile.files.count) file\(profile.files.count == 1 ? "" : "s") (\(verdict))",
                           fix: Self.description.fix)
        }
    }
}

extension VCSizeRule {
    static let planning = RulePlanning(
        category: .B, title: { type, _ in "Bring \(type) back under the size threshold" },
        fix: { type in "No change of its own: the Service, Presenter and Router PRs of this file move the work out of \(type); tick it when `viper-planner audit` stops reporting it." })
}
