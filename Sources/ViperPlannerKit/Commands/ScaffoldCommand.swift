import Foundation

/// `viper-planner scaffold PATH FEATURE [--pr N | --all]`: writes the new files a PR of the
/// feature's plan creates (interactor, presenter, router, builder, services, each with its
/// protocols and tests with test doubles) from the plan's contract: by default the next PR that
/// creates one.
public struct ScaffoldRequest: Sendable {
    public var scan: ScanRequest
    /// The plan directory; nil: `PATH/refactoring`.
    public var dir: String?
    /// `cart`, `cart.md` or the feature's title.
    public var feature: String
    /// The module style; nil: the one the plan was made for.
    public var target: TargetStyle?
    /// Print the new files as a patch and write nothing.
    public var patch: Bool
    /// A folder of templates replacing the built-in ones by name; nil: the config's `templates`.
    public var templates: String?
    /// The PR of the feature's PR Plan whose files to write; nil: the next one that creates any.
    public var pr: Int?
    /// Every PR's files at once, past the PR size cap.
    public var all: Bool

    public init(scan: ScanRequest, dir: String? = nil, feature: String, target: TargetStyle? = nil, patch: Bool = false, templates: String? = nil,
                pr: Int? = nil, all: Bool = false) {
        self.scan = scan; self.dir = dir; self.feature = feature; self.target = target; self.patch = patch; self.templates = templates
        self.pr = pr; self.all = all
    }
}

public struct ScaffoldOutcome: Sendable {
    public var output = CommandOutput()
    public var patch = ""
    /// The files written (none with `--patch`), relative to PATH.
    public var written: [String] = []
}

