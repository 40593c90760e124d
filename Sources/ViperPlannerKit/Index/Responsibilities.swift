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
    /// A segue named after its destination class: the identifier the code performs.
    public var segue: String? = nil
    /// Its receiver is a value the member is handed (`account` in `deactivate(account:)`): the use
    /// case takes it as a parameter rather than having it injected.
    public var handedIn: String? = nil
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
    /// Code lines in test-only blocks (`#if DEBUG`, `#if targetEnvironment(simulator)`,
    /// `if ProcessInfo…arguments.contains(…)`): counted in `codeLines`, never evidence of a family.
    public var testOnlyLines = 0
    /// Receiver types it calls that have no declaration in the sources (a binary SDK's `Core`),
    /// most called first with their call counts: families behind them cannot be judged unless the
    /// configuration names them.
    public var unresolvedTypes: [(name: String, calls: Int)] = []

    public var families: [Family] { Array(Set(sites.map(\.family))).sorted() }
    public func count(_ family: Family) -> Int { sites.filter { $0.family == family }.count }

    /// Adds one declaration's size, file, longest method and segue branching.
    mutating func addSize(of decl: TypeDeclFacts, path: String) {
        codeLines += decl.codeLines
        testOnlyLines += decl.testOnlySpans.reduce(0) { $0 + $1.codeLines }
        if !files.contains(path) { files.append(path) }
        longestMethod = max(longestMethod, decl.functions.map(\.codeLines).max() ?? 0)
        if decl.functions.contains(where: { $0.branchesOnSegueIdentifier && $0.name == "prepare(for:sender:)" }) {
            branchesOnSegues = true
        }
    }

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

    /// The project's own alert class (`AlertController: UIAlertController`): presenting it shows an
    /// alert, which is not navigation.
    static func isAlertClass(_ name: String, near path: String, index: TypeIndex) -> Bool {
        guard let t = index.resolve(name, near: path) else { return false }
        return index.types[t].superclassChain.contains("UIAlertController")
    }

    static func profile(of t: Int, index: TypeIndex, wrappers: WrapperAnalysis) -> ResponsibilityProfile {
        var profile = ResponsibilityProfile()
        var seen: Set<String> = []
        let ownNames = Set(index.types[t].inheritance)
        profile.conformances = ownNames.subtracting(index.types[t].superclassChain.prefix(1)).count
        func add(_ site: ResponsibilitySite, suppressions: [Suppression]) {
            let rule = familyRuleID(site.family)
            // Debug and test code is not the screen's work: it ships in no release build.
            guard !site.inDebugBlock else { return }
            guard !suppressions.contains(where: { ($0.rule == nil || $0.rule == rule) && $0.fromLine <= site.position.line && site.position.line <= $0.toLine }) else { return }
            guard seen.insert("\(site.family)|\(site.file)|\(site.position.line)").inserted else { return }
            profile.sites.append(site)
        }
        let helperOwners = index.superclasses(of: t) + index.viewControllerExtensions
        var unresolved: [String: Int] = [:]
        let segues = index.segueDestinations(of: t)
        for location in index.types[t].decls {
            let decl = index.decl(location), path = index.path(location)
            let suppressions = index.files[location.file].suppressions
            profile.addSize(of: decl, path: path)
            for usage in decl.usages where !usage.isWeakSignal {
                if let property = usage.requiresStoredProperty {
                    guard let (fact, _) = index.property(property, of: t), !fact.isComputed, !fact.isStatic,
                          !(fact.typeName ?? "").containsExactly("UI") else { continue }
                }
                // A segue is named after the class `prepare(for:sender:)` casts its destination to.
                let destination = usage.destination.map { index.navigationDestination($0, api: usage.api, segues: segues) }
                if usage.family == .navigation, let destination, isAlertClass(destination, near: path, index: index) { continue }
                if usage.family == .navigation, let destination { profile.destinations.insert(destination) }
                add(ResponsibilitySite(family: usage.family, api: usage.api, member: usage.member, file: path,
                                       position: usage.position, note: usage.inDebugBlock ? "in #if DEBUG" : nil,
                                       destination: destination, inDebugBlock: usage.inDebugBlock,
                                       segue: usage.api == "performSegue" && destination != usage.destination ? usage.destination : nil),
                    suppressions: suppressions)
            }
            for reference in decl.references {
                if let api = WrapperAnalysis.heldFormatter(reference, in: t, index: index) {
                    add(ResponsibilitySite(family: .formatting, api: api, member: reference.member, file: path,
                                           position: reference.position, note: nil, destination: nil,
                                           inDebugBlock: reference.inDebugBlock), suppressions: suppressions)
                }
            }
            for reference in decl.references where reference.isCall && (reference.chain.isEmpty || reference.chain == ["self"]) {
                guard let (owner, helper, origin) = navigationHelper(reference, in: t, owners: helperOwners, index: index) else { continue }
                add(ResponsibilitySite(family: .navigation, api: "\(helper)", member: reference.member, file: path,
                                       position: reference.position,
                                       note: "via `\(index.types[owner].name).\(helper)` (performs \(origin.api) at \(shortPath(origin.file)):\(origin.line))",
                                       destination: nil, inDebugBlock: reference.inDebugBlock), suppressions: suppressions)
            }
            // One resolution of each receiver serves the typed-I/O, wrapper and no-source questions.
            for reference in decl.references where !(reference.chain.isEmpty || reference.chain == ["self"]) {
                let resolved = index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: t)
                if let (family, api) = wrappers.typedUsage(reference, resolved: resolved) {
                    add(ResponsibilitySite(family: family, api: api, member: reference.member, file: path,
                                           position: reference.position, note: reference.inDebugBlock ? "in #if DEBUG" : nil,
                                           destination: nil, inDebugBlock: reference.inDebugBlock), suppressions: suppressions)
                }
                if reference.isCall, case .external(let name)? = resolved, isUnresolved(name, wrappers: wrappers) {
                    unresolved[name, default: 0] += 1
                }
                for (family, typeName, origin) in wrapperFamilies(reference, resolved: resolved, in: t, index: index, wrappers: wrappers) {
                    add(wrapperSite(reference, family: family, typeName: typeName, origin: origin, path: path, decl: decl, in: t, index: index),
                        suppressions: suppressions)
                }
            }
            for site in requestingCreations(in: decl, path: path, of: t, index: index, wrappers: wrappers) {
                add(site, suppressions: suppressions)
            }
        }
        profile.sites.sort { ($0.file, $0.position) < ($1.file, $1.position) }
        profile.unresolvedTypes = unresolved.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
        return profile
    }

    /// `RetrieveUserCall(id:)` made by the screen: an initializer that starts a request (outside
    /// test-only blocks; a view controller or a type nested in the screen owns its own work).
    static func requestingCreations(in decl: TypeDeclFacts, path: String, of t: Int, index: TypeIndex,
                                    wrappers: WrapperAnalysis) -> [ResponsibilitySite] {
        decl.creations.compactMap { creation in
            guard creation.kind == .initializer, let made = index.resolve(creation.typeName, near: path), made != t,
                  !index.types[made].isViewController, !index.types[made].name.hasPrefix(index.types[t].name + "."),
                  !decl.testOnlySpans.contains(where: { $0.from <= creation.position.line && creation.position.line <= $0.to }),
                  let origin = wrappers.initializerRequest(of: made, index: index) else { return nil }
            return ResponsibilitySite(family: .networking, api: "\(index.types[made].name).init", member: creation.member,
                                      file: path, position: creation.position,
                                      note: "via `\(index.types[made].name)` (performs \(origin.api) at \(shortPath(origin.file)):\(origin.line))",
                                      destination: nil, inDebugBlock: false)
        }
    }

    /// A type the sources only name that is neither a system or known library type nor one the
    /// configuration already classifies: families behind it cannot be judged.
    static func isUnresolved(_ name: String, wrappers: WrapperAnalysis) -> Bool {
        !KnownTypes.isSystemTypeName(name) && KnownAPIs.typedCalls[name] == nil && KnownAPIs.referencedTypes[name] == nil
            && wrappers.configuredFamily(name) == nil
    }

    /// Families a reference reaches through a project wrapper (or a configured external one).
    static func wrapperFamilies(_ reference: MemberReference, resolved: ResolvedReceiver?, in t: Int, index: TypeIndex,
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
        let project: Int? = if case .project(let r)? = resolved { r } else { nil }
        guard let target = project ?? valueTypeHelper(reference, index: index), target != t,
              !index.types[target].isViewController, !index.superclasses(of: t).contains(target),
              !index.types[target].name.hasPrefix(index.types[t].name + ".") else { return [] }
        return wrappers.families(of: target, reference: reference, index: index)
            .filter { WrapperAnalysis.wrapperFamilies.contains($0.key) }
            .sorted { $0.key < $1.key }
            .map { ($0.key, index.types[target].name, $0.value) }
    }

    /// A navigation helper the view controller inherits (`push(module:)` in its base class or in an
    /// extension of UIViewController) that pushes, presents or performs a segue itself, directly
    /// or through other members of its type. Presenting an alert only is not navigation.
    static func navigationHelper(_ reference: MemberReference, in t: Int, owners: [Int],
                                 index: TypeIndex) -> (owner: Int, member: String, origin: FamilyOrigin)? {
        guard index.ownFunctions(reference.name, of: t).isEmpty else { return nil }
        for owner in owners {
            // UIKit's `present(_:animated:completion:)` is not the helper `present(asCard:…)`: the call's
            // labels must fit the helper's.
            var queue = index.ownFunctions(reference.name, of: owner).map(\.name).filter { labelsFit(call: reference.fullName, function: $0) }
            guard let first = queue.first else { continue }
            var seen = Set(queue)
            while let member = queue.popLast() {
                for (path, decl) in index.declarations(of: owner) {
                    if let usage = decl.usages.first(where: { $0.member == member && $0.family == .navigation && !$0.isWeakSignal }) {
                        return (owner, first, FamilyOrigin(api: usage.api, file: path, line: usage.position.line, hops: 0))
                    }
                    for function in decl.functions where function.name == member {
                        for call in function.selfCalls {
                            for next in index.ownFunctions(call, of: owner).map(\.name) where seen.insert(next).inserted { queue.append(next) }
                        }
                    }
                }
            }
            return nil
        }
        return nil
    }

    /// Whether a call's argument labels can call a function: the same first label, and every label
    /// among the function's in order (the ones it skips may have defaults). Unknown labels fit.
    static func labelsFit(call: String?, function: String) -> Bool {
        func labels(_ name: String) -> [String]? {
            guard let open = name.firstIndex(of: "("), name.last == ")" else { return nil }
            return name[name.index(after: open)..<name.index(before: name.endIndex)].split(separator: ":").map(String.init)
        }
        guard let call = call.flatMap(labels), let declared = labels(function) else { return true }
        guard let first = call.first else { return true }
        guard first == declared.first else { return false }
        var rest = declared.dropFirst()[...]
        for label in call.dropFirst() {
            guard let i = rest.firstIndex(of: label) else { return false }
            rest = rest[rest.index(after: i)...]
        }
        return true
    }

    /// A receiver the sources do not type (`count.localized()`, `template.format(arguments:)`):
    /// when the member is declared only in the project's extensions of value types (String, Date,
    /// Int…), and by exactly one of them, that extension is the callee.
    static func valueTypeHelper(_ reference: MemberReference, index: TypeIndex) -> Int? {
        guard reference.isCall, !reference.chain.isEmpty, reference.chain != ["self"], reference.headType == nil else { return nil }
        let owners = index.valueTypeExtensions.filter { !index.ownFunctions(reference.name, of: $0).isEmpty }
        return owners.count == 1 ? owners[0] : nil
    }

    public static func familyRuleID(_ family: Family) -> String {
        switch family {
        case .networking: VCNetworkingRule.description.id
        case .persistence: VCPersistenceRule.description.id
        case .formatting: VCFormattingRule.description.id
        case .navigation: VCNavigationRule.description.id
        case .businessLogic: VCBusinessLogicRule.description.id
        }
    }
}

