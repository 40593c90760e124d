import Foundation

public struct AuditSummary: Sendable, Equatable {
    public var files: Int
    public var lines: Int
    public var viewControllers: Int
    public var critical: Int
    public var high: Int
    public var medium: Int
}

public struct AuditResult: Sendable {
    public var root: String
    public var files: [FileFacts]
    public var index: TypeIndex
    public var profiles: [Int: ResponsibilityProfile]
    /// Sorted by file, line, rule; evidence snippets filled in.
    public var findings: [Finding]
    public var warnings: [Warning]
    public var testFiles: [String]
    /// The modules each test file imports (`XCTest`, `Testing`, `UIKit`, `AppKit`), read from the
    /// file's head: which framework and platform each test folder's tests use.
    public var testImports: [String: [String]] = [:]
    /// Where Objective-C code creates each class (`ObjectiveCCreations`), read when planning.
    public var objectiveCCreations: [String: [String]] = [:]
    /// The project's Xcode projects (none for in-memory sources): where new files get entries.
    public var xcodeProjects: [XcodeProject] = []
    /// Files outside the report scope — vendored folders (unless `include_vendored`), files left
    /// out by `excluded:`/`included:`, AppKit-only files without `platforms: [ios, macos]`:
    /// indexed, but left out of the findings, the view controllers (so of the plan) and the summary.
    public var unreported: Set<String> = []
    /// AppKit-only files that are reported (`platforms` with `macos`): their screens are reported
    /// under their own heading and planned apart from the iOS queue.
    public var macOSFiles: Set<String> = []
    /// Files whose facts came from the fact cache instead of a parse.
    public var cacheHits = 0
    /// A file changed between being hashed and being parsed: the report must not be cached.
    public var changedDuringRun = false
    /// A file was skipped because its parse ran over `Configuration.fileTimeout`: a faster run
    /// may parse it, so the report must not be cached.
    public var parseTimedOut = false
    /// Wall seconds per stage, in order (`--timings`).
    public var timings: [StageTiming] = []
    /// The checksum of each file's facts in their cached binary form (runs with a cache): what a
    /// stored report records to be reused when an edit leaves every file's facts as they were.
    public var factChecksums: [String: String] = [:]
    /// The files in scope and the configuration's problems (nil for in-memory sources).
    public var scope: ScanScope?

    public var summary: AuditSummary {
        let audited = unreported.isEmpty ? files : files.filter { !unreported.contains($0.path) }
        return AuditSummary(files: audited.count, lines: audited.reduce(0) { $0 + $1.codeLines },
                     viewControllers: profiles.count,
                     critical: findings.filter { $0.severity == .critical }.count,
                     high: findings.filter { $0.severity == .high }.count,
                     medium: findings.filter { $0.severity == .medium }.count)
    }
}

/// The audit pipeline: discover → parse (parallel) → index → rules → findings.
public enum Auditor {
    /// Audits a folder on disk; with a cache, unchanged files are not parsed again.
    public static func audit(root: String, configuration: Configuration, jobs: Int = defaultJobCount,
                             cache: FactCache? = nil) throws -> AuditResult {
        analyse(try load(root: root, configuration: configuration, jobs: jobs, cache: cache),
                configuration: configuration, jobs: jobs, cache: cache)
    }

    /// Discovery, and every file read (and, with a cache, hashed): all a report depends on.
    public static func load(root: String, configuration: Configuration, jobs: Int = defaultJobCount,
                            cache: FactCache? = nil) throws -> LoadedProject {
        var clock = StageClock()
        let discovered = try Discovery.discover(root: root, configuration: configuration)
        clock.lap("discover")
        let sources = discovered.sources
        let outside = OutsideSwift.scan(root: discovered.root, objectiveC: discovered.objectiveCFiles, interface: discovered.interfaceFiles)
        // Without a cache nothing needs every file up front: each is read where it is parsed,
        // as the parse-only baseline does (no stage of its own, and no whole project in memory).
        guard let cache else {
            return LoadedProject(discovered: discovered, files: sources.map { _ in .deferred }, timings: clock.laps, outside: outside)
        }
        // Files whose size and times have not moved since the last run keep their key unread.
        let memo = StatMemo(cache: cache, root: root)
        let files = parallelMap(count: sources.count, jobs: jobs) { i -> LoadedProject.File in
            load(sources[i], configuration: configuration, cache: cache, memo: memo)
        }
        memo.save()
        clock.lap("load")
        return LoadedProject(discovered: discovered, files: files, timings: clock.laps, outside: outside)
    }

