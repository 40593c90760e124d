import Foundation
import Testing
@testable import ViperPlannerKit

/// A copy of a sample in a temporary folder, optionally a git repository, planned and updated
/// through the kit's command entry points (`Commands.plan`, `Commands.update`), as the CLI does.
struct Sandbox {
    let folder: TemporaryFolder
    let root: String
    var plan: String { root + "/refactoring" }
    /// Whether git is available (the commit parts are skipped without it).
    let hasGit: Bool

    init(sample: String) throws {
        folder = try TemporaryFolder("update")
        root = folder.path + "/app"
        try FileManager.default.copyItem(atPath: SampleGoldenTests.packageRoot.appendingPathComponent("Samples/" + sample).path, toPath: root)
        hasGit = Self.run(["git", "--version"], in: root) != nil
        if hasGit { _ = git("init", "-q"); commit("initial") }
    }

    /// A project made of `files` (path → Swift source) written here, in a git repository when git exists.
    init(files: [String: String]) throws {
        folder = try TemporaryFolder("update")
        root = folder.path + "/app"
        hasGit = Self.run(["git", "--version"], in: folder.path) != nil
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try addSource(path, text) }
        if hasGit { _ = git("init", "-q"); commit("initial") }
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    func git(_ arguments: String...) -> String? {
        Self.run(["git", "-c", "user.email=test@example.com", "-c", "user.name=Test", "-c", "commit.gpgsign=false"] + arguments, in: root)
    }

    func commit(_ message: String) {
        guard hasGit else { return }
        _ = git("add", "-A")
        _ = git("commit", "-q", "--allow-empty", "-m", message)
    }

    /// The short commit, nil without git.
    var head: String? { hasGit ? git("rev-parse", "--short=7", "HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) : nil }

    /// The request `viper-planner plan|update ROOT --no-cache --quiet --date DATE` makes.
    func request(date: String, noTouch: Bool = false, dryRun: Bool = false) -> PlanRequest {
        PlanRequest(scan: ScanRequest(path: root, quiet: true, noCache: true), date: date, dryRun: dryRun, noTouch: noTouch)
    }

    func makePlan(date: String) throws {
        _ = try Commands.plan(request(date: date))
    }

    /// `viper-planner update`, through the same entry point as the command line.
    @discardableResult
    func update(date: String, noTouch: Bool = false, write: Bool = true) throws -> UpdateResult {
        try Commands.update(request(date: date, noTouch: noTouch, dryRun: !write)).update!
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: plan + "/" + name, encoding: .utf8) }
    func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: plan + "/" + name)) }

    func editSource(_ path: String, _ old: String, _ new: String) throws {
        let file = root + "/" + path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old), "\(path) does not contain the text to replace")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: file))
    }

    func addSource(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every file of the plan directory, byte for byte.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: plan) {
            files[name] = FileManager.default.contents(atPath: plan + "/" + name)
        }
        return files
    }
}

/// Plain-text edits of a plan file, the way a person makes them.
enum Edit {
    /// The lines of the task block with this id (header and indented lines).
    static func block(_ id: String, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("- [") && $0.contains("**\(id): ") }) else { return [] }
        var end = start + 1
        while end < lines.count, lines[end].hasPrefix("  ") { end += 1 }
        return Array(lines[start..<end])
    }

    /// Inserts `added` after the last line of task `id`.
    static func appendToTask(_ id: String, _ added: [String], in text: String) -> String {
        let block = block(id, in: text)
        return text.replacingOccurrences(of: block.joined(separator: "\n") + "\n", with: (block + added).joined(separator: "\n") + "\n")
    }

    static func tick(_ id: String, in text: String) -> String {
        text.replacingOccurrences(of: "- [ ] **\(id): ", with: "- [x] **\(id): ")
    }

    static func removeTask(_ id: String, from text: String) -> (String, [String]) {
        let block = block(id, in: text)
        return (text.replacingOccurrences(of: block.joined(separator: "\n") + "\n", with: ""), block)
    }
}
