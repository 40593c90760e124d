/// A call a screen makes into a service whose code the Swift sources do not show: a class written
/// in Objective-C (`TagStore.shared().moveTag(…)`) or one from a package or framework
/// (`core.createShare(…)` on an `ShareCore` property). The tool cannot follow it to a known API, so it
/// is no finding; but the screen does its data work through it, so the plan moves it into the
/// Interactor as a use case named for the call, behind a protocol like any project service.
public struct OpaqueCall: Sendable, Hashable {
    /// The service's type name.
    public var service: String
    /// The screen's member that makes the call.
    public var member: String
    /// The called method's base name (`moveTag`).
    public var call: String
    public var file: String
    public var line: Int
    /// For a project wrapper, the opaque services its members call (`RemoteAuthenticator`); empty for
    /// a call straight into one.
    public var through: [String] = []
}

/// A project type's members that call opaque services, by base name, and the services they reach.
public struct ProjectService: Sendable, Hashable {
    public var members: Set<String>
    public var through: [String]
}

extension TypeIndex {
    /// Verbs a call that reads, writes or sends the app's data starts with.
    static let dataVerbs = ["create", "update", "delete", "remove", "save", "fetch", "load", "request", "move", "edit", "add",
                            "insert", "sync", "upload", "download", "connect", "disconnect", "authenticate", "login", "logIn",
                            "logout", "logOut", "signUp", "signIn", "signOut", "verify", "send", "post", "submit", "retrieve",
                            "import", "export", "store", "query", "subscribe", "unsubscribe", "rename", "archive", "restore",
                            "purchase", "share", "unshare", "commit", "register", "validate", "reset", "trash", "generate"]
    /// Type-name endings of UI, logging and helper objects: never a data service.
    static let nonServiceSuffixes = ["View", "Cell", "Button", "Label", "Controller", "Layer", "HUD", "Bar", "Item", "Animator",
                                     "Constraint", "Formatter", "Tracker", "Logger", "Log", "Analytics", "Delegate", "DataSource",
                                     "Theme", "Style", "Color", "Font", "Image", "Icon", "Constants", "Strings", "Keys", "Error",
                                     "Factory", "Builder",
                                     // Values the screen edits (`SharePermissionsMask.remove(…)` on an option set).
                                     "Mask", "Options", "Option", "Flags", "Set", "Mode", "State", "Kind", "Type", "Configuration"]
    /// Parts of type names of generated strings and assets (`L10n`, `LocalizedStrings`, `Asset`).
    static let nonServiceParts = ["DataSource", "Delegate", "View", "L10n", "Localiz", "Strings", "Asset"]
    /// Parts of call names that keep observers or hand out another object (`removeObserver`,
    /// `storePurchaseManager()`): no data work of the screen's own.
    static let nonDataCallParts = ["Observer", "Listener", "Notification"]
    static let handOutSuffixes = ["Manager", "Service", "Provider", "Factory", "Client", "Store", "Controller", "Handler"]

    /// `resolveReceiver`, with a class the Swift sources only extend (`extension TagStore`) taken as
    /// declared elsewhere: the receiver as a service.
    func resolveService(chain: [String], headType: String?, in type: Int) -> ResolvedReceiver? {
        let resolved = resolveReceiver(chain: chain, headType: headType, in: type)
        if case .project(let u)? = resolved, types[u].kind == .extension { return .external(types[u].name) }
        return resolved
    }

    /// A type name the Swift sources do not declare, Apple does not ship, the rules do not know as
    /// an I/O API (`MoyaProvider`: its calls are findings), and that does not name a UI, logging
    /// or helper object.
    func isOpaqueService(_ name: String) -> Bool {
        Self.isServiceLikeName(name) && resolve(name) == nil && !KnownTypes.isSystemTypeName(name)
            && KnownAPIs.typedCalls[name] == nil && !KnownAPIs.moduleQualifiers.contains(name)
    }

