struct UIOffMainThreadRule: Rule {
    static let description = RuleDescription(
        id: "ui-off-main-thread", name: "UI updated off the main thread", family: nil, severity: .critical,
        problem: "A URLSession completion or a background-queue block updates the screen's views directly. UIKit is main-thread only: this crashes intermittently, corrupts layout, or silently shows nothing.",
        fix: "Hop to the main queue (`DispatchQueue.main.async` or `await MainActor.run`) before touching any view.",
        triggering: [
            Example("""
            class CartViewController: UIViewController {
                @IBOutlet var totalLabel: UILabel!
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        self.items = decode(data)
                        self.tableView.↓reloadData()
                        self.totalLabel.↓text = "…"
                    }.resume()
                    DispatchQueue.global().async ↓{ [weak self] in
                        guard let self else { return }
                        ↓title = "Done"
                    }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            class CartViewController: UIViewController {
                @IBOutlet var tableView: UITableView!
                func load() {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                        let parsed = decode(data)
                        DispatchQueue.main.async {
                            self?.items = parsed
                            self?.tableView.reloadData()
                        }
                    }.resume()
                    DispatchQueue.main.async { self.tableView.reloadData() }
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.responsibilities.keys {
            for (path, decl) in context.index.declarations(of: t) {
                for closure in decl.closures {
                    let work: String
                    switch closure.context {
                    case .urlSessionCompletion: work = "a URLSession completion"
                    case .backgroundQueue: work = "a background-queue block"
                    default: continue
                    }
                    let touches = closure.uiTouches.filter { isUIState($0.root, of: t, context: context) }
                    guard !touches.isEmpty else { continue }
                    let type = context.index.types[t].name
                    let names = FamilyFindings.orderedUnique(touches.map { $0.root == "self" ? $0.leaf : "\($0.root).\($0.leaf)" })
                    findings.append(Finding(
                        rule: Self.description, type: type, member: closure.member, file: path, position: closure.position,
                        message: "\(work.prefix(1).uppercased() + work.dropFirst()) in \(type) touches UIKit off the main thread: \(names.joined(separator: ", "))",
                        fix: "Wrap the view updates (\(names.map { "`\($0)`" }.joined(separator: ", "))) in `DispatchQueue.main.async { … }`; later the Presenter delivers results on the main queue.",
                        evidence: [Evidence(file: path, line: closure.position.line, column: closure.position.column)]
                            + touches.map { Evidence(file: path, line: $0.position.line, column: $0.position.column) },
                        discriminator: context.discriminator(of: closure.context)))
                }
            }
        }
        return findings
    }

    private func isUIState(_ root: String, of t: Int, context: RuleContext) -> Bool {
        if KnownAPIs.inheritedUIState.contains(root) { return true }
        guard let (property, _) = context.index.property(root, of: t) else { return false }
        return property.isIBOutlet || (property.typeName ?? "").hasPrefix("UI")
    }
}

extension UIOffMainThreadRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "UI touched off the main thread in \(type)\(member.map { " (\($0))" } ?? "")" },
        estimate: { finding, _ in
            let touched = max(1, finding.message.split(separator: ",").count)
            return [EstimatePart(2, "`DispatchQueue.main.async {` and `}`"), EstimatePart(2 * touched, "\(touched) view update\(touched == 1 ? "" : "s") re-indented")]
        },
        check: { _, member in "Every view update in \(member) runs on the main queue (Main Thread Checker stays silent)." })
}
