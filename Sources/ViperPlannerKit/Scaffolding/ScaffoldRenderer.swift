import Foundation
import Mustache

/// The Swift files of a module, rendered with Mustache from the templates in
/// `Scaffolding/Templates/` (compiled into the binary); a team's templates folder replaces any
/// of them by file name (`uikit-presenter.mustache`).
struct ScaffoldRenderer {
    /// The files of a role: template, the file name's suffix after the prefix, whether it is a test.
    static func files(_ role: ScaffoldRole, style: TargetStyle) -> [(template: String, suffix: String, isTest: Bool)] {
        let s = style.rawValue
        switch role {
        case .interactor: return [("\(s)-interactor", "Interactor", false)]
        case .interactorTests: return [("\(s)-interactor-tests", "InteractorTests", true)]
        case .presenter: return [("\(s)-presenter", "Presenter", false)] + (style == .swiftui ? [("swiftui-view-state", "ViewState", false)] : [])
        case .presenterTests: return [("\(s)-presenter-tests", "PresenterTests", true)]
        case .router: return [("\(s)-router", "Router", false)]
        case .view: return style == .swiftui ? [("swiftui-view", "View", false)] : []
        case .module: return [("\(s)-module", "Module", false)]
        case .moduleTests: return [("\(s)-module-tests", "ModuleTests", true)]
        case .service(let suffix): return [("\(s)-service", suffix, false)]
        }
    }

    static let uikitNames = ["interactor", "presenter", "router", "module", "service", "interactor-tests", "presenter-tests", "module-tests"]
    static let swiftuiNames = ["view", "view-state", "presenter", "interactor", "router", "module", "service", "interactor-tests", "presenter-tests", "module-tests"]
    static var names: [String] { uikitNames.map { "uikit-" + $0 } + swiftuiNames.map { "swiftui-" + $0 } }

    static let builtIn: [String: String] = [
        "uikit-interactor": PackageResources.uikit_interactor_mustache,
        "uikit-presenter": PackageResources.uikit_presenter_mustache, "uikit-router": PackageResources.uikit_router_mustache,
        "uikit-module": PackageResources.uikit_module_mustache, "uikit-service": PackageResources.uikit_service_mustache,
        "uikit-interactor-tests": PackageResources.uikit_interactor_tests_mustache,
        "uikit-presenter-tests": PackageResources.uikit_presenter_tests_mustache, "uikit-module-tests": PackageResources.uikit_module_tests_mustache,
        "swiftui-view": PackageResources.swiftui_view_mustache,
        "swiftui-view-state": PackageResources.swiftui_view_state_mustache, "swiftui-presenter": PackageResources.swiftui_presenter_mustache,
        "swiftui-interactor": PackageResources.swiftui_interactor_mustache, "swiftui-router": PackageResources.swiftui_router_mustache,
        "swiftui-module": PackageResources.swiftui_module_mustache, "swiftui-service": PackageResources.swiftui_service_mustache,
        "swiftui-interactor-tests": PackageResources.swiftui_interactor_tests_mustache,
        "swiftui-presenter-tests": PackageResources.swiftui_presenter_tests_mustache,
        "swiftui-module-tests": PackageResources.swiftui_module_tests_mustache,
    ].mapValues { String(decoding: $0, as: UTF8.self) }

    let library: MustacheLibrary

    init(overrides: [String: String] = [:]) throws {
        var library = MustacheLibrary()
        for name in Self.names {
            let source = "{{% CONTENT_TYPE: TEXT}}\n" + (overrides[name] ?? Self.builtIn[name]!)
            do { try library.register(MustacheTemplate(string: source), named: name) }
            catch { throw TemplateError(template: name, message: "\(error)") }
        }
        self.library = library
    }

    /// Path (relative to the scanned root) → text, for the module's roles in order.
    func render(_ module: ScaffoldModule, testImport: String?) -> [(path: String, text: String)] {
        let base = Self.context(module, testImport: testImport)
        return module.roles.flatMap { role in
            var values = base
            if case .service(let suffix) = role { values["service"] = .text(module.prefix + suffix) }
            let context = TemplateValue.mustacheContext(values)
            return Self.files(role, style: module.style).map { entry in
                let folder = entry.isTest ? module.testFolder : module.folder
                let text = library.render(context, withTemplate: entry.template) ?? ""
                return (folder + module.prefix + entry.suffix + ".swift", Self.tidy(text))
            }
        }
    }

