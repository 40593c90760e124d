import Foundation
import SwiftParser
import SwiftSyntax

/// A role that lands after the module's presenter (the router of a later PR, an interactor the
/// builder PR adds) is wired into the presenter the sources have: a property for it, the
/// presenter's methods that forward to it, and their requirements in the presenter's protocol.
/// Members the presenter already declares are left alone.
enum PresenterWiring {
    /// The presenter file's text with `roles` wired in; nil when the file has no class of that name.
    static func wire(_ text: String, module m: ScaffoldModule, roles: [ScaffoldRole]) -> String? {
        let tree = Parser.parse(source: text)
        let finder = Finder(names: [m.prefix + "Presenter", m.prefix + "PresenterProtocol"])
        finder.walk(tree)
        guard let classBrace = finder.braces[m.prefix + "Presenter"] else { return nil }
        let (members, requirements, appendix) = additions(module: m, roles: roles, existing: finder.members)
        guard !members.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        // From the end, so the earlier offsets hold.
        var insertions = [(classBrace, members.map { "\n\n    " + $0 }.joined())]
        if m.style != .swiftui, let protocolBrace = finder.braces[m.prefix + "PresenterProtocol"], !requirements.isEmpty {
            insertions.append((protocolBrace, requirements.map { "\n    " + $0 }.joined()))
        }
        for (offset, insert) in insertions.sorted(by: { $0.0 > $1.0 }) {
            bytes.insert(contentsOf: Array(insert.utf8), at: offset)
        }
        var result = String(decoding: bytes, as: UTF8.self)
        if !appendix.isEmpty {
            if !result.hasSuffix("\n") { result += "\n" }
            result += appendix
        }
        return result
    }

    /// The lines `wire` adds to a presenter that declares none of them, counted without parsing
    /// (the planner's estimate runs on threads with small stacks).
    static func addedLines(module m: ScaffoldModule, roles: [ScaffoldRole]) -> Int {
        let (members, requirements, appendix) = additions(module: m, roles: roles, existing: [])
        let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).count }
        // Each member block follows a blank line.
        return members.reduce(0) { $0 + 1 + lines($1) } + (m.style == .swiftui ? 0 : requirements.count)
            + (appendix.isEmpty ? 0 : lines(appendix) - 1)
    }

    /// The presenter's new members (blocks set apart by a blank line), its protocol's new
    /// requirements, and an extension for the end of the file.
    private static func additions(module m: ScaffoldModule, roles: [ScaffoldRole], existing: Set<String>)
        -> (members: [String], requirements: [String], appendix: String) {
        let swiftUI = m.style == .swiftui
        var members: [String] = [], requirements: [String] = [], appendix = ""
        func fresh(_ declaration: String) -> Bool { !existing.contains(String(declaration.prefix { $0 != "(" && $0 != "<" })) }
        if roles.contains(.interactor), !existing.contains("interactor") {
            members.append(swiftUI ? "var interactor: (any \(m.prefix)InteractorInput)?" : "var interactor: \(m.prefix)InteractorInput?")
            let forwards = m.inputs.filter { fresh($0.declaration) }.map { u in
                swiftUI ? "func \(u.declaration) async { await interactor?.\(u.call) }" : "func \(u.declaration) { interactor?.\(u.call) }"
            }
            if !forwards.isEmpty { members.append((["// The view's requests, each a use case of the interactor."] + forwards).joined(separator: "\n    ")) }
            requirements += m.inputs.filter { fresh($0.declaration) }.map { "func \($0.declaration)" }
            let outputs = m.inputs.map { "    func \($0.outputName + ($0.result.map { "(_ result: \($0))" } ?? "()")) {}" }
            appendix = "\nextension \(m.prefix)Presenter: \(m.prefix)InteractorOutput {\n" + outputs.joined(separator: "\n") + (outputs.isEmpty ? "" : "\n") + "}\n"
        }
        if roles.contains(.router), !existing.contains("router") {
            members.append(swiftUI ? "var router: \(m.prefix)Router?" : "var router: \(m.prefix)RouterProtocol?")
            let forwards = m.routes.filter { fresh($0.declaration) }.map { r in
                "func \(r.declaration) { router?\(swiftUI ? ".route = .\(r.caseName)" : ".\(r.call)") }"
            }
            if !forwards.isEmpty { members.append((["// Where the screen goes: the router shows each destination."] + forwards).joined(separator: "\n    ")) }
            requirements += m.routes.filter { fresh($0.declaration) }.map { "func \($0.declaration)" }
        }
        return (members, requirements, appendix)
    }

    /// The offset just before the closing brace's line of each named type, and the names of the
    /// members the presenter class declares.
    private final class Finder: SyntaxVisitor {
        let names: Set<String>
        var braces: [String: Int] = [:]
        var members: Set<String> = []

        init(names: Set<String>) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name.text, node.memberBlock)
            if names.contains(node.name.text) { collect(node.memberBlock) }
            return .skipChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name.text, node.memberBlock)
            return .skipChildren
        }

        private func record(_ name: String, _ block: MemberBlockSyntax) {
            guard names.contains(name), braces[name] == nil else { return }
            // The brace's leading trivia is the newline and indentation before it.
            braces[name] = block.rightBrace.position.utf8Offset
        }

        private func collect(_ block: MemberBlockSyntax) {
            for item in block.members {
                if let f = item.decl.as(FunctionDeclSyntax.self) { members.insert(f.name.text) }
                if let v = item.decl.as(VariableDeclSyntax.self) {
                    for binding in v.bindings { if let p = binding.pattern.as(IdentifierPatternSyntax.self) { members.insert(p.identifier.text) } }
                }
            }
        }
    }
}
