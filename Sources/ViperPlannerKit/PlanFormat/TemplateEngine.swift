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

    /// `overrides`: name → source, replacing the built-in template of that name.
    public init(overrides: [String: String] = [:]) throws {
        var library = MustacheLibrary()
        for name in Self.names {
            // The pragma turns HTML escaping off; on a line of its own it renders as nothing at all.
            let source = "{{% CONTENT_TYPE: TEXT}}\n" + (overrides[name] ?? Self.builtIn[name]!)
            do { try library.register(MustacheTemplate(string: source), named: name) }
            catch { throw TemplateError(template: name, message: "\(error)") }
        }
        self.library = library
    }

    public func render(_ name: String, _ context: [String: TemplateValue]) -> String {
        library.render(TemplateValue.mustacheContext(context), withTemplate: name) ?? ""
    }
}