    /// `10`, `0.5`: a number of seconds as people write it.
    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    static func skipWarning(_ path: String, _ reason: String, line: Int? = nil) -> Warning {
        Warning(path: path, reason: reason + "; skipped", line: line, skipped: true)
    }

    /// With a cache the bytes are hashed and dropped (a hit needs no bytes; a miss reads the file
    /// again where it is parsed), so a cold run into an empty cache does not hold the project.
    static func load(_ source: SourceFile, configuration: Configuration, cache: FactCache?,
                     memo: StatMemo? = nil) -> LoadedProject.File {
        let stamp = memo == nil ? nil : StatMemo.stamp(source.absolutePath)
        if let memo, let key = memo.key(path: source.path, stamp: stamp) {
            memo.record(path: source.path, stamp: stamp, key: key)
            return .hashed(key: key)
        }
        switch SourceLoader.load(source, maxBytes: configuration.maxFileBytes) {
        case .skipped(let reason): return .skipped(skipWarning(source.path, reason))
        case .source(let bytes):
            guard let cache else { return .source(bytes, key: nil) }
            let key = cache.key(for: bytes, path: source.path)
            memo?.record(path: source.path, stamp: stamp, key: key)
            return .hashed(key: key)
        }
    }

    /// Facts for every loaded file (from the cache, else parsed and stored), then the analysis.
    /// Each file's bytes are released as soon as the file is parsed (hand the project over).
    /// `planning`: also read the imports of the test files (where a plan puts new tests); a
    /// report does not need them.
    public static func analyse(_ project: consuming LoadedProject, configuration: Configuration, jobs: Int = defaultJobCount,
                               cache: FactCache? = nil, planning: Bool = true) -> AuditResult {
        var clock = StageClock()
        let sources = project.discovered.sources
        let scope = ScanScope(configuration: configuration, discovered: project.discovered)
        var skipped = project.files.compactMap(\.warning)
        let slots = ByteSlots(project.files)
        project.files = []
        let changed = ChangeFlag()
        // A file whose parse runs over the budget is reported skipped and left to finish unseen
        // (nothing is written for it once the run has moved on).
        let budget = configuration.fileTimeout
        let timedOut = IndexFlags()
        let outcomes = parallelMap(count: sources.count, jobs: jobs, timeout: budget, onTimeout: { i -> ParseOutcome in
            timedOut.set(i)
            return ParseOutcome(warning: skipWarning(sources[i].path, "parse took longer than \(secondsText(budget ?? 0)) s"))
        }) { i -> ParseOutcome in
            let path = sources[i].path
            switch slots.take(i) {
            case .none:
                return ParseOutcome()
            case .bytes(let bytes, let key):
                if let cache, let key, let hit = cache.loadWithChecksum(key: key, path: path) { return ParseOutcome(facts: hit.facts, cached: true, checksum: hit.checksum) }
                if let skip = SourceLoader.unparseable(bytes) { return ParseOutcome(warning: skipWarning(path, skip.reason, line: skip.line)) }
                let facts = FileParser.facts(path: path, bytes: bytes)
                if let cache, let key, !timedOut.contains(i) { return ParseOutcome(facts: facts, checksum: cache.store(facts, key: key)) }
                return ParseOutcome(facts: facts)
            case .reread(let key):
                if let cache, let key, let hit = cache.loadWithChecksum(key: key, path: path) { return ParseOutcome(facts: hit.facts, cached: true, checksum: hit.checksum) }
                switch SourceLoader.load(sources[i], maxBytes: configuration.maxFileBytes) {
                case .source(let bytes):
                    if let skip = SourceLoader.unparseable(bytes) { return ParseOutcome(warning: skipWarning(path, skip.reason, line: skip.line)) }
                    let facts = FileParser.facts(path: path, bytes: bytes)
                    if let cache, let key {
                        // Stored only under the key of the bytes parsed; a file edited since it was
                        // hashed makes this run's report unfit for the report cache.
                        if cache.key(for: bytes, path: path) != key { changed.set() }
                        else if !timedOut.contains(i) { return ParseOutcome(facts: facts, checksum: cache.store(facts, key: key)) }
                    }
                    return ParseOutcome(facts: facts)
                case .skipped(let reason):
                    if key != nil { changed.set() }
                    return ParseOutcome(warning: skipWarning(path, reason))
                }
            }
        }
        clock.lap(cache == nil ? "load/parse" : "cache/parse")
        skipped += outcomes.compactMap(\.warning)
        var warnings = project.discovered.warnings + skipped
        let files = outcomes.compactMap(\.facts)
        let unreported = Set(sources.filter { $0.isExcluded || ($0.isVendored && !configuration.includeVendored) }.map(\.path))
            .union(platformUnreported(files, configuration: configuration))
        warnings += files.filter { $0.hasSyntaxErrors && !unreported.contains($0.path) }.map {
            Warning(path: $0.path, reason: "syntax errors; analysed as far as it parses (partially parsed)")
        }
        let absolute = Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.absolutePath) })
        var result = analyse(root: project.discovered.root, files: files, configuration: configuration, warnings: warnings,
                             testFiles: project.discovered.testFiles, unreported: unreported, outside: project.outside, jobs: jobs) { path in
            absolute[path].flatMap { FileManager.default.contents(atPath: $0) }.map(Array.init)
        }
        result.xcodeProjects = project.discovered.xcodeProjects
        if planning {
            result.testImports = testImports(root: project.discovered.root, paths: project.discovered.testFiles)
            result.objectiveCCreations = ObjectiveCCreations.scan(root: project.discovered.root, paths: project.discovered.objectiveCFiles)
        }
        result.cacheHits = outcomes.filter(\.cached).count
        for outcome in outcomes { if let facts = outcome.facts, let checksum = outcome.checksum { result.factChecksums[facts.path] = checksum } }
        result.changedDuringRun = changed.isSet
        result.parseTimedOut = !timedOut.isEmpty
        result.timings = project.timings + clock.laps + result.timings
        result.scope = scope
        return result
    }

    /// The `import` lines in the first 4 KB of each test file (tests are not parsed).
    static func testImports(root: String, paths: [String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: root + "/" + path) else { continue }
            let head = String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
            try? handle.close()
            result[path] = head.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count, words[..<i].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
                return String(words[i + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
        }
        return result
    }

    /// Audits in-memory sources (tests, rule examples).
    public static func audit(sources: [(path: String, code: String)], configuration: Configuration = Configuration()) -> AuditResult {
        let bytes = Dictionary(sources.map { ($0.path, Array($0.code.utf8)) }, uniquingKeysWith: { a, _ in a })
        let files = parallelMap(count: sources.count, jobs: defaultJobCount) { i in
            FileParser.facts(path: sources[i].path, bytes: Array(sources[i].code.utf8))
        }
        let vendored = configuration.includeVendored ? [] : Set(sources.map(\.path).filter(Discovery.isVendored))
        let excluded = Discovery.reportExcluded(sources.map(\.path), configuration: configuration)
        return analyse(root: ".", files: files, configuration: configuration, warnings: [], testFiles: [],
                       unreported: vendored.union(excluded).union(platformUnreported(files, configuration: configuration))) { bytes[$0] }
    }

    /// Everything after parsing: plain values in, plain values out (plus reading evidence lines).
    static func analyse(root: String, files: [FileFacts], configuration: Configuration, warnings: [Warning],
                        testFiles: [String], unreported: Set<String> = [], outside: OutsideSwift = OutsideSwift(),
                        jobs: Int = defaultJobCount, contents: (String) -> [UInt8]?) -> AuditResult {
        var clock = StageClock()
        let index = TypeIndex(files: files, configuration: configuration)
        clock.lap("index")
        let wrappers = WrapperAnalysis(index: index, configuration: configuration, jobs: jobs)
        clock.lap("wrappers")
        let profiles = ResponsibilityAnalysis.profiles(index: index, wrappers: wrappers, configuration: configuration, jobs: jobs)
        clock.lap("responsibilities")
        let context = RuleContext(index: index, wrappers: wrappers, responsibilities: profiles, configuration: configuration,
                                  outside: outside)
        let disabled = Set(configuration.disabledRules)
        // Inline suppressions by file, looked up per finding (no scan of all files).
        let suppressions = Dictionary(files.map { ($0.path, $0.suppressions) }, uniquingKeysWith: { first, _ in first })
        func isSuppressed(_ finding: Finding) -> Bool {
            (suppressions[finding.file] ?? []).contains {
                ($0.rule == nil || $0.rule == finding.rule) && $0.fromLine <= finding.line && finding.line <= $0.toLine
            }
        }
        // Rules are independent: on all cores, gathered in registry order.
        let rules = RuleRegistry.all.filter { !disabled.contains($0.description.id) }
        let perRule = parallelMap(count: rules.count, jobs: jobs) { i in rules[i].init().findings(in: context) }
        var findings: [Finding] = []
        for ruleFindings in perRule {
            // Code outside the report scope is read for what it resolves, never reported on: the one
            // place its findings (and, through the profiles kept below, its screens) leave the audit.
            for var finding in ruleFindings where !isSuppressed(finding) && !unreported.contains(finding.file) {
                if let override = configuration.severity[finding.rule] { finding.severity = override }
                findings.append(finding)
            }
        }
        findings = FindingFingerprint.assign(findings)
        findings.sort { ($0.file, $0.line, $0.rule, $0.column, $0.fingerprint) < ($1.file, $1.line, $1.rule, $1.column, $1.fingerprint) }
        clock.lap("rules")
        fillSnippets(&findings, contents: contents)
        clock.lap("snippets")
        let screens = unreported.isEmpty ? profiles : profiles.filter { !unreported.contains(index.path(index.types[$0.key].decls[0])) }
        var result = AuditResult(root: root, files: files, index: index, profiles: screens, findings: findings,
                                 warnings: warnings.sorted { $0.path < $1.path }, testFiles: testFiles, unreported: unreported,
                                 timings: clock.laps)
        if configuration.platforms.contains(.macos) { result.macOSFiles = Set(files.filter(Platform.isMacOSOnly).map(\.path)) }
        return result
    }

    /// AppKit-only files, when `platforms` leaves macOS out: indexed, not reported.
    static func platformUnreported(_ files: [FileFacts], configuration: Configuration) -> Set<String> {
        configuration.platforms.contains(.macos) ? [] : Set(files.filter(Platform.isMacOSOnly).map(\.path))
    }

    /// Evidence lines are read back only for the files that have findings.
    static func fillSnippets(_ findings: inout [Finding], contents: (String) -> [UInt8]?) {
        var tables: [String: LineTable] = [:]
        for i in findings.indices {
            for j in findings[i].evidence.indices {
                let path = findings[i].evidence[j].file
                if tables[path] == nil { tables[path] = contents(path).map(LineTable.init) ?? LineTable([]) }
                findings[i].evidence[j].snippet = tables[path]!.text(ofLine: findings[i].evidence[j].line)
            }
        }
    }
}

