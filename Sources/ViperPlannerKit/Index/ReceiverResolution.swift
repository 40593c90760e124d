/// What a receiver chain denotes: a type declared in the sources, or a type the sources only name
/// (`UserDefaults`, `Alamofire.Session`, a binary SDK's `Core`).
public enum ResolvedReceiver: Hashable, Sendable {
    case project(Int)
    case external(String)
}

extension TypeIndex {
    /// Resolves the receiver of `chain.name(…)` seen in type `context`: `self`/`super`, a local
    /// whose type the function shows, a type name, an own or inherited property (its declared type,
    /// its initializer's type, or the return type of the static factory that initializes it), an
    /// own method's return type (`service().fetch()`), a top-level variable; then each further
    /// part as a property, a method's return type, a nested type or a singleton accessor.
    /// nil when the sources do not tell.
    public func resolveReceiver(chain: [String], headType: String?, in context: Int) -> ResolvedReceiver? {
        guard let head = chain.first else { return .project(context) }
        let near = path(types[context].decls[0])
        var current: ResolvedReceiver
        if head == "self" || head == "Self" {
            current = .project(context)
        } else if head == "super" {
            guard let superclass = superclasses(of: context).first else { return nil }
            current = .project(superclass)
        } else if let local = headType, local.hasPrefix("=") {
            // A local initialised from a member: the type that member chain gives, else the type
            // the initializer names (`=Foo.make|Foo`).
            let parts = local.utf8.dropFirst().split(separator: UInt8(ascii: "|"), maxSplits: 1).map { String(Substring($0)) }
            let origin = parts[0].utf8.split(separator: UInt8(ascii: ".")).map { String(Substring($0)) }
            if origin.first != head, let resolved = resolveReceiver(chain: origin, headType: nil, in: context) {
                current = resolved
            } else if parts.count == 2, let resolved = resolveTypeName(parts[1], near: near, context: context) {
                current = resolved
            } else {
                return nil
            }
        } else if let local = headType {
            guard let resolved = resolveTypeName(local, near: near, context: context) else { return nil }
            current = resolved
        } else if isTypeLikeName(head) {
            if let t = lookup(head, near: near) { current = .project(t) }
            else if let global = global(head) {
                guard let resolved = propertyType(global, owner: nil, near: near) else { return nil }
                current = resolved
            } else { current = .external(head) }
        } else if let (property, owner) = property(head, of: context) {
            guard let resolved = propertyType(property, owner: owner, near: near, seenFrom: context) else { return nil }
            current = resolved
        } else if let returned = functions(head, of: context).lazy.compactMap(\.returnType).first {
            guard let resolved = resolveTypeName(returned, near: near, context: context) else { return nil }
            current = resolved
        } else if let global = global(head) {
            guard let resolved = propertyType(global, owner: nil, near: near) else { return nil }
            current = resolved
        } else {
            return nil
        }
        for part in chain.dropFirst() {
            guard let next = member(part, of: current, near: near) else { return nil }
            current = next
        }
        return current
    }

    /// One step along a chain: `current.part`.
    private func member(_ part: String, of current: ResolvedReceiver, near: String) -> ResolvedReceiver? {
        switch current {
        case .external(let name):
            if WrapperAnalysis.singletonNames.contains(part) { return current }
            // `Alamofire.Session`, `Foundation.URLSession`: a module qualifier, then the type.
            if isTypeLikeName(part), KnownAPIs.moduleQualifiers.contains(name) {
                if let t = lookup(part, near: near) { return .project(t) }
                return .external(part)
            }
            return nil
        case .project(let t):
            if let (property, owner) = property(part, of: t) {
                if let resolved = propertyType(property, owner: owner, near: near, seenFrom: t) { return resolved }
                return property.isStatic ? current : nil
            }
            if let returned = functions(part, of: t).lazy.compactMap(\.returnType).first {
                return resolveTypeName(returned, near: path(types[t].decls[0]), context: t)
            }
            if isTypeLikeName(part), let nested = resolve(types[t].name + "." + part) { return .project(nested) }
            if WrapperAnalysis.singletonNames.contains(part) { return current }
            return nil
        }
    }

