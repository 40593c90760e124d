/// `entity-reaches-view` in SwiftUI modules: the module's `View` struct stores a domain entity,
/// or reads one through what it holds (`presenter.recipes`, `presenter.state.author`) instead of
/// the Presenter's display-ready view state.
enum SwiftUIViewEntities {
    static func findings(_ context: RuleContext, rule: RuleDescription) -> [Finding] {
        var findings: [Finding] = []
        for v in context.swift6ModuleViews() {
            let name = context.index.types[v].name
            var seen: Set<String> = []
            for (path, decl) in context.index.declarations(of: v) {
                let stored = decl.properties.filter { !$0.isStatic && !$0.isComputed }
                for property in stored where !property.attributes.contains(where: ["State", "StateObject", "ObservedObject"].contains) {
                    guard let entity = entity(in: property.typeComponents, near: path, context), seen.insert(property.name).inserted else { continue }
                    findings.append(Finding(
                        rule: rule, type: name, member: property.name, file: path, position: property.position,
                        message: "\(name).\(property.name) holds the entity `\(entity)` instead of view state",
                        fix: "Pass \(name) display-ready values from the Presenter's view state instead of `\(entity)`.",
                        evidence: [context.evidence(path, property.position)], discriminator: property.name))
                }
                for reference in decl.references where !reference.chain.isEmpty {
                    guard let entity = readEntity(reference, in: v, near: path, context),
                          seen.insert((reference.chain + [reference.name]).joined(separator: ".")).inserted else { continue }
                    let read = (reference.chain + [reference.name]).joined(separator: ".")
                    findings.append(Finding(
                        rule: rule, type: name, member: reference.member, file: path, position: reference.position,
                        message: "\(name) reads the entity `\(entity)` through `\(read)`",
                        fix: "Map `\(entity)` to display-ready values in the Presenter's view state and read those in \(name).",
                        evidence: [context.evidence(path, reference.position)], discriminator: read))
                }
            }
        }
        return findings
    }

    /// The entity a read like `presenter.state.author` ends on, following stored properties' types
    /// from the view's own property at the head of the chain.
    private static func readEntity(_ reference: MemberReference, in view: Int, near path: String, _ context: RuleContext) -> String? {
        var chain = reference.chain
        if chain.first == "self" { chain.removeFirst() }
        guard let head = chain.first, let (property, _) = context.index.property(head, of: view), !property.isStatic else { return nil }
        var current = property.typeComponents
        for name in chain.dropFirst() + [reference.name] {
            guard let owner = current.lazy.compactMap({ context.index.resolve($0, near: path) }).first,
                  let (next, _) = context.index.property(name, of: owner), !next.isStatic, !next.isHidden else { return nil }
            current = next.typeComponents
        }
        return entity(in: current, near: path, context)
    }

    private static func entity(in components: [String], near path: String, _ context: RuleContext) -> String? {
        components.first { component in context.index.resolve(component, near: path).map(context.isDomainEntity) ?? false }
    }
}
