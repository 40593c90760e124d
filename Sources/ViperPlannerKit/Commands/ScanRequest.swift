import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What every command that scans is given: the project, its configuration and the fact cache.
public struct ScanRequest: Sendable {
    public var path: String
    /// Configuration file; nil: `.viper-planner.yml` in `path` if present.
    public var config: String?
    /// Parsing threads; nil: all cores.
    public var jobs: Int?
    /// No warnings in the outcome (the commands' own "warning:" lines of `update` stay).
    public var quiet: Bool
    public var cachePath: String?
    public var noCache: Bool
    /// Seconds one file may take to parse before it is skipped (`--file-timeout`); nil: the
    /// configuration's default.
    public var fileTimeout: Double?
    /// `plan --target`: the target style, overriding the configuration's `target:`.
    public var target: TargetStyle?
    /// `--strict`: configuration values that name nothing (`ScanScope.problems`) are errors, not warnings.
    public var strict: Bool

    public init(path: String, config: String? = nil, jobs: Int? = nil, quiet: Bool = false,
                cachePath: String? = nil, noCache: Bool = false, fileTimeout: Double? = nil, strict: Bool = false) {
        self.path = path; self.config = config; self.jobs = jobs; self.quiet = quiet
        self.cachePath = cachePath; self.noCache = noCache; self.fileTimeout = fileTimeout; self.strict = strict
    }

    public func loadConfiguration() throws -> Configuration {
        var configuration = try configurationFile.map(Configuration.load(path:)) ?? Configuration()
        if let fileTimeout { configuration.fileTimeout = fileTimeout }
        if let target { configuration.target = target }
        return configuration
    }

    /// The fact cache for this configuration, nil with `noCache`.
    public func factCache(_ configuration: Configuration) -> FactCache? {
        noCache ? nil : FactCache(directory: cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultDirectory(),
                                  toolVersion: ToolInfo.buildIdentity, configuration: configuration)
    }

    var jobCount: Int { jobs ?? defaultJobCount }

    /// `dir`, else `path/refactoring`.
    func planDirectory(_ dir: String?) -> String { dir ?? (path as NSString).appendingPathComponent("refactoring") }
}

/// A command's failure: one line naming the file and the reason, or one such line per problem
/// (the CLI exits 1 with it).
public struct CommandError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A bad argument found by a command rather than by option parsing (an unknown rule id): one
/// line, and the CLI exits 64 as for any bad argument.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What a command has to say: lines for standard output and warnings for standard error, in order.
public struct CommandOutput: Sendable {
    public var lines: [String] = []
    public var warnings: [String] = []
    public init() {}
}

extension ToolInfo {
    /// The tool version plus the size and modification time of the running executable, so that a
    /// rebuilt binary (new fact extraction, same version number) never reuses its predecessor's facts.
    public static var buildIdentity: String {
        var identity = version
        if let executable = Bundle.main.executablePath,
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            identity += "+\(size)-\(modified)"
        }
        return identity
    }
}

/// Today as the plan writes dates (YYYY-MM-DD, UTC).
public func todayISODate() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
}

/// Whether `text` is a date as `--date` takes it: `2026-11-21`.
public func isISODate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
          let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil else { return false }
    return (1...12).contains(m) && (1...31).contains(d)
}

/// Hands the memory freed so far back to the system. glibc keeps freed memory in the parsing
/// threads' arenas, where the merge on the main thread cannot reuse it; called once the audit
/// result is gone, before the merge (the run's peak). Nothing to do where `malloc_trim` does not exist.
func returnFreedMemory() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}

/// The scanned commit, when `path` is in a git checkout: `git rev-parse` is started at once and
/// read later, so that its ~50 ms overlap the scan instead of following it.
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
