// The per-file facts the parse stage produces. The syntax tree never leaves the parse stage:
// every later stage works on these small, Sendable values.

public struct SourcePosition: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

public enum Family: String, Codable, CaseIterable, Sendable, Comparable {
    case networking, persistence, formatting, navigation, businessLogic
    public static func < (a: Family, b: Family) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
    /// Human words used in messages ("business logic", not "businessLogic").
    public var words: String { self == .businessLogic ? "business logic" : rawValue }
}

/// One place where code performs a responsibility of a family directly (a known API).
public struct UsageSite: Codable, Hashable, Sendable {
    public var family: Family
    /// Stable name of the API used: "URLSession.dataTask", "UserDefaults", "pushViewController".
    public var api: String
    public var member: String?
    public var position: SourcePosition
    public var inDebugBlock: Bool = false
    /// A weak signal (presenting a UIAlertController): shown as context, never a finding alone.
    public var isWeakSignal: Bool = false
    /// Navigation: the destination (a type name or a segue identifier) when known.
    public var destination: String?
    /// Business logic on collections: only counts when this names a stored property of the type.
    public var requiresStoredProperty: String?
}

/// `a.b.c(...)` or `a.b.c` seen in code: the raw material for finding project wrapper types.
public struct MemberReference: Codable, Hashable, Sendable {
    /// Receiver chain before the member; [] for an implicit-self call such as `reload()`.
    public var chain: [String]
    /// Type of the chain's head when it is a local variable whose type the function shows.
    public var headType: String?
    public var name: String
    /// For calls, the name with argument labels (`get(tabAt:)`), to tell overloads apart.
    public var fullName: String? = nil
    public var isCall: Bool
    public var member: String?
    public var position: SourcePosition
    public var inDebugBlock: Bool = false
    /// The target of `=` or a compound assignment (`store.theme = .dark`): a stored property's
    /// observers run on assignment only.
    public var isAssignment = false
    /// Assigned a newly made object (`vc.transitionDelegate = Animator()`): the property owns it.
    public var assignsNewObject = false
    /// A call handed a closure (trailing, or an argument that is a closure or a non-nil `completion:`):
    /// `dismiss(animated: true) { … }` runs code after the screen closes.
    public var passesClosure = false
}

public struct PropertyFact: Codable, Hashable, Sendable {
    public var name: String
    /// Declared type without optionality markers ("ProfileService", "[Product]"); nil when inferred.
    public var typeName: String?
    /// Type of the initializer call (`= APIClient()`), when there is one.
    public var initializerType: String?
    /// The static member an initializer calls (`= ServiceFactory.makeFeedService()` → `makeFeedService`):
    /// the property's type is that member's return type, not `initializerType`.
    public var initializerMember: String? = nil
    /// The type annotation as written (`[OCShare]?`, `Set<String>!`): what a forward declares.
    public var declaredType: String? = nil
    public var isOptional = false
    public var isImplicitlyUnwrapped = false
    public var isWeak = false
    public var isUnowned = false
    public var isIBOutlet = false
    public var isStatic = false
    public var isLet = false
    public var isComputed = false
    /// `private` or `fileprivate`: nobody outside the file can set it.
    public var isPrivate = false
    /// `private` or `fileprivate` without `(set)`: nobody outside the file can read it either.
    public var isHidden = false
    /// `public` or `open`: other modules may read or set it.
    public var isPublic = false
    public var isOverride = false
    /// Has an initial value (`= Foo()`, `= { … }()`, `lazy var x = …`): the type creates what it holds.
    public var hasInitializer = false
    /// Its accessors include `set` (a protocol's `{ get set }` requirement, a computed property with a setter).
    public var hasSetter = false
    /// A stored property with `willSet`/`didSet` observers: setting it runs code.
    public var hasObservers = false
    /// Custom attributes, property wrappers included (`@UserDefault`, `@Published`).
    public var attributes: [String] = []
    /// Nominal types the declared type (or, without one, the initializer's constructed type) is
    /// made of, containers included: `Set<AnyCancellable>` → Set, AnyCancellable; `[Order]` → Order.
    public var typeComponents: [String] = []
    /// The type holds a closure type not marked `@Sendable` (or the initial value is a closure).
    public var hasPlainClosure = false
    public var position: SourcePosition
}

