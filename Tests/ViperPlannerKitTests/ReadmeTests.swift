import Foundation
import Testing
@testable import ViperPlannerKit

/// The README is for a new user: short, its synopses are the built tool's own `--help`, and no
/// link of it or of `docs/` leads to a missing file, a missing heading or out of the repository.
@Suite struct ReadmeTests {
    static let root = SampleGoldenTests.packageRoot.standardizedFileURL.path
    static let readme = "README.md"
    static let maximumLines = 250

    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    /// README.md and every Markdown file of docs/, relative to the package root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return [readme] + docs
    }

    // MARK: Length

    @Test func theReadmeFitsInTwoHundredFiftyLines() throws {
        let lines = try Self.read(Self.readme).split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.last == "" ? lines.count - 1 : lines.count
        #expect(count <= Self.maximumLines, "README.md has \(count) lines; move detail into docs/")
    }

    // MARK: Synopses

    @Test func synopsesAreReadFromUsageBlocksWithTheirContinuationLines() {
        let text = """
            ```usage
            viper-planner audit <path> [--quiet]
                                [--no-cache]
            viper-planner plan <path>
            ```
            ```sh
            viper-planner status <path> --not-a-synopsis
            ```
            """
        #expect(MarkdownText.synopses(text) == ["viper-planner audit <path> [--quiet] [--no-cache]", "viper-planner plan <path>"])
        #expect(MarkdownText.usage(of: "OVERVIEW: x\n\nUSAGE: viper-planner plan <path>\n         [--dir <dir>]\n\nARGUMENTS:\n")
                == "viper-planner plan <path> [--dir <dir>]")
    }

    /// Every synopsis the README shows is the USAGE line of that subcommand's `--help` (whitespace
    /// aside: the README wraps a long one onto indented lines), and every subcommand `--help` lists
    /// has one. Argument-parser writes `[<options>]` for a command of more than 12 options.
    @Test func everySynopsisIsTheUsageOfTheBuiltTool() throws {
        let synopses = MarkdownText.synopses(try Self.read(Self.readme))
        #expect(!synopses.isEmpty, "README.md has no ```usage block")
        let top = try ToolProcess.run(["--help"])
        let listed = MarkdownText.subcommands(of: top.stdout)
        #expect(!listed.isEmpty, "no SUBCOMMANDS in viper-planner --help: \(top.stdout)")
        var shown: Set<String> = []
        for synopsis in synopses {
            let words = synopsis.split(separator: " ")
            try #require(words.count >= 2 && words[0] == "viper-planner", "not a synopsis: \(synopsis)")
            let subcommand = String(words[1])
            shown.insert(subcommand)
            // An unknown word would be taken as the default command's PATH and print its help.
            guard listed.contains(subcommand) else {
                Issue.record("README.md shows a synopsis of `\(subcommand)`, which viper-planner --help does not list")
                continue
            }
            let help = try ToolProcess.run([subcommand, "--help"])
            #expect(help.status == 0, "viper-planner \(subcommand) --help: \(help.stderr)")
            #expect(synopsis == MarkdownText.usage(of: help.stdout), "README.md's synopsis of `\(subcommand)` differs from its --help")
        }
        #expect(listed.subtracting(shown).isEmpty, "subcommands without a synopsis in README.md: \(listed.subtracting(shown).sorted())")
    }

    // MARK: Links

    @Test func linksAreFoundOutsideCodeOnly() {
        let text = """
            See [rules](docs/rules.md#score) and ![map](img/map.png "Map"), [site](https://example.com).
            `[not](a-link.md)` and
            ```
            [not](either.md)
            ```
            [ref]: docs/plan-format.md
            """
        #expect(MarkdownText.links(text) == ["docs/rules.md#score", "img/map.png", "https://example.com", "docs/plan-format.md"])
        #expect(MarkdownText.anchor("Target styles (`--target`, `target:`)") == "target-styles---target-target")
        #expect(MarkdownText.anchor("JSON output (`--format json`, schema version 1)") == "json-output---format-json-schema-version-1")
        #expect(MarkdownText.anchors("# A\n## A\n```\n# not\n```\n## B c\n") == ["a", "a-1", "b-c"])
    }

    /// A link that is not a web address names a file of the repository (relative to the file that
    /// links it) and, when it has one, a heading of it; none climbs out of the repository.
    @Test func everyLinkOfTheReadmeAndDocsResolvesInsideTheRepository() throws {
        var checked = 0
        for document in try Self.documents() {
            let text = try Self.read(document)
            let folder = (document as NSString).deletingLastPathComponent
            for link in MarkdownText.links(text) {
                if link.hasPrefix("http://") || link.hasPrefix("https://") { continue }
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let (path, anchor) = (parts[0], parts.count > 1 ? parts[1] : nil)
                #expect(!path.hasPrefix("/") && !path.contains(":"), "\(document): \(link) is not a path inside the repository")
                let target = path.isEmpty ? document : (folder as NSString).appendingPathComponent(path)
                let resolved = URL(fileURLWithPath: Self.root + "/" + target).standardizedFileURL.path
                guard resolved == Self.root || resolved.hasPrefix(Self.root + "/") else {
                    Issue.record("\(document): \(link) leaves the repository")
                    continue
                }
                guard FileManager.default.fileExists(atPath: resolved) else {
                    Issue.record("\(document): \(link) names no file of the repository")
                    continue
                }
                if let anchor, resolved.hasSuffix(".md") {
                    let headings = MarkdownText.anchors(try String(contentsOfFile: resolved, encoding: .utf8))
                    #expect(headings.contains(anchor), "\(document): \(link) names no heading of \(target)")
                }
            }
        }
        #expect(checked > 0)
    }

    @Test func theReadmeLinksEveryDocument() throws {
        let linked = Set(MarkdownText.links(try Self.read(Self.readme)).map { String($0.split(separator: "#", omittingEmptySubsequences: false)[0]) })
        for document in try Self.documents() where document != Self.readme {
            #expect(linked.contains(document), "README.md does not link \(document)")
        }
    }
}

