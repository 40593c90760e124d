/// The shared shape of the five responsibility-family rules: one finding per member of a view
/// controller that does the family's work, listing every evidence site in that member.
enum FamilyFindings {
    static func make(_ family: Family, rule: RuleDescription, context: RuleContext,
                     severity: ((ResponsibilityProfile) -> Severity)? = nil,
                     fix: (_ prefix: String, _ member: String?, _ sites: [ResponsibilitySite]) -> String) -> [Finding] {
        make(family, rule: rule, context: context, severity: severity) { _, prefix, member, sites in fix(prefix, member, sites) }
    }

    /// `make` whose fix also sees the view controller's index in `context.index`.
    /// `keep`: the family's sites a finding is about (all by default).
    static func make(_ family: Family, rule: RuleDescription, context: RuleContext,
                     severity: ((ResponsibilityProfile) -> Severity)? = nil, keep: (ResponsibilitySite) -> Bool = { _ in true },
                     typedFix fix: (_ type: Int, _ prefix: String, _ member: String?, _ sites: [ResponsibilitySite]) -> String) -> [Finding] {
        var findings: [Finding] = []
        for (t, profile) in context.responsibilities {
            let type = context.index.types[t]
            let sites = profile.sites.filter { $0.family == family && keep($0) }
            let byMember = Dictionary(grouping: sites) { $0.member ?? "" }
            for (member, memberSites) in byMember {
                let first = memberSites[0]
                let apis = orderedUnique(memberSites.map(\.api))
                let where_ = member.isEmpty ? type.name : "\(type.name).\(member)"
                let debugOnly = memberSites.allSatisfy(\.inDebugBlock) ? " (only in #if DEBUG code)" : ""
                let message = "\(where_) does \(family.words) itself: \(apis.joined(separator: ", "))"
                    + " (\(memberSites.count) site\(memberSites.count == 1 ? "" : "s"))\(debugOnly)"
                findings.append(Finding(
                    rule: rule, severity: severity?(profile), type: type.name,
                    member: member.isEmpty ? nil : member, file: first.file, position: first.position,
                    message: message, fix: fix(t, modulePrefix(type.name), member.isEmpty ? nil : member, memberSites),
                    evidence: memberSites.map { Evidence(file: $0.file, line: $0.position.line, column: $0.position.column, note: $0.note) }))
            }
        }
        return findings
    }

    /// How the Interactor gets the project wrappers a member calls: injected when the view
    /// controller holds them or reaches them statically; as a parameter of the use case when the
    /// member is handed the object it calls (`account` in `deactivate(account:)`).
    static func wrapperClause(_ wrappers: [String], sites: [ResponsibilitySite]) -> String {
        let through = { (w: String) in sites.filter { $0.api.hasPrefix(w + ".") && $0.note?.hasPrefix("via `") == true } }
        let handed = wrappers.filter { w in !through(w).isEmpty && through(w).allSatisfy { $0.handedIn != nil } }
        let held = wrappers.filter { !handed.contains($0) }
        func list(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
        var clause = held.isEmpty ? "" : "which gets \(list(held)) injected through the protocol the view controller uses (no new wrapper around it)"
        if !handed.isEmpty {
            let params = orderedUnique(handed.flatMap { through($0).compactMap(\.handedIn) }).map { "`\($0)`" }.joined(separator: ", ")
            clause += (held.isEmpty ? "which takes " : " and takes ") + "the \(list(handed)) the member is handed (\(params)) as a parameter of its use case, typed by the protocol the view controller uses: there is no single one to inject"
        }
        return clause
    }

    static func orderedUnique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func memberText(_ member: String?) -> String { member.map { "`\($0)`" } ?? "its property initialisers" }
}

/// "a" or "an" before a type name (`an AddressBookRepository`, `a CartRepository`).
func articleFor(_ name: String) -> String {
    guard let first = name.first else { return "a" }
    return "AEIOUaeiou".contains(first) ? "an" : "a"
}
