// The plan as plain values: features, tasks, PR slices. Built by `Planner` from an audit result,
// rendered to Markdown by `PlanRenderer`. No disk access here.

/// The category letter of a task id; the first seven are the migration phases, in their fixed order.
/// `V` (the SwiftUI View conversion) exists only in plans for the Swift 6 + SwiftUI target.
public enum TaskCategory: String, CaseIterable, Sendable, Comparable, Codable {
    case C, I, P, R, V, B, T, X, D

    public static func < (a: TaskCategory, b: TaskCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
    /// The section heading in a feature file.
    public var heading: String {
        switch self {
        case .C: "Critical Safety Issues"
        case .I: "Service & Interactor Extraction"
        case .P: "Presenter Extraction"
        case .R: "Router Introduction"
        case .V: "SwiftUI View Conversion"
        case .B: "Builder Wiring"
        case .T: "Tests"
        case .X: "Cross-cutting"
        case .D: "Discovered"
        }
    }
    /// The phase name used in PR tables and the dashboard.
    public var phase: String {
        switch self {
        case .C: "Critical safety"
        case .I: "Services & Interactors"
        case .P: "Presenters"
        case .R: "Routers"
        case .V: "SwiftUI Views"
        case .B: "Builders"
        case .T: "Tests"
        case .X: "Cross-cutting"
        case .D: "Discovered"
        }
    }
}

/// One addend of an estimate, shown in the plan ("2 × 31 code lines of `fetchProducts(reset:)`").
public struct EstimatePart: Sendable, Hashable {
    public var lines: Int
    public var label: String
    public init(_ lines: Int, _ label: String) { self.lines = lines; self.label = label }
}

/// A method that moves out of the view controller in a task (what slicing keeps together).
public struct MovedMember: Sendable, Hashable {
    public var name: String
    public var file: String
    public var line: Int
    public var codeLines: Int
    /// Base names of the methods it calls on self.
    public var selfCalls: [String]
    /// The code lines of each top-level statement of its body (`FunctionFact.statementCodeLines`).
    public var statements: [Int] = []
    public var baseName: String { String(name.prefix { $0 != "(" }) }
}

public struct PlanTask: Sendable, Hashable {
    public var id = ""
    public var category: TaskCategory
    public var title: String
    /// The finding's fingerprint; structural tasks get one made from their kind and type.
    public var fingerprint: String
    /// A task for several findings (`TaskGrouping`): the other findings' fingerprints.
    public var covers: [String] = []
    /// A task for several findings: what each is about (its member), in order.
    public var members: [String] = []
    /// The rule of the finding, nil for structural tasks (Builder, Tests, shared services).
    public var rule: String?
    public var viewController: String?
    /// The member the finding is on (`fetchProducts(reset:)`), when there is one.
    public var member: String? = nil
    public var file: String
    public var line: Int
    public var severity: Severity
    public var problem: String
    public var fix: String
    public var evidence: [String]
    public var estimate: [EstimatePart]
    /// I tasks: why the member stays in the view as a forward (`#selector` in 2 places), when it does.
    public var forward: String?
    /// Methods this task moves; their code lines are in `estimate`.
    public var moves: [MovedMember] = []
    /// Services, Interactors: I/O first (`service`), then rules (`interactor`), in separate PRs
    /// for very large view controllers.
    public var concern = ""
    /// The type a finding outside any screen is in (`StoriesPresenter`): a task for several of
    /// them names each member with its type.
    public var owner: String? = nil
    /// APIs the finding names ("APIClient.fetchProducts", "UserDefaults"), for the PR checks.
    public var apis: [String] = []
    /// Router tasks: the route methods they need (`showCart()`), in order.
    public var routes: [String] = []
    /// Router tasks: the popover anchors the members set (`barButtonItem`), which the route carries,
    /// and the action sheets they present.
    public var popover = PopoverNeeds()
    public var anchors: [String] {
        get { popover.anchors }
        set { popover.anchors = newValue }
    }
    /// Cross-cutting: the project type this task puts behind a protocol (`APIClient`).
    public var sharedType: String?
    /// Cross-cutting: the copies of a duplicated helper this task shares, as `Screen|member`.
    public var sharedCopies: [String] = []
    /// I tasks: the project wrappers its I/O goes through (`APIClient`), injected into the Interactor
    /// as they are, and whether it also calls system I/O itself (then a new service wraps it).
    public var wrappers: [String] = []
    /// Seam tasks: calls that stay direct on a concrete service until a later PR takes them over
    /// (`AppDelegate.presentSettingsViewController`, navigation a Router PR routes).
    public var direct: [String] = []
    public var rawIO = false
    /// The wrappers among `wrappers` the member is handed (a parameter): the use case takes them as
    /// parameters, the Interactor gets none of them injected.
    public var handed: [String] = []
    /// I tasks whose member builds the view or answers at once: the presenter drives the view once
    /// the I/O moves, so the task's PR comes after the one that creates the presenter.
    public var needsPresenter = false
    /// A P task for a finding that moves only the lines around its sites (a string formatted for
    /// display): how many code lines of its member it moves. The rest of what the member assembles
    /// for the screen still needs a move of its own.
    public var partialLines = 0
    /// A task moving the screen's state: the properties it moves, in order. A move too large for
    /// one PR takes a run of them per PR.
    public var properties: [String] = []
    /// A long method's split when the screen's moves take part of it out: it splits what stays in
    /// the view, after those moves.
    public var afterMoves = false
    /// Builder and test tasks: what `update` verifies in the code to tick them.
    public var structural: StructuralTask?
    /// The other files the finding was traced through (its evidence, the project wrappers it goes
    /// through): when one of them is no longer read, the finding left the scope, it was not fixed.
    public var traced: [String] = []
    /// Files the task edits besides its own and those of its moves: for a builder, each file that
    /// creates the screen today (the places switched to the builder).
    public var edits: [String] = []
    /// Files the task creates besides its module's role files (a type the screen kept to itself,
    /// moved to a file of its own), with the project file that must list each (nil: none).
    public var newFiles: [NewFile] = []
    /// Types the screen kept to itself that this task moves to a file of their own, and those an
    /// earlier task moves that this one uses (its PR depends on that task's).
    public var movesScreenTypes: [String] = [], usesScreenTypes: [String] = []
    /// I tasks: the service type the moved member makes and sets up (`OCConnection`), which the
    /// use cases call: a factory inside the Interactor, never an input of its contract.
    public var makes: String?
    /// Its moved code uses state the screen-state task moves into the Presenter, as the
    /// presenter's own: its PR depends on that task's.
    public var usesOwnedState = false

