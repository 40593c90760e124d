/// Which project objects keep which alive: the strong-reference graph the leak rules read.
///
/// An edge `A → B` says an instance of A may keep an instance of B alive:
/// - A has a strong stored property whose type (or a component of it: `[B]`, `B?`) is B, or a
///   protocol B adopts (every adopter can stand in for it);
/// - A is a view controller or view that shows B in its view hierarchy: B is one of its outlets
///   (an outlet is weak, but the view hierarchy holds it), or A assigns itself to a property of B
///   (`cell.delegate = self` on a cell it displays);
/// - B assigned a closure capturing `self` strongly to one of A's properties
///   (`viewModel.onSuccess = { self.dismiss() }`).
/// A value type is a node too (a struct stored in a class carries its own stored properties), but a
/// cycle always starts and ends at a class: a value is copied, never shared.
public struct StrongReferences: Sendable {
    public struct Edge: Hashable, Sendable {
        public var from: Int
        public var to: Int
        /// What holds: "holds `presenter`", "shows it in its view hierarchy (`header`)".
        public var label: String
        public var file: String
        public var position: SourcePosition
    }

    private var outgoing: [Int: [Edge]] = [:]
    /// Project type → the types an instance of it can be (itself; a protocol's adopters).
    private let standIns: [Int: [Int]]
    /// Framework protocol name → the project types that adopt it.
    private let frameworkAdopters: [String: [Int]]
    /// Objects that live as long as the app (see AppLifetime).
    public let appLifetime: Set<Int>

    public init(index: TypeIndex) {
        standIns = Self.standIns(index)
        var adopters: [String: [Int]] = [:]
        for (name, types) in index.conformers where index.resolve(name) == nil { adopters[name] = types }
        frameworkAdopters = adopters
        appLifetime = AppLifetime.types(index)
        var edges: [Int: [Edge]] = [:]
        for t in index.types.indices where index.types[t].isDeclaredInSources && index.types[t].kind != .protocol {
            for edge in propertyEdges(of: t, index) + hierarchyEdges(of: t, index) + closureEdges(of: t, index) {
                edges[edge.from, default: []].append(edge)
            }
        }
        outgoing = edges.mapValues { Array(Set($0)).sorted { ($0.to, $0.label, $0.file, $0.position) < ($1.to, $1.label, $1.file, $1.position) } }
    }

    /// The types an instance typed `name` (seen in `path`) can be.
    public func instances(of name: String, near path: String, _ index: TypeIndex) -> [Int] {
        let bare = Self.bareName(name)
        if let u = index.resolve(bare, near: path) { return standIns[u] ?? [u] }
        return frameworkAdopters[bare] ?? []
    }

    /// The shortest chain of strong holds from `start` to `goal` (at most `maxHops` edges), nil when
    /// none exists.
    public func path(from start: Int, to goal: Int, maxHops: Int = 6) -> [Edge]? {
        if start == goal { return [] }
        var previous: [Int: Edge] = [:], frontier = [start], seen: Set<Int> = [start]
        for _ in 0..<maxHops where !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for edge in outgoing[node] ?? [] where seen.insert(edge.to).inserted {
                    previous[edge.to] = edge
                    if edge.to == goal {
                        var chain = [edge], at = edge.from
                        while at != start, let back = previous[at] { chain.insert(back, at: 0); at = back.from }
                        return chain
                    }
                    next.append(edge.to)
                }
            }
            frontier = next
        }
        return nil
    }

    /// The cycle a strong stored property of class `t` closes: the property's edge, then the
    /// shortest way back from what it points at. nil when nothing it can point at holds `t`, when
    /// what it points at lives as long as the app (keeping it alive frees nothing less), or when
    /// everything on the cycle does.
    public func cycle(closedBy property: PropertyFact, of t: Int, in path: String, _ index: TypeIndex) -> [Edge]? {
        guard let type = property.typeName else { return nil }
        var best: [Edge]?
        for target in instances(of: type, near: path, index) where target != t && Self.isReferenceType(target, index)
            && !appLifetime.contains(target) {
            guard let back = self.path(from: target, to: t), best.map({ back.count + 1 < $0.count }) ?? true else { continue }
            best = [Edge(from: t, to: target, label: "holds `\(property.name)`", file: path, position: property.position)] + back
        }
        if let cycle = best, cycle.allSatisfy({ appLifetime.contains($0.from) }) { return nil }
        return best
    }

    /// "OrdersPresenter holds `view` → OrdersViewController holds `presenter` → OrdersPresenter".
    public static func describe(_ cycle: [Edge], _ index: TypeIndex) -> String {
        guard let first = cycle.first else { return "" }
        return cycle.reduce(index.types[first.from].shortName) { text, edge in
            text + " \(edge.label) → \(index.types[edge.to].shortName)"
        }
    }

    static func isReferenceType(_ t: Int, _ index: TypeIndex) -> Bool { [.class, .actor].contains(index.types[t].kind) }

    /// `Foo<Bar>` → `Foo`; `Module.Foo` stays whole (the index resolves qualified names).
    static func bareName(_ name: String) -> String {
        var bare = name
        while bare.hasSuffix("?") || bare.hasSuffix("!") { bare.removeLast() }
        if let angle = bare.firstIndex(of: "<") { bare = String(bare[..<angle]) }
        return bare
    }
}

