/// A call a screen makes into a service whose code the Swift sources do not show: a class written
/// in Objective-C (`SPObjectManager.shared().moveTag(…)`) or one from a package or framework
/// (`core.createShare(…)` on an `OCCore` property). The tool cannot follow it to a known API, so it
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
}

extension TypeIndex {
    /// Verbs a call that reads, writes or sends the app's data starts with.
    static let dataVerbs = ["create", "update", "delete", "remove", "save", "fetch", "load", "request", "move", "edit", "add",
                            "insert", "sync", "upload", "download", "connect", "disconnect", "authenticate", "login", "logIn",
                            "logout", "logOut", "signUp", "signIn", "signOut", "verify", "send", "post", "submit", "retrieve",
                            "import", "export", "store", "query", "subscribe", "unsubscribe", "rename", "archive", "restore",
                            "purchase", "share", "unshare", "commit", "register"]
    /// Type-name endings of UI, logging and helper objects: never a data service.
    static let nonServiceSuffixes = ["View", "Cell", "Button", "Label", "Controller", "Layer", "HUD", "Bar", "Item", "Animator",
                                     "Constraint", "Formatter", "Tracker", "Logger", "Log", "Analytics", "Delegate", "DataSource",
                                     "Theme", "Style", "Color", "Font", "Image", "Icon", "Constants", "Strings", "Keys", "Error",
                                     "Factory", "Builder"]
    /// Parts of type names of generated strings and assets (`L10n`, `LocalizedStrings`, `Asset`).
    static let nonServiceParts = ["DataSource", "Delegate", "View", "L10n", "Localiz", "Strings", "Asset"]
    /// Parts of call names that keep observers or hand out another object (`removeObserver`,
    /// `storePurchaseManager()`): no data work of the screen's own.
    static let nonDataCallParts = ["Observer", "Listener", "Notification"]
    static let handOutSuffixes = ["Manager", "Service", "Provider", "Factory", "Client", "Store", "Controller", "Handler"]

    /// A type name the Swift sources do not declare, Apple does not ship, and that does not name a
    /// UI, logging or helper object.
    func isOpaqueService(_ name: String) -> Bool {
        guard name.count > 2, name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }),
              resolve(name) == nil, !KnownTypes.isSystemTypeName(name) else { return false }
        return !Self.nonServiceSuffixes.contains { name.hasSuffix($0) } && !Self.nonServiceParts.contains { name.contains($0) }
    }

    /// The screen's calls into opaque services with a data verb, through a property typed by one,
    /// a local whose type the code shows, a singleton (`X.shared()`) or a static method.
    func opaqueCalls(of type: Int) -> [OpaqueCall] {
        var held: [String: String] = [:]
        for (_, decl) in declarations(of: type) {
            for p in decl.properties {
                let bare = StrongReferences.bareName(p.typeName ?? p.initializerType ?? "")
                if isOpaqueService(bare) { held[p.name] = bare }
            }
        }
        var calls: [OpaqueCall] = []
        for (path, decl) in declarations(of: type) {
            for ref in decl.references where ref.isCall && !ref.inDebugBlock {
                guard let member = ref.member, Self.dataVerbs.contains(where: { ViperPlannerKit.startsWithWord(ref.name, $0) }),
                      !Self.nonDataCallParts.contains(where: ref.name.contains), !Self.handOutSuffixes.contains(where: ref.name.hasSuffix) else { continue }
                let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
                guard let head = chain.first else { continue }
                let service: String?
                if let held = held[head] { service = chain.count == 1 ? held : nil }
                else if let local = ref.headType.map(StrongReferences.bareName), isOpaqueService(local) { service = chain.count == 1 ? local : nil }
                else if isOpaqueService(head), chain.count == 1 || chain.count == 2 && WrapperAnalysis.singletonNames.contains(chain[1]) { service = head }
                else { service = nil }
                if let service { calls.append(OpaqueCall(service: service, member: member, call: ref.name, file: path, line: ref.position.line)) }
            }
        }
        return calls
    }
}
