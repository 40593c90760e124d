/// One piece of evidence that a view controller does a family's work itself.
public struct ResponsibilitySite: Hashable, Sendable {
    public var family: Family
    public var api: String
    public var member: String?
    public var file: String
    public var position: SourcePosition
    public var note: String?
    public var destination: String?
    public var inDebugBlock: Bool
}

/// What a view controller does, judged on the class and all its extensions.
public struct ResponsibilityProfile: Sendable {
    public var sites: [ResponsibilitySite] = []
    public var codeLines = 0
    public var files: [String] = []
    public var conformances = 0
    public var longestMethod = 0
    public var destinations: Set<String> = []
    public var branchesOnSegues = false

    public var families: [Family] { Array(Set(sites.map(\.family))).sorted() }
    public func count(_ family: Family) -> Int { sites.filter { $0.family == family }.count }

    /// God-VC score, 0–100 (documented in the README): size 35, families 40, evidence sites 10,
    /// conformances 5, longest method 10.
    public var score: Int {
        let size = min(Double(codeLines) / 1000, 1) * 35
        let families = Double(self.families.count) / 5 * 40
        let evidence = min(Double(sites.count) / 40, 1) * 10
        let protocols = min(Double(conformances) / 10, 1) * 5
        let method = min(Double(longestMethod) / 200, 1) * 10
        return Int((size + families + evidence + protocols + method).rounded())
    }
}

public enum ResponsibilityAnalysis {
    public static func profiles(index: TypeIndex, wrappers: WrapperAnalysis, configuration: Configuration,
                                jobs: Int = defaultJobCount) -> [Int: ResponsibilityProfile] {
        // Independent per view controller: on all cores.
        let viewControllers = index.types.indices.filter { index.types[$0].isViewController }
        let profiles = parallelMap(count: viewControllers.count, jobs: jobs) { i in
            profile(of: viewControllers[i], index: index, wrappers: wrappers)
        }
        return Dictionary(uniqueKeysWithValues: zip(viewControllers, profiles))
    }

    static func profile(of t: Int, index: TypeIndex, wrappers: WrapperAnalysis) -> ResponsibilityProfile {
        var profile = ResponsibilityProfile()
        var seen: Set<String> = []
        let ownNames = Set(index.types[t].inheritance)
        profile.conformances = ownNames.subtracting(index.types[t].superclassChain.prefix(1)).count
        func add(_ site: ResponsibilitySite, suppressions: [Suppression]) {
            let rule = familyRuleID(site.family)
            guard !suppressions.contains(where: { ($0.rule == nil || $0.rule == rule) && $0.fromLine <= site.position.line && site.position.line <= $0.toLine }) else { return }
            guard seen.insert("\(site.family)|\(site.file)|\(site.position.line)").inserted else { return }
            profile.sites.append(site)
        }
        for location in index.types[t].decls {
            let decl = index.decl(location), path = index.path(location)
            let suppressions = index.files[location.file].suppressions
            profile.codeLines += decl.codeLines
            if !profile.files.contains(path) { profile.files.append(path) }
            profile.longestMethod = max(profile.longestMethod, decl.functions.map(\.codeLines).max() ?? 0)
            if decl.functions.contains(where: { $0.branchesOnSegueIdentifier && $0.name == "prepare(for:sender:)" }) {
                profile.branchesOnSegues = true
            }
            for usage in decl.usages where !usage.isWeakSignal {
                if let property = usage.requiresStoredProperty {
                    guard let (fact, _) = index.property(property, of: t), !fact.isComputed, !fact.isStatic,
                          !(fact.typeName ?? "").containsExactly("UI") else { continue }
                }
                if usage.family == .navigation, let destination = usage.destination { profile.destinations.insert(destination) }
                add(ResponsibilitySite(family: usage.family, api: usage.api, member: usage.member, file: path,
                                       position: usage.position, note: usage.inDebugBlock ? "in #if DEBUG" : nil,
                                       destination: usage.destination, inDebugBlock: usage.inDebugBlock),
                    suppressions: suppressions)
            }
            for reference in decl.references {
                if let api = WrapperAnalysis.heldFormatter(reference, in: t, index: index) {
                    add(ResponsibilitySite(family: .formatting, api: api, member: reference.member, file: path,
                                           position: reference.position, note: nil, destination: nil,
                                           inDebugBlock: reference.inDebugBlock), suppressions: suppressions)
                }
            }
            for reference in decl.references where !(reference.chain.isEmpty || reference.chain == ["self"]) {
                for (family, typeName, origin) in wrapperFamilies(reference, in: t, index: index, wrappers: wrappers) {
                    let via = origin.map { " (performs \($0.api) at \(shortPath($0.file)):\($0.line))" } ?? " (configured)"
                    add(ResponsibilitySite(family: family, api: "\(typeName).\(reference.name)", member: reference.member,
                                           file: path, position: reference.position,
                                           note: "via `\(typeName)`\(via)" + (reference.inDebugBlock ? ", in #if DEBUG" : ""),
                                           destination: nil, inDebugBlock: reference.inDebugBlock),
                        suppressions: suppressions)
                }
            }
        }
        profile.sites.sort { ($0.file, $0.position) < ($1.file, $1.position) }
        return profile
    }

    /// Families a reference reaches through a project wrapper (or a configured external one).
    static func wrapperFamilies(_ reference: MemberReference, in t: Int, index: TypeIndex,
                                wrappers: WrapperAnalysis) -> [(Family, String, FamilyOrigin?)] {
        if WrapperAnalysis.singletonNames.contains(reference.name) { return [] }
        if let head = reference.chain.first, let family = wrappers.configuredFamily(reference.headType ?? head) {
            return [(family, reference.headType ?? head, nil)]
        }
        if let head = reference.chain.first, head != "self", !isTypeLikeName(head),
           let (property, _) = index.property(head, of: t),
           let typeName = property.typeName ?? property.initializerType, let family = wrappers.configuredFamily(typeName) {
            return [(family, typeName, nil)]
        }
        // Types nested in the view controller own their code (rules.md §2): calling them is not
        // the view controller doing the work.
        guard let target = WrapperAnalysis.receiverType(of: reference, in: t, index: index), target != t,
              !index.types[target].isViewController, !index.superclasses(of: t).contains(target),
              !index.types[target].name.hasPrefix(index.types[t].name + ".") else { return [] }
        return wrappers.families(of: target, reference: reference, index: index)
            .filter { WrapperAnalysis.wrapperFamilies.contains($0.key) }
            .sorted { $0.key < $1.key }
            .map { ($0.key, index.types[target].name, $0.value) }
    }

    public static func familyRuleID(_ family: Family) -> String {
        switch family {
        case .networking: "vc-networking"
        case .persistence: "vc-persistence"
        case .formatting: "vc-formatting"
        case .navigation: "vc-navigation"
        case .businessLogic: "vc-business-logic"
        }
    }
}

func shortPath(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
