import Foundation
import Mustache

/// A value a template can show: text, a yes/no, or a list of nested contexts.
public indirect enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([[String: TemplateValue]])

    /// The form Mustache reads: strings, booleans, arrays of dictionaries.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let items): items.map(Self.mustacheContext)
        }
    }

    static func mustacheContext(_ context: [String: TemplateValue]) -> [String: Any] {
        context.mapValues(\.mustacheValue)
    }

    /// A canonical byte form of a context (keys sorted, every part tagged and length-prefixed):
    /// equal forms render equal text with the same templates.
    static func canonical(_ context: [String: TemplateValue], into bytes: inout [UInt8]) {
        func add(_ text: String) { bytes += "\(text.utf8.count):".utf8; bytes += text.utf8 }
        bytes.append(UInt8(ascii: "{"))
        for key in context.keys.sorted() {
            add(key)
            switch context[key]! {
            case .text(let text): bytes.append(UInt8(ascii: "t")); add(text)
            case .flag(let flag): bytes.append(flag ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            case .list(let items):
                bytes += "l\(items.count):".utf8
                for item in items { canonical(item, into: &bytes) }
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }
}

public struct TemplateError: Error, CustomStringConvertible, Equatable {
    public var template: String
    public var message: String
    public var description: String { "template \(template): \(message)" }
}

/// The plan's templates, rendered with Mustache (`hummingbird-project/swift-mustache`): the
/// built-in ones are the package's `PlanFormat/Templates/*.md`, compiled into the binary; a team's
/// `--templates DIR` replaces any of them, partials included (`{{> task}}` is the task block shared
/// by feature.md and cross-cutting.md). Output is Markdown, so nothing is HTML-escaped.
public struct TemplateSet: Sendable {
    /// The templates a plan is rendered from; `task` is a partial.
    public static let names = ["readme", "feature", "cross-cutting", "discovered", "pr-slice", "task"]

    /// Built-in template sources by name.
    public static let builtIn: [String: String] = [
        "readme": PackageResources.readme_md, "feature": PackageResources.feature_md,
        "cross-cutting": PackageResources.cross_cutting_md, "discovered": PackageResources.discovered_md,
        "pr-slice": PackageResources.pr_slice_md, "task": PackageResources.task_md,
    ].mapValues { String(decoding: $0, as: UTF8.self) }

    let library: MustacheLibrary
    /// A hash of the template sources: with the context, what a rendering depends on.
    let sourcesHash: String

    /// `overrides`: name → source, replacing the built-in template of that name.
    public init(overrides: [String: String] = [:]) throws {
        var library = MustacheLibrary()
        var sources: [UInt8] = []
        for name in Self.names {
            let text = overrides[name] ?? Self.builtIn[name]!
            sources += "\(name)=\(text.utf8.count):".utf8
            sources += text.utf8
            // The pragma turns HTML escaping off; on a line of its own it renders as nothing at all.
            let source = "{{% CONTENT_TYPE: TEXT}}\n" + text
            do { try library.register(MustacheTemplate(string: source), named: name) }
            catch { throw TemplateError(template: name, message: "\(error)") }
        }
        self.library = library
        sourcesHash = ContentHash(sources).description
    }

    /// What `render(name, context)` would give, as a hash, without rendering: the template
    /// sources, the template's name and the context's canonical form.
    public func digest(_ name: String, _ context: [String: TemplateValue]) -> String {
        var bytes = Array("\(sourcesHash)|\(name)|".utf8)
        TemplateValue.canonical(context, into: &bytes)
        return ContentHash(bytes).description
    }

    public func render(_ name: String, _ context: [String: TemplateValue]) -> String {
        Self.shortSignatures(library.render(TemplateValue.mustacheContext(context), withTemplate: name) ?? "")
    }

    /// `init(bookmarksDatabase:historyManager:…28 labels…)` in a code span becomes
    /// `init(bookmarksDatabase:historyManager:…)`: two labels tell the member apart, and an
    /// initialiser with dozens of dependencies is otherwise repeated in every task and PR about it.
    static let longSignature = try! NSRegularExpression(
        pattern: "`([A-Za-z_][A-Za-z0-9_]*\\((?:[A-Za-z_][A-Za-z0-9_]*:){2})(?:[A-Za-z_][A-Za-z0-9_]*:){3,}\\)`")

    static func shortSignatures(_ text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        return longSignature.stringByReplacingMatches(in: text, range: range, withTemplate: "`$1…)`")
    }
}