public struct FunctionFact: Codable, Hashable, Sendable {
    /// Swift-style name with argument labels: `loadFeed(page:)`, `init(coder:)`, `deinit`.
    public var name: String
    public var position: SourcePosition
    public var endLine: Int
    public var codeLines: Int
    public var isOverride = false
    /// Names of methods called on self (implicitly or explicitly) inside it; for call grouping.
    public var selfCalls: [String] = []
    /// `prepare(for:sender:)` that branches on `segue.identifier`.
    public var branchesOnSegueIdentifier = false
    /// Parameter types, element types for arrays (`[Order]` → `Order`), optionality stripped.
    public var parameterTypes: [String] = []
    /// Declared return type, optionality and generic arguments stripped (`-> APIClient?` → `APIClient`).
    public var returnType: String? = nil
    public var isStatic = false
    /// Declared `public` or `open`: other modules may call it.
    public var isPublic = false
    /// Declared `private` or `fileprivate` (or in a `private extension`): only its file may call it.
    public var isPrivate = false
    /// Nominal types the return type is made of (`-> [Order]` → Order; `-> Result<Order, Error>` →
    /// Result, Order, Error).
    public var returnComponents: [String] = []
    /// Attributes of the declaration (`IBAction`, `objc`, `MainActor`), sorted.
    public var attributes: [String] = []
    /// Lines where it builds views: creates `UI…` views, `addSubview`, constraints, frames.
    public var viewBuildingLines: [Int] = []
    /// Hash of the body's tokens (whitespace and comments dropped) when the body spans at least
    /// three code lines; equal hashes in different types are copies of one helper.
    public var bodyHash: String? = nil
    /// Where it runs the closures it is given, when its body hops to the main thread (`MainHopDetector`).
    public var closureHop: MainHop? = nil
    /// The code lines of each top-level statement of its body, in order: where a move in steps can
    /// cut it (one statement, a closure chain or a `do`/`catch`, cannot be cut at all).
    public var statementCodeLines: [Int] = []
    /// Type names its body mentions (`UIAlertController(…)`, `let row: OptionRow`), one per name and
    /// line, Foundation and the standard library left out: what decides whether a line can leave
    /// for a layer that imports no UIKit.
    public var typeMentions: [TypeMention] = []
}

/// A type named on a line of a function's body.
public struct TypeMention: Codable, Hashable, Sendable {
    public var name: String
    public var line: Int
}

/// A function that runs its closure parameters on the main thread: always (`main`), or when called
/// on the main queue (`receiver`: `extension DispatchQueue { func safeAsync(_:) }`).
public enum MainHop: String, Codable, Sendable {
    case main, receiver
}

public enum CaptureOfSelf: String, Codable, Sendable {
    case none, weak, unowned, strong
}

/// Where a closure ends up: this decides whether capturing `self` strongly is a cycle or a delay.
public enum ClosureContext: Codable, Hashable, Sendable {
    /// Assigned to a property: `onChange = { … }`; `owner` is the chain before the property.
    case assignedToProperty(owner: [String], property: String)
    /// `upstream`: the receiver chain of `.sink` (`["api", "servers", "receive"]`), to tell a request
    /// that completes from a publisher that lives on.
    case combineSink(stored: Bool, upstream: [String] = [])
    case repeatingTimer
    case notificationBlock(tokenKept: Bool)
    case kvoObservation(tokenKept: Bool)
    case urlSessionCompletion
    case backgroundQueue
    case mainQueue
    /// Passed to some call: resolved against project wrapper types by the index.
    case callArgument(chain: [String], headType: String?, name: String)
    case other
}

public struct UITouch: Codable, Hashable, Sendable {
    /// First name of the access path: `tableView` in `self.tableView.reloadData()`, or "self".
    public var root: String
    /// The UIKit call or assigned property at the end: `reloadData`, `text`, `present`.
    public var leaf: String
    public var position: SourcePosition
}

