import ArgumentParser
import Foundation
import ViperPlannerKit
#if canImport(Glibc)
import Glibc
#endif

struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Rescan and update an existing refactoring/ plan: tick what is fixed, reopen what came back, file new findings in discovered.md.",
        discussion: """
        Everything people wrote (PR links, owners, notes, their own tasks, moved tasks) is kept byte for \
        byte; tool-owned fields are merged three-way against .state.json. Exit codes: 0 success; 1 a \
        runtime error (another run holds refactoring/.lock, a write failed); 64 bad arguments.
        """)

    @OptionGroup var scan: ScanOptions

    @OptionGroup var cacheOptions: CacheOptions

    @Option(help: "Plan directory (default: PATH/refactoring).", completion: .directory)
    var dir: String?

    @Option(help: "Folder of templates overriding the built-ins (as for `plan`).", completion: .directory)
    var templates: String?

    @Option(help: "The date written in the plan, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    @Flag(help: "Print what would change and write nothing.")
    var dryRun = false

    @Flag(help: "When nothing else changed, keep \"Last Updated\" too: the plan stays byte-identical.")
    var noTouch = false

    func validate() throws {
        if let date, !PlanCommand.isISODate(date) { throw ValidationError("--date must look like 2026-11-21 (got '\(date)').") }
    }

    func run() throws {
        let session = PlanSession(scan: scan, cache: cacheOptions, dir: dir, templates: templates, date: date)
        session.update(dryRun: dryRun, noTouch: noTouch)
    }
}

/// What `plan` (on an existing plan), `update` and `status` share: scan, plan afresh, merge.
struct PlanSession {
    var scan: ScanOptions
    var cache: CacheOptions
    var dir: String?
    var templates: String?
    var date: String?

    var directory: String { dir ?? (scan.path as NSString).appendingPathComponent("refactoring") }

    /// Where the merge inputs of this plan directory's settled files are remembered: in the cache
    /// folder, by the directory's absolute path (nil with `--no-cache`). The entries are hashes of
    /// everything a file's merge reads, the tool's build included, so a stale or foreign entry
    /// simply matches nothing.
    var settledPath: String? {
        guard !cache.noCache else { return nil }
        let base = cache.cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultDirectory()
        let plan = URL(fileURLWithPath: directory).standardizedFileURL.path
        return base.appendingPathComponent("settled-v1").appendingPathComponent(ContentHash(plan).description).path
    }

