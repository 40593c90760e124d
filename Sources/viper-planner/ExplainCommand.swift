import ArgumentParser
import Foundation
import ViperPlannerKit

extension Family: ExpressibleByArgument {}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show why a type has a family: its shortest call path to the API, one hop per line, or where the walk stopped.")

    @OptionGroup var scan: ScanOptions

    @Argument(help: "The type to explain (its name, or Outer.Inner).")
    var type: String

    @Option(help: "Only this family: networking, persistence, formatting or navigation.")
    var family: Family?

    @Option(help: "Output format: text or json.")
    var format: ExplainFormat = .text

    @OptionGroup var cacheOptions: CacheOptions

    enum ExplainFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    func run() throws {
        do {
            print(try Commands.explain(ExplainRequest(scan: scan.request(cacheOptions), typeName: type, family: family,
                                                      json: format == .json)), terminator: "")
        } catch { fail(error) }
    }
}
