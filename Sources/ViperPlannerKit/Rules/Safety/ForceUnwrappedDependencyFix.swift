/// The Fix of a `force-unwrapped-dependency` finding: a change that compiles and keeps behaviour
/// for the way the type is created and the way the property is written.
///
/// - Created by code through an initialiser: the initialiser takes it.
/// - Created by a storyboard or nib, set up by a parent, or with no creation code in sight: no
///   initialiser of ours runs, so a static factory (when code instantiates it from a storyboard)
///   or a `configure(…)` method on the path that sets it up today.
/// - It may become `let` / `private(set)` only when nothing outside the type writes it again after
///   creation and no protocol the type adopts requires `{ get set }`.
struct ForceUnwrappedDependencyFix {
    let context: RuleContext
    /// Writes `x.name = …` from other types, by property name, receiver resolved by the index.
    private var writes: [String: [Write]] = [:]

    struct Write {
        var type: Int
        var file: String
        var line: Int
        var member: String?
        var typeName: String
    }

    init(context: RuleContext, propertyNames: Set<String>) {
        self.context = context
        guard !propertyNames.isEmpty else { return }
        let index = context.index
        for u in index.types.indices {
            for (path, decl) in index.declarations(of: u) {
                for reference in decl.references where reference.isAssignment && propertyNames.contains(reference.name)
                    && !reference.chain.isEmpty && reference.chain != ["self"] {
                    guard let target = WrapperAnalysis.receiverType(of: reference, in: u, index: index), target != u else { continue }
                    writes[reference.name, default: []].append(Write(type: target, file: path, line: reference.position.line,
                                                                     member: reference.member, typeName: index.types[u].name))
                }
            }
        }
    }

    /// The project protocol the type adopts that requires the property `{ get set }`, if any.
    func settableRequirement(_ property: PropertyFact, of t: Int) -> String? {
        let index = context.index
        return index.memberOwners(of: t).first { p in
            index.types[p].kind == .protocol && index.declarations(of: p).contains {
                $0.decl.properties.contains { $0.name == property.name && $0.hasSetter }
            }
        }.map { index.types[$0].name }
    }

    /// The members outside the type that set the property again on a live object: writes in a
    /// member that creates no instance of it. With no creation in sight, one such member is its
    /// set-up path; two or more set it again.
    func rewriters(_ property: PropertyFact, of t: Int, sites: [CreationSite]) -> [String] {
        let creating = Set(sites.filter { $0.kind != .injection }.map { "\($0.file)|\($0.inType)|\($0.member ?? "")" })
        let again = (writes[property.name] ?? []).filter { $0.type == t && !creating.contains("\($0.file)|\($0.typeName)|\($0.member ?? "")") }
        let members = uniqued(again.map { "`\($0.typeName)\($0.member.map { ".\(baseName($0))" } ?? "")`" }).sorted()
        return (creating.isEmpty ? members.count > 1 : !members.isEmpty) ? members : []
    }

    func fix(for property: PropertyFact, of t: Int) -> String {
        let index = context.index
        let owner = index.types[t].name, name = property.name, type = property.typeName ?? "…"
        let sites = index.creationSites(of: t)
        let byCode = sites.contains { $0.kind == .initializer || $0.kind == .metatype || ($0.kind == .helper && !$0.viaStoryboard) }
        let kind = index.screenKind(of: t)
        let requirement = settableRequirement(property, of: t)
        let again = rewriters(property, of: t, sites: sites)
        let reason = requirement.map { "`\($0)` requires `\(name) { get set }`" }
            ?? (again.isEmpty ? nil : "it is set again after creation by \(again.prefix(4).joined(separator: ", "))")
        if byCode, kind == .code {
            if let requirement {
                return "Add `\(name): \(type)` to \(owner)'s initialiser so every creation sets it, and keep the declaration `var \(name): \(type)!` that `\(requirement)` requires (`{ get set }`)."
            }
            guard let reason else { return "Add `\(name): \(type)` to \(owner)'s initialiser and declare `let \(name): \(type)`." }
            return "Add `\(name): \(type)` to \(owner)'s initialiser so every creation sets it, and declare it `var \(name): \(type)` without the `!`: it stays settable because \(reason)."
        }
        let access = reason.map { "keep `\(name)` a settable `var` (\($0))" } ?? "make the property `private(set)`"
        let isScreen = index.types[t].isViewController
        if sites.isEmpty, isScreen, kind != .code {
            return "\(owner) is created from a storyboard: add `static func make(\(name): \(type)) -> \(owner)` that instantiates it and sets `\(name)` before returning, \(access), and have the route that replaces the storyboard segue leading to \(owner) call it (no code creates \(owner) today)."
        }
        if sites.isEmpty {
            return "No code that creates \(owner) is in sight (a storyboard, a nib or a container makes it): add `func configure(\(name): \(type))` that sets `\(name)`, \(access), and call it where \(owner) is set up after it is made."
        }
        let count = "\(sites.count) place\(sites.count == 1 ? "" : "s")"
        let madeBy = sites.allSatisfy { $0.kind == .injection } ? "set up by a parent after a storyboard makes it" : "created from a storyboard"
        // Code that instantiates it from a storyboard can call a factory instead; a segue, a
        // storyboard's container or a parent that receives it already made can only configure it.
        if sites.allSatisfy({ $0.kind == .storyboard || ($0.kind == .helper && $0.viaStoryboard) }) {
            return "\(owner) is created from a storyboard: add `static func make(\(name): \(type)) -> \(owner)` that instantiates it and sets `\(name)` before returning, \(access), and switch the \(count) that create\(sites.count == 1 ? "s" : "") \(owner) to the factory."
        }
        let list = sites.prefix(4).map { "`\(shortPath($0.file)):\($0.line)`" }.joined(separator: ", ") + (sites.count > 4 ? ", …" : "")
        return "\(owner) is \(madeBy): add `func configure(\(name): \(type))` that sets `\(name)`, \(access), and call it at the \(count) that set\(sites.count == 1 ? "s" : "") \(owner) up today (\(list)) instead of assigning `\(name)`."
    }
}