    func readSettled() -> Set<String> {
        guard let path = settledPath, let data = FileManager.default.contents(atPath: path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Best effort: a run that cannot write it merges every file next time.
    func writeSettled(_ settled: Set<String>, previous: Set<String>) {
        guard let path = settledPath, settled != previous else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data(settled.sorted().joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Scans, plans afresh and merges with the plan on disk; nothing is written here.
    func compute(noTouch: Bool, settled: Set<String> = []) throws -> (result: UpdateResult, files: [String: String]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw PlanWriteError(path: directory, reason: "no plan here; run `viper-planner plan` first (or pass --dir)")
        }
        let configuration = try scan.loadConfiguration()
        let overrides = PlanCommand.loadTemplates(templates, configuration: configuration, path: scan.path)
        let renderer = try PlanRenderer(overrides: overrides)
        let day = date ?? PlanCommand.today()
        let git = GitCommit(scan.path)   // runs while the sources are scanned
        // The audit result (every file's facts, the index) is the largest thing a run holds: it
        // goes out of scope as soon as the plan and the structure facts are made from it.
        let (fresh, structure, commit) = try { () throws -> (Plan, StructureFacts, String?) in
            let audit = try Auditor.audit(root: scan.path, configuration: configuration, jobs: scan.jobs ?? defaultJobCount,
                                          cache: cache.factCache(configuration))
            if !scan.quiet { for warning in audit.warnings { warn(warning.description) } }
            let commit = git.wait()
            return (Planner.plan(audit, configuration: configuration, date: day, scanCommit: commit), StructureFacts(audit), commit)
        }()
        returnFreedMemory()
        let (files, unreadable) = try PlanReader.read(directory)
        var input = UpdateInput(files: files, unreadable: unreadable, fresh: fresh, freshFiles: [:],
                                structure: structure, date: day, commit: commit, noTouch: noTouch)
        input.renderFresh = true   // one fresh file in memory at a time
        if settledPath != nil {
            input.settledSalt = buildIdentity
            input.settled = settled
        }
        return (Updater.update(input, renderer: renderer), files)
    }

    func update(dryRun: Bool, noTouch: Bool) {
        var lock: PlanLock?
        if !dryRun, FileManager.default.fileExists(atPath: directory) {
            do { lock = try PlanLock.acquire(directory: directory) } catch { fail("\(error)") }
            PlanWriter.removeLeftovers(in: directory)
        }
        let result: UpdateResult, before: [String: String]
        let settled = readSettled()
        do { (result, before) = try compute(noTouch: noTouch, settled: settled) } catch { lock?.release(); fail("\(error)") }
        defer { lock?.release() }
        for warning in result.warnings { warn("warning: \(warning)") }
        if dryRun {
            print("dry run: nothing written; \(result.files.isEmpty ? "nothing would change" : "would write:")")
            for name in result.files.keys.sorted() {
                let (added, removed) = Self.lineChanges(before[name] ?? "", result.files[name]!)
                print("  \(name): +\(added) −\(removed) lines\(before[name] == nil ? " (new file)" : "")")
            }
        } else if !result.files.isEmpty {
            do { try PlanWriter.writeFiles(result.files, in: directory) } catch { lock?.release(); fail("\(error)") }
        }
        if !dryRun { writeSettled(result.settled, previous: settled) }
        print(Self.summaryText(result, directory: directory, wrote: dryRun ? nil : result.files.count))
    }

    static func lineChanges(_ old: String, _ new: String) -> (Int, Int) {
        var counts: [Substring: Int] = [:]
        for line in old.split(separator: "\n", omittingEmptySubsequences: false) { counts[line, default: 0] += 1 }
        var added = 0
        for line in new.split(separator: "\n", omittingEmptySubsequences: false) {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { added += 1 }
        }
        return (added, counts.values.reduce(0, +))
    }

    static func summaryText(_ r: UpdateResult, directory: String, wrote: Int?) -> String {
        let d = r.dashboard
        var lines = ["\(wrote.map { "updated \(directory) (\($0) file\($0 == 1 ? "" : "s") written)" } ?? directory): \(r.resolved.count) resolved, \(r.regressed.count) regressed, \(r.new.count) new, \(r.flagged.count) ticked but still detected; \(d.done)/\(d.total) tasks done (\(d.percent)%)"]
        func list(_ label: String, _ refs: [TaskRef]) {
            for ref in refs { lines.append("  \(label): \(ref.file) \(ref.id) — \(ref.title)\(ref.reason.isEmpty ? "" : " (\(ref.reason))")") }
        }
        list("resolved", r.resolved)
        list("regressed", r.regressed)
        list("new", r.new)
        list("needs attention", r.attention)
        for next in d.next { lines.append("  next PR: \(next.file) PR \(next.number) — \(next.title) (~\(next.estimate) lines)") }
        return lines.joined(separator: "\n")
    }
}

/// The scanned commit, when `path` is in a git checkout: `git rev-parse` started at once and read
/// later, so that its ~50 ms (process start, a walk up to the file system root outside a checkout)
/// overlap the scan instead of following it.
struct GitCommit {
    let process = Process()
    let pipe = Pipe()
    let started: Bool

    init(_ path: String) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", path, "rev-parse", "--short=7", "HEAD"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        started = (try? process.run()) != nil
    }

    /// The short commit, nil outside a git checkout (or without git).
    func wait() -> String? {
        guard started else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.isEmpty ? nil : commit
    }
}

/// Hands the memory freed so far back to the system (glibc keeps it in the parsing threads' arenas,
/// where the merge on the main thread cannot reuse it): the audit result is gone by now, and the
/// peak of the run is what comes after. Nothing to do where `malloc_trim` does not exist.
func returnFreedMemory() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}
