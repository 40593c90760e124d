/// The shape shared by the rules that report a role doing another layer's work, member by member.
enum RoleFindings {
    static func byMember(_ context: RuleContext, role: Role, rule: RuleDescription, families: Set<Family>,
                         text: (_ type: String, _ member: String?, _ apis: [String]) -> (message: String, fix: String)) -> [Finding] {
        var findings: [Finding] = []
        for t in context.types(withRole: role) {
            var sites: [(path: String, usage: UsageSite)] = []
            for (path, decl) in context.index.declarations(of: t) {
                sites += decl.usages.filter { families.contains($0.family) && !$0.isWeakSignal }.map { (path, $0) }
            }
            for (member, memberSites) in Dictionary(grouping: sites, by: { $0.usage.member ?? "" }) {
                let sorted = memberSites.sorted { ($0.path, $0.usage.position) < ($1.path, $1.usage.position) }
                let first = sorted[0]
                let (message, fix) = text(context.index.types[t].name, member.isEmpty ? nil : member,
                                          FamilyFindings.orderedUnique(sorted.map(\.usage.api)))
                findings.append(Finding(rule: rule, type: context.index.types[t].name, member: member.isEmpty ? nil : member,
                                        file: first.path, position: first.usage.position, message: message, fix: fix,
                                        evidence: sorted.map { context.evidence($0.path, $0.usage.position) }))
            }
        }
        return findings
    }
}