func shortPath(_ path: String) -> String { String(lastPart(path, separatedBy: UInt8(ascii: "/")) ?? Substring(path)) }

extension ResponsibilityAnalysis {
    /// A call through a project wrapper (`api.fetch()` where `APIClient` does the networking), with
    /// the parameter it goes through when the member is handed the wrapper's object.
    static func wrapperSite(_ reference: MemberReference, family: Family, typeName: String, origin: FamilyOrigin?,
                            path: String, decl: TypeDeclFacts, in t: Int, index: TypeIndex) -> ResponsibilitySite {
        let via = origin.map { " (performs \($0.api) at \(shortPath($0.file)):\($0.line))" } ?? " (configured)"
        let handed = index.handedIn(reference, in: t, receiverType: typeName,
                                    parameterTypes: decl.functions.first { $0.name == reference.member }?.parameterTypes ?? [])
        var site = ResponsibilitySite(family: family, api: "\(typeName).\(reference.name)", member: reference.member,
                                      file: path, position: reference.position,
                                      note: "via `\(typeName)`\(via)" + (handed.map { ", handed in as `\($0)`" } ?? "")
                                          + (reference.inDebugBlock ? ", in #if DEBUG" : ""),
                                      destination: nil, inDebugBlock: reference.inDebugBlock)
        site.handedIn = handed
        return site
    }
}
