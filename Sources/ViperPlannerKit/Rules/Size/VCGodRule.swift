struct VCGodRule: Rule {
    static let description = RuleDescription(
        id: "vc-god", name: "God view controller", family: nil, severity: .critical,
        problem: "One view controller mixes several responsibilities (networking, storage, formatting, business rules, navigation) over hundreds of lines. Every change risks breaking an unrelated behaviour, nothing in it can be tested in isolation, and merge conflicts concentrate in it. Critical — a migration blocker — when it starts network requests and mixes three or more families over 2000+ lines; High with two families over 400+ lines, or at 1000+ lines.",
        fix: "Migrate it to a VIPER module one pull request at a time: safety fixes first, then Services and Interactor, Presenter, Router, Builder, tests.",
        triggering: [
            Example("""
            class ↓CheckoutViewController: BaseViewController {
                func pay() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
                func remember() { UserDefaults.standard.set(true, forKey: "paid") }
                func show(_ d: Date) -> String { DateFormatter.localizedString(from: d, dateStyle: .short, timeStyle: .none) }
            }
            """, severity: .critical, support: ["Base.swift": "class BaseViewController: UIViewController {}\n"],
                    configuration: { var c = Configuration(); c.thresholds.godCritical = 3; return c }()),
            // Three families without a network request: High, not Critical (size and a mix alone are no blocker).
            Example("""
            class ↓NotesViewController: UIViewController {
                func remember() { UserDefaults.standard.set(true, forKey: "seen") }
                func show(_ d: Date) -> String { DateFormatter.localizedString(from: d, dateStyle: .short, timeStyle: .none) }
                func open() { navigationController?.pushViewController(UIViewController(), animated: true) }
            }
            """, severity: .high, configuration: { var c = Configuration(); c.thresholds.godCritical = 3; c.thresholds.godHigh = 3; return c }()),
        ],
        nonTriggering: [
            Example("""
            class CheckoutViewController: UIViewController {
                func pay() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let t = context.configuration.thresholds
        return context.responsibilities.compactMap { index, profile -> Finding? in
            let families = profile.families
            let severity: Severity
            if families.count >= 3 && families.contains(.networking) && profile.codeLines >= t.godCritical { severity = .critical }
            else if (families.count >= 2 && profile.codeLines >= t.godHigh) || profile.codeLines >= t.mustAddress { severity = .high }
            else { return nil }
            let type = context.index.types[index]
            let counts = families.map { "\($0.words) (\(profile.count($0)) site\(profile.count($0) == 1 ? "" : "s"))" }
            let spread = "\(profile.codeLines) lines over \(profile.files.count) file\(profile.files.count == 1 ? "" : "s")"
            let message = families.isEmpty ? "\(spread); no single responsibility found, but size alone makes it risky"
                : "\(spread); " + counts.joined(separator: ", ")
            let prefix = modulePrefix(type.name)
            return Finding(rule: Self.description, severity: severity, type: type.name, member: nil,
                           file: context.typeFile(index), position: context.typePosition(index),
                           message: message + " — score \(profile.score)/100",
                           fix: "Plan a \(prefix) VIPER module (`\(prefix)Presenter`, `\(prefix)Interactor`, `\(prefix)Router`, `\(prefix)Module`) and move one responsibility per pull request, safety fixes first.")
        }
    }
}

extension VCGodRule {
    static let planning = RulePlanning(
        category: .B, role: .assemblesModule,
        title: { type, _ in "Assemble the \(modulePrefix(type)) VIPER module so \(type) becomes a passive view" })
}
