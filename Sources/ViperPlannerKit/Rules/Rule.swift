/// A code example a rule carries. `↓` marks each place a finding (or its evidence) must point at.
public struct Example: Sendable {
    public var code: String
    /// Other files the example needs (base classes, wrappers), keyed by path. No markers there.
    public var support: [String: String]
    public var configuration: Configuration
    public var path: String

    public init(_ code: String, support: [String: String] = [:], configuration: Configuration = Configuration(),
                path: String = "Example.swift") {
        self.code = code; self.support = support; self.configuration = configuration; self.path = path
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

    public init(index: TypeIndex, wrappers: WrapperAnalysis, responsibilities: [Int: ResponsibilityProfile],
                configuration: Configuration) {
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

/// Every rule, in catalogue order. Adding a rule means adding its file and one line here.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        VCNetworkingRule.self, VCPersistenceRule.self, VCFormattingRule.self, VCNavigationRule.self,
        VCBusinessLogicRule.self, VCGodRule.self, VCSizeRule.self, LongMethodRule.self,
        StrongSelfInStoredClosureRule.self, StrongSelfInAsyncCallbackRule.self, StrongDelegateRule.self,
        ForceUnwrappedDependencyRule.self, UIOffMainThreadRule.self, ObserverNotRemovedRule.self,
        PresenterImportsUIKitRule.self, StrongBackReferenceRule.self, WeakProtocolNotClassBoundRule.self,
        PresenterBusinessLogicRule.self, PresenterNavigationRule.self, InteractorNavigationRule.self,
        InteractorDirectIORule.self, ViewBypassesPresenterRule.self, ConcreteLayerReferenceRule.self,
        SingletonInModuleRule.self, EntityReachesViewRule.self,
    ]

    public static func description(of id: String) -> RuleDescription? {
        all.first { $0.description.id == id }?.description
    }
}

/// `ProductListViewController` → `ProductList`: the prefix for the VIPER types a plan proposes.
public func modulePrefix(_ typeName: String) -> String {
    let short = String(typeName.split(separator: ".").last ?? Substring(typeName))
    for suffix in ["ViewController", "TableViewController", "VC", "Controller"] where short.hasSuffix(suffix) && short.count > suffix.count {
        return String(short.dropLast(suffix.count))
    }
    return short
}
