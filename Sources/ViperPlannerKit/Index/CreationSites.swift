/// One place that creates a screen.
public struct CreationSite: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `Foo(…)`, `Foo.init(…)`.
        case initializer
        /// `instantiateViewController(withIdentifier:)` / `instantiateInitialViewController()` cast
        /// to or typed as the screen, or `Foo(coder:)`.
        case storyboard
        /// `segue.destination as? Foo` in `prepare(for:sender:)`.
        case segue
        /// A call of a project function that returns the screen and creates it (`UIStoryboard.makeFoo()`,
        /// `Foo.instantiate()`).
        case helper
        /// `Foo.self` listed among types the listing type instantiates through their metatype
        /// (`for type in screens { type.init(…) }`).
        case metatype
        /// The screen inside a storyboard's initial container, unpacked in code
        /// (`(storyboard.instantiateInitialViewController() as? UINavigationController)?.topViewController as? Foo`).
        case container
        /// `(tab as? Foo)?.service = …`: a parent sets up a screen a storyboard made (a tab, an
        /// embedded child) — the place the screen first reaches code.
        case injection
    }
    public var file: String
    public var line: Int
    public var column: Int
    public var kind: Kind
    /// Storyboard or segue identifier, when the code writes it.
    public var identifier: String?
    /// The type and member whose code it is.
    public var inType: String
    public var member: String?
    /// `.helper`: the helper called (`UIStoryboard.makeFoo`).
    public var via: String?
    /// `.helper`: the helper instantiates from a storyboard.
    public var viaStoryboard = false
    /// The generic arguments written at the site (`SelectItemViewController<Country>(…)` → "Country").
    public var typeArguments: String? = nil
}

/// How a screen comes to life.
public enum ScreenKind: String, Hashable, Sendable {
    case code, storyboard, both
}

extension TypeIndex {
    /// Every place the sources create the type, by file and line (computed once per type).
    public func creationSites(of type: Int) -> [CreationSite] {
        indexMemo.creationSites(of: type) { scanCreationSites(of: type) }
    }

