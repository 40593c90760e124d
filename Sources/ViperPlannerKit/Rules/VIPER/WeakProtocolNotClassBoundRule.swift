struct WeakProtocolNotClassBoundRule: Rule {
    static let description = RuleDescription(
        id: "weak-protocol-not-class-bound", name: "Protocol used weakly is not class-bound", family: nil, severity: .critical,
        problem: "A protocol is the type of a weak property, or of a VIPER back-reference, but is not constrained to classes. Swift refuses `weak` on it, so someone makes the reference strong to compile — and the module leaks.",
        fix: "Constrain the protocol to classes: `protocol X: AnyObject`.",
        triggering: [
            Example("""
            protocol ↓OrdersViewInput {
                func show(rows: [OrderRowViewModel])
            }
            final class OrdersPresenter: OrdersPresenterInput {
                weak var ↓view: OrdersViewInput?
            }
            final class OrdersInteractor: OrdersInteractorInput {
                var ↓output: OrdersInteractorOutput?
            }
            protocol ↓OrdersInteractorOutput { func didLoad(_ orders: [Order]) }
            """),
        ],
        nonTriggering: [
            Example("""
            protocol OrdersBaseView: AnyObject {}
            protocol OrdersViewInput: OrdersBaseView { func show(rows: [OrderRowViewModel]) }
            protocol OrdersInteractorOutput: class { func didLoad(_ orders: [Order]) }
            protocol CellDelegate: UITableViewDelegate {}
            @objc protocol LegacyPickerDelegate { func didPick(_ index: Int) }
            protocol BrowserNavigationDelegate: WKNavigationDelegate {}
            protocol SignInDelegate: VendorSignInDelegate {}
            final class OrdersPresenter: OrdersPresenterInput {
                weak var view: OrdersViewInput?
                weak var cellDelegate: CellDelegate?
                weak var pickerDelegate: LegacyPickerDelegate?
                weak var navigationDelegate: BrowserNavigationDelegate?
                weak var signInDelegate: SignInDelegate?
            }
            final class OrdersInteractor: OrdersInteractorInput {
                weak var output: OrdersInteractorOutput?
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var uses: [String: [Evidence]] = [:]
        for t in context.classTypes {
            let backReferences = Set(context.backReferences(of: t).map(\.property.name))
            for (path, decl) in context.index.declarations(of: t) {
                for property in decl.properties where property.isWeak || backReferences.contains(property.name) {
                    guard let type = property.typeName, context.isClassBound(type) == false else { continue }
                    uses[type, default: []].append(context.evidence(path, property.position))
                }
            }
        }
        return uses.compactMap { name, evidence -> Finding? in
            guard let p = context.index.resolve(name) else { return nil }
            return Finding(rule: Self.description, type: context.index.types[p].name, member: nil,
                           file: context.typeFile(p), position: context.typePosition(p),
                           message: "`\(name)` is held weakly (or as a back-reference) in \(evidence.count) place\(evidence.count == 1 ? "" : "s") but is not class-bound, so it cannot be weak",
                           fix: "Declare `protocol \(name): AnyObject` and make every reference to it `weak var`.",
                           evidence: evidence)
        }
    }
}
