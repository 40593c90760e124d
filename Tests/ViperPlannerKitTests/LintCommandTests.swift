import Foundation
import Testing
@testable import ViperPlannerKit

/// `rules`, `init` and the did-you-mean of mistyped names.
struct LintCommandTests {
    @Test func editDistanceAndTheNearestName() {
        #expect(DidYouMean.distance("kitten", "sitting") == 3)
        #expect(DidYouMean.distance("", "audit") == 5 && DidYouMean.distance("plan", "") == 4)
        #expect(DidYouMean.distance("exclude", "excluded") == 1 && DidYouMean.distance("audt", "audit") == 1)
        #expect(DidYouMean.distance("vc-sise", "vc-size") == 1 && DidYouMean.distance("same", "same") == 0)
        #expect(DidYouMean.nearest(to: "pln", in: ["audit", "plan", "update"]) == "plan")
        #expect(DidYouMean.nearest(to: "xyzzy", in: ["audit", "plan"]) == nil)
        #expect(DidYouMean.nearest(to: "plan", in: ["audit", "plan"]) == nil)
        // Three edits away is too far; on a tie the first listed wins.
        #expect(DidYouMean.nearest(to: "abc", in: ["xyz"]) == nil)
        #expect(DidYouMean.nearest(to: "ab", in: ["ax", "xb"]) == "ax")
        #expect(DidYouMean.hint(for: "exclude", in: Configuration.keyNames) == " (did you mean 'excluded'?)")
        #expect(DidYouMean.hint(for: "colour", in: Configuration.keyNames) == "")
    }

    @Test func aMistypedCommandIsNamedUnlessItIsAPath() throws {
        let commands = ["audit", "plan", "update", "status", "explain", "rules", "init", "parse-only", "help"]
        let shown = ["audit", "plan", "update", "status", "explain", "rules", "init"]
        func check(_ word: String) -> String? { Commands.mistypedCommand(word, commands: commands, suggesting: shown) }
        #expect(check("audt") == "unknown command 'audt' (did you mean 'audit'?)")
        #expect(check("rule") == "unknown command 'rule' (did you mean 'rules'?)")
        #expect(check("updte") == "unknown command 'updte' (did you mean 'update'?)")
        #expect(check("plan") == nil && check("help") == nil && check("parse-only") == nil)
        #expect(check("--version") == nil && check("-h") == nil)
        // Far from every command: the folder to audit (which reports it missing if it is).
        #expect(check("Sources") == nil && check("xyzzy") == nil)
        // A word with a slash is a path, missing or not.
        #expect(check("audt/") == nil && check("./plan") == nil)
        // A hidden command is never suggested.
        #expect(check("parse-onl") == nil)
        // An existing path is the folder to audit, however near a name (CLI test: `CommandLineLintTests`).
        try TemporaryFolder.with("audt") { root in
            try FileManager.default.createDirectory(atPath: root + "/audt", withIntermediateDirectories: true)
            #expect(check(root + "/audt") == nil)
        }
    }

