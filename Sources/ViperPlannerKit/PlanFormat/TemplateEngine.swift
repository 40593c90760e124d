import Foundation

/// A value a template can show: text, a yes/no, or a list of nested contexts.
public indirect enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([[String: TemplateValue]])
}

public struct TemplateError: Error, CustomStringConvertible, Equatable {
    public var template: String
    public var message: String
    public var description: String { "template \(template): \(message)" }
}

/// A small Mustache subset, enough for Markdown layouts: `{{name}}`, `{{#name}}…{{/name}}` (a list
/// repeats, a flag or non-empty text shows), `{{^name}}…{{/name}}` (shown when empty or false).
/// A line holding only a section tag disappears from the output. No escaping: the output is Markdown.
public struct Template: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(String)
        case section(String, inverted: Bool, [Node])
    }
    let name: String
    let nodes: [Node]

    public init(name: String, source: String) throws {
        self.name = name
        var tokens = Self.tokenize(Self.dropStandaloneTagLines(source))
        var stack: [(String, Bool, [Node])] = [("", false, [])]
        while !tokens.isEmpty {
            let token = tokens.removeFirst()
            switch token {
            case .text(let t): stack[stack.count - 1].2.append(.text(t))
            case .tag(let tag):
                if let first = tag.first, first == "#" || first == "^" {
                    stack.append((String(tag.dropFirst()), first == "^", []))
                } else if tag.first == "/" {
                    let closing = String(tag.dropFirst())
                    guard stack.count > 1, stack.last!.0 == closing else {
                        throw TemplateError(template: name, message: "unexpected {{/\(closing)}}")
                    }
                    let done = stack.removeLast()
                    stack[stack.count - 1].2.append(.section(done.0, inverted: done.1, done.2))
                } else {
                    stack[stack.count - 1].2.append(.variable(tag))
                }
            }
        }
        guard stack.count == 1 else { throw TemplateError(template: name, message: "{{#\(stack.last!.0)}} is never closed") }
        nodes = stack[0].2
    }

    public func render(_ context: [String: TemplateValue]) -> String {
        var out = ""
        Self.render(nodes, [context], into: &out)
        return out
    }

    private static func lookup(_ key: String, _ scopes: [[String: TemplateValue]]) -> TemplateValue? {
        for scope in scopes.reversed() { if let v = scope[key] { return v } }
        return nil
    }

    private static func render(_ nodes: [Node], _ scopes: [[String: TemplateValue]], into out: inout String) {
        for node in nodes {
            switch node {
            case .text(let t): out += t
            case .variable(let key):
                if case .text(let t)? = lookup(key, scopes) { out += t }
            case .section(let key, let inverted, let body):
                let value = lookup(key, scopes)
                let items: [[String: TemplateValue]]
                switch value {
                case .list(let l)?: items = l
                case .flag(let b)?: items = b ? [[:]] : []
                case .text(let t)?: items = t.isEmpty ? [] : [[:]]
                case nil: items = []
                }
                if inverted {
                    if items.isEmpty { render(body, scopes, into: &out) }
                } else {
                    for item in items { render(body, scopes + [item], into: &out) }
                }
            }
        }
    }

    private enum Token { case text(String), tag(String) }

    private static func tokenize(_ source: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                tokens.append(.text(String(rest[open.lowerBound...]))); return tokens
            }
            tokens.append(.tag(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    /// `{{#tasks}}` alone on its line would otherwise leave an empty line per item.
    private static func dropStandaloneTagLines(_ source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for i in lines.indices {
            let t = lines[i].trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("{{"), t.hasSuffix("}}"), t.count > 4 else { continue }
            let inner = t.dropFirst(2).dropLast(2)
            guard let first = inner.first, "#^/".contains(first), !inner.contains("{{"), !inner.contains("}}") else { continue }
            lines[i] = "\u{0}" + t
        }
        var result = ""
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("\u{0}") { result += line.dropFirst(); continue }
            result += line
            if i < lines.count - 1 { result += "\n" }
        }
        return result
    }
}
