/// The Fix of a `force-unwrapped-dependency` finding: a change that compiles and keeps behaviour
/// for the way the type is created and the way the property is written.
///
/// - Created by code through an initialiser: the initialiser takes it.
/// - Created by a storyboard or nib, set up by a parent, or with no creation code in sight: no
///   initialiser of ours runs, so a static factory (when code instantiates it from a storyboard)
///   or a `configure(…)` method on the path that sets it up today.
/// - It may become `let` / `private(set)` only when nothing outside the type writes it again after
///   creation and no protocol the type adopts requires `{ get set }`. A `private(set)` Fix names
///   the writes other types make today: they move into the owner's factory or `configure(…)`.
struct ForceUnwrappedDependencyFix {
    let context: RuleContext
    /// Writes `x.name = …` from other types, by property name, receiver resolved by the index.
    private var writes: [String: [Write]] = [:]

    struct Write {
        var type: Int
        var file: String
        var line: Int
        var column: Int
        var member: String?
        var typeName: String
    }

    /// The Fix, and the writes from other types it moves into the owner (only when it makes the
    /// property `private(set)`: those writes would no longer compile where they are).
    struct Outcome {
        var text: String
        var movedWrites: [Write] = []
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
                                                                     column: reference.position.column, member: reference.member,
                                                                     typeName: index.types[u].name))
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

    /// The writes of the property on instances of the type from other types, once per place.
    func outsideWrites(_ property: PropertyFact, of t: Int) -> [Write] {
        var seen: Set<String> = []
        return (writes[property.name] ?? []).filter { $0.type == t && seen.insert("\($0.file):\($0.line)").inserted }
            .sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    func fix(for property: PropertyFact, of t: Int) -> Outcome {
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
                return Outcome(text: "Add `\(name): \(type)` to \(owner)'s initialiser so every creation sets it, and keep the declaration `var \(name): \(type)!` that `\(requirement)` requires (`{ get set }`).")
            }
            guard let reason else { return Outcome(text: "Add `\(name): \(type)` to \(owner)'s initialiser and declare `let \(name): \(type)`.") }
            return Outcome(text: "Add `\(name): \(type)` to \(owner)'s initialiser so every creation sets it, and declare it `var \(name): \(type)` without the `!`: it stays settable because \(reason).")
        }
        let access = reason.map { "keep `\(name)` a settable `var` (\($0))" } ?? "make the property `private(set)`"
        // Once `private(set)`, no other type may assign it: its writes today move into the owner.
        let moved = reason == nil ? outsideWrites(property, of: t) : []
        func outcome(_ text: String, into method: String) -> Outcome {
            guard !moved.isEmpty else { return Outcome(text: text) }
            let places = moved.prefix(4).map { "`\(shortPath($0.file)):\($0.line)`" }.joined(separator: ", ") + (moved.count > 4 ? ", …" : "")
            let files = uniqued(moved.map(\.file))
            let callers = files.count == 1 ? "`\(shortPath(files[0]))` calls" : "those \(files.count) files call"
            return Outcome(text: text + " `\(name)` is assigned outside \(owner) today at \(places): \(moved.count == 1 ? "that write moves" : "those writes move") into `\(method)`, a method of \(owner), and \(callers) it instead.",
                           movedWrites: moved)
        }
        let make = "make(\(name):)", configure = "configure(\(name):)"
        let isScreen = index.types[t].isViewController
        if sites.isEmpty, isScreen, kind != .code {
            return outcome("\(owner) is created from a storyboard: add `static func make(\(name): \(type)) -> \(owner)` that instantiates it and sets `\(name)` before returning, \(access), and have the route that replaces the storyboard segue leading to \(owner) call it (no code creates \(owner) today).", into: make)
        }
        if sites.isEmpty {
            return outcome("No code that creates \(owner) is in sight (a storyboard, a nib or a container makes it): add `func configure(\(name): \(type))` that sets `\(name)`, \(access), and call it where \(owner) is set up after it is made.", into: configure)
        }
        let count = "\(sites.count) place\(sites.count == 1 ? "" : "s")"
        let madeBy = sites.allSatisfy { $0.kind == .injection } ? "set up by a parent after a storyboard makes it" : "created from a storyboard"
        // Code that instantiates it from a storyboard can call a factory instead; a segue, a
        // storyboard's container or a parent that receives it already made can only configure it.
        if sites.allSatisfy({ $0.kind == .storyboard || ($0.kind == .helper && $0.viaStoryboard) }) {
            return outcome("\(owner) is created from a storyboard: add `static func make(\(name): \(type)) -> \(owner)` that instantiates it and sets `\(name)` before returning, \(access), and switch the \(count) that create\(sites.count == 1 ? "s" : "") \(owner) to the factory.", into: make)
        }
        let list = sites.prefix(4).map { "`\(shortPath($0.file)):\($0.line)`" }.joined(separator: ", ") + (sites.count > 4 ? ", …" : "")
        return outcome("\(owner) is \(madeBy): add `func configure(\(name): \(type))` that sets `\(name)`, \(access), and call it at the \(count) that set\(sites.count == 1 ? "s" : "") \(owner) up today (\(list)) instead of assigning `\(name)`.", into: configure)
    }
}
