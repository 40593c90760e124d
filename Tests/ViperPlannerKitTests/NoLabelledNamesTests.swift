import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Detection is made of mechanisms, never of the names of the apps it is measured on: no class
/// labelled in an accuracy set appears in the tool's code (identifiers and one-line strings).
/// Comments and the rules' multi-line example sources may use common screen names.
struct NoLabelledNamesTests {
    /// Names the tool knows for another reason than an app, with that reason.
    static let libraryNames: [String: String] = [
        "MessagesViewController": "MessageKit's base view controller class",
    ]

    /// Class names of every label file present: the blind sets in this repository, and the shared
    /// evaluation set when it sits beside the checkout.
    static func labelledNames() throws -> Set<String> {
        let root = SampleGoldenTests.packageRoot
        var files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Benchmarks/accuracy/labels").path)
            .filter { $0.hasSuffix(".json") }.map { root.appendingPathComponent("Benchmarks/accuracy/labels/" + $0) }
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/eval")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: shared.path) {
            files += names.filter { $0.hasPrefix("labels-") && $0.hasSuffix(".json") }.map { shared.appendingPathComponent($0) }
        }
        var classes: Set<String> = []
        for file in files {
            let labels = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
            for label in labels { if let name = label["class"] as? String { classes.insert(name) } }
        }
        return classes
    }

    /// Identifier tokens and the words of one-line string literals of a Swift file.
    static func codeWords(_ source: String) -> Set<String> {
        var words: Set<String> = []
        for token in Parser.parse(source: source).tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name):
                words.insert(name)
            case .stringSegment(let text):
                let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self)
                guard literal?.openingQuote.tokenKind != .multilineStringQuote else { continue }
                for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { words.insert(String(word)) }
            default:
                continue
            }
        }
        return words
    }

    @Test func noLabelledClassNameInTheSources() throws {
        let names = try Self.labelledNames()
        // The blind sets alone: 24 labels of 23 distinct classes (two apps have a SettingsViewController).
        #expect(names.count >= 23, "the blind label sets are missing")
        let sources = SampleGoldenTests.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for name in Self.codeWords(text).intersection(names) where Self.libraryNames[name] == nil {
                found.append("\(relative): \(name)")
            }
        }
        #expect(found.sorted() == [])
    }

    @Test func theScanSeesIdentifiersAndOneLineStringsOnly() {
        let words = Self.codeWords("""
        // HiddenInComment
        let a = KnownScreen.self
        let b = ["NamedInList"]
        let c = \"\"\"
        ExampleOnly
        \"\"\"
        """)
        #expect(words.contains("KnownScreen"))
        #expect(words.contains("NamedInList"))
        #expect(!words.contains("HiddenInComment"))
        #expect(!words.contains("ExampleOnly"))
    }
}