public struct ClosureFact: Codable, Hashable, Sendable {
    public var member: String?
    public var position: SourcePosition
    public var capture: CaptureOfSelf
    /// `self` referenced (explicitly, or implicitly under `[self]`), not counting nested closures
    /// that capture it weakly.
    public var usesSelf: Bool
    public var context: ClosureContext
    /// UIKit state touched in the body without a hop to the main queue first.
    public var uiTouches: [UITouch] = []
    public var inDebugBlock = false
    /// The line of its closing brace: what a method does after it starts the closure's work.
    public var endLine = 0
    /// One of its parameters is an error (`error in`, `(result, error) in`, `(err: Error?)`): the
    /// completion of work that can fail, whatever the call that takes it is named.
    public var receivesError = false
}

public struct ObserverFact: Codable, Hashable, Sendable {
    public enum Style: String, Codable, Sendable { case selector, block }
    public var style: Style
    public var tokenKept: Bool
    public var member: String?
    public var position: SourcePosition
}

/// An enum case with associated values: what the values are made of (Sendable inference).
public struct EnumCaseFact: Codable, Hashable, Sendable {
    public var name: String
    public var typeComponents: [String]
    public var hasPlainClosure: Bool
    public var position: SourcePosition
}

public enum DeclKind: String, Codable, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
}

public struct TypeDeclFacts: Codable, Hashable, Sendable {
    public var kind: DeclKind
    /// Qualified name for nested declarations (`Outer.Inner`); the extended type for extensions.
    public var name: String
    public var inheritance: [String]
    public var position: SourcePosition
    public var endLine: Int
    public var codeLines: Int
    public var isNested = false
    public var properties: [PropertyFact] = []
    public var functions: [FunctionFact] = []
    public var usages: [UsageSite] = []
    public var references: [MemberReference] = []
    public var closures: [ClosureFact] = []
    public var observers: [ObserverFact] = []
    public var removesObservers = false
    public var hasDeinit = false
    /// Own properties this declaration assigns (`x = …`, `self.x = …`), anywhere in its code.
    public var assignedProperties: [String] = []
    /// Own properties this declaration sets to `nil` (an explicit release).
    public var releasedProperties: [String] = []
    /// Properties the type assigns an object it creates itself (`helper = SharingDelegate(…)`):
    /// it owns them, so they must be strong.
    public var constructedProperties: [String] = []
    /// `UI…` type names used anywhere in the declaration, with their first position.
    public var uiTypeNames: [String: SourcePosition] = [:]
    /// Attributes of the declaration (`objc`, `MainActor`, `Observable`), sorted.
    public var attributes: [String] = []
    /// Declaration modifiers (`final`, `public`, `open`, `private`), sorted.
    public var modifiers: [String] = []
    /// Conformances written `@unchecked` (`@unchecked Sendable` → Sendable).
    public var uncheckedConformances: [String] = []
    /// Enum cases with associated values, in order.
    public var enumCases: [EnumCaseFact] = []
    /// SwiftUI `NavigationLink`s that name their destination view (not `NavigationLink(value:)`).
    public var destinationLinks: [SourcePosition] = []
    public var symbolReferences: [SymbolReference] = []
    public var creations: [CreationFact] = []
    /// A generic type's parameters (`class SelectItemViewController<T>` → T), in order.
    public var genericParameters: [String] = []
    /// The generic arguments the class gives its superclass (`: BaseRepository<UserStore>` →
    /// ["UserStore"]): what the base's own parameters stand for in this class.
    public var superclassArguments: [String] = []
    public var selfHandOffs: [SelfHandOff] = []
    public var propertyAccesses: [PropertyAccess] = []
    /// Outermost test-only blocks (`#if DEBUG`, `if ProcessInfo…arguments.contains(…)`) in it.
    public var testOnlySpans: [LineSpan] = []
}