    @Test func rulesListsEveryRuleWithItsSeverityAndName() throws {
        let text = try Commands.rules(id: nil)
        let lines = text.split(separator: "\n").map(String.init)
        let descriptions = RuleRegistry.all.map { $0.description }
        #expect(lines.count == descriptions.count)
        let width = descriptions.map(\.id.count).max()! + 2
        for (line, rule) in zip(lines, descriptions) {
            #expect(line == rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
                    + rule.severity.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + rule.name)
        }
        let size = try #require(lines.first { $0.hasPrefix("vc-size ") })
        #expect(size.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["vc-size", "medium", "View", "controller", "size"])
    }

    /// The wording is the rule's own; the examples come with their support files and the
    /// configuration they need, as YAML.
    @Test func rulesWithAnIDShowsTheDescriptionAndExamples() throws {
        let rule = try #require(RuleRegistry.description(of: "vc-size"))
        let text = try Commands.rules(id: "vc-size")
        let head = ["vc-size: View controller size", "Default severity: medium", "", rule.problem, "", "Fix: \(rule.fix)", "",
                    "In the examples, ↓ marks where a finding points.", "", "Triggers it:", "", "    // Example.swift",
                    "    class ↓FeedViewController: UIViewController {"]
        #expect(text.hasPrefix(head.joined(separator: "\n") + "\n"))
        #expect(text.hasSuffix("""
            Does not trigger it:

                // Example.swift
                class FeedViewController: UIViewController {
                    var a = 1
                }

                # .viper-planner.yml
                thresholds:
                  review: 5

            """))
        #expect(text.contains("""
                // FeedViewController+Extra.swift
                extension FeedViewController {
                    func c() {}
                }
            """))
        let networking = try Commands.rules(id: "vc-networking")
        #expect(networking.hasPrefix("vc-networking: View controller does networking\nDefault severity: high; family: networking\n"))
        #expect(networking.contains("\n    networking_types: [BackendSDK]\n"))
        let count = try #require(RuleRegistry.description(of: "vc-networking")).triggering.count
        #expect(count > 1 && networking.contains("\nTriggers it (1 of \(count)):\n") && networking.contains("\nTriggers it (\(count) of \(count)):\n"))
    }

    @Test func anUnknownRuleIsABadArgumentWithASuggestion() {
        func message(_ id: String) -> String {
            do { _ = try Commands.rules(id: id); return "no error" } catch let error as UsageError { return error.description } catch { return "\(error)" }
        }
        #expect(message("vc-sise") == "unknown rule 'vc-sise' (did you mean 'vc-size'?)")
        #expect(message("god") == "unknown rule 'god' (`viper-planner rules` lists them)")
    }

    @Test func rulesAsJSON() throws {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(Commands.rules(id: nil, format: .json).utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? String } == RuleRegistry.catalogueIDs)
        #expect(list.first { $0["id"] as? String == "vc-networking" }?["family"] as? String == "networking")
        #expect(list.allSatisfy { $0["problem"] == nil && $0["triggering"] == nil })
        let one = try #require(try JSONSerialization.jsonObject(with: Data(Commands.rules(id: "vc-size", format: .json).utf8)) as? [String: Any])
        #expect(one["severity"] as? String == "medium" && one["fix"] as? String == RuleRegistry.description(of: "vc-size")?.fix)
        let triggering = try #require(one["triggering"] as? [[String: Any]])
        #expect(triggering.count == 1)
        #expect(triggering[0]["configuration"] as? String == "thresholds:\n  review: 5\n")
        #expect(triggering[0]["support"] as? [String: String] == ["FeedViewController+Extra.swift": "extension FeedViewController {\n    func c() {}\n}\n"])
        #expect((one["nonTriggering"] as? [[String: Any]])?.first?["path"] as? String == "Example.swift")
    }

    // MARK: init

    @Test func initWritesTheStarterThatReadsAsTheDefaults() throws {
        try TemporaryFolder.with("init") { root in
            let line = try Commands.initConfiguration(in: root)
            let path = root + "/.viper-planner.yml"
            #expect(line == "wrote \(path): every key commented out with its default; uncomment a line to change it")
            #expect(try Configuration.load(path: path) == Configuration())
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == Configuration.starterText)
            // Every key the reader takes is there, in the reader's order, commented out.
            let keys = text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("# "), let colon = line.firstIndex(of: ":") else { return nil }
                let key = line.dropFirst(2)[..<colon]
                return key.allSatisfy { $0.isLowercase || $0 == "_" } ? String(key) : nil
            }
            #expect(keys == Configuration.keyNames)
            #expect(keys.count == 21 && keys.contains("prs_written_out") && keys.contains("xcode_severity") && keys.contains("fail_on") && keys.contains("platforms"))
            // With every key line uncommented it still reads as the defaults.
            let keyLines = Configuration.keys.flatMap { $0.yaml(Configuration(), nil) }
            var uncommented = text
            for keyLine in keyLines { uncommented = uncommented.replacingOccurrences(of: "\n# \(keyLine)\n", with: "\n\(keyLine)\n") }
            #expect(uncommented.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.count == keyLines.count)
            #expect(try Configuration.parse(uncommented, file: "starter") == Configuration())
            #expect(uncommented.contains("\nthresholds:\n  review: 400\n  split: 700\n") && uncommented.contains("\nfail_on: null\n"))
        }
    }

    @Test func initNeverReplacesAFile() throws {
        try TemporaryFolder.with("init-exists") { root in
            let path = root + "/.viper-planner.yml"
            try "excluded: [Generated]\n".write(toFile: path, atomically: true, encoding: .utf8)
            func message(_ folder: String) -> String {
                do { return try Commands.initConfiguration(in: folder) } catch { return "\(error)" }
            }
            #expect(message(root) == "\(path): already exists; not overwritten (edit it, or remove it first)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "excluded: [Generated]\n")
            #expect(message(root + "/missing") == "\(root)/missing: no such directory")
            #expect(message(path) == "\(path): not a directory")
            // The writer itself refuses too, for a file that appears between the check and the write.
            #expect(throws: AtomicFile.WriteError(path: path, reason: "already exists")) { try AtomicFile.create("x", at: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "excluded: [Generated]\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [".viper-planner.yml"])
        }
    }
}
