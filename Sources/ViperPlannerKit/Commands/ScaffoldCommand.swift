import Foundation

/// `viper-planner scaffold PATH FEATURE`: writes the new files of a feature's modules (contract,
/// interactor, presenter, router, builder, tests with test doubles) from the plan's contract.
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

    public init(scan: ScanRequest, dir: String? = nil, feature: String, target: TargetStyle? = nil, patch: Bool = false, templates: String? = nil) {
        self.scan = scan; self.dir = dir; self.feature = feature; self.target = target; self.patch = patch; self.templates = templates
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
        let testImport = ScaffoldFiles.testedModule(root: root, testFiles: result.testFiles)
        let index = result.index
        let scaffolds = modules.map { module -> ScaffoldModule in
            // The screen's files and its services' files hold the exact types of the use cases.
            let owners = [module.viewController] + module.services.map(\.name)
            let paths = owners.compactMap { index.resolve($0) }.flatMap { index.declarations(of: $0).map(\.path) }
            return ScaffoldModule(module, feature: feature, index: index, sources: SourceSignatures(index: index, root: root, paths: paths))
        }
        var files: [(path: String, text: String, module: ScaffoldModule)] = []
        for scaffold in scaffolds {
            files += renderer.render(scaffold, testImport: testImport).map { ($0.path, $0.text, scaffold) }
        }
        let existing = files.map { FileManager.default.contents(atPath: (root as NSString).appendingPathComponent($0.path)) }
        if existing.enumerated().allSatisfy({ i, data in data.map { String(decoding: $0, as: UTF8.self) == files[i].text } ?? false }) {
            outcome.output.lines.append("\(fileName): nothing to scaffold; its module files are there as written")
            return outcome
        }
        let clashes = files.indices.filter { existing[$0] != nil }.map { files[$0].path }
        guard clashes.isEmpty else {
            throw CommandError("\(clashes.joined(separator: ", ")): already there; scaffold never overwrites a file (move it away, or write the module by hand)")
        }
        let taken = scaffolds.flatMap(ScaffoldFiles.declaredTypes)
            .filter { result.index.resolve($0) != nil }
        guard taken.isEmpty else {
            throw CommandError("the sources already declare \(taken.map { "`\($0)`" }.joined(separator: ", ")): scaffold would declare them again")
        }
        for file in files {
            outcome.patch += UnifiedDiff.creation(path: file.path, text: file.text)
        }
        if !request.patch {
            // Folders first (the test folder may be new), so that a failure leaves no half module.
            for folder in Set(files.map { (($0.path as NSString).deletingLastPathComponent) }) where !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: (root as NSString).appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in files {
                try AtomicFile.write(Data(file.text.utf8), to: (root as NSString).appendingPathComponent(file.path))
                outcome.written.append(file.path)
            }
        }
        outcome.output.lines += ScaffoldFiles.summary(files.map { ($0.path, $0.text) }, modules: scaffolds,
                                                      feature: feature, fileName: fileName, patch: request.patch)
        return outcome
    }

    /// `--templates DIR`, else `templates:` from the config (relative to PATH); missing files keep the built-ins.
    static func loadScaffoldTemplates(_ request: ScaffoldRequest, configuration: Configuration) throws -> [String: String] {
        try templateOverrides(request.templates, scan: request.scan, configuration: configuration,
                              files: ScaffoldRenderer.names.map { ($0, $0 + ".mustache") })
    }
}
