import ArgumentParser
import Foundation
import ViperPlannerKit

@main
struct ViperPlanner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viper-planner",
        abstract: "Find the god view controllers of a UIKit codebase and plan their move to VIPER.",
        version: ToolInfo.version,
        subcommands: [Audit.self, PlanCommand.self, UpdateCommand.self, StatusCommand.self, ParseOnly.self],
        defaultSubcommand: Audit.self)
}

/// Options every command that scans shares.
struct ScanOptions: ParsableArguments {
    @Argument(help: "The project folder to scan.", completion: .directory)
    var path: String

    @Option(help: "Configuration file (default: .viper-planner.yml in PATH).", completion: .file())
    var config: String?

    @Option(help: "Threads for parsing (default: all cores).")
    var jobs: Int?

    @Flag(help: "Print no warnings or progress, only the report.")
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

    func loadConfiguration() throws -> Configuration {
        var configuration: Configuration
        let implicit = (path as NSString).appendingPathComponent(Configuration.fileName)
        if let config { configuration = try Configuration.load(path: config) }
        else if FileManager.default.fileExists(atPath: implicit) { configuration = try Configuration.load(path: implicit) }
        else { configuration = Configuration() }
        configuration.fileTimeout = fileTimeout
        return configuration
    }
}

/// The fact cache options: `audit`, `plan`, `update` and `status` read and fill the same per-file cache.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("cache-path"), help: "Fact cache folder (default: $XDG_CACHE_HOME/viper-planner, ~/.cache/viper-planner; ~/Library/Caches/viper-planner on macOS).", completion: .directory)
    var cachePath: String?

    @Flag(name: .customLong("no-cache"), help: "Parse every file; neither read nor write the fact cache.")
    var noCache = false

    /// The cache for this configuration, nil with `--no-cache`.
    func factCache(_ configuration: Configuration) -> FactCache? {
        noCache ? nil : FactCache(directory: cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultDirectory(),
                                  toolVersion: buildIdentity, configuration: configuration)
    }
}

/// A runtime error: one line naming the file and the reason, exit 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    Foundation.exit(1)
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}
