struct InteractorDirectIORule: Rule {
    static let description = RuleDescription(
        id: "interactor-direct-io", name: "Interactor does I/O directly", family: nil, severity: .high,
        problem: "The Interactor calls URLSession, UserDefaults, Core Data or the Keychain itself instead of an injected service. Its use cases cannot be unit-tested without the network or a real store, and every Interactor re-implements the same plumbing.",
        fix: "Inject a Service/Repository protocol into the Interactor's initialiser and call it; the concrete implementation does the I/O.",
        triggering: [
            Example("""
            final class OrdersInteractor: OrdersInteractorInput {
                func loadOrders() {
                    URLSession.shared.↓dataTask(with: ordersURL) { _, _, _ in }.resume()
                    ↓UserDefaults.standard.set(Date(), forKey: "ordersLoadedAt")
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersInteractor: OrdersInteractorInput {
                private let service: OrdersServiceProtocol
                init(service: OrdersServiceProtocol) { self.service = service }
                func loadOrders() { service.fetchOrders { _ in } }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        RoleFindings.byMember(context, role: .interactor, rule: Self.description, families: [.networking, .persistence]) { name, member, apis in
            let prefix = RoleClassifier.suffixRole(name)?.prefix ?? modulePrefix(name)
            return (message: "\(name).\(member ?? "") does I/O directly: \(apis.joined(separator: ", "))",
                    fix: "Inject a `\(prefix)ServiceProtocol` (networking) or `\(prefix)Repository` (storage) into `\(name).init` and move the \(apis.joined(separator: ", ")) calls into its implementation.")
        }
    }
}
