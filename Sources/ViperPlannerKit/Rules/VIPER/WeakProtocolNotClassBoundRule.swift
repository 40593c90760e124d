import SwiftSyntax

struct WeakProtocolNotClassBoundRule: Rule {
    static let description = RuleDescription(
        id: "weak-protocol-not-class-bound", name: "Protocol used weakly is not class-bound", family: nil, severity: .high,
        problem: "A protocol types a strong back-reference or delegate that closes a retain cycle, and it is not constrained to classes: Swift refuses `weak` on it, which is why the reference was left strong. Only classes adopt it, so it can be made class-bound; the leak itself is reported on the property.",
        fix: "Constrain the protocol to classes: `protocol X: AnyObject`.",
        triggering: [
            Example("""
            protocol ↓OrdersViewInput {
                func show(rows: [OrderRowViewModel])
            }
            final class OrdersViewController: UIViewController, OrdersViewInput {
                var presenter: OrdersPresenter!
                func show(rows: [OrderRowViewModel]) {}
            }
            final class OrdersPresenter: OrdersInteractorOutput {
                var ↓view: OrdersViewInput?
                var interactor: OrdersInteractor!
                func didLoad(_ orders: [Order]) {}
            }
            final class OrdersInteractor {
                var ↓output: OrdersInteractorOutput?
            }
            protocol ↓OrdersInteractorOutput { func didLoad(_ orders: [Order]) }
            """),
        ],
        nonTriggering: [
            // A Clean Swift Interactor's `presenter` is its forward edge: nothing closes a cycle,
            // so the protocol needs no class bound. A protocol a struct adopts cannot take one.
            Example("""
            protocol ListPresentationLogic { func present(_ items: [Int]) }
            final class ListInteractor {
                var presenter: ListPresentationLogic?
            }
            final class ListPresenter: ListPresentationLogic {
                weak var viewController: ListViewController?
                func present(_ items: [Int]) {}
            }
            final class ListViewController: UIViewController {
                var interactor: ListInteractor?
            }
            protocol ReceiptOutput { func print(_ line: String) }
            struct ConsoleOutput: ReceiptOutput { let printer: ReceiptPresenter; func print(_ line: String) {} }
            final class ReceiptPresenter {
                var view: ReceiptOutput?
            }
            """),
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
        var uses: [Int: [Evidence]] = [:]
        for t in context.classTypes {
            let backReferences = Set(context.backReferences(of: t).map(\.property.name))
            for (path, decl) in context.index.declarations(of: t) {
                for property in decl.properties where !property.isWeak && !property.isUnowned && !property.isStatic && !property.isComputed {
                    guard let type = property.typeName, backReferences.contains(property.name) || StrongDelegateRule.isDelegateLike(property.name, type: type),
                          let p = context.index.resolve(StrongReferences.bareName(type), near: path), context.index.types[p].kind == .protocol,
                          context.isClassBound(context.index.types[p].name) == false else { continue }
                    // A struct adopter could not compile against a class-bound protocol.
                    let adopters = context.references.instances(of: type, near: path, context.index).filter { $0 != p }
                    guard adopters.allSatisfy({ StrongReferences.isReferenceType($0, context.index) }),
                          context.references.cycle(closedBy: property, of: t, in: path, context.index) != nil else { continue }
                    uses[p, default: []].append(context.evidence(path, property.position))
                }
            }
        }
        return uses.sorted { $0.key < $1.key }.map { p, evidence -> Finding in
            let name = context.index.types[p].name
            return Finding(rule: Self.description, type: name, member: nil,
                           file: context.typeFile(p), position: context.typePosition(p),
                           message: "`\(name)` types \(evidence.count) strong reference\(evidence.count == 1 ? "" : "s") on a retain cycle but is not class-bound, so it cannot be held weakly",
                           fix: "Declare `protocol \(name): AnyObject` (only classes adopt it) and make each reference on the cycle `weak var`.",
                           evidence: evidence)
        }
    }
}

extension WeakProtocolNotClassBoundRule {
    /// `: AnyObject` on the protocol; its references become `weak` through their own findings.
    static var rewrite: RuleRewrite? {
        RuleRewrite.atFinding { source, offset, finding in
            guard let decl = source.enclosing(ProtocolDeclSyntax.self, at: offset) else {
                return .failure(Refusal("no protocol declaration at \(finding.file):\(finding.line) any more (the file changed since the scan)"))
            }
            return .success([WeakPropertyRewrite.anyObject(decl)])
        }
    }

    static var corrections: [Correction] {
        [
            // `AnyObject` goes first among what it inherits.
            Correction("""
            protocol OrdersInteractorOutput: Sendable { func didLoad(_ orders: [String]) }
            final class OrdersInteractor {
                var output: OrdersInteractorOutput?
            }
            final class OrdersModule: OrdersInteractorOutput {
                let interactor = OrdersInteractor()
                func didLoad(_ orders: [String]) {}
            }
            """, """
            protocol OrdersInteractorOutput: AnyObject, Sendable { func didLoad(_ orders: [String]) }
            final class OrdersInteractor {
                var output: OrdersInteractorOutput?
            }
            final class OrdersModule: OrdersInteractorOutput {
                let interactor = OrdersInteractor()
                func didLoad(_ orders: [String]) {}
            }
            """),
        ]
    }
}