extension Commands {
    public static func scaffold(_ request: ScaffoldRequest) throws -> ScaffoldOutcome {
        let directory = request.scan.planDirectory(request.dir)
        guard FileManager.default.fileExists(atPath: directory) else {
            throw CommandError("\(directory): no plan there; run `viper-planner plan \(request.scan.path)` first")
        }
        let planFiles = try PlanReader.read(directory).files
        let fileName = try PlannedPR.feature(request.feature, in: planFiles)
        var configuration = try request.scan.loadConfiguration()
        let planned = planFiles[".state.json"].flatMap(PlanState.recordedStyle) ?? .uikit
        configuration.target = request.target ?? planned
        let renderer = try ScaffoldRenderer(overrides: loadScaffoldTemplates(request, configuration: configuration))
        let result = try Auditor.audit(root: request.scan.path, configuration: configuration, jobs: request.scan.jobCount,
                                       cache: request.scan.factCache(configuration))
        let plan = Planner.plan(result, configuration: configuration, date: todayISODate())
        guard let feature = plan.features.first(where: { $0.fileName == fileName }) else {
            throw CommandError("\(fileName): the scan plans no module for this feature any more (its screens have no findings left)")
        }
        let modules = feature.modules.filter { $0.inheritedBy.isEmpty }
        guard !modules.isEmpty else { throw CommandError("\(fileName): its screens are shared bases; their pieces are planned in cross-cutting.md") }
        var outcome = ScaffoldOutcome()
        if request.target.map({ $0 != planned }) == true {
            outcome.output.warnings.append("the plan was made for \(planned.rawValue); the files follow \(configuration.target.rawValue), so their names may differ from \(fileName)")
        }
        let root = request.scan.path
        let index = result.index
        let style = configuration.target
        let exists = { (name: String) in index.resolve(name) != nil }
        // Test cases live in the test folders, which the index leaves out: their files tell.
        // (A test folder the scan does not know as one, such as `TestHelpers`, holds Swift files the index lists.)
        let testNames = Set((result.testFiles + index.files.map(\.path)).map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        let has = { (role: ScaffoldRole, prefix: String) in role.isTest ? testNames.contains(role.typeName(prefix)) : exists(role.typeName(prefix)) }
        let prefixes = modules.map(\.prefix)
        let rows = ScaffoldSelection.rows(PlanDocument(parsing: planFiles[fileName]!))
        func roles(_ names: [String], _ prefix: String) -> [ScaffoldRole] {
            ScaffoldSelection.roles(prefix: prefix, in: names, prefixes: prefixes, style: style).roles
        }
        func missing(_ row: ScaffoldSelection.Row) -> Bool {
            modules.contains { m in roles(row.creates, m.prefix).contains { !has($0, m.prefix) } }
        }
        guard let selection = try ScaffoldSelection.select(rows, pr: request.pr, all: request.all, fileName: fileName, isScaffoldable: missing) else {
            outcome.output.lines.append("\(fileName): nothing to scaffold; the types its PRs create are in the sources")
            return outcome
        }
        let creates = selection.creates
        let wanted = modules.flatMap { m in roles(creates, m.prefix) }
        guard !wanted.isEmpty else {
            throw CommandError("\(selection.label) creates no module file scaffold writes (it creates \(creates.isEmpty ? "nothing" : creates.map { "`\($0)`" }.joined(separator: ", ")))")
        }
        if !selection.rows.contains(where: missing) {
            outcome.output.lines.append("\(selection.label): nothing to scaffold; the types it creates are in the sources")
            return outcome
        }
        if !request.all, let row = selection.rows.first {
            try checkDependencies(of: row, label: selection.label, rows: rows) { before in
                modules.flatMap { m in roles(before.creates, m.prefix).filter { !has($0, m.prefix) }.map { $0.typeName(m.prefix) } }
            }
        }
        let testImport = ScaffoldFiles.testedModule(root: root, testFiles: result.testFiles)
        let scaffolds = scaffoldModules(modules, feature: feature, index: index, root: root, creates: creates,
                                        allCreates: rows.flatMap(\.creates), roles: roles, has: has)
        var files: [(path: String, text: String)] = []
        for scaffold in scaffolds {
            files += renderer.render(scaffold, testImport: testImport)
        }
        try checkNothingTaken(files, scaffolds: scaffolds, root: root, exists: exists)
        let (edits, unwired) = presenterWiring(scaffolds, index: index, root: root)
        outcome.patch += files.map { UnifiedDiff.creation(path: $0.path, text: $0.text) }.joined()
            + edits.map { UnifiedDiff.diff(path: $0.path, old: $0.old, new: $0.new) }.joined()
        if !request.patch { outcome.written = try write(files, edits: edits, root: root) }
        let others = uniqued(modules.flatMap { ScaffoldSelection.roles(prefix: $0.prefix, in: creates, prefixes: prefixes, style: style).others })
            + creates.filter { name in !prefixes.contains { name.hasPrefix($0) } }
        let structural = openStructuralTasks(planFiles, fileName: fileName)
        outcome.output.lines += ScaffoldFiles.summary(files, edits: edits.map { ($0.path, $0.old, $0.new) }, modules: scaffolds, structural: structural,
                                                      selection: selection, patch: request.patch, unscaffolded: others, unwired: unwired)
        return outcome
    }

    /// What each module of the feature gets from this selection: the roles `creates` names that
    /// the sources lack, the roles present once it lands, the services the plan creates, and the
    /// initialiser of a presenter that is already there.
    static func scaffoldModules(_ modules: [TargetModule], feature: FeaturePlan, index: TypeIndex, root: String, creates: [String],
                                allCreates: [String], roles: ([String], String) -> [ScaffoldRole],
                                has: (ScaffoldRole, String) -> Bool) -> [ScaffoldModule] {
        modules.map { module -> ScaffoldModule in
            // The screen's files and its services' files hold the exact types of the use cases.
            let owners = [module.viewController] + module.services.map(\.name)
            let paths = owners.compactMap { index.resolve($0) }.flatMap { index.declarations(of: $0).map(\.path) }
            var m = ScaffoldModule(module, feature: feature, index: index, sources: SourceSignatures(index: index, root: root, paths: paths))
            m.roles = roles(creates, m.prefix).filter { !has($0, m.prefix) }
            let candidates: [ScaffoldRole] = [.interactor, .presenter, .router, .view, .module] + roles(allCreates, m.prefix)
            m.present = Set(m.roles + candidates.filter { has($0, m.prefix) })
            // The services the plan creates join the interactor once they exist.
            for case .service(let suffix) in m.present.sorted(by: { "\($0)" < "\($1)" }) {
                m.services.append(ScaffoldModule.Service(property: lowerFirst(m.prefix + suffix), type: m.prefix + suffix + "Protocol",
                                          value: "\(m.prefix + suffix)()", pendingProtocol: nil))
            }
            if !m.roles.contains(.presenter), let presenter = index.resolve(m.prefix + "Presenter") {
                let inits = index.declarations(of: presenter).flatMap(\.decl.functions).map(\.name).filter { $0.hasPrefix("init(") }
                m.presenterInit = inits.max { $0.count < $1.count }.map { $0.dropFirst(5).split(separator: ":").map(String.init).filter { $0 != ")" } } ?? []
            }
            return m
        }.filter { !$0.roles.isEmpty }
    }

    /// Scaffold never overwrites a file nor declares a type the sources already declare.
    static func checkNothingTaken(_ files: [(path: String, text: String)], scaffolds: [ScaffoldModule], root: String,
                                  exists: (String) -> Bool) throws {
        let clashes = files.filter { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0.path)) }.map(\.path)
        guard clashes.isEmpty else {
            throw CommandError("\(clashes.joined(separator: ", ")): already there; scaffold never overwrites a file (move it away, or write the module by hand)")
        }
        let taken = scaffolds.flatMap { m in m.roles.flatMap { $0.declaredTypes(m.prefix, style: m.style) } + (m.roles.contains(.presenter) ? m.states : [String]()) }
            .filter(exists)
        guard taken.isEmpty else {
            throw CommandError("the sources already declare \(taken.map { "`\($0)`" }.joined(separator: ", ")): scaffold would declare them again")
        }
    }

    /// A PR's files use what the PRs it depends on create, directly or through the PRs those depend
    /// on (a table lists only the nearest): those must be in the sources first.
    /// `absent`: the types a PR creates that the sources lack.
    static func checkDependencies(of row: ScaffoldSelection.Row, label: String, rows: [ScaffoldSelection.Row],
                                  absent: (ScaffoldSelection.Row) -> [String]) throws {
        var queue = row.dependsOn, seen = Set(queue)
        while !queue.isEmpty {
            let number = queue.removeFirst()
            guard let before = rows.first(where: { $0.number == number }) else { continue }
            for next in before.dependsOn where seen.insert(next).inserted { queue.append(next) }
            let missing = absent(before)
            if !missing.isEmpty {
                throw CommandError("\(label) depends on PR \(number), whose \(missing.map { "`\($0)`" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not in the sources yet: scaffold or merge PR \(number) first")
            }
        }
    }

    /// The plan file's open structural tasks, under the ids the team sees.
    static func openStructuralTasks(_ planFiles: [String: String], fileName: String) -> [(id: String, kind: StructuralTask)] {
        (planFiles[".state.json"].flatMap(PlanState.decode)?.tasks ?? [])
            .filter { $0.file == fileName && $0.status == "open" && $0.rule == nil }
            .compactMap { record in record.kind.flatMap(StructuralTask.init(encoded:)).map { (record.id, $0) } }
    }

    /// A role that lands after the presenter is wired into the presenter the sources have; the
    /// presenters with no class to wire into are named.
    static func presenterWiring(_ scaffolds: [ScaffoldModule], index: TypeIndex, root: String)
        -> (edits: [(path: String, old: String, new: String)], unwired: [String]) {
        var edits: [(path: String, old: String, new: String)] = [], unwired: [String] = []
        for m in scaffolds where !m.roles.contains(.presenter) {
            let late = m.roles.filter { $0 == ScaffoldRole.router || $0 == ScaffoldRole.interactor }
            guard !late.isEmpty, let presenter = index.resolve(m.prefix + "Presenter"),
                  let path = index.declarations(of: presenter).first?.path,
                  let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) else { continue }
            let old = String(decoding: data, as: UTF8.self)
            if let new = PresenterWiring.wire(old, module: m, roles: late) { edits.append((path, old, new)) } else { unwired.append(m.prefix + "Presenter") }
        }
        return (edits, unwired)
    }

    /// Writes the new files and the edits, folders first (the test folder may be new) so that a
    /// failure leaves no half module; returns the paths written.
    static func write(_ files: [(path: String, text: String)], edits: [(path: String, old: String, new: String)], root: String) throws -> [String] {
        for folder in Set(files.map { (($0.path as NSString).deletingLastPathComponent) }) where !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: (root as NSString).appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in files {
            try AtomicFile.write(Data(file.text.utf8), to: (root as NSString).appendingPathComponent(file.path))
        }
        for edit in edits {
            try AtomicFile.write(Data(edit.new.utf8), to: (root as NSString).appendingPathComponent(edit.path))
        }
        return files.map(\.path) + edits.map(\.path)
    }

    /// `--templates DIR`, else `templates:` from the config (relative to PATH); missing files keep the built-ins.
    static func loadScaffoldTemplates(_ request: ScaffoldRequest, configuration: Configuration) throws -> [String: String] {
        try templateOverrides(request.templates, scan: request.scan, configuration: configuration,
                              files: ScaffoldRenderer.names.map { ($0, $0 + ".mustache") })
    }
}
