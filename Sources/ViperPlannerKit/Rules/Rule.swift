/// A code example a rule carries. `↓` marks each place a finding (or its evidence) must point at.
public struct Example: Sendable {
    public var code: String
    /// Other files the example needs (base classes, wrappers), keyed by path. No markers there.
    public var support: [String: String]
    public var configuration: Configuration
    public var path: String
    /// The fix text every finding of a triggering example must carry (nil: not asserted).
    public var fix: String?
    /// The severity every finding of a triggering example must have (nil: not asserted).
    public var severity: Severity?

    public init(_ code: String, fix: String? = nil, severity: Severity? = nil, support: [String: String] = [:], configuration: Configuration = Configuration(),
                path: String = "Example.swift") {
        self.code = code; self.fix = fix; self.severity = severity; self.support = support; self.configuration = configuration; self.path = path
    }

    /// The same, with the expected fix after the support files (examples whose support comes first read better so).
    public init(_ code: String, support: [String: String] = [:], configuration: Configuration = Configuration(),
                path: String = "Example.swift", fix: String) {
        self.init(code, fix: fix, support: support, configuration: configuration, path: path)
    }
}

public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var family: Family?
    public var severity: Severity
    /// One paragraph: what is wrong and what breaks.
    public var problem: String
    /// The concrete change that removes it.
    public var fix: String
    public var triggering: [Example]
    public var nonTriggering: [Example]
}

public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// What the plan makes of this rule's findings (a default for rules that plan no VC work).
    static var planning: RulePlanning { get }
    /// The source edits of a finding's fix, for the rules whose fix is mechanical (`apply`).
    static var rewrite: RuleRewrite? { get }
    /// The rewrite on code: what it writes and what it refuses.
    static var corrections: [Correction] { get }
    init()
    func findings(in context: RuleContext) -> [Finding]
}

/// Everything a rule may look at: plain values built by the earlier stages.
public struct RuleContext: Sendable {
    public let index: TypeIndex
    public let wrappers: WrapperAnalysis
    public let responsibilities: [Int: ResponsibilityProfile]
    public let configuration: Configuration
    /// Types by role, and VIPER modules by folder and prefix, computed once (rules ask per type).
    let typesByRole: [Role: [Int]]
    let moduleMembers: [String: [Int]]
    /// SwiftUI `View` structs by the Presenter they hold (see SwiftUIModules.swift).
    let wiredViews: [Int: [Int]]
    /// Who strongly holds whom (the leak rules report only the cycles it has).
    public let references: StrongReferences
    /// The names the project's Objective-C files, storyboards and nibs call.
    public let outside: OutsideSwift

    public init(index: TypeIndex, wrappers: WrapperAnalysis, responsibilities: [Int: ResponsibilityProfile],
                configuration: Configuration, outside: OutsideSwift = OutsideSwift()) {
        self.outside = outside
        self.index = index
        self.wrappers = wrappers
        self.responsibilities = responsibilities
        self.configuration = configuration
        var byRole: [Role: [Int]] = [:]
        var modules: [String: [Int]] = [:]
        for t in index.types.indices where index.types[t].isDeclaredInSources {
            byRole[index.types[t].role, default: []].append(t)
            guard index.types[t].role != .other else { continue }
            for key in Self.moduleKeys(of: t, index) { modules[key, default: []].append(t) }
        }
        typesByRole = byRole
        moduleMembers = modules
        wiredViews = Self.wiredSwiftUIViews(index)
        references = StrongReferences(index: index)
    }

    /// A role type belongs to the module of its folder and of its folder's parent (roles may sit
    /// in subfolders of the module's folder), under its name prefix.
    static func moduleKeys(of t: Int, _ index: TypeIndex) -> [String] {
        guard let (prefix, _) = RoleClassifier.suffixRole(index.types[t].name), !prefix.isEmpty else { return [] }
        let dir = RoleClassifier.directory(index.path(index.types[t].decls[0]))
        return ["\(dir)|\(prefix)", "\(RoleClassifier.directory(dir))|\(prefix)"]
    }

    public func typeFile(_ type: Int) -> String { index.path(index.types[type].decls[0]) }
    public func typePosition(_ type: Int) -> SourcePosition { index.decl(index.types[type].decls[0]).position }
}

/// What planning needs from a rule: the task its finding becomes on a view controller (category,
/// hence phase), how that task is titled, estimated and verified, and what the module gains.
/// A new rule states it in its own file; planning code never switches on rule ids.
public struct RulePlanning: Sendable {
    /// How the planner treats the task beyond its category.
    public enum Role: Sendable, Equatable {
        case ordinary
        /// The method is split in place before anything moves out of it (its own preparatory PRs).
        case splitFirst
        /// Resolved by assembling the VIPER module: its task becomes the builder task.
        case assemblesModule
        /// Navigation: the task carries routes, added once per view controller and reused after.
        case routes
    }

