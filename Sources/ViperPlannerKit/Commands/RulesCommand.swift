/// `viper-planner rules [ID]`: the rule catalogue, or one rule with its description and examples,
/// all read from the rules' own `RuleDescription`s.
public enum RulesFormat: String, CaseIterable, Sendable {
    case text, json
}

extension Commands {
    public static func rules(id: String?, format: RulesFormat = .text) throws -> String {
        let rules = RuleRegistry.all.map { $0.description }
        guard let id else {
            switch format {
            case .text:
                let width = rules.map(\.id.count).max() ?? 0
                return rules.map { rule in
                    rule.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                        + rule.severity.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + rule.name + "\n"
                }.joined()
            case .json:
                return PrettyJSON.encode(rules.map { RuleJSON($0, examples: false) })
            }
        }
        guard let rule = RuleRegistry.description(of: id) else {
            let hint = DidYouMean.hint(for: id, in: RuleRegistry.catalogueIDs)
            throw UsageError("unknown rule '\(id)'" + (hint.isEmpty ? " (`viper-planner rules` lists them)" : hint))
        }
        switch format {
        case .text: return ruleText(rule)
        case .json: return PrettyJSON.encode(RuleJSON(rule, examples: true))
        }
    }

    /// One rule in full: its wording, then each example as files (and the configuration it needs).
    static func ruleText(_ rule: RuleDescription) -> String {
        var lines = ["\(rule.id): \(rule.name)",
                     "Default severity: \(rule.severity.rawValue)" + (rule.family.map { "; family: \($0.words)" } ?? ""),
                     "", rule.problem, "", "Fix: \(rule.fix)", "", "In the examples, ↓ marks where a finding points."]
        func section(_ title: String, _ examples: [Example]) {
            for (n, example) in examples.enumerated() {
                lines += ["", examples.count == 1 ? "\(title):" : "\(title) (\(n + 1) of \(examples.count)):", ""]
                let parts = example.parts
                for (i, part) in parts.enumerated() {
                    if i > 0 { lines.append("") }
                    if parts.count > 1 { lines.append("    \(part.comment) \(part.name)") }
                    lines += part.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    \($0)" }
                }
            }
        }
        section("Triggers it", rule.triggering)
        section("Does not trigger it", rule.nonTriggering)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `rules --format json`: the catalogue entry, with the description and examples for one rule.
    struct RuleJSON: Encodable {
        struct ExampleJSON: Encodable {
            var path: String
            var code: String
            /// Other files the example needs, by path.
            var support: [String: String]?
            /// The `.viper-planner.yml` the example needs (what differs from the defaults).
            var configuration: String?
        }
        var id: String
        var name: String
        var severity: Severity
        var family: Family?
        var problem: String?
        var fix: String?
        var triggering: [ExampleJSON]?
        var nonTriggering: [ExampleJSON]?

        init(_ rule: RuleDescription, examples: Bool) {
            id = rule.id; name = rule.name; severity = rule.severity; family = rule.family
            guard examples else { return }
            problem = rule.problem; fix = rule.fix
            func json(_ example: Example) -> ExampleJSON {
                let yaml = example.configurationYAML
                return ExampleJSON(path: example.path, code: example.code, support: example.support.isEmpty ? nil : example.support,
                                   configuration: yaml.isEmpty ? nil : yaml.joined(separator: "\n") + "\n")
            }
            triggering = rule.triggering.map(json)
            nonTriggering = rule.nonTriggering.map(json)
        }
    }
}

extension Example {
    /// The keys of `.viper-planner.yml` the example sets, as YAML lines (empty: the defaults).
    var configurationYAML: [String] {
        let defaults = Configuration()
        return Configuration.keys.flatMap { $0.yaml(configuration, defaults) }
    }

    /// The example's files in the order a reader needs them — the code, its support files, the
    /// configuration — each with the comment that names it.
    var parts: [(comment: String, name: String, text: String)] {
        var parts = [(comment: "//", name: path, text: code)]
        parts += support.keys.sorted().map { (comment: "//", name: $0, text: support[$0]!.hasSuffix("\n") ? String(support[$0]!.dropLast()) : support[$0]!) }
        let yaml = configurationYAML
        if !yaml.isEmpty { parts.append((comment: "#", name: Configuration.fileName, text: yaml.joined(separator: "\n"))) }
        return parts
    }
}
