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

    /// Whether `rule` is switched off at `line` of `file` by an inline comment.
    public func isSuppressed(_ rule: String, file: String, line: Int) -> Bool {
        guard let facts = index.files.first(where: { $0.path == file }) else { return false }
        return facts.suppressions.contains { ($0.rule == nil || $0.rule == rule) && $0.fromLine <= line && line <= $0.toLine }
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
