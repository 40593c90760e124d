import ArgumentParser
import Foundation
import ViperPlannerKit

extension RulesFormat: ExpressibleByArgument {}

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules: id, default severity and what triggers each; with an ID, that rule's description and examples.",
        discussion: "Exit codes: 0 success; 64 an unknown rule id or bad arguments.")

    @Argument(help: "A rule id (as `viper-planner rules` lists them): show its description and examples.")
    var id: String?

    @Option(help: "Output format: text or json.")
    var format: RulesFormat = .text

    func run() throws {
        do { print(try Commands.rules(id: id, format: format), terminator: "") } catch { fail(error) }
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter .viper-planner.yml into PATH: every key the configuration takes, commented out with its default.",
        discussion: "An existing .viper-planner.yml is never replaced. Exit codes: 0 written; 1 the file exists or cannot be written; 64 bad arguments.")

    @Argument(help: "The folder to write .viper-planner.yml into.", completion: .directory)
    var path: String = "."

    func run() throws {
        do { print(try Commands.initConfiguration(in: path)) } catch { fail(error) }
    }
}