extension StrongReferences {
    /// A protocol stands for every type adopting it (through its superclasses too); a class only for
    /// itself: a property typed by a base class is not taken to hold each subclass.
    private static func standIns(_ index: TypeIndex) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for t in index.types.indices where index.types[t].isDeclaredInSources && index.types[t].kind != .protocol {
            for owner in index.memberOwners(of: t) where owner != t && index.types[owner].kind == .protocol { result[owner, default: []].append(t) }
            result[t, default: []].insert(t, at: 0)
        }
        return result
    }

    /// Strong stored properties, typed or initialised with project types.
    private func propertyEdges(of t: Int, _ index: TypeIndex) -> [Edge] {
        var edges: [Edge] = []
        let showsViews = Self.showsViews(t, index)
        for (path, decl) in index.declarations(of: t) {
            for property in decl.properties where !property.isStatic && !property.isComputed {
                let viaHierarchy = (property.isWeak || property.isUnowned) && property.isIBOutlet && showsViews
                guard viaHierarchy || (!property.isWeak && !property.isUnowned) else { continue }
                let names = property.heldTypeNames
                for name in names where !name.isEmpty && !KnownTypes.isSystemTypeName(name) {
                    for target in instances(of: name, near: path, index) where target != t || !viaHierarchy {
                        if viaHierarchy, !Self.isView(target, index) { continue }
                        let label = viaHierarchy ? "shows `\(property.name)` in its view hierarchy" : "holds `\(property.name)`"
                        edges.append(Edge(from: t, to: target, label: label, file: path, position: property.position))
                    }
                }
            }
        }
        return edges
    }

    /// A view controller or view assigning itself to a property of a view it displays
    /// (`cell.delegate = self`): the view is in its hierarchy, so it holds the view.
    private func hierarchyEdges(of t: Int, _ index: TypeIndex) -> [Edge] {
        guard Self.showsViews(t, index) else { return [] }
        var edges: [Edge] = []
        for (path, decl) in index.declarations(of: t) {
            for handOff in decl.selfHandOffs where handOff.callee == nil && handOff.chain.count >= 2 {
                let receiver = Array(handOff.chain.dropLast())
                let reference = decl.references.first {
                    $0.isAssignment && $0.name == handOff.chain.last && $0.chain == receiver && $0.position.line == handOff.position.line
                }
                guard case .project(let view)? = index.resolveReceiver(chain: receiver, headType: reference?.headType, in: t),
                      view != t, Self.isView(view, index) else { continue }
                edges.append(Edge(from: t, to: view, label: "shows it in its view hierarchy and sets its `\(handOff.chain.last!)` to itself",
                                  file: path, position: handOff.position))
            }
        }
        return edges
    }

    /// `viewModel.onSuccess = { self.dismiss() }` in t: the view model keeps t alive.
    private func closureEdges(of t: Int, _ index: TypeIndex) -> [Edge] {
        guard Self.isReferenceType(t, index) else { return [] }
        var edges: [Edge] = []
        for (path, decl) in index.declarations(of: t) {
            for closure in decl.closures where closure.capture == .strong && closure.usesSelf {
                guard case .assignedToProperty(let owner, let property) = closure.context, !owner.isEmpty, owner != ["self"],
                      case .project(let holder)? = index.resolveReceiver(chain: owner, headType: nil, in: t), holder != t else { continue }
                edges.append(Edge(from: holder, to: t, label: "keeps the closure `\(property)` that captures self strongly",
                                  file: path, position: closure.position))
            }
        }
        return edges
    }

    /// A view controller or a view: it owns a view hierarchy.
    static func showsViews(_ t: Int, _ index: TypeIndex) -> Bool { index.types[t].isViewController || isView(t, index) }

    static func isView(_ t: Int, _ index: TypeIndex) -> Bool {
        index.types[t].kind == .class && index.types[t].superclassChain.contains { name in
            KnownTypes.isSystemTypeName(name) && !name.contains("Controller")
                && ["View", "Cell", "Control", "Button", "Bar", "Label", "Field"].contains(where: name.hasSuffix)
        }
    }
}

extension PropertyFact {
    /// The nominal types the property holds: its declared type's components (`[Foo]`, `Foo?`), or
    /// without a declared type the type its initial value makes.
    var heldTypeNames: [String] { typeComponents.isEmpty ? [typeName ?? initializerType ?? ""] : typeComponents }
}
