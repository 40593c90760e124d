import ArgumentParser
import Foundation
import ViperPlannerKit

@main
struct ViperPlanner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viper-planner",
        abstract: "Find the god view controllers of a UIKit codebase and plan their move to VIPER.",
        version: ToolInfo.version,
        subcommands: [Audit.self, PlanCommand.self, UpdateCommand.self, ApplyCommand.self, ScaffoldCommand.self, StatusCommand.self, ExplainCommand.self,
                      RulesCommand.self, InitCommand.self, ParseOnly.self],
        defaultSubcommand: Audit.self)

    /// `audit` is the default command, so `viper-planner audt path` would audit a folder `audt`;
    /// a first word that is no existing path and is near a command's name is a mistyped command.
    static func main() {
        if let first = CommandLine.arguments.dropFirst().first {
            let all = configuration.subcommands.map { $0._commandName } + ["help"]
            let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            if let message = Commands.mistypedCommand(first, commands: all, suggesting: shown) {
                FileHandle.standardError.write(Data("error: \(message)\n".utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        }
        main(nil)
    }
}

/// Options every command that scans shares.
struct ScanOptions: ParsableArguments {
    @Argument(help: "The project folder to scan.", completion: .directory)
    var path: String

    @Option(help: "Configuration file (default: .viper-planner.yml in PATH).", completion: .file())
    var config: String?

    @Option(help: "Threads for parsing (default: all cores).")
    var jobs: Int?

    @Flag(help: "Print no progress and no warnings about the sources or the configuration, only the report (plan, update: one summary line, after any warning about the plan's own files).")
    var quiet = false

    @Flag(help: "No ANSI colours (also when NO_COLOR is set).")
    var noColor = false

    @Option(name: .customLong("file-timeout"), help: ArgumentHelp("Skip a file whose parse takes longer than this (with a warning); the run ends on time.", valueName: "seconds"))
    var fileTimeout: Double = 10

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
        guard fileTimeout > 0, fileTimeout.isFinite else {
            throw ValidationError("--file-timeout must be a positive number of seconds (got \(fileTimeout)).")
        }
    }

    /// The kit's view of these options, announced (`announce`).
    func request(_ cache: CacheOptions, strict: StrictOption? = nil) -> ScanRequest {
        announce(ScanRequest(path: path, config: config, jobs: jobs, quiet: quiet, cachePath: cache.cachePath,
                             noCache: cache.noCache, fileTimeout: fileTimeout, strict: strict?.strict ?? false))
    }

    /// Names the configuration file the run loads on standard error (not with --quiet): once per
    /// run, as every command builds its request once. Standard output stays the report.
    func announce(_ request: ScanRequest) -> ScanRequest {
        if !quiet, let file = request.configurationFile { warn("Using configuration \(file)") }
        return request
    }
}

/// `--strict`, for the commands that report the configuration's problems.
struct StrictOption: ParsableArguments {
    @Flag(help: "Treat configuration values that match nothing (unknown rule ids, globs that match no file) as errors (exit 1), not warnings.")
    var strict = false
}

/// The fact cache options: `audit`, `plan`, `update` and `status` read and fill the same per-file cache.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("cache-path"), help: "Fact cache folder (default: $XDG_CACHE_HOME/viper-planner, ~/.cache/viper-planner; ~/Library/Caches/viper-planner on macOS).", completion: .directory)
    var cachePath: String?

    @Flag(name: .customLong("no-cache"), help: "Parse every file; neither read nor write the fact cache.")
    var noCache = false
}

/// A runtime error: one line naming the file and the reason (one per problem), exit 1.
func fail(_ message: String, exitCode: Int32 = 1) -> Never {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { "error: \($0)\n" }
    FileHandle.standardError.write(Data(lines.joined().utf8))
    Foundation.exit(exitCode)
}

/// A command's error: a bad argument (`UsageError`) exits 64 like any bad argument, the rest 1.
func fail(_ error: Error) -> Never {
    fail("\(error)", exitCode: error is UsageError ? ExitCode.validationFailure.rawValue : 1)
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

/// What `apply` and `scaffold` print: with `--patch` the patch on stdout and the summary on
/// stderr (so `| git apply` reads the patch alone), otherwise the summary on stdout.
func emit(patch: String?, output: CommandOutput, quiet: Bool) {
    for warning in output.warnings where !quiet { warn(warning) }
    if let patch {
        FileHandle.standardOutput.write(Data(patch.utf8))
        for line in output.lines { warn(line) }
    } else {
        for line in output.lines { print(line) }
    }
}