    public var location: String { "`\(file):\(line)`" }

    public struct NewFile: Hashable, Sendable {
        public var path: String
        public var project: String?
    }
    public var estimatedLines: Int { estimate.reduce(0) { $0 + $1.lines } }

    /// Whether the task's rule plays this role in the plan (`RulePlanning.Role`).
    func plays(_ role: RulePlanning.Role) -> Bool { RuleRegistry.planning(of: rule)?.role == role }
}

public struct PRSlice: Sendable, Hashable {
    public var number: Int
    public var phase: TaskCategory
    public var title: String
    public var taskIDs: [String]
    public var files: [String]
    public var estimate: [EstimatePart]
    public var cap: Int
    /// A preparatory split of a method larger than the cap.
    public var isPreparatory = false
    public var changes: [String]
    public var checks: [String]
    public var notInThisPR: [String] = []
    /// The types this PR introduces; each is created by exactly one PR of the plan.
    public var creates: [String] = []
    /// The PRs to merge first ("PR 2", "cross-cutting.md PR 1"): those creating a type it uses, the
    /// split it moves, the part before it.
    public var dependsOn: [String] = []
    /// One part of a task moved over several PRs ("part 1 of 2"), shown next to its task ids.
    public var part: String?
    /// The most severe of its tasks, for the dashboard's order.
    public var severity: Severity = .medium
    /// "seam": the protocols over a screen's services, which land alone before its moves.
    public var concern = ""
    /// What it can break that its size does not show (`PRHazards`): it makes the PR High risk.
    public var hazards: [String] = []