    /// The type a stored value holds: declared, else what its static factory returns, else the
    /// type its initializer constructs.
    /// A property typed by its generic base's parameter (`let store = T.init()` in
    /// `BaseRepository<T>`) has the type the subclass it is read through gives that parameter.
    func propertyType(_ property: PropertyFact, owner: Int?, near: String, seenFrom: Int? = nil) -> ResolvedReceiver? {
        if let owner, let seenFrom, owner != seenFrom, let written = property.typeName ?? property.initializerType,
           let argument = genericArgument(written, of: owner, seenFrom: seenFrom) {
            return resolveTypeName(argument, near: path(types[seenFrom].decls[0]), context: seenFrom)
        }
        // Names in a declaration are resolved where it is written (two targets may both declare `Option`).
        let near = owner.map { path(types[$0].decls[0]) } ?? near
        if let declared = property.typeName { return resolveTypeName(declared, near: near, context: owner) }
        guard let constructed = property.initializerType else { return nil }
        if let member = property.initializerMember, let factory = lookup(constructed, near: near) {
            guard let returned = functions(member, of: factory).lazy.compactMap(\.returnType).first else { return nil }
            return resolveTypeName(returned, near: near, context: factory)
        }
        return resolveTypeName(constructed, near: near, context: owner)
    }

    /// What generic parameter `name` of class `owner` stands for in its subclass `seenFrom`: the
    /// argument the class right below `owner` in the chain gives it (`: BaseRepository<UserStore>`).
    func genericArgument(_ name: String, of owner: Int, seenFrom: Int) -> String? {
        let ownerDecl = decl(types[owner].decls[0])
        guard let i = ownerDecl.genericParameters.firstIndex(of: name) else { return nil }
        var current = seenFrom
        for base in superclasses(of: seenFrom) {
            if base == owner {
                let arguments = decl(types[current].decls[0]).superclassArguments
                return i < arguments.count ? arguments[i] : nil
            }
            current = base
        }
        return nil
    }

    /// A written type name (`APIClient`, `Alamofire.Session`, `Self`) as a receiver; collections,
    /// tuples, functions and generic parameters resolve to nothing.
    func resolveTypeName(_ name: String, near: String, context: Int?) -> ResolvedReceiver? {
        if name == "Self" { return context.map { .project($0) } }
        guard let first = name.utf8.first, first != UInt8(ascii: "["), first != UInt8(ascii: "("), isTypeLikeName(name),
              !name.utf8.contains(UInt8(ascii: ">")) else { return nil }
        // Inside `SettingsCatalog.Review`, `Option` is `SettingsCatalog.Review.Option` or `SettingsCatalog.Option`
        // before any other `Option` of the project.
        if let context, isAmbiguous(name) {
            var scope = types[context].name.split(separator: ".").map(String.init)
            while !scope.isEmpty {
                if let t = exactType(scope.joined(separator: ".") + "." + name) { return .project(t) }
                scope.removeLast()
            }
        }
        if let t = lookup(name, near: near) { return .project(t) }
        if let target = aliases[name], let t = lookup(target, near: near) { return .project(t) }
        if name.utf8.count == 1 { return nil }   // `T`: a generic parameter
        if name.utf8.contains(UInt8(ascii: ".")), let dot = name.lastIndex(of: "."), KnownAPIs.moduleQualifiers.contains(String(name[..<dot])) {
            let short = String(name[name.index(after: dot)...])
            if let t = lookup(short, near: near) { return .project(t) }
            return .external(short)
        }
        return .external(name)
    }
}

extension TypeIndex {
    /// The parameter a reference's receiver chain starts from (`account` in `account.isActive` inside
    /// `deactivate(account:)`, `container` in `container.account?.createFeed` inside
    /// `copy(feed:container:)`), nil when the type holds the receiver or reaches it statically.
    /// `receiverType`: the type the chain resolved to; a member with an unlabelled parameter of that
    /// type (`iconImage(_ article: Article)`) is handed it too.
    public func handedIn(_ reference: MemberReference, in t: Int, receiverType: String? = nil, parameterTypes: [String] = []) -> String? {
        guard let head = reference.chain.first, head != "self", let first = head.first, first.isLowercase,
              property(head, of: t) == nil, let member = reference.member else { return nil }
        let labels = member.split(separator: "(").dropFirst().first.map { $0.split(separator: ":").map(String.init) } ?? []
        if labels.contains(head) { return head }
        return reference.chain.count == 1 && receiverType.map(parameterTypes.contains) == true ? head : nil
    }
}
