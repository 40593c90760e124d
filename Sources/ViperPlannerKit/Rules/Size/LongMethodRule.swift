struct LongMethodRule: Rule {
    static let description = RuleDescription(
        id: "long-method", name: "Method too long to move in one pull request", family: nil, severity: .medium,
        problem: "A single method of a view controller has 100 or more code lines. It cannot be moved into a Presenter or Interactor within one reviewable 200-line pull request, so it must be split first.",
        fix: "Split it into smaller private methods, each doing one thing, before any extraction.",
        triggering: [
            Example("""
            class FeedViewController: UIViewController {
                func ↓configureEverything() {
                    setUpTable()
                    setUpHeader()
                }
            }
            """, configuration: { var c = Configuration(); c.thresholds.longMethod = 3; return c }()),
        ],
        nonTriggering: [
            Example("""
            final class Parser {
                func parse() {
                    step1()
                    step2()
                }
            }
            """, configuration: { var c = Configuration(); c.thresholds.longMethod = 3; return c }()),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.responsibilities.keys {
            for (path, decl) in context.index.declarations(of: t) {
                for function in decl.functions where function.codeLines >= context.configuration.thresholds.longMethod {
                    findings.append(Finding(
                        rule: Self.description, type: context.index.types[t].name, member: function.name, file: path,
                        position: function.position,
                        message: "`\(function.name)` has \(function.codeLines) code lines: too long to move in one pull request",
                        fix: "Split `\(function.name)` into methods of under \(min(context.configuration.prLineCap / 2, 100)) lines each (one per step it performs) in a preparatory pull request."))
                }
            }
        }
        return findings
    }
}

extension LongMethodRule {
    static let planning = RulePlanning(
        category: .I, role: .splitFirst, concern: "service", word: "long method",
        title: { type, member in "Split \(member ?? type) into one method per step" })
}