    /// The files of `files` this PR creates (the others it edits), and the folders of its
    /// feature's screens and tests: an edit outside them reaches into other features.
    public var newFiles: [String] = []
    public var featureFolders: [String] = []

    public var estimatedLines: Int { estimate.reduce(0) { $0 + $1.lines } }

    /// How hard the PR is to review, and why: the higher of what its phase's work risks (code
    /// moving between types; data writes and presentations, `hazards`) and what its files risk. By files: Low only
    /// with at most 4 files of which at most one code file is edited, inside the feature's folders; Medium
    /// with 5–7 files, several code files edited, or an edit outside them; High from 8 files.
    public var risk: String {
        if isPreparatory { return "Medium — behaviour must not change; compare before/after by running the screen" }
        let (level, why): (Int, String) = switch phase {
        case _ where taskIDs.isEmpty: (0, creates.allSatisfy { $0.hasSuffix("Tests") } ? "additive (tests only)" : "additive")
        case _ where concern == "seam": (0, "additive: protocols, their doubles and defaults, nothing moves")
        case .C: (0, "local fix, no structural change")
        case .T, .B, .X: (0, "additive")
        case _ where !hazards.isEmpty: (2, hazards.joined(separator: "; "))
        default: (1, "code moves between types" + (estimatedLines > cap * 3 / 4 ? "; near the cap, review in two sittings" : ""))
        }
        let edited = files.filter { !newFiles.contains($0) }
        // The project file lists every feature's files: editing it reaches into no other feature.
        let outside = featureFolders.isEmpty ? [] : edited.filter { file in
            !file.hasSuffix(".pbxproj") && !featureFolders.contains { file.hasPrefix($0) }
        }
        // The project file's entries for the files the PR adds are additive: no edit of code.
        let editedCode = edited.filter { !$0.hasSuffix(".pbxproj") }
        let filesLevel = files.count >= 8 ? 2 : files.count >= 5 || editedCode.count > 1 || !outside.isEmpty ? 1 : 0
        // The feature itself and each other folder it edits.
        let features = 1 + Set(outside.map(ProjectLayout.folder(of:))).count
        let added = files.count - edited.count
        let touched = "\(files.count) file\(files.count == 1 ? "" : "s"): "
            + [edited.isEmpty ? nil : "edits \(edited.count)" + (outside.isEmpty ? "" : " in \(features) features"),
               added == 0 ? nil : "adds \(added)"].compactMap { $0 }.joined(separator: ", ")
        let name = ["Low", "Medium", "High"][max(level, filesLevel)]
        if files.isEmpty { return "\(name) — \(why)" }
        return filesLevel > level ? "\(name) — \(touched)" : "\(name) — \(why); \(touched)"
    }
}

/// One entry of the Target module section: a member or destination and what it becomes.
public struct ContractItem: Sendable, Hashable {
    public var name: String
    public var detail: String
    /// What `scaffold` declares: an input's signature with its types and result
    /// (`fetchOrders(page: Int) -> [Order]`), an output's view-state type. nil: the name alone.
    public var signature: String? = nil
    /// The screen's members whose work it stands for (not rendered): a view update rewrites only its own input.
    public var members: [String] = []
    /// The action whose choice between use cases this input holds (`RuleChoice`), nil for most.
    public var chosenBy: String? = nil
    /// How many of the screen's members handle an input's result today (0: none, or it returns
    /// its answer): what the presenter's output method must forward once it is the output.
    public var handlers = 0
}

public struct TargetModule: Sendable, Hashable {
    /// The style the module is planned in; `swiftui` renders the Swift 6 + SwiftUI roles.
    public var style: TargetStyle = .uikit
    public var viewController: String
    public var prefix: String
    public var files: [String]
    public var interactorInputs: [ContractItem]
    public var presenterOutputs: [ContractItem]
    public var routes: [ContractItem]
    public var services: [ContractItem]
    /// `swiftui`: the View's sections (one entry for a screen converted in one PR).
    public var viewSections: [ContractItem] = []
    /// A base view controller: the screens that inherit its pieces (it has no module of its own).
    public var inheritedBy: [String] = []
    /// A generic view controller: its type parameters (one generic module).
    public var typeParameters: [String] = []
    /// Where its code lines go: "Interactor 310 (25%) · Presenter 280 (22%) · …" (empty: not computed).
    /// The view controller's members UIKit, Interface Builder or a protocol calls (its lifecycle,
    /// actions, delegate callbacks): they trigger use cases and are never contract members.
    public var triggers: [String] = []
    public var lineSplit = ""
    /// Lines per destination, in `ScreenSplit.Destination` order, and the code lines they split.
    public var splitLines: [Int] = []
    public var codeLines = 0
    /// What the view controller becomes, as its heading says.
    public var target: String {
        if !inheritedBy.isEmpty {
            return "shared \(prefix) pieces, inherited by \(inheritedBy.prefix(8).joined(separator: ", "))\(inheritedBy.count > 8 ? ", …" : "") (no module of its own)"
        }
        return typeParameters.isEmpty ? "\(prefix) module" : "\(prefix) module, generic over \(typeParameters.map { "`\($0)`" }.joined(separator: ", "))"
    }
}

public struct FeaturePlan: Sendable, Hashable {
    public var name: String
    /// Kebab-case, `[a-z0-9-]`, without `.md`.
    public var slug: String
    public var viewControllers: [String]
    public var context: String
    public var modules: [TargetModule]
    public var tasks: [PlanTask]
    public var slices: [PRSlice]
    /// What slicing needs to cut this file's tasks again (`update` re-plans what remains).
    var slicing = SliceSetup()
    public var fileName: String { slug + ".md" }
}

/// The inputs of `PRSlicer` beyond the tasks, kept with a feature so `update` can re-slice it.
struct SliceSetup: Sendable, Hashable {
    var cap = 200
    var owners: [String: PRSlicer.Owner] = [:]
    /// Project wrapper → its shared protocol in cross-cutting.md (text, and the PR that makes it).
    var sharedProtocols: [String: SharedProtocol] = [:]
    /// `Screen|member` of a helper copied into several screens → the cross-cutting task sharing it.
    var sharedHelpers: [String: SharedProtocol] = [:]
    /// The module style the PRs are worded and sequenced for.
    var style: TargetStyle = .uikit
}

struct SharedProtocol: Sendable, Hashable {
    var text: String
    var pr: String?
}

public struct NavigationEdge: Sendable, Hashable, Comparable {
    public var from: String
    public var to: String
    public var kind: String
    public static func < (a: NavigationEdge, b: NavigationEdge) -> Bool { (a.from, a.to, a.kind) < (b.from, b.to, b.kind) }
}

public struct Plan: Sendable {
    public var date: String
    public var scanCommit: String?
    public var features: [FeaturePlan]
    public var crossCutting: FeaturePlan
    public var navigation: [NavigationEdge]
    public var viewControllerCount: Int
    public var findingCount: Int
    public var cap: Int
    /// The target style the plan was made for (`.state.json` records it for `update`).
    public var style: TargetStyle = .uikit
    /// Screens per architecture they already have: "82 Clean Swift (VIP), 16 MVC".
    public var architectures = ""
    /// The configuration and files the plan was made from (`.state.json` records it for `update`).
    public var scope: PlanScope?

    /// Every file that holds tasks: the features, then cross-cutting.
    public var taskFiles: [FeaturePlan] { features + [crossCutting] }
}