/// What `Auditor.load` read: the discovered files, each file's bytes (and cache key) or why it
/// was skipped.
public struct LoadedProject: Sendable {
    public enum File: Sendable {
        case source([UInt8], key: String?)
        case skipped(Warning)
        /// Not read yet: read where it is parsed (runs without a cache).
        case deferred
        /// Read and hashed for the cache; read again where it is parsed if the cache misses.
        case hashed(key: String)

        var warning: Warning? { if case .skipped(let warning) = self { warning } else { nil } }
    }

    public var discovered: DiscoveryResult
    public var files: [File]
    public var timings: [StageTiming]
    /// What the project's Objective-C files, storyboards and nibs call (read with the files).
    public var outside = OutsideSwift()
}

/// The loaded files, each taken by exactly one parse (parallelMap hands every index to one
/// thread) and released there, so a run holds about one file per thread, not the whole project.
private final class ByteSlots: @unchecked Sendable {
    enum Slot { case none, bytes([UInt8], key: String?), reread(key: String?) }
    private let slots: UnsafeMutableBufferPointer<Slot>

    init(_ files: [LoadedProject.File]) {
        slots = .allocate(capacity: files.count)
        for (i, file) in files.enumerated() {
            let slot: Slot
            switch file {
            case .source(let bytes, let key): slot = .bytes(bytes, key: key)
            case .hashed(let key): slot = .reread(key: key)
            case .deferred: slot = .reread(key: nil)
            case .skipped: slot = .none
            }
            (slots.baseAddress! + i).initialize(to: slot)
        }
    }

    func take(_ i: Int) -> Slot {
        defer { slots[i] = .none }
        return slots[i]
    }

    deinit {
        slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }
}

/// One file's facts, whether they came from the cache, the checksum of their cached form, or why
/// the file was skipped.
private struct ParseOutcome: Sendable {
    var facts: FileFacts?
    var cached = false
    var checksum: String?
    var warning: Warning?
}

/// Set from any parse thread when a file changed under the run.
private final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// The files whose parse ran out of time, set by the supervising thread, read by parse threads.
private final class IndexFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: Set<Int> = []
    func set(_ index: Int) { lock.lock(); indices.insert(index); lock.unlock() }
    func contains(_ index: Int) -> Bool { lock.lock(); defer { lock.unlock() }; return indices.contains(index) }
    var isEmpty: Bool { lock.lock(); defer { lock.unlock() }; return indices.isEmpty }
}

public struct StageTiming: Sendable {
    public var stage: String
    public var seconds: Double
}

/// Wall time between laps, for `--timings`.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var laps: [StageTiming] = []

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append(StageTiming(stage: stage, seconds: Double(now - last) / 1e9))
        last = now
    }
}