/// A member named without being called: `#selector(Type.member)`, `#selector(member(_:))`,
/// `#keyPath(Type.member)`. Code elsewhere (UIKit, the runtime) calls it by that name.
public struct SymbolReference: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable { case selector, keyPath }
    public var kind: Kind
    /// `Type` in `#selector(Type.member)`; nil for `#selector(member)` (a member of the enclosing type).
    public var typeName: String?
    /// Base name of the member (`didTap` for `#selector(didTap(_:))`).
    public var name: String
    public var member: String?
    public var position: SourcePosition
}

/// One place code creates a view controller (or any project object): `Foo(…)`, `Foo.init(…)`,
/// `storyboard.instantiateViewController(withIdentifier: "x") as? Foo`, `segue.destination as? Foo`.
public struct CreationFact: Codable, Hashable, Sendable {
    /// `metatype`: `Foo.self` listed in an array of types the code instantiates with `.init(…)`;
    /// `container`: the screen inside a storyboard's initial container (`nav.topViewController as? Foo`);
    /// `injection`: `(tab as? Foo)?.service = …`, a screen something else made, set up by a parent.
    public enum Kind: String, Codable, Sendable { case initializer, storyboard, segue, metatype, container, injection }
    public var kind: Kind
    public var typeName: String
    /// Storyboard or segue identifier, when the code writes it.
    public var identifier: String?
    public var member: String?
    public var position: SourcePosition
    /// The generic arguments written at the creation (`SelectItemViewController<Country>(…)` → "Country").
    public var typeArguments: String? = nil
    /// An initializer call's argument labels (`email:`, `_:mode:`): what the creator hands the new
    /// object; nil without arguments.
    public var labels: String? = nil
}

/// `self` handed to another object: assigned (`camera.owner = self`) or passed to a call
/// (`CameraController(owner: self)`, `output.setMetadataObjectsDelegate(self, queue: q)`).
public struct SelfHandOff: Codable, Hashable, Sendable {
    /// The assignment target (`camera.owner` → `["camera", "owner"]`), or the callee's receiver chain.
    public var chain: [String]
    /// The called name (`CameraController`, `setMetadataObjectsDelegate`); nil for an assignment.
    public var callee: String?
    /// The argument label `self` is passed under (`_` when unlabelled).
    public var label: String?
    /// The text of a `queue:` / `delegateQueue:` argument of the same call, when there is one.
    public var queue: String?
    public var member: String?
    public var position: SourcePosition
}

/// A read or write of a name that may be one of the type's own properties (`count`, `self.count`).
public struct PropertyAccess: Codable, Hashable, Sendable {
    public var name: String
    public var member: String?
    public var position: SourcePosition
    public var isWrite: Bool
    /// Inside a closure handed to the main queue (`DispatchQueue.main.async { … }`).
    public var onMainQueue: Bool
}

/// Lines `from...to` of a block that only runs in debug or test builds or under a test switch.
public struct LineSpan: Codable, Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var codeLines: Int
}

public struct Suppression: Codable, Hashable, Sendable {
    /// nil = all rules.
    public var rule: String?
    public var fromLine: Int
    public var toLine: Int
}

public struct ImportFact: Codable, Hashable, Sendable {
    public var module: String
    public var position: SourcePosition
}

public struct FileFacts: Codable, Hashable, Sendable {
    public var path: String
    /// The file's size. No rule may read it: any edit changes it, so the report's early cutoff
    /// (`FactCache.analysisChecksum`) leaves it out when it compares a file's facts.
    public var bytes: Int
    public var codeLines: Int
    public var imports: [ImportFact]
    public var types: [TypeDeclFacts]
    public var suppressions: [Suppression]
    public var hasSyntaxErrors: Bool
    /// Top-level variables (`var Current = AppWorld()`), resolved like properties.
    public var globals: [PropertyFact] = []
    /// `typealias AnyAPIFetcher = Any & APIFetcher`: the type a declared name stands for.
    public var typeAliases: [TypeAliasFact] = []
    /// Base names of top-level functions that run their closure parameters on the main thread.
    public var mainHopFunctions: [String] = []
}

/// A type alias and the type it names (the one protocol of a composition such as `Any & Fetcher`).
public struct TypeAliasFact: Codable, Hashable, Sendable {
    public var name: String
    public var target: String
}
