/// Why a type has (or has not) a family: the shortest call path from one of its members to the
/// API that does the work, one hop per line with its `file:line`, or where the walk stopped.
public struct Explanation: Codable, Sendable, Equatable {
    public struct Hop: Codable, Sendable, Equatable {
        /// `AccountRepository.fetchAccount(forced:)`, or the API at the end (`URLSession.dataTask`).
        public var symbol: String
        public var file: String
        public var line: Int
        /// "calls", "makes" (an initializer), "performs" (the API itself).
        public var action: String
    }

    public struct Stop: Codable, Sendable, Equatable {
        /// moduleLayer, receiverUntyped or noSource
        public var reason: String
        public var detail: String
        public var file: String?
        public var line: Int?
    }

    public struct FamilyPath: Codable, Sendable, Equatable {
        public var family: String
        public var found: Bool
        /// From the type's own member to the API; empty when not found.
        public var path: [Hop]
        /// Where walks that did not reach the family stopped (the first few of each reason).
        public var stopped: [Stop]
    }

    public var type: String
    public var file: String
    public var role: String
    public var families: [FamilyPath]
}

public enum Explainer {
    static let shownStops = 3
    static let maximumHops = 64

    /// Explains every type named `name` (short or qualified) in an audit result.
    public static func explain(_ name: String, families: [Family], in result: AuditResult,
                               configuration: Configuration) -> [Explanation] {
        let index = result.index
        let matches = index.types.indices.filter {
            index.types[$0].isDeclaredInSources && (index.types[$0].name == name || index.types[$0].shortName == name)
        }
        guard !matches.isEmpty else { return [] }
        let wrappers = WrapperAnalysis(index: index, configuration: configuration)
        return matches.map { t in
            let profile = result.profiles[t] ?? ResponsibilityAnalysis.profile(of: t, index: index, wrappers: wrappers)
            return Explanation(type: index.types[t].name, file: index.path(index.types[t].decls[0]),
                               role: index.types[t].role.rawValue,
                               families: families.map { explain($0, of: t, profile: profile, index: index, wrappers: wrappers) })
        }
    }

    private static func explain(_ family: Family, of t: Int, profile: ResponsibilityProfile, index: TypeIndex,
                                wrappers: WrapperAnalysis) -> Explanation.FamilyPath {
        let own = index.types[t].name
        var best: [Explanation.Hop]?
        func offer(_ path: [Explanation.Hop]) {
            if best.map({ path.count < $0.count }) ?? true { best = path }
        }
        // The sites the audit counted, each walked to its API.
        for site in profile.sites where site.family == family {
            let start = Explanation.Hop(symbol: "\(own).\(site.member ?? "(type body)")", file: site.file, line: site.position.line,
                                        action: "calls")
            if site.note == nil {
                offer([Explanation.Hop(symbol: "\(own).\(site.member ?? "(type body)")", file: site.file,
                                       line: site.position.line, action: "performs \(site.api)")])
                continue
            }
            guard let node = entry(of: site, in: t, family: family, index: index, wrappers: wrappers) else {
                offer([start])
                continue
            }
            offer([start] + walk(from: node, family: family, index: index, wrappers: wrappers))
        }
        if let best { return Explanation.FamilyPath(family: family.rawValue, found: true, path: best, stopped: []) }
        return Explanation.FamilyPath(family: family.rawValue, found: false, path: [],
                                      stopped: stops(family, of: t, profile: profile, index: index, wrappers: wrappers))
    }

