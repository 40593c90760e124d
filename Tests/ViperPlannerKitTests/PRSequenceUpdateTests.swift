import Foundation
import Testing
@testable import ViperPlannerKit

/// A developer merges a feature's first PRs — a critical fix, a split of a long method into an
/// extension of the view controller (their own tidy-up: the plan moves the method in its PRs and asks
/// for no split), the extraction into a new Interactor with its service and repository — and runs
/// `update` after each. The plan must tick exactly the finished tasks, keep moved code open at its new
/// place (not as a discovered task), and re-plan the remaining PRs so that they still make a valid sequence.
struct PRSequenceUpdateTests {
    @Test func mergingTheFirstThreePRsReplansTheRest() throws {
        let box = try Sandbox(files: [".viper-planner.yml": "thresholds:\n  long_method: 20\n",
                                      "Invoices/InvoicesViewController.swift": Self.original])
        try box.makePlan(date: "2026-11-23")
        var plan = try box.read("invoices.md")
        #expect(Self.rows(plan) == [
            "| 1 | Critical safety | C1 | — | — | 1 | 3 / 50 | Planned |",
            // The long method is moved, not split first: no PR churns its lines twice.
            "| 2 | Services & Interactors | I1, I2, I3 | Invoices{Interactor,InteractorInput,InteractorOutput,InteractorTests,ServiceProtocol,Service,RepositoryProtocol,Repository} | — | 5 | 156 / 200 | Planned |",
            // The presenter holds the interactor's input: its PR needs the interactor's.
            "| 3 | Presenters | P1 | Invoices{Presenter,PresenterProtocol,ViewProtocol,PresenterTests} | PR 2 | 3 | 84 / 100 | Planned |",
            // The screen's state moves to the presenter first, in a PR of its own.
            "| 4 | Presenters | P2 | — | PR 3 | 3 | 14 / 100 | Planned |",
            // The routes are a PR of their own; the builder's (with the long-method task, which the
            // moves resolve: no lines of its own) makes the presenter the output of every use case,
            // so it waits for every move and for the routes; the tests are their own.
            "| 5 | Routers | R1 | Invoices{Router,RouterProtocol} | PR 3 | 4 | 46 / 200 | Planned |",
            "| 6 | Builders | B1, B2 | InvoicesModule | PR 4, PR 5 | 4 | 29 / 200 | Planned |",
            "| 7 | Tests | T1 | InvoicesModuleTests | PR 6 | 1 | 39 / 200 | Planned |",
        ])

        // PR 1: the critical fix.
        try box.editSource("Invoices/InvoicesViewController.swift", "onRefresh = { self.loadEverything() }",
                           "onRefresh = { [weak self] in self?.loadEverything() }")
        box.commit("PR 1")
        let first = try box.update(date: "2026-11-24")
        #expect(first.resolved.map(\.id) == ["C1"] && first.new.isEmpty)
        plan = try box.read("invoices.md")
        #expect(Self.rows(plan).first == "| 1 | Critical safety | C1 | — | — | 1 | 3 / 50 | ✅ Done |")
        #expect(Edit.block("C1", in: plan).last?.hasPrefix("  - **Resolved**: 2026-11-24") == true)

        // Their own PR: `loadEverything()` split in place; its parts now live in an extension of the view controller.
        try box.editSource("Invoices/InvoicesViewController.swift", Self.longBody, "    func loadEverything() {\n        fetchInvoices()\n    }\n")
        try box.editSource("Invoices/InvoicesViewController.swift", "    private var invoices: [Invoice] = []\n    private let tableView",
                           "    var invoices: [Invoice] = []\n    let tableView")
        try box.addSource("Invoices/InvoicesViewController+Loading.swift", Self.split)
        box.commit("split")
        let second = try box.update(date: "2026-11-25")
        #expect(second.resolved.map(\.id) == ["B1"])
        #expect(second.new.isEmpty, "moved code is not a new finding: \(second.new.map(\.title))")
        plan = try box.read("invoices.md")
        for (id, line, member) in [("I1", 9, "fetchInvoices()"), ("I2", 17, "unpaid(_:)"), ("I3", 22, "show(_:)")] {
            let block = Edit.block(id, in: plan)
            #expect(block.first?.hasPrefix("- [ ] ") == true, "\(id) stays open while its code is in the view controller")
            #expect(block.contains("  - **Location**: `Invoices/InvoicesViewController+Loading.swift:\(line)`"), "\(id): \(block)")
            #expect(block.contains("  - **Moved**: to `Invoices/InvoicesViewController+Loading.swift:\(line)` (`\(member)`): the task stays open until the code leaves InvoicesViewController (seen 2026-11-25)"))
        }
        #expect(!(try box.read("discovered.md")).contains("- [ ] **D"))
        // The extraction now moves the new methods.
        #expect(Self.rows(plan)[1].hasPrefix("| 2 | Services & Interactors | I1, I2, I3 | Invoices{Interactor,") && Self.rows(plan)[1].contains("| — | 5 |"))
        #expect(plan.contains("### PR 2: Extract `fetchInvoices()`, `unpaid(_:)` and `show(_:)` into InvoicesInteractor and its services"))

        // PR 2: the Interactor, its service and repository; the view controller only shows the result.
        try box.editSource("Invoices/InvoicesViewController.swift", "    func loadEverything() {\n        fetchInvoices()\n    }\n", Self.callsInteractor)
        try box.addSource("Invoices/InvoicesViewController+Loading.swift", Self.onlyShows)
        for (path, text) in Self.newTypes { try box.addSource(path, text) }
        box.commit("PR 2")
        let third = try box.update(date: "2026-11-26")
        #expect(third.resolved.map(\.id) == ["I1", "I2", "I3"])
        #expect(third.new.isEmpty, "\(third.new.map(\.title))")
        plan = try box.read("invoices.md")
        let rows = Self.rows(plan)
        #expect(rows[1].hasPrefix("| 2 | Services & Interactors | ") && rows[1].hasSuffix("| ✅ Done |"))
        // What is left is still a valid sequence: the Interactor exists, so nobody creates it again or
        // waits for it; the builder depends on the Presenter and Router PRs.
        #expect(Array(rows.dropFirst(2)) == [
            "| 3 | Presenters | P1, P2, R1, B2, T1 | Invoices{Presenter,PresenterProtocol,ViewProtocol,PresenterTests,Router,RouterProtocol,Module,ModuleTests} | — | 7 | 175 / 200 | Planned |",
        ])
        #expect(try box.read("README.md").contains("PR 3: Move the screen's state `invoices` into InvoicesPresenter; move the formatting of `amountText(_:)` into InvoicesPresenter"))
    }

    static func rows(_ text: String) -> [String] {
        text.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && Int($0.dropFirst(2).prefix { $0 != " " }) != nil }
    }

    static let longBody = """
        func loadEverything() {
            let url = URL(string: "https://example.com/invoices")!
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.timeoutInterval = 20
            URLSession.shared.dataTask(with: request) { [weak self] data, _, error in
                guard let self else { return }
                if let error {
                    print("failed: \\(error)")
                    return
                }
                guard let data else { return }
                let decoded = (try? JSONDecoder().decode([Invoice].self, from: data)) ?? []
                let unpaid = decoded.filter { $0.amount > 0 }
                DispatchQueue.main.async {
                    self.invoices = unpaid
                    UserDefaults.standard.set(unpaid.count, forKey: "unpaidInvoiceCount")
                    UserDefaults.standard.set(Date().timeIntervalSince1970, forKey: "invoicesLoadedAt")
                    self.tableView.reloadData()
                    self.title = "Invoices (\\(unpaid.count))"
                }
            }.resume()
        }

    """

    static let original = """
    import UIKit

    struct Invoice: Decodable {
        let id: Int
        let amount: Double
    }

    final class InvoicesViewController: UIViewController {
        private var invoices: [Invoice] = []
        private let tableView = UITableView()
        private var onRefresh: (() -> Void)?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(tableView)
            onRefresh = { self.loadEverything() }
            loadEverything()
        }

    \(longBody)
        func amountText(_ invoice: Invoice) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .currency
            return formatter.string(from: NSNumber(value: invoice.amount)) ?? ""
        }

        @objc func showDetail() {
            let detail = InvoiceDetailViewController()
            navigationController?.pushViewController(detail, animated: true)
        }
    }

    final class InvoiceDetailViewController: UIViewController {}

    """

    static let split = """
    import UIKit

    extension InvoicesViewController {
        func fetchInvoices() {
            let url = URL(string: "https://example.com/invoices")!
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.timeoutInterval = 20
            URLSession.shared.dataTask(with: request) { [weak self] data, _, error in
                guard let self, let data, error == nil else { return }
                let decoded = (try? JSONDecoder().decode([Invoice].self, from: data)) ?? []
                DispatchQueue.main.async { self.show(self.unpaid(decoded)) }
            }.resume()
        }

        func unpaid(_ invoices: [Invoice]) -> [Invoice] {
            invoices.filter { $0.amount > 0 }
        }

        func show(_ unpaid: [Invoice]) {
            invoices = unpaid
            UserDefaults.standard.set(unpaid.count, forKey: "unpaidInvoiceCount")
            UserDefaults.standard.set(Date().timeIntervalSince1970, forKey: "invoicesLoadedAt")
            tableView.reloadData()
            title = "Invoices (\\(unpaid.count))"
        }
    }

    """

    static let callsInteractor = """
        lazy var interactor: InvoicesInteractorInput = InvoicesInteractor(service: InvoicesService(), repository: InvoicesRepository())

        func loadEverything() {
            interactor.loadUnpaidInvoices { [weak self] unpaid in
                self?.show(unpaid)
            }
        }

    """

    static let onlyShows = """
    import UIKit

    extension InvoicesViewController {
        func show(_ unpaid: [Invoice]) {
            invoices = unpaid
            tableView.reloadData()
            title = "Invoices (\\(unpaid.count))"
        }
    }

    """

    static let newTypes = [
        "Invoices/InvoicesInteractor.swift": """
        import Foundation

        protocol InvoicesInteractorInput {
            func loadUnpaidInvoices(completion: @escaping ([Invoice]) -> Void)
        }

        final class InvoicesInteractor: InvoicesInteractorInput {
            private let service: InvoicesServiceProtocol
            private let repository: InvoicesRepositoryProtocol

            init(service: InvoicesServiceProtocol, repository: InvoicesRepositoryProtocol) {
                self.service = service
                self.repository = repository
            }

            func loadUnpaidInvoices(completion: @escaping ([Invoice]) -> Void) {
                service.fetchInvoices { [repository] invoices in
                    let unpaid = invoices.filter { $0.amount > 0 }
                    repository.saveUnpaidCount(unpaid.count)
                    completion(unpaid)
                }
            }
        }

        """,
        "Invoices/InvoicesService.swift": """
        import Foundation

        protocol InvoicesServiceProtocol {
            func fetchInvoices(completion: @escaping ([Invoice]) -> Void)
        }

        final class InvoicesService: InvoicesServiceProtocol {
            func fetchInvoices(completion: @escaping ([Invoice]) -> Void) {
                var request = URLRequest(url: URL(string: "https://example.com/invoices")!)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                URLSession.shared.dataTask(with: request) { data, _, error in
                    guard let data, error == nil else { return }
                    let decoded = (try? JSONDecoder().decode([Invoice].self, from: data)) ?? []
                    DispatchQueue.main.async { completion(decoded) }
                }.resume()
            }
        }

        """,
        "Invoices/InvoicesRepository.swift": """
        import Foundation

        protocol InvoicesRepositoryProtocol {
            func saveUnpaidCount(_ count: Int)
        }

        final class InvoicesRepository: InvoicesRepositoryProtocol {
            func saveUnpaidCount(_ count: Int) {
                UserDefaults.standard.set(count, forKey: "unpaidInvoiceCount")
                UserDefaults.standard.set(Date().timeIntervalSince1970, forKey: "invoicesLoadedAt")
            }
        }

        """,
    ]
}