    /// A name that can be a data service's: a plain type name that names no UI, logging or helper object.
    static func isServiceLikeName(_ name: String) -> Bool {
        guard name.count > 2, name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }) else { return false }
        return !nonServiceSuffixes.contains { name.hasSuffix($0) } && !nonServiceParts.contains { name.contains($0) }
    }

    /// A project type (no screen, view or VIPER role) whose members do data work through opaque
    /// services (`AuthHandler.loginWithCredentials` calls an Objective-C authenticator): a wrapper
    /// the screen's calls go through. Its members that do, with the opaque services they reach.
    func projectServiceMembers(of type: Int) -> ProjectService {
        indexMemo.projectService(type) {
            guard [.other, .entity].contains(types[type].role), Self.isServiceLikeName(types[type].name),
                  [.class, .struct, .actor, .enum].contains(types[type].kind) else { return ProjectService(members: [], through: []) }
            let calls = scanOpaqueCalls(of: type, throughProject: false)
            return ProjectService(members: Set(calls.map { String($0.member.prefix { $0 != "(" }) }), through: uniqued(calls.map(\.service)))
        }
    }

    /// A call named for data work: a data verb alone (`delete(_:)`) or first (`createShare(…)`),
    /// never observer bookkeeping or handing out another object.
    static func isDataCall(_ name: String) -> Bool {
        dataVerbs.contains { name == $0 || ViperPlannerKit.startsWithWord(name, $0) }
            && !nonDataCallParts.contains(where: name.contains) && !handOutSuffixes.contains(where: name.hasSuffix)
    }

    /// A call with a completion handler among its arguments (`compact(selector:completionHandler:)`,
    /// `prepopulate(completion:)`): work that finishes later, which a screen waits for when the
    /// service does I/O for it, whatever the call's name.
    static func handsOverCompletion(_ ref: MemberReference) -> Bool {
        guard let full = ref.fullName, let open = full.firstIndex(of: "(") else { return false }
        return full[open...].split(whereSeparator: { "(:)".contains($0) }).contains { label in
            let l = label.lowercased()
            return l.contains("completion") || l.hasSuffix("handler") || l.contains("callback") || l == "reply"
        }
    }

    /// A closure handed to the call `ref` that receives an error or spans three lines or more: the
    /// call's answer, which the screen waits for (a one-line closure may be any callback).
    static func waitsOnClosure(_ ref: MemberReference, member: String, in decl: TypeDeclFacts) -> Bool {
        guard ref.passesClosure else { return false }
        return decl.closures.contains { closure in
            guard closure.member == member, case .callArgument(_, _, let name) = closure.context,
                  name == ref.name, (ref.position.line...ref.position.line + 2).contains(closure.position.line) else { return false }
            return closure.receivesError || closure.endLine - closure.position.line >= 2
        }
    }

    /// Types the screen sets properties of (`bookmark.url = …`, `self.account?.name = …`): values it
    /// edits, whatever else they can do.
    private func editedTypes(by type: Int) -> Set<String> {
        var names = Set<String>()
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.isAssignment && !ref.chain.isEmpty && ref.chain != ["self"] {
                if case .external(let name)? = resolveService(chain: ref.chain, headType: ref.headType, in: type) { names.insert(name) }
            }
        }
        return names
    }

    /// The screen's calls into data services whose code the sources do not show: into an opaque
    /// type with a data verb, through a property typed by one (also along a chain of properties,
    /// `context.core?.createShare(…)`), a local whose type the code shows, a singleton
    /// (`X.shared()`) or a static method; and into a project wrapper's members that call such a
    /// service (`controller.loginWithCredentials(…)`).
    func opaqueCalls(of type: Int) -> [OpaqueCall] {
        indexMemo.opaqueCalls(of: type) { scanOpaqueCalls(of: type, throughProject: true) }
    }

    /// Every member of `service` the screen calls or reads through an instance (not a static
    /// use on the type's name), by base name, in order of first use: what a protocol over the
    /// service must declare for the screen to compile against it (`presentPasswordReset(from:)`
    /// and `tagExists(_:)` beside the data calls).
    func membersUsed(of service: String, by type: Int) -> [String] {
        var names: [String] = []
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.member != nil && !ref.chain.isEmpty && ref.chain != ["self"]
                && (ref.chain != [service] || ref.headType == service) && ref.name != "init" {
                let name: String? = switch resolveService(chain: ref.chain, headType: ref.headType, in: type) {
                case .external(let n)?: n
                case .project(let u)?: types[u].name
                default: nil
                }
                if name == service, !names.contains(ref.name) { names.append(ref.name) }
            }
        }
        return names
    }

    /// The type's static methods, in all its declarations: they run with no screen.
    func staticMembers(of type: Int) -> Set<String> {
        Set(declarations(of: type).flatMap { $0.decl.functions.filter(\.isStatic).map(\.name) })
    }

    /// Whether any instance member of the screen uses `service` (a static method, its callers' way to
    /// show it, cannot read an instance property: a service used only there needs no seam).
    func usedOutsideStaticMembers(_ service: String, by type: Int) -> Bool {
        let statics = staticMembers(of: type)
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.member.map({ !statics.contains($0) }) == true {
                let names = ref.chain + (ref.headType.map { [$0] } ?? [])
                if names.contains(service) { return true }
                if !ref.chain.isEmpty, ref.chain != ["self"] {
                    switch resolveService(chain: ref.chain, headType: ref.headType, in: type) {
                    case .external(let n)? where n == service: return true
                    case .project(let u)? where types[u].name == service: return true
                    default: continue
                    }
                }
            }
        }
        return false
    }

    /// The app or scene delegate classes the screen reaches for app-wide state or navigation
    /// (`AppDelegate.shared().selectedTag`), in order of first use.
    func appDelegatesUsed(by type: Int) -> [String] {
        var names: [String] = []
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.member != nil {
                for part in ref.chain + (ref.headType.map { [$0] } ?? []) where Self.isAppDelegateName(part) && !names.contains(part) { names.append(part) }
            }
        }
        return names
    }

    /// The screen's navigation through the app delegate (`AppDelegate.shared().presentSettingsViewController()`,
    /// `appDelegate.sidebarViewController.hideSidebar()`): route name → the call and the member making it.
    func appDelegateNavigation(of type: Int) -> [(route: String, call: String, member: String, site: String)] {
        var found: [(route: String, call: String, member: String, site: String)] = []
        for (path, decl) in declarations(of: type) {
            for ref in decl.references where ref.isCall {
                // The app delegate by its type, or by the name a local or property holding it goes by
                // (`let appDelegate = AppDelegate.shared()`, its type declared outside the Swift sources).
                guard let member = ref.member,
                      let app = Self.appDelegatePart(of: ref)
                else { continue }
                let throughScreen = ref.chain.contains { $0.hasSuffix("ViewController") || $0.hasSuffix("Controller") && $0 != ref.chain.first }
                guard Self.isNavigationName(ref.name) || throughScreen else { continue }
                let verb = ["present", "show", "open", "push"].first { ViperPlannerKit.startsWithWord(ref.name, $0) }
                var object = verb.map { String(ref.name.dropFirst($0.count)) } ?? ""
                for suffix in ["ViewController", "Controller"] where object.hasSuffix(suffix) { object = String(object.dropLast(suffix.count)) }
                let route = verb != nil && !object.isEmpty ? "show\(object)()" : "\(ref.name)()"
                if !found.contains(where: { $0.route == route }) { found.append((route, "`\(app).\(ref.name)`", member, "`\(shortPath(path)):\(ref.position.line)`")) }
            }
        }
        return found
    }

    static func isNavigationName(_ name: String) -> Bool {
        ["present", "show", "hide", "open", "push", "pop", "dismiss"].contains { ViperPlannerKit.startsWithWord(name, $0) }
    }

    /// What a local or property holding the app delegate is called.
    static let appDelegateHolders: Set<String> = ["appDelegate", "sceneDelegate"]

    /// The app delegate a reference goes through, by its type or by the name of a local or
    /// property holding it (`AppDelegate.shared().x`, `appDelegate.x`); nil when it does not.
    static func appDelegatePart(of ref: MemberReference) -> String? {
        (ref.chain + (ref.headType.map { [$0] } ?? [])).first { isAppDelegateName($0) || appDelegateHolders.contains($0) }
    }

    static func isAppDelegateName(_ name: String) -> Bool {
        (name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate")) && name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber }
    }

    private func scanOpaqueCalls(of type: Int, throughProject: Bool) -> [OpaqueCall] {
        let own = Set([type] + superclasses(of: type))
        // Waits on a type the screen also edits, kept only if the screen makes data calls on it too.
        var calls: [(call: OpaqueCall, editedWait: Bool)] = []
        var edited: Set<String>?
        for (path, decl) in declarations(of: type) {
            for ref in decl.references where ref.isCall && !ref.inDebugBlock {
                guard let member = ref.member, !ref.chain.isEmpty, ref.chain != ["self"] else { continue }
                switch resolveService(chain: ref.chain, headType: ref.headType, in: type) {
                case .external(let name)?:
                    // A project class is a data wrapper by its verbs alone: its completion handlers
                    // can be any callback (animations, UI helpers), the screen's own are its waits.
                    guard isOpaqueService(name) else { continue }
                    if !Self.isDataCall(ref.name) {
                        // A completion handler makes it a wait on a service, unless the object is a
                        // value the screen edits (`bookmark.url = …`): a model with an async helper.
                        // So is a closure that takes an error or does the screen's follow-up work over
                        // several lines (`connection.prepareForSetup(options: nil) { issue, … in … }`): the
                        // service is no system type, so it is its answer, not an animation or a map.
                        guard throughProject, Self.handsOverCompletion(ref) || Self.waitsOnClosure(ref, member: member, in: decl) else { continue }
                        if edited == nil { edited = editedTypes(by: type) }
                        // One the screen also makes data calls on is a service it configures (`connection.x = …`), not a model.
                        calls.append((OpaqueCall(service: name, member: member, call: ref.name, file: path, line: ref.position.line), edited?.contains(name) == true))
                        continue
                    }
                    calls.append((OpaqueCall(service: name, member: member, call: ref.name, file: path, line: ref.position.line), false))
                case .project(let u)? where throughProject && !own.contains(u):
                    let service = projectServiceMembers(of: u)
                    guard service.members.contains(ref.name) else { continue }
                    calls.append((OpaqueCall(service: types[u].name, member: member, call: ref.name, file: path, line: ref.position.line, through: service.through), false))
                default:
                    continue
                }
            }
        }
        let served = Set(calls.filter { !$0.editedWait && Self.isDataCall($0.call.call) }.map(\.call.service))
        return calls.filter { !$0.editedWait || served.contains($0.call.service) }.map(\.call)
    }
}
