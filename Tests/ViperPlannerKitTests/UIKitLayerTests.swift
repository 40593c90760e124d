import Foundation
import Testing
@testable import ViperPlannerKit

/// Lines are placed by the types they touch: a line that makes or changes a UIKit value (an alert,
/// `UIApplication`, a project row model holding images or cells) never goes to a Presenter or
/// Interactor that imports Foundation only.
struct UIKitLayerTests {
    static func plan(_ files: [(String, String)]) -> Plan {
        Planner.plan(Auditor.audit(sources: files), configuration: Configuration(), date: "2026-01-01")
    }

    static func split(_ code: String, screen: String) throws -> ScreenSplit {
        let report = Auditor.audit(sources: [("App/\(screen).swift", code)])
        let t = try #require(report.index.resolve(screen))
        return ScreenSplit.of(t, index: report.index, profile: report.profiles[t], namer: UseCaseNamer(index: report.index, type: t), wrappers: [])
    }

    /// An alert built in code, its actions and the URL it opens are the view's: no Presenter task
    /// moves them, though the method also sets the screen's state.
    @Test func anAlertTheScreenBuildsStaysInTheView() throws {
        let code = """
        import UIKit
        final class AuthViewController: UIViewController {
            @IBOutlet var emailField: UITextField!
            var mustResetPassword = false
            func presentPasswordResetRequiredAlert(email: String) {
                guard let url = URL(string: "https://example.com/reset?" + email) else { return }
                let alert = UIAlertController(title: "Reset", message: "Weak password", preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                let reset = UIAlertAction(title: "Reset", style: .default) { [weak self] _ in
                    self?.mustResetPassword = true
                    UIApplication.shared.open(url, options: [:], completionHandler: nil)
                }
                alert.addAction(reset)
                present(alert, animated: true)
            }
        }
        """
        let plan = Self.plan([("App/Auth/AuthViewController.swift", code)])
        let moving = plan.features.flatMap(\.tasks).filter { $0.moves.contains { $0.name == "presentPasswordResetRequiredAlert(email:)" } }
        #expect(moving.allSatisfy { $0.category != .P }, "\(moving.map(\.title))")
        let member = try #require(try Self.split(code, screen: "AuthViewController").members.first { $0.name == "presentPasswordResetRequiredAlert(email:)" })
        #expect(member.lines[.presenter] == nil, "\(member.lines)")
    }

    /// The code of an initialiser before `super.init(…)` assigns stored properties and cannot call a
    /// presenter: it stays in the view, and only the work after `super.init(…)` is placed elsewhere.
    @Test func codeBeforeSuperInitStaysInTheView() throws {
        let code = """
        import UIKit
        final class ShareViewController: UIViewController {
            let sections: [String]
            var isOwner: Bool
            init(owner: String, me: String, count: Int) {
                isOwner = owner == me
                var rows: [String] = []
                if isOwner { rows.append("Owner") }
                if count > 1 { rows.append("\\(count) people") } else { rows.append("Only you") }
                rows.append(owner.uppercased())
                sections = rows
                super.init(nibName: nil, bundle: nil)
                UserDefaults.standard.set(count, forKey: "shares")
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """
        let member = try #require(try Self.split(code, screen: "ShareViewController").members.first { $0.name == "init(owner:me:count:)" })
        // Its signature, 6 lines before `super.init`, the call and the brace stay; the I/O line leaves.
        #expect(member.codeLines == 10, "\(member.codeLines)")
        #expect(member.lines == [.view: 8, .interactor: 2], "\(member.lines)")
    }

