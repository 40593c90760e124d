struct SingletonInModuleRule: Rule {
    static let description = RuleDescription(
        id: "singleton-in-module", name: "Singleton reached from a Presenter or Interactor", family: nil, severity: .high,
        problem: "A Presenter or Interactor reaches a `.shared` / `.default` / `.standard` singleton. Its behaviour then depends on global state that tests cannot replace, and the module's real dependencies are hidden from its initialiser.",
        fix: "Inject the dependency through the initialiser as a protocol; the Builder passes the shared instance.",
        triggering: [
            Example("""
            final class OrdersInteractor: OrdersInteractorInput {
                func loadOrders() { APIClient.↓shared.fetchOrders { _ in } }
            }
            final class OrdersPresenter: OrdersPresenterInput {
                func didLoad() { let compact = UserDefaults.↓standard.bool(forKey: "compact"); print(compact) }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            final class OrdersInteractor: OrdersInteractorInput {
                private let api: OrdersAPI
                init(api: OrdersAPI) { self.api = api }
                func loadOrders() { api.fetchOrders { _ in } }
            }
            final class OrdersPresenter: OrdersPresenterInput {
                func format(_ date: Date) -> String { date.formatted(.dateTime.locale(Locale.current)) }
            }
            """),
        ])

    static let names: Set<String> = ["shared", "default", "standard", "sharedInstance"]

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.types(withRole: .presenter) + context.types(withRole: .interactor) {
            let name = context.index.types[t].name
            var seen: Set<String> = []
            for (path, decl) in context.index.declarations(of: t) {
                for reference in decl.references where Self.names.contains(reference.name) && reference.chain.count == 1 {
                    let owner = reference.chain[0]
                    guard isTypeLikeName(owner), seen.insert("\(reference.member ?? "")|\(owner)").inserted else { continue }
                    findings.append(Finding(
                        rule: Self.description, type: name, member: reference.member, file: path, position: reference.position,
                        message: "\(name) reaches the singleton `\(owner).\(reference.name)`",
                        fix: "Add a `\(owner)`-backed protocol parameter to `\(name).init`, store it as `private let`, and pass `\(owner).\(reference.name)` from the module's Builder.",
                        evidence: [context.evidence(path, reference.position)], discriminator: owner))
                }
            }
        }
        return findings
    }
}
