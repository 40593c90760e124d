struct VCFormattingRule: Rule {
    static let description = RuleDescription(
        id: "vc-formatting", name: "View controller formats values for display", family: .formatting, severity: .medium,
        problem: "The view controller turns model values into display text itself (date, number and currency formatters, String(format:), .formatted()). The same value is formatted differently on different screens, and the formatting cannot be unit-tested without the view.",
        fix: "Let the Presenter build display-ready view models; the view controller only assigns strings.",
        triggering: [
            Example("""
            class OrderViewController: UIViewController {
                private let formatter: DateFormatter = {
                    let f = ↓DateFormatter()
                    f.dateStyle = .medium
                    return f
                }()
                func render(_ order: Order) {
                    totalLabel.text = ↓String(format: "%.2f €", order.total)
                    dateLabel.text = order.date.↓formatted(date: .abbreviated, time: .omitted)
                }
            }
            """),
            // A formatter held in a stored property formats where it is used; a wrapper holding one is a formatter type.
            Example("""
            class OrderViewController: UIViewController {
                private let dateFormatter: DateFormatter
                init() { dateFormatter = ↓DateFormatter(); super.init(nibName: nil, bundle: nil) }
                func render(_ order: Order) {
                    dateLabel.text = dateFormatter.↓string(from: order.date)
                    totalLabel.text = PriceFormatter.shared.↓string(from: order.total)
                }
            }
            """, support: ["PriceFormatter.swift": """
            final class PriceFormatter {
                static let shared = PriceFormatter()
                private let currency: NumberFormatter
                init() { currency = NumberFormatter(); currency.numberStyle = .currency }
                func string(from amount: Decimal) -> String { currency.string(from: amount as NSDecimalNumber) ?? "" }
            }
            """]),
            // `ChatDateFormatter` is formatting because it wraps DateFormatter.
            Example("""
            class ChatViewController: UIViewController {
                func render(_ m: Message) { timeLabel.text = ChatDateFormatter.↓time(m.date) }
            }
            """, support: ["ChatDateFormatter.swift": """
            enum ChatDateFormatter {
                static func time(_ date: Date) -> String { let f = DateFormatter(); f.timeStyle = .short; return f.string(from: date) }
            }
            """]),
            // A translated sentence filled with values is display text too, in every spelling; so is
            // a project helper that wraps `String(format:)` in an extension of String.
            Example("""
            class ShareViewController: UIViewController {
                func update(_ host: String, count: Int) {
                    title = ↓String(format: NSLocalizedString("share.title", comment: ""), host)
                    subtitle = ↓NSString(format: "%d items", count) as String
                    footer = sharedOnTemplate.↓format(arguments: host)
                }
            }
            """, support: ["String+Format.swift": """
            extension String {
                func format(arguments: CVarArg...) -> String { String(format: self, arguments: arguments) }
            }
            """]),
        ],
        nonTriggering: [
            // Dates formatted for a request (a query parameter, a rate-limit log line) or while
            // making a call object are the request's, not text for the screen.
            Example("""
            class AccountViewController: UIViewController {
                let account = SyncAccount()
                func refresh() { account.triggerRefreshAll(); _ = TasksCall(dueSince: Date()) }
            }
            """, support: ["SyncAccount.swift": """
            final class SyncAccount {
                let delegate = FeedSyncDelegate()
                func triggerRefreshAll() { delegate.refreshAll() }
            }
            final class FeedSyncDelegate {
                func refreshAll() {
                    let since = DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .short)
                    URLSession.shared.dataTask(with: URL(string: "https://x/sync?since=\\(since)")!).resume()
                }
            }
            final class TasksCall {
                let query: String
                init(dueSince: Date) { let f = DateFormatter(); f.dateFormat = "yyyy-MM-dd"; query = f.string(from: dueSince) }
            }
            """]),
            // A formatter type in a parameter list is not formatting.
            Example("""
            class OrderViewController: UIViewController {
                func configure(with formatter: DateFormatter, viewModel: OrderViewModel) {
                    dateLabel.text = viewModel.dateText
                }
            }
            """),
            // A localisation catalogue (String(format:) of localised strings) is not a formatter type.
            Example("""
            class SwitcherViewController: UIViewController {
                func updateTitle(_ n: Int) { title = L10n.closeTabs(count: n) }
            }
            enum L10n {
                static func closeTabs(count: Int) -> String {
                    String.localizedStringWithFormat(NSLocalizedString("close.tabs", comment: ""), count)
                }
            }
            """),
            // Only literals filled into a template (a constant URL) format no value.
            Example("""
            class HelpViewController: UIViewController {
                func open() { let link = String(format: "%@/%@", "https://example.com", "help") }
            }
            """),
            // A catalogue entry that calls a number helper is still localisation.
            Example("""
            class QueueViewController: UIViewController {
                func prompt(_ n: Int) { title = L10n.downloadCount(n) }
            }
            enum L10n { static func downloadCount(_ n: Int) -> String { NumberText.spell(n) } }
            enum NumberText { static func spell(_ n: Int) -> String { NumberFormatter.localizedString(from: n as NSNumber, number: .spellOut) } }
            """),
            // A SwiftUI view is not a view controller.
            Example("""
            struct PriceView: View {
                let value: Double
                var body: some View { Text(NumberFormatter.localizedString(from: value as NSNumber, number: .currency)) }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        FamilyFindings.make(.formatting, rule: Self.description, context: context) { prefix, member, _ in
            "Move the formatting in \(FamilyFindings.memberText(member)) into `\(prefix)Presenter`, which hands the view \(articleFor(prefix)) `\(prefix)ViewState` of ready-to-show strings (a view state, never a second `…ViewModel` next to one the screen may have)."
        }
    }
}

extension VCFormattingRule {
    static let planning = RulePlanning(
        category: .P, title: { type, member in "Move the formatting in \(member ?? type) into the Presenter" })
}
