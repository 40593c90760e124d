struct PresenterImportsUIKitRule: Rule {
    static let description = RuleDescription(
        id: "presenter-imports-uikit", name: "Presenter depends on UIKit", family: nil, severity: .high,
        problem: "A module's Presenter imports UIKit (or SwiftUI) or uses UI types. It can then only be tested with UIKit loaded, it starts making view decisions (colours, fonts, view controllers) that belong to the view, and the module's layers blur again. High when it uses UI types; Medium when it only imports the framework (a one-line change). A type is a Presenter by its module's evidence (a back-reference to its view, or a presenter protocol it adopts), not by its name alone.",
        fix: "Import Foundation only; hand the view plain view models (strings, flags, enums) and let the view map them to UIKit.",
        triggering: [
            Example("""
            import ↓UIKit
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                func statusColor(for order: Order) -> ↓UIColor { order.isLate ? .red : .black }
            }
            """, fix: "Replace `import UIKit` with `import Foundation` in OrdersPresenter and move `UIColor` into the view, driven by a view-model value."),
            // Imported, unused: a Medium one-line change.
            Example("""
            import ↓UIKit
            protocol ListPresentationLogic { func present(_ items: [Int]) }
            final class ListPresenter: ListPresentationLogic {
                func present(_ items: [Int]) {}
            }
            """, fix: "Replace `import UIKit` with `import Foundation` in ListPresenter."),
        ],
        nonTriggering: [
            Example("""
            import Foundation
            final class OrdersPresenter: OrdersPresenterInput {
                func statusStyle(for order: Order) -> OrderRowViewModel.Style { order.isLate ? .warning : .normal }
            }
            """),
            // A UIKit helper named "…Presenter" that places popovers has no module: no view it
            // reports to, no presenter protocol.
            Example("""
            import UIKit
            final class PopoverPresenter {
                func place(_ controller: UIViewController, from view: UIView) {
                    controller.popoverPresentationController?.sourceView = view
                }
            }
            """),
            // A lone NSObject "presenter" that shows a UIKit sheet is not a VIPER role.
            Example("""
            import UIKit
            final class FeedbackPresenter: NSObject {
                func present(from viewController: UIViewController) {
                    viewController.present(UIAlertController(title: "Feedback", message: nil, preferredStyle: .actionSheet), animated: true)
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.types(withRole: .presenter).compactMap { t -> Finding? in
            guard context.isModulePresenter(t) else { return nil }
            let decls = context.index.declarations(of: t)
            var evidence: [Evidence] = []
            var modules: [String] = []
            var seenFiles: Set<String> = []
            for (path, _) in decls where seenFiles.insert(path).inserted {
                let imports = context.index.files.first { $0.path == path }?.imports ?? []
                for fact in imports where ["UIKit", "SwiftUI"].contains(fact.module) {
                    evidence.append(context.evidence(path, fact.position))
                    if !modules.contains(fact.module) { modules.append(fact.module) }
                }
            }
            for (path, decl) in decls {
                for (_, position) in decl.uiTypeNames.sorted(by: { $0.value < $1.value }) { evidence.append(context.evidence(path, position)) }
            }
            guard let first = evidence.first else { return nil }
            let name = context.index.types[t].name
            let uiTypes = decls.flatMap { $0.decl.uiTypeNames.keys }.sorted()
            // The message names what is really there: `import SwiftUI` is not UIKit.
            let dependsOn = modules.isEmpty ? ["UIKit"] : modules
            let moved = "move \(uiTypes.map { "`\($0)`" }.joined(separator: ", ")) into the view, driven by a view-model value"
            let fix = modules.isEmpty ? "M" + moved.dropFirst()
                : "Replace \(modules.map { "`import \($0)`" }.joined(separator: " and ")) with `import Foundation` in \(name)"
                    + (context.isObservationMacro(t) ? " (and `import Observation` for `@Observable`)" : "")
                    + (uiTypes.isEmpty ? "" : " and " + moved)
            return Finding(rule: Self.description, severity: uiTypes.isEmpty ? .medium : .high, type: name, member: nil, file: first.file,
                           position: SourcePosition(line: first.line, column: first.column),
                           message: "\(name) depends on \(dependsOn.joined(separator: " and "))" + (uiTypes.isEmpty ? "" : " (uses \(uiTypes.joined(separator: ", ")))"),
                           fix: fix + ".",
                           evidence: evidence)
        }
    }
}

extension RuleContext {
    /// A Presenter by its module's evidence: a back-reference to the view it drives, or a project
    /// presenter protocol it adopts (`…PresenterInput`, `…PresentationLogic`, `…ViewOutput`).
    func isModulePresenter(_ t: Int) -> Bool {
        if !backReferences(of: t).isEmpty { return true }
        return index.memberOwners(of: t).contains { p in
            p != t && index.types[p].kind == .protocol && RoleClassifier.protocolRole(index.types[p].name) == .presenter
        }
    }
}