    /// A row model of the project that holds an image is UIKit: the lines making it stay, and the
    /// Presenter task for the rest says so and counts only what leaves.
    @Test func rowModelsHoldingUIKitStayInTheView() throws {
        let code = """
        import UIKit
        final class OptionRow: NSObject {
            var title: String
            var icon: UIImage?
            init(title: String, icon: UIImage?) { self.title = title; self.icon = icon }
        }
        final class ShareViewController: UIViewController {
            @IBOutlet var tableView: UITableView!
            var permissions: [String] = []
            var isOwner = false
            var expiry: Date?
            var limit = 3
            var titles: [String] = []
            var shown: [String] = []
            func recomputeOptions() {
                titles = []
                if isOwner { titles.append("Edit") }
                if permissions.contains("share") { titles.append("Share") }
                if permissions.contains("delete") { titles.append("Delete") }
                if let expiry { titles.append("Expires \\(expiry)") }
                limit = isOwner ? 10 : 3
                shown = Array(titles.prefix(limit))
                if shown.isEmpty { shown = ["Nothing to share"] }
                if shown.count > limit { shown.removeLast() }
                let first = OptionRow(title: shown.first ?? "", icon: nil)
                let more = OptionRow(title: "More", icon: UIImage(systemName: "ellipsis"))
                first.icon = more.icon
                print(first, more)
            }
            func saveLimit() { UserDefaults.standard.set(limit, forKey: "limit") }
        }
        """
        let member = try #require(try Self.split(code, screen: "ShareViewController").members.first { $0.name == "recomputeOptions()" })
        // 13 body lines: the 3 that make or change an `OptionRow` stay.
        #expect(member.lines[.presenter] == 10, "\(member.lines)")
        let plan = Self.plan([("App/Share/ShareViewController.swift", code)])
        let task = try #require(plan.features.flatMap(\.tasks).first { $0.category == .P && $0.moves.contains { $0.name == "recomputeOptions()" } })
        #expect(task.fix.contains(" `recomputeOptions()` does not move whole: its lines that make or change UIKit values (`OptionRow` and `UIImage`) stay in the view, driven by the plain values (titles, messages, flags) the presenter's output carries, so the Presenter imports no UIKit."), "\(task.fix)")
    }

    /// UI framework names by their prefix; short and non-ASCII names (two scalars, more bytes) are none.
    @Test func uiFrameworkNamesByPrefix() {
        let names = ["UIAlertController", "CALayer", "NSLayoutConstraint", "UInt", "UI", "Äß", "É", "Cart", "CAR", "ÉtatView"]
        #expect(names.filter(KnownTypes.isUIFrameworkTypeName) == ["UIAlertController", "CALayer", "NSLayoutConstraint", "CAR"])
        // A body naming a two-scalar non-ASCII type is parsed like any other.
        let plan = Self.plan([("App/Ä/ÄViewController.swift", "import UIKit\nfinal class ÄViewController: UIViewController {\n    func load() { let a = Äß(); print(a) }\n}\n")])
        #expect(plan.features.isEmpty)
    }
}

extension UIKitLayerTests {
    /// A long method building the screen's controls with one rule inside (a default expiry a week
    /// ahead) is a view update: only the rule's lines and those around them leave for the Interactor.
    @Test func aViewBuilderWithOneRuleMovesOnlyTheRule() throws {
        let code = """
        import UIKit
        final class ShareViewController: UIViewController {
            @IBOutlet var stack: UIStackView!
            var expiry: Date?
            var role = "viewer"
            var canEdit = false
            var names: [String] = []
            func rebuildOptions() {
                let title = role == "editor" ? "Editor" : "Viewer"
                let subtitle = canEdit ? "Can edit" : "Read only"
                let count = names.count
                let summary = "\\(title), \\(subtitle), \\(count)"
                let sorted = names.sorted()
                let first = sorted.first ?? ""
                let last = sorted.last ?? ""
                let range = first.isEmpty ? "" : "\\(first)–\\(last)"
                let shown = range.isEmpty ? summary : summary + " " + range
                let label = UILabel()
                label.text = shown
                stack.addArrangedSubview(label)
                if expiry == nil { expiry = Date().addingTimeInterval(24 * 3600 * 7) }
                let picker = UIDatePicker()
                picker.date = expiry ?? Date()
                stack.addArrangedSubview(picker)
                let note = names.isEmpty ? "Nobody yet" : names.joined(separator: ", ")
                let footer = UILabel()
                footer.text = note
                stack.addArrangedSubview(footer)
            }
        }
        """
        let member = try #require(try Self.split(code, screen: "ShareViewController").members.first { $0.name == "rebuildOptions()" })
        // Its rule's two sites and the lines around them (3 each), not every line that is no UIKit (11).
        #expect(member.lines[.interactor] == 6, "\(member.lines)")
    }
}
