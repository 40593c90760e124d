import Foundation
import Mustache

/// The Swift files of a module, rendered with Mustache from the templates in
/// `Scaffolding/Templates/` (compiled into the binary); a team's templates folder replaces any
/// of them by file name (`uikit-presenter.mustache`).
struct ScaffoldRenderer {
    /// Template name → the role suffix of the file it writes; tests go to the test folder.
    static let uikit: [(template: String, suffix: String, isTest: Bool)] = [
        ("uikit-contract", "Contract", false), ("uikit-interactor", "Interactor", false), ("uikit-presenter", "Presenter", false),
        ("uikit-router", "Router", false), ("uikit-module", "Module", false),
        ("uikit-interactor-tests", "InteractorTests", true), ("uikit-presenter-tests", "PresenterTests", true),
        ("uikit-module-tests", "ModuleTests", true),
    ]
    static let swiftui: [(template: String, suffix: String, isTest: Bool)] = [
        ("swiftui-contracts", "Contracts", false), ("swiftui-view", "View", false), ("swiftui-view-state", "ViewState", false),
        ("swiftui-presenter", "Presenter", false), ("swiftui-interactor", "Interactor", false), ("swiftui-router", "Router", false),
        ("swiftui-module", "Module", false),
        ("swiftui-interactor-tests", "InteractorTests", true), ("swiftui-presenter-tests", "PresenterTests", true),
        ("swiftui-module-tests", "ModuleTests", true),
    ]
    static var names: [String] { (uikit + swiftui).map(\.template) }

    static let builtIn: [String: String] = [
        "uikit-contract": PackageResources.uikit_contract_mustache, "uikit-interactor": PackageResources.uikit_interactor_mustache,
        "uikit-presenter": PackageResources.uikit_presenter_mustache, "uikit-router": PackageResources.uikit_router_mustache,
        "uikit-module": PackageResources.uikit_module_mustache, "uikit-interactor-tests": PackageResources.uikit_interactor_tests_mustache,
        "uikit-presenter-tests": PackageResources.uikit_presenter_tests_mustache, "uikit-module-tests": PackageResources.uikit_module_tests_mustache,
        "swiftui-contracts": PackageResources.swiftui_contracts_mustache, "swiftui-view": PackageResources.swiftui_view_mustache,
        "swiftui-view-state": PackageResources.swiftui_view_state_mustache, "swiftui-presenter": PackageResources.swiftui_presenter_mustache,
        "swiftui-interactor": PackageResources.swiftui_interactor_mustache, "swiftui-router": PackageResources.swiftui_router_mustache,
        "swiftui-module": PackageResources.swiftui_module_mustache, "swiftui-interactor-tests": PackageResources.swiftui_interactor_tests_mustache,
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

    /// Path (relative to the scanned root) → text, in template order.
    func render(_ module: ScaffoldModule, testImport: String?) -> [(path: String, text: String)] {
        let context = TemplateValue.mustacheContext(Self.context(module, testImport: testImport))
        return (module.style == .swiftui ? Self.swiftui : Self.uikit).map { entry in
            let folder = entry.isTest ? module.testFolder : module.folder
            let text = library.render(context, withTemplate: entry.template) ?? ""
            return (folder + module.prefix + entry.suffix + ".swift", Self.tidy(text))
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
        return ["prefix": .text(m.prefix), "viewController": .text(m.viewController),
                "plainInputs": list(plainInputs), "hasPlainInputs": .flag(!plainInputs.isEmpty), "hasInputs": .flag(!inputs.isEmpty),
                "plainRoutes": list(plainRoutes), "hasPlainRoutes": .flag(!plainRoutes.isEmpty),
                "inputs": list(inputs), "outputs": list(outputs), "states": list(states), "routes": list(routes), "services": list(services),
                "hasServices": .flag(!services.isEmpty), "handed": list(handed), "canMake": .flag(handed.isEmpty), "hasRoutes": .flag(!routes.isEmpty),
                "viewTasks": .list(m.viewTasks.map { ["task": .text($0)] }),
                "swiftTesting": .flag(m.swiftTesting), "xctest": .flag(!m.swiftTesting),
                "testImport": .text(testImport ?? ""), "hasTestImport": .flag(testImport != nil)]
    }
}
