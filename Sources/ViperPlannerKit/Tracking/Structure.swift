/// What structural tasks (Builder wiring, Tests) are verified against: no finding can prove them done,
/// so `update` looks for the types and test files they ask for.
public struct StructureFacts: Sendable, Equatable {
    /// Types whose name ends in `Module` or `Builder` and that declare a `build…` function.
    public var builders: Set<String>
    public var typeNames: Set<String>
    /// Test files found under test folders (paths relative to the project).
    public var testFiles: [String]

    public init(builders: Set<String>, typeNames: Set<String>, testFiles: [String]) {
        self.builders = builders
        self.typeNames = typeNames
        self.testFiles = testFiles
    }

    public init(_ result: AuditResult) {
        var builders: Set<String> = [], names: Set<String> = []
        for f in result.files.indices {
            for t in result.files[f].types.indices {
                // Fields read in place: copying every type's facts cost more than the lookups.
                let full = result.files[f].types[t].name
                // Without a "." byte the last component is the name itself.
                let name = full.utf8.contains(UInt8(ascii: ".")) ? String(full.split(separator: ".").last ?? Substring(full)) : full
                names.insert(name)
                names.insert(full)
                if name.hasSuffix("Module") || name.hasSuffix("Builder"),
                   result.files[f].types[t].functions.contains(where: { $0.name.hasPrefix("build") }) {
                    builders.insert(name)
                }
            }
        }
        self.init(builders: builders, typeNames: names, testFiles: result.testFiles)
    }
}

/// What a structural task (a contract, a builder, tests) asks to exist in the code. The planner sets
/// it on the task and `.state.json` keeps it (`kind`), so a task keeps its kind whatever its title says.
public enum StructuralTask: Hashable, Sendable {
    case contract(prefix: String)
    case builder(prefix: String)
    case tests(type: String)
    /// Swift 6 + SwiftUI plans: the module's SwiftUI view (`CartView`) exists.
    case view(type: String)

    /// `contract:Cart`, `builder:Cart`, `tests:CartPresenter`: the form `.state.json` stores.
    public init?(encoded: String) {
        guard let colon = encoded.firstIndex(of: ":") else { return nil }
        let value = String(encoded[encoded.index(after: colon)...])
        switch encoded[..<colon] {
        case "contract": self = .contract(prefix: value)
        case "builder": self = .builder(prefix: value)
        case "tests": self = .tests(type: value)
        case "view": self = .view(type: value)
        default: return nil
        }
    }

    public var encoded: String {
        switch self {
        case .contract(let prefix): "contract:\(prefix)"
        case .builder(let prefix): "builder:\(prefix)"
        case .tests(let type): "tests:\(type)"
        case .view(let type): "view:\(type)"
        }
    }

    public func isVerified(in facts: StructureFacts) -> Bool {
        switch self {
        case .contract(let prefix), .builder(let prefix):
            return facts.builders.contains(prefix + "Module") || facts.builders.contains(prefix + "Builder")
        case .tests(let type):
            return facts.testFiles.contains { path in
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return name.contains(type) && name.contains("Test")
            }
        case .view(let type):
            return facts.typeNames.contains(type)
        }
    }

    /// What the Resolved line says was found.
    public var evidence: String {
        switch self {
        case .contract(let prefix), .builder(let prefix): "`\(prefix)Module`/`\(prefix)Builder` with a build function exists"
        case .tests(let type): "a test file for `\(type)` exists"
        case .view(let type): "`\(type)` exists"
        }
    }
}

/// `StructuralTask.isVerified` for many tasks against one set of facts: the test files' names are
/// split out (and those without "Test" dropped) once, not for every task.
struct StructureVerifier {
    let facts: StructureFacts
    /// The file names of the test files that contain "Test", in order.
    let testFileNames: [String]

    init(_ facts: StructureFacts) {
        self.facts = facts
        testFileNames = facts.testFiles.map { path in path.split(separator: "/").last.map(String.init) ?? path }
            .filter { foundationContains($0, "Test") }
    }

    func isVerified(_ task: StructuralTask) -> Bool {
        switch task {
        case .contract, .builder, .view: task.isVerified(in: facts)
        case .tests(let type): testFileNames.contains { foundationContains($0, type) }
        }
    }
}

/// The tasks for several findings a plan holds: each finding's fingerprint → its task's (from
/// the hidden comments, and `.state.json` for a task whose comment lost them), for
/// `TaskGrouping.Mode.tracked`.
public enum PlanGroups {
    public static func holders(_ files: [String: String]) -> [String: String] {
        var holder: [String: String] = [:]
        for record in files[".state.json"].flatMap(PlanState.decode)?.tasks ?? [] {
            for fp in record.covers ?? [] { holder[fp] = record.fingerprint }
        }
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".md") {
            for task in PlanDocument(parsing: text).tasks {
                guard let fp = task.header.fingerprint, !task.header.covers.isEmpty else { continue }
                for cover in task.header.covers { holder[cover] = fp }
            }
        }
        return holder
    }
}

/// The fingerprints a plan knows: every task in `.state.json` (resolved ones included) and every
/// hidden comment in the Markdown (a broken state does not make old findings look new).
public enum PlanKnowledge {
    public static func fingerprints(_ files: [String: String]) -> Set<String> {
        var known = Set(files[".state.json"].flatMap(PlanState.decode)?.tasks.flatMap { [$0.fingerprint] + ($0.covers ?? []) } ?? [])
        for (name, text) in files where name.hasSuffix(".md") {
            known.formUnion(PlanDocument(parsing: text).tasks.flatMap { ($0.header.fingerprint.map { [$0] } ?? []) + $0.header.covers })
        }
        return known
    }
}
