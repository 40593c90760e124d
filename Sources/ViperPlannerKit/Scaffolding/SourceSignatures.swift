import Foundation
import SwiftParser
import SwiftSyntax

/// The exact parameter and result types of the functions a screen and its services declare, read
/// from their source: the facts keep types normalised (`[Product]?` → `Product`), which is right
/// for matching and wrong for a declaration. Types nested in another type come out qualified
/// (`FeedViewController.SearchScope`), so they resolve from a new file.
struct SourceSignatures {
    struct Signature: Equatable {
        /// Argument label and type of each parameter, closures (completion handlers) left out.
        var parameters: [(label: String, type: String)]
        var result: String?
        static func == (a: Signature, b: Signature) -> Bool {
            a.parameters.map(\.label) == b.parameters.map(\.label) && a.parameters.map(\.type) == b.parameters.map(\.type) && a.result == b.result
        }
    }

    /// `base(label:label:)` (closure parameters dropped) → its signature; the first declaration wins.
    private(set) var byName: [String: Signature] = [:]
    let index: TypeIndex

    init(index: TypeIndex, root: String, paths: [String]) {
        self.index = index
        for path in uniqued(paths) {
            guard let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) else { continue }
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: String(decoding: data, as: UTF8.self)))
            for (name, signature) in collector.found where byName[name] == nil {
                byName[name] = Signature(parameters: signature.parameters.map { ($0.label, qualified($0.type)) },
                                         result: signature.result.map(qualified))
            }
        }
    }

    /// `SearchScope` → `FeedViewController.SearchScope` when only a nested type has that name.
    func qualified(_ type: String) -> String {
        var out = "", word = ""
        func flush() {
            defer { word = "" }
            guard let first = word.first, first.isUppercase, !out.hasSuffix("."), let t = index.resolve(word) else { out += word; return }
            let full = index.types[t].name
            out += full.hasSuffix("." + word) ? full : word
        }
        for c in type {
            if c.isLetter || c.isNumber || c == "_" { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    private final class Collector: SyntaxVisitor {
        var found: [(String, Signature)] = []
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            var parameters: [(label: String, type: String)] = []
            for p in node.signature.parameterClause.parameters {
                let type = p.type.trimmedDescription + (p.ellipsis == nil ? "" : "...")
                // A completion handler is how the view controller waits today, not the use case's input.
                if type.contains("->") { continue }
                parameters.append((p.firstName.text, type))
            }
            let result = node.signature.returnClause?.type.trimmedDescription
            let name = node.name.text + "(" + parameters.map { "\($0.label):" }.joined() + ")"
            found.append((name, Signature(parameters: parameters, result: result == "Void" || result == "()" ? nil : result)))
            return .skipChildren
        }
    }
}