/// The little of Markdown and of argument-parser's help the README tests read.
enum MarkdownText {
    /// Lines outside fenced code blocks, with inline code spans blanked out.
    static func prose(_ text: String) -> [String] {
        var lines: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            lines.append(String(line).replacingOccurrences(of: "`[^`]*`", with: "``", options: .regularExpression))
        }
        return lines
    }

    /// Targets of inline links and images, `[text](target "title")`, and of reference
    /// definitions, `[label]: target`, in order.
    static func links(_ text: String) -> [String] {
        let inline = try! NSRegularExpression(pattern: #"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#)
        let reference = try! NSRegularExpression(pattern: #"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$"#)
        var targets: [String] = []
        for line in prose(text) {
            let range = NSRange(line.startIndex..., in: line)
            for regex in [inline, reference] {
                for match in regex.matches(in: line, range: range) {
                    targets.append(String(line[Range(match.range(at: 1), in: line)!]))
                }
            }
        }
        return targets
    }

    /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
            return nil
        })
    }

    /// The anchors of a document's headings outside code blocks, a repeated one numbered as
    /// GitHub does (`a`, `a-1`).
    static func anchors(_ text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, let marks = line.range(of: #"^#{1,6}\s+"#, options: .regularExpression) else { continue }
            let base = anchor(line[marks.upperBound...].trimmingCharacters(in: .whitespaces))
            let n = seen[base, default: 0]
            seen[base] = n + 1
            anchors.append(n == 0 ? base : "\(base)-\(n)")
        }
        return anchors
    }

    /// The synopses of the ```usage blocks: a line starting `viper-planner ` begins one, an
    /// indented line continues it; whitespace is collapsed.
    static func synopses(_ text: String) -> [String] {
        var synopses: [String] = []
        var inUsage = false, fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if fenced { fenced = false; inUsage = false } else { fenced = true; inUsage = trimmed == "```usage" }
                continue
            }
            guard inUsage, !trimmed.isEmpty else { continue }
            if line.hasPrefix("viper-planner ") { synopses.append(collapse(trimmed)) }
            else if line.first?.isWhitespace == true, let last = synopses.popLast() { synopses.append(collapse(last + " " + trimmed)) }
        }
        return synopses
    }

    /// The USAGE paragraph of a `--help`, whitespace collapsed, without `USAGE:`.
    static func usage(of help: String) -> String? {
        var paragraph: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if paragraph.isEmpty {
                if line.hasPrefix("USAGE:") { paragraph.append(String(line.dropFirst("USAGE:".count))) }
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                break
            } else {
                paragraph.append(String(line))
            }
        }
        return paragraph.isEmpty ? nil : collapse(paragraph.joined(separator: " "))
    }

    /// The names under SUBCOMMANDS of the top-level `--help` (`audit (default)` is `audit`).
    static func subcommands(of help: String) -> Set<String> {
        var names: Set<String> = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inList = true; continue }
            guard inList else { continue }
            if line.isEmpty || line.first?.isWhitespace == false {
                if names.isEmpty && line.isEmpty { continue }
                break
            }
            // A subcommand's line is indented two spaces; its wrapped abstract much more.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { continue }
            names.insert(String(name))
        }
        return names
    }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
