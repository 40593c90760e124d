import Foundation
import PackagePlugin

/// `swift package viper-planner [audit|plan|update|status] [options]`: runs the tool on the
/// package the command is run in, and (in Xcode) on the Swift files of the selected targets.
/// Both paths build their command line with `Invocation` and run it with `run`; only where the
/// folder comes from and where the findings go differ.
@main
struct ViperPlannerPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let invocation = Invocation(arguments: arguments, root: context.package.directoryURL,
                                    workDirectory: context.pluginWorkDirectoryURL)
        try invocation.run(tool: try context.tool(named: "viper-planner").url)
    }
}

/// One run of the tool: the subcommand, the folder, the options passed through, and the fact
/// cache kept in the plugin's work folder (the only place a sandboxed plugin may always write).
struct Invocation {
    static let subcommands: Set<String> = ["audit", "plan", "update", "status"]

    var subcommand = "audit"
    var root: URL
    var options: [String]
    var workDirectory: URL

    /// `arguments` as typed after the verb: an optional subcommand (default `audit`), then the
    /// tool's options for it, unchanged.
    init(arguments: [String], root: URL, workDirectory: URL) {
        var rest = arguments
        if let first = rest.first, Self.subcommands.contains(first) { subcommand = rest.removeFirst() }
        self.root = root
        self.options = rest
        self.workDirectory = workDirectory
    }

    var toolArguments: [String] {
        var arguments = [subcommand, root.path] + options
        if !options.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-path") || $0 == "--help" || $0 == "-h" }) {
            arguments += ["--cache-path", workDirectory.appendingPathComponent("cache").path]
        }
        return arguments
    }

    /// Runs the tool with the plugin's standard output and error; a failing exit (findings at
    /// `--fail-on`, a stale plan with `update --check`, an error) fails the command.
    func run(tool: URL, output: Pipe? = nil) throws {
        if Self.writing.contains(subcommand), !options.contains("--dry-run"), !options.contains("--check") {
            try checkWritable()
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = toolArguments
        if let output { process.standardOutput = output }
        try process.run()
        // Read while the tool runs: a large report would fill the pipe and stall it otherwise.
        let data = output.map { $0.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        if let data { Invocation.forwardAsDiagnostics(String(decoding: data, as: UTF8.self)) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("viper-planner \(subcommand) exited with \(process.terminationStatus)")
            throw PluginFailure()
        }
    }

    /// The subcommands that write the plan into the package.
    static let writing: Set<String> = ["plan", "update"]

    /// `plan` and `update` write refactoring/ into the package, which the plugin sandbox (macOS)
    /// allows only with `--allow-writing-to-package-directory`: without it, say so and why before
    /// the tool fails halfway.
    func checkWritable() throws {
        let probe = root.appendingPathComponent(".viper-planner-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
            Diagnostics.error("viper-planner \(subcommand) writes its plan into \(root.path)/refactoring: allow it with "
                + "`swift package --allow-writing-to-package-directory viper-planner \(subcommand)`")
            throw PluginFailure()
        }
        try? FileManager.default.removeItem(at: probe)
    }

    /// Turns `--format xcode` lines (`FILE:LINE:COL: warning|error: MESSAGE`) into diagnostics,
    /// which Xcode lists in its issue navigator; any other line is printed as it is.
    static func forwardAsDiagnostics(_ report: String) {
        for line in report.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let number = Int(parts[1]),
                  let severity = ["warning": Diagnostics.Severity.warning, "error": .error][parts[3].trimmingCharacters(in: .whitespaces)]
            else { print(line); continue }
            Diagnostics.emit(severity, parts[4].trimmingCharacters(in: .whitespaces), file: String(parts[0]), line: number)
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String { "viper-planner failed (see above)" }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ViperPlannerPlugin: XcodeCommandPlugin {
    /// Xcode passes `--target NAME` for each selected target: each is audited (or planned) on the
    /// folder that holds all its Swift files, and the findings go to the issue navigator.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "viper-planner").url
        for target in context.xcodeProject.targets where names.contains(target.displayName) {
            let folders = target.inputFiles.filter { $0.url.pathExtension == "swift" }
                .map { $0.url.deletingLastPathComponent().standardizedFileURL.pathComponents }
            guard var common = folders.first else { continue }
            for folder in folders.dropFirst() {
                common = Array(zip(common, folder).prefix { $0.0 == $0.1 }.map(\.0))
            }
            var invocation = Invocation(arguments: extractor.remainingArguments,
                                        root: URL(fileURLWithPath: NSString.path(withComponents: common)),
                                        workDirectory: context.pluginWorkDirectoryURL)
            if invocation.subcommand == "audit", !invocation.options.contains(where: { $0.hasPrefix("--format") }) {
                invocation.options += ["--format", "xcode"]
            }
            try invocation.run(tool: tool, output: Pipe())
        }
    }
}
#endif