    /// The member a counted site enters first: the callee its reference dispatches to (or the
    /// initializer of the type it makes) that carries the family's nearest origin.
    private static func entry(of site: ResponsibilitySite, in t: Int, family: Family, index: TypeIndex,
                              wrappers: WrapperAnalysis) -> WrapperAnalysis.Node? {
        var candidates: [WrapperAnalysis.Node] = []
        for location in index.types[t].decls where index.path(location) == site.file {
            let decl = index.decl(location)
            for reference in decl.references where reference.position == site.position {
                guard case .project(let receiver)? = index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: t)
                else { continue }
                candidates += wrappers.dispatch(reference, on: receiver, index: index)
            }
            for creation in decl.creations where creation.position == site.position {
                guard let made = index.resolve(creation.typeName, near: site.file) else { continue }
                candidates += wrappers.dispatch(MemberReference(chain: [], name: "init", isCall: true, position: creation.position),
                                                on: made, index: index)
            }
        }
        return candidates.filter { wrappers.members[$0.type]?[$0.member]?[family] != nil }
            .min { wrappers.members[$0.type]![$0.member]![family]! < wrappers.members[$1.type]![$1.member]![family]! }
    }

    /// Follows the recorded next hops from a member to the one that uses the API itself.
    private static func walk(from start: WrapperAnalysis.Node, family: Family, index: TypeIndex,
                             wrappers: WrapperAnalysis) -> [Explanation.Hop] {
        var hops: [Explanation.Hop] = []
        var node = start
        var seen: Set<WrapperAnalysis.Node> = []
        while seen.insert(node).inserted, hops.count < maximumHops {
            let symbol = "\(index.types[node.type].name).\(node.member)"
            if let step = wrappers.via[node]?[family] {
                let action = !WrapperAnalysis.isInitializer(step.callee.member) ? "calls"
                    : WrapperAnalysis.isInitializer(node.member) ? "initializes its base" : "makes"
                hops.append(Explanation.Hop(symbol: symbol, file: step.site.file, line: step.site.line, action: action))
                node = step.callee
                continue
            }
            if let origin = wrappers.members[node.type]?[node.member]?[family] {
                hops.append(Explanation.Hop(symbol: symbol, file: origin.file, line: origin.line, action: "performs \(origin.api)"))
            }
            break
        }
        return hops
    }

    /// Why no path was found: calls whose receiver the sources do not type, types without source,
    /// and calls into the module's own layer (Interactor, Presenter, ViewModel…) whose work is
    /// that layer's, with what the layer reaches.
    private static func stops(_ family: Family, of t: Int, profile: ResponsibilityProfile, index: TypeIndex,
                              wrappers: WrapperAnalysis) -> [Explanation.Stop] {
        var layer: [Explanation.Stop] = [], untyped: [Explanation.Stop] = []
        var seenLayers: Set<String> = []
        for location in index.types[t].decls {
            let path = index.path(location)
            for reference in index.decl(location).references
            where reference.isCall && !reference.chain.isEmpty && reference.chain != ["self"] && reference.chain.first != "super" {
                switch index.resolveReceiver(chain: reference.chain, headType: reference.headType, in: t) {
                case .project(let receiver)?:
                    let types = WrapperAnalysis.dispatchTypes(receiver, index: index).filter { !WrapperAnalysis.canWrap(index.types[$0]) && !index.types[$0].isViewController }
                    for layerType in types where layer.count < shownStops {
                        let call = "\(reference.chain.joined(separator: ".")).\(reference.fullName ?? reference.name)"
                        guard seenLayers.insert("\(layerType)|\(reference.name)").inserted,
                              let reach = layerReach(family, of: layerType, member: reference, index: index, wrappers: wrappers) else { continue }
                        layer.append(Explanation.Stop(
                            reason: "moduleLayer",
                            detail: "`\(call)` hands the work to `\(index.types[layerType].name)`, the module's own \(layerWord(index.types[layerType])): \(reach); the path is that layer's, not this type's",
                            file: path, line: reference.position.line))
                    }
                case nil where untyped.count < shownStops:
                    untyped.append(Explanation.Stop(reason: "receiverUntyped",
                                                    detail: "the receiver of `\(reference.chain.joined(separator: ".")).\(reference.name)` has no type the sources show",
                                                    file: path, line: reference.position.line))
                default:
                    continue
                }
            }
        }
        let noSource = profile.unresolvedTypes.prefix(shownStops).map {
            Explanation.Stop(reason: "noSource", detail: "`\($0.name)` has no source here (\($0.calls) calls): its families are not judged unless `networking_types`, `persistence_types` or `formatting_types` in the configuration names it", file: nil, line: nil)
        }
        return layer + untyped + noSource
    }

    /// What a module layer's member reaches of the family through the services it calls: the
    /// first such call, with the API it ends in.
    private static func layerReach(_ family: Family, of layerType: Int, member reference: MemberReference, index: TypeIndex,
                                   wrappers: WrapperAnalysis) -> String? {
        let names = Set(index.functions(reference.name, of: layerType).map(\.name))
        for location in index.types[layerType].decls {
            for inner in index.decl(location).references where inner.member.map(names.contains) ?? false {
                guard case .project(let receiver)? = index.resolveReceiver(chain: inner.chain, headType: inner.headType, in: layerType)
                else { continue }
                for node in wrappers.dispatch(inner, on: receiver, index: index) {
                    guard let origin = wrappers.members[node.type]?[node.member]?[family] else { continue }
                    return "it calls `\(index.types[node.type].name).\(node.member)` at \(index.path(location)):\(inner.position.line), which performs \(origin.api) at \(origin.file):\(origin.line)"
                }
            }
        }
        return nil
    }

    private static func layerWord(_ type: IndexedType) -> String {
        if type.role != .other { return type.role.rawValue }
        return WrapperAnalysis.delegateSuffixes.first(where: type.shortName.hasSuffix) ?? "layer"
    }

    /// Plain text, one hop per line.
    public static func text(_ explanations: [Explanation]) -> String {
        var lines: [String] = []
        for e in explanations {
            lines.append("\(e.type) (\(e.role), \(e.file))")
            for f in e.families {
                if f.found {
                    lines.append("  \(f.family): yes")
                    for (i, hop) in f.path.enumerated() {
                        lines.append("    \(i == 0 ? "" : "→ ")\(hop.symbol)  \(hop.file):\(hop.line)  \(hop.action)")
                    }
                } else {
                    lines.append("  \(f.family): no" + (f.stopped.isEmpty ? " (no call reaches it)" : ""))
                    for stop in f.stopped {
                        lines.append("    stopped (\(stop.reason)): \(stop.detail)" + (stop.file.map { " — \($0):\(stop.line ?? 0)" } ?? ""))
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `viper-planner explain`: everything but argument parsing and printing.
public struct ExplainRequest: Sendable {
    public var scan: ScanRequest
    public var typeName: String
    /// nil: networking, persistence, formatting and navigation.
    public var family: Family?
    public var json: Bool
    public init(scan: ScanRequest, typeName: String, family: Family? = nil, json: Bool = false) {
        self.scan = scan; self.typeName = typeName; self.family = family; self.json = json
    }
}

extension Commands {
    public static func explain(_ request: ExplainRequest) throws -> String {
        let configuration = try request.scan.loadConfiguration()
        let result = try Auditor.audit(root: request.scan.path, configuration: configuration, jobs: request.scan.jobCount,
                                       cache: request.scan.factCache(configuration))
        let families = request.family.map { [$0] } ?? [.networking, .persistence, .formatting, .navigation]
        let explanations = Explainer.explain(request.typeName, families: families, in: result, configuration: configuration)
        guard !explanations.isEmpty else {
            throw CommandError("\(request.scan.path): no type named \(request.typeName) in the sources")
        }
        return request.json ? PrettyJSON.encode(explanations) + "\n" : Explainer.text(explanations)
    }
}