    public var category: TaskCategory
    public var role: Role = .ordinary
    /// I tasks: `service` (I/O behind a protocol) or `interactor` (rules that move whole).
    public var concern: String?
    /// The module sketch's word for it ("networking").
    public var word: String?
    /// The type the module gains for it, as a suffix of the module prefix ("Service").
    public var createsType: String?
    /// The task title from the finding's type and its member in backticks (nil: none).
    public var title: @Sendable (_ type: String, _ member: String?) -> String
    /// A fixed Fix text replacing the finding's, from the type name.
    public var fix: (@Sendable (_ type: String) -> String)?
    /// Safety fixes: the changed lines, given the finding and the count of uses of its member.
    public var estimate: (@Sendable (_ finding: Finding, _ uses: () -> Int) -> [EstimatePart])?
    /// Safety fixes: the PR's verification line, given the task and its member in backticks (or "the type").
    public var check: (@Sendable (_ task: PlanTask, _ member: String) -> String)?

    public init(category: TaskCategory, role: Role = .ordinary, concern: String? = nil, word: String? = nil,
                createsType: String? = nil, title: @escaping @Sendable (_ type: String, _ member: String?) -> String,
                fix: (@Sendable (_ type: String) -> String)? = nil,
                estimate: (@Sendable (_ finding: Finding, _ uses: () -> Int) -> [EstimatePart])? = nil,
                check: (@Sendable (_ task: PlanTask, _ member: String) -> String)? = nil) {
        self.category = category; self.role = role; self.concern = concern; self.word = word
        self.createsType = createsType; self.title = title; self.fix = fix; self.estimate = estimate; self.check = check
    }
}

extension Rule {
    public static var id: String { description.id }

    /// Rules whose fix needs judgement rewrite nothing.
    public static var rewrite: RuleRewrite? { nil }
    public static var corrections: [Correction] { [] }

    /// Rules about other types than view controllers: a cross-cutting task titled with the rule id.
    public static var planning: RulePlanning {
        let id = description.id
        return RulePlanning(category: .B, title: { type, member in "\(id) in \(type)\(member.map { ".\($0)" } ?? "")" })
    }
}

/// Every rule, in catalogue order. Adding a rule means adding its file and one line here.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        VCNetworkingRule.self, VCPersistenceRule.self, VCFormattingRule.self, VCNavigationRule.self,
        VCBusinessLogicRule.self, VCGodRule.self, VCSizeRule.self, LongMethodRule.self, UnusedMemberRule.self,
        StrongSelfInStoredClosureRule.self, StrongSelfInAsyncCallbackRule.self, StrongDelegateRule.self,
        ForceUnwrappedDependencyRule.self, UIOffMainThreadRule.self, ObserverNotRemovedRule.self,
        OwnedHelperCycleRule.self, CrossQueueStateRule.self,
        PresenterImportsUIKitRule.self, StrongBackReferenceRule.self, WeakProtocolNotClassBoundRule.self,
        PresenterBusinessLogicRule.self, PresenterNavigationRule.self, InteractorNavigationRule.self,
        InteractorDirectIORule.self, ViewBypassesPresenterRule.self, ConcreteLayerReferenceRule.self,
        SingletonInModuleRule.self, EntityReachesViewRule.self,
        PresenterNotMainActorRule.self, ObservableObjectPresenterRule.self, InteractorNotConcurrencySafeRule.self,
        EntityNotSendableRule.self, ViewOwnsBusinessStateRule.self, CombineInModuleRule.self,
        ImperativeNavigationRule.self, PresenterIsViewRule.self,
    ]

    public static func description(of id: String) -> RuleDescription? {
        all.first { $0.description.id == id }?.description
    }

    /// Each rule id's planning (the first rule with an id wins).
    static let plannings: [String: RulePlanning] = Dictionary(all.map { rule in (rule.description.id, rule.planning) }, uniquingKeysWith: { first, _ in first })

    public static func planning(of id: String?) -> RulePlanning? { id.flatMap { plannings[$0] } }

    /// Each rule id's mechanical rewrite, for the rules that have one.
    static let rewrites: [String: RuleRewrite] = Dictionary(all.compactMap { rule in rule.rewrite.map { (rule.description.id, $0) } },
                                                          uniquingKeysWith: { first, _ in first })

    /// The types a module gains for these rules' work ("Service", "Repository"), in catalogue order.
    static func createdTypes(for rules: [String?]) -> [String] {
        let present = Set(rules.compactMap { $0 })
        return catalogueIDs.filter { present.contains($0) }.compactMap { plannings[$0]?.createsType }
    }

    static let catalogueIDs: [String] = all.map { $0.description.id }
}

/// `ProductListViewController` → `ProductList`: the prefix for the VIPER types a plan proposes.
public func modulePrefix(_ typeName: String) -> String {
    let short = String(lastPart(typeName) ?? Substring(typeName))
    for suffix in ["ViewController", "TableViewController", "VC", "Controller"] where short.hasSuffix(suffix) && short.count > suffix.count {
        return String(short.dropLast(suffix.count))
    }
    return short
}