    /// The declarations that create the type or call one of its creation helpers, in the order of
    /// a scan over all declarations.
    private func scanCreationSites(of type: Int) -> [CreationSite] {
        var sites: [CreationSite] = []
        let helpers = creationHelpers(of: type)
        let occurrences = self.occurrences
        let names = [types[type].name, types[type].shortName]
        let candidates = occurrences.union([occurrences.creating(names), helpers.isEmpty ? [] : occurrences.calling(helpers.keys)])
        for n in candidates {
            let (u, location) = occurrences.order[n]
            addCreationSites(to: &sites, of: type, helpers: helpers, from: u, location)
        }
        return sites.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    private func addCreationSites(to sites: inout [CreationSite], of type: Int, helpers: [String: CreationHelper],
                                  from u: Int, _ location: DeclLocation) {
        let shortName = types[type].shortName, other = types[u]
        let decl = decl(location), file = path(location)
        for creation in decl.creations where creation.typeName == types[type].name || creation.typeName == shortName {
            guard resolve(creation.typeName, near: file) == type else { continue }
            if creation.kind == .metatype, !instantiatesMetatypes(u) { continue }
            let kind: CreationSite.Kind = switch creation.kind {
            case .initializer: .initializer
            case .storyboard: .storyboard
            case .segue: .segue
            case .metatype: .metatype
            case .container: .container
            case .injection: .injection
            }
            var site = CreationSite(file: file, line: creation.position.line, column: creation.position.column, kind: kind,
                                    identifier: creation.identifier, inType: other.name, member: creation.member)
            site.typeArguments = creation.typeArguments
            sites.append(site)
        }
        guard !helpers.isEmpty else { return }
        for reference in decl.references where reference.isCall {
            guard let helper = helpers[reference.name], reference.member != helper.name || u != helper.owner else { continue }
            // `Foo.instantiate()` or a helper of another type named by its receiver; an
            // unqualified call only from inside the helper's own type.
            if reference.chain.isEmpty || reference.chain == ["self"] {
                guard u == helper.owner || superclasses(of: u).contains(helper.owner) else { continue }
            } else if let resolved = resolveReceiver(chain: reference.chain, headType: reference.headType, in: u) {
                guard resolved == .project(helper.owner) || resolved == .project(type)
                    || resolved == .external(types[helper.owner].name) else { continue }
            }
            sites.append(CreationSite(file: file, line: reference.position.line, column: reference.position.column,
                                      kind: .helper, identifier: helper.identifier, inType: other.name,
                                      member: reference.member, via: "\(types[helper.owner].name).\(helper.name)",
                                      viaStoryboard: helper.storyboard))
        }
    }

    /// Created from a storyboard or segue (or only `init(coder:)` exists), from code, or both.
    public func screenKind(of type: Int) -> ScreenKind {
        let sites = creationSites(of: type)
        var storyboard = sites.contains {
            [.storyboard, .segue, .container, .injection].contains($0.kind) || ($0.kind == .helper && $0.viaStoryboard)
        }
        let code = sites.contains { $0.kind == .initializer || $0.kind == .metatype || ($0.kind == .helper && !$0.viaStoryboard) }
        let inits = types[type].decls.flatMap { decl($0).functions.map(\.name) }.filter { $0.hasPrefix("init(") }
        if inits == ["init(coder:)"] { storyboard = true }
        // No code creates a screen with outlets: a storyboard does (a segue or its initial screen).
        if sites.isEmpty, declarations(of: type).contains(where: { $0.decl.properties.contains(where: \.isIBOutlet) }) { storyboard = true }
        return storyboard ? (code ? .both : .storyboard) : .code
    }

    /// The type's code calls `.init(…)` on a metatype value (`controllerType.init(api:)`).
    private func instantiatesMetatypes(_ t: Int) -> Bool {
        declarations(of: t).contains { entry in
            entry.decl.references.contains { $0.isCall && $0.name == "init" && $0.chain.count == 1 && !isTypeLikeName($0.chain[0]) }
        }
    }

    /// Storyboard and nib calls that create what they return (`UINib.instantiate(withOwner:options:)`).
    static let instantiationNames: Set<String> = ["instantiateViewController", "instantiateInitialViewController", "instantiate"]

    fileprivate struct CreationHelper {
        var owner: Int
        var name: String
        var identifier: String?
        var storyboard: Bool
    }

    /// Project functions returning the type that create it (a storyboard or an initializer call),
    /// by base name: `extension UIStoryboard { func makeFoo() -> Foo }`, `static func instantiate() -> Self`.
    private func creationHelpers(of type: Int) -> [String: CreationHelper] {
        var helpers: [String: CreationHelper] = [:]
        // `extension UIViewController { static func instantiateFromNib() -> Self? }` makes any screen.
        let candidates = Set(memberOwners(of: type) + (types[type].isViewController ? viewControllerExtensions : []))
        let occurrences = self.occurrences
        // `resolve(returned) == type` needs the type's short name as the last component.
        for n in occurrences.returning([types[type].shortName, "Self"]) {
            let (u, location) = occurrences.order[n]
            let decl = decl(location), file = path(location)
            for function in decl.functions {
                guard let returned = function.returnType else { continue }
                let returnsType = returned == "Self" ? candidates.contains(u) && function.isStatic
                    : resolve(returned, near: file) == type
                guard returnsType, !function.name.hasPrefix("init(") else { continue }
                let creations = decl.creations.filter {
                    $0.member == function.name && resolve($0.typeName, near: file) == type
                }
                let instantiates = decl.references.contains {
                    $0.member == function.name && Self.instantiationNames.contains($0.name)
                }
                guard !creations.isEmpty || instantiates else { continue }
                let storyboard = instantiates || creations.contains { $0.kind != .initializer }
                helpers[baseName(function.name)] = CreationHelper(owner: u, name: function.name,
                                                                  identifier: creations.compactMap(\.identifier).first,
                                                                  storyboard: storyboard)
            }
        }
        return helpers
    }
}