    /// At most one blank line in a row, and one newline at the end: sections that render nothing
    /// leave no gaps.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let blank = line.allSatisfy { $0 == " " }
            if blank, lines.last.map({ $0.isEmpty || $0.hasSuffix("{") }) ?? true { continue }
            if line.trimmingCharacters(in: .whitespaces) == "}", lines.last?.isEmpty == true { lines.removeLast() }
            lines.append(blank ? "" : line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    static func context(_ m: ScaffoldModule, testImport: String?) -> [String: TemplateValue] {
        func list(_ items: [[String: TemplateValue]]) -> TemplateValue {
            .list(items.enumerated().map { i, item in item.merging(["last": .flag(i == items.count - 1)]) { a, _ in a } })
        }
        let swiftUI = m.style == .swiftui
        let inputs = m.inputs.map { u -> [String: TemplateValue] in
            let base = String(u.declaration.prefix { $0 != "(" && $0 != "<" })
            let result = u.result.map { swiftUI ? " async -> \($0)" : "" } ?? (swiftUI ? " async" : "")
            return ["name": .text(u.name), "base": .text(base), "declaration": .text(u.declaration), "signature": .text(u.declaration + result),
                    "call": .text(u.call), "tasks": .text(u.tasks), "Base": .text(upperFirst(base)),
                    "hasParameters": .flag(!u.declaration.hasSuffix("()")), "hasResult": .flag(u.result != nil),
                    "output": .text(u.outputName + (u.result.map { "(_ result: \($0))" } ?? "()")), "outputName": .text(u.outputName)]
        }
        let outputs = m.outputs.map { d -> [String: TemplateValue] in
            ["name": .text(d.name), "state": .text(d.state), "property": .text(d.property), "hasProperty": .flag(!d.property.isEmpty),
             "declaration": .text("\(d.name)(_ viewState: \(d.state))"), "tasks": .text(d.tasks)]
        }
        let states = m.states.filter { $0 != "\(m.prefix)ViewState" || !swiftUI }.map { state -> [String: TemplateValue] in
            let users = m.outputs.filter { $0.state == state }
            return ["state": .text(state), "for": .text(users.map { "`\($0.name)(_:)`" }.joined(separator: ", ")),
                    "tasks": .text(uniqued(users.map(\.tasks)).joined(separator: ", "))]
        }
        let routes = m.routes.map { r -> [String: TemplateValue] in
            let base = String(r.declaration.prefix { $0 != "(" && $0 != "<" })
            return ["name": .text(r.name), "base": .text(base), "declaration": .text(r.declaration), "Base": .text(upperFirst(base)),
                    "call": .text(r.call),
                    "case": .text(r.caseName), "detail": .text(r.detail), "hasParameters": .flag(!r.declaration.hasSuffix("()"))]
        }
        let services = m.services.map { s -> [String: TemplateValue] in
            ["property": .text(s.property), "type": .text(s.type), "value": .text(s.value ?? s.property),
             "pending": .text(s.pendingProtocol ?? ""), "hasPending": .flag(s.pendingProtocol != nil)]
        }
        // Services nothing in the sources makes are the builder's parameters; the tests that need a
        // whole interactor are left out until they have doubles.
        let handed = m.services.filter { $0.value == nil }.map { s -> [String: TemplateValue] in
            ["property": .text(s.property), "type": .text(s.type)]
        }
        let plainInputs = inputs.filter { $0["hasParameters"] == .flag(false) }
        let plainRoutes = routes.filter { $0["hasParameters"] == .flag(false) }
        // What the presenter's initialiser takes: what this run gives it, or what the sources' one declares.
        let initLabels = m.presenterInit ?? ["view"] + (m.present.contains(.interactor) && !swiftUI ? ["interactor"] : [])
            + (m.present.contains(.router) ? ["router"] : [])
        let roleFlags: [String: TemplateValue] = [
            "hasInteractor": .flag(m.present.contains(.interactor)), "hasRouter": .flag(m.present.contains(.router)),
            "hasView": .flag(m.present.contains(.view)),
            "initInteractor": .flag(initLabels.contains("interactor")), "initRouter": .flag(initLabels.contains("router")),
            "setInteractor": .flag(!swiftUI && m.present.contains(.interactor) && !initLabels.contains("interactor")),
            "setRouter": .flag(m.present.contains(.router) && !initLabels.contains("router")),
        ]
        return roleFlags.merging(["prefix": .text(m.prefix), "viewController": .text(m.viewController),
                "plainInputs": list(plainInputs), "hasPlainInputs": .flag(!plainInputs.isEmpty), "hasInputs": .flag(!inputs.isEmpty),
                "plainRoutes": list(plainRoutes), "hasPlainRoutes": .flag(!plainRoutes.isEmpty),
                "inputs": list(inputs), "outputs": list(outputs), "states": list(states), "routes": list(routes), "services": list(services),
                "hasServices": .flag(!services.isEmpty), "handed": list(handed), "canMake": .flag(handed.isEmpty), "hasRoutes": .flag(!routes.isEmpty),
                "viewTasks": .list(m.viewTasks.map { ["task": .text($0)] }),
                "swiftTesting": .flag(m.swiftTesting), "xctest": .flag(!m.swiftTesting),
                "testImport": .text(testImport ?? ""), "hasTestImport": .flag(testImport != nil)]) { a, _ in a }
    }
}
