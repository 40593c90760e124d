import Foundation
import SwiftParser
import Testing
@testable import ViperPlannerKit

/// `viper-planner scaffold`: the largest feature of each sample as golden patches (UIKit and
/// SwiftUI), files that parse and raise no finding, `update` ticking what the output promises, no
/// overwrite, idempotence. After a deliberate change: `make goldens`, then review `git diff Tests/`.
@Suite(.serialized)
struct ScaffoldCommandTests {
    static let date = "2026-11-26"
    /// The largest feature of each sample with screens to split (the VIPER control has none).
    static let largest = ["ShopLegacy": "catalog", "NewsReader": "feed", "ModularApp": "trails"]

    static func request(_ box: Sandbox, _ feature: String, patch: Bool = false, target: TargetStyle? = nil) -> ScaffoldRequest {
        ScaffoldRequest(scan: ScanRequest(path: box.root, quiet: true, noCache: true), feature: feature, target: target, patch: patch)
    }

    static func plan(_ box: Sandbox, style: TargetStyle) throws {
        var request = box.request(date: date)
        request.scan.target = style
        _ = try Commands.plan(request)
        box.commit("plan")
    }

    @Test("The largest feature PR by PR: golden patches, each PR's files as its row names them and within its estimate, files that parse, no finding in them, `update` ticks what it says; again, nothing",
          arguments: largest.keys.sorted(), [TargetStyle.uikit, .swiftui])
    func goldenScaffolds(sample: String, style: TargetStyle) throws {
        let box = try Sandbox(sample: sample)
        try Self.plan(box, style: style)
        let feature = Self.largest[sample]!, file = feature + ".md"
        var configuration = Configuration()
        configuration.target = style
        let before = try Auditor.audit(root: box.root, configuration: configuration, jobs: 1, cache: nil)
        let rows = ScaffoldSelection.rows(PlanDocument(parsing: try box.read(file)))
        let ticked = ApplyCommandTests.tickedTasks(in: try box.read(file))
        var golden = "", written: [String] = [], promised: Set<String> = []
        // The next PR that creates module files, until none is left.
        for step in 1... {
            let patch = try Commands.scaffold(Self.request(box, feature, patch: true)).patch
            let outcome = try Commands.scaffold(Self.request(box, feature))
            guard let summary = outcome.output.lines.first, !summary.contains("nothing to scaffold") else { break }
            #expect(step < 30, "scaffold does not converge")
            #expect(outcome.patch == patch)
            golden += "# \(summary)\n" + patch
            // The PR's row names what it creates, and its estimate covers what scaffold writes.
            let number = Int(summary.dropFirst(3).prefix { $0.isNumber })!
            let row = try #require(rows.first { $0.number == number })
            let creates = Set(row.creates)
            let lines = Int(summary.components(separatedBy: ", ")[1].prefix { $0.isNumber })!
            let estimate = Int(row.estimate.prefix { $0.isNumber })!
            #expect(lines <= estimate && estimate <= 200, "\(sample) \(style) \(summary)")
            for path in outcome.written {
                let text = try String(contentsOfFile: box.root + "/" + path, encoding: .utf8)
                #expect(!Parser.parse(source: text).hasError, "\(path) does not parse")
                let type = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                #expect(creates.contains(type) || written.contains(path), "\(sample) \(style) PR \(number): \(path) is not in its row \(row.creates)")
            }
            written = uniqued(written + outcome.written)
            if let line = outcome.output.lines.first(where: { $0.contains("`viper-planner update` verifies ") }) {
                promised.formUnion(line.components(separatedBy: "verifies ")[1].components(separatedBy: " against")[0].components(separatedBy: ", "))
            }
        }
        #expect(!written.isEmpty)
        if sample != "ModularApp" {
            let url = SampleGoldenTests.packageRoot.appendingPathComponent("Tests/ViperPlannerKitTests/Goldens/scaffold-\(sample)/\(feature)-\(style.rawValue).patch")
            if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(golden.utf8).write(to: url)
            } else {
                #expect(golden == (try String(contentsOf: url, encoding: .utf8)), "\(sample) \(style): regenerate with `make goldens` and review the diff")
            }
        }
        // The use cases, outputs and routes are the plan's contract, by name and labels.
        let text = try written.map { try String(contentsOfFile: box.root + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
        let declared = Set(Self.declaredNames(text))
        let contract = Self.contractNames(try box.read(file))
        #expect(!contract.isEmpty)
        #expect(contract.subtracting(declared).isEmpty, "\(sample) \(style): not declared: \(contract.subtracting(declared).sorted())")
        // No finding in the new files, and none added elsewhere.
        let after = try Auditor.audit(root: box.root, configuration: configuration, jobs: 1, cache: nil)
        let old = Set(before.findings.map(\.fingerprint))
        let added = after.findings.filter { !old.contains($0.fingerprint) || written.contains($0.file) }
        #expect(added.isEmpty, "\(added.map { "\($0.rule) \($0.file):\($0.line)" })")
        // `update` ticks exactly the tasks the outputs name.
        try box.update(date: Self.date)
        let newlyTicked = ApplyCommandTests.tickedTasks(in: try box.read(file)).subtracting(ticked)
        #expect(newlyTicked == promised, "\(sample) \(style): update ticked \(newlyTicked.sorted()), scaffold said \(promised.sorted())")
        // Again: nothing to do, nothing written.
        let snapshot = try box.snapshot()
        let again = try Commands.scaffold(Self.request(box, feature))
        #expect(again.written.isEmpty && again.output.lines == ["\(file): nothing to scaffold; the types its PRs create are in the sources"])
        #expect(try box.snapshot() == snapshot)
    }

    /// The Swift names (`remove(productId:)`) of the functions a text declares.
    static func declaredNames(_ text: String) -> [String] {
        text.components(separatedBy: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "func ") else { return nil }
            let rest = line[range.upperBound...]
            let base = rest.prefix { $0 != "(" && $0 != "<" }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")") else { return nil }
            let labels = rest[rest.index(after: open)..<close].split(separator: ",").compactMap { $0.split(separator: ":").first?.split(separator: " ").first }
            return "\(base)(" + labels.map { "\($0):" }.joined() + ")"
        }
    }

    /// The use cases, outputs and routes the plan's Target module lists (`- `name` — …`), as Swift
    /// names: a bare name is a function without parameters, a SwiftUI route case `.checkout` is `showCheckout()`.
    static func contractNames(_ text: String) -> Set<String> {
        let section = text.components(separatedBy: "\n## Target module")[1].components(separatedBy: "\n## ")[0]
        var names: Set<String> = []
        for line in section.components(separatedBy: "\n") {
            let item = line.trimmingCharacters(in: .whitespaces)
            guard item.hasPrefix("- `"), let end = item.dropFirst(3).firstIndex(of: "`") else { continue }
            let name = String(item.dropFirst(3)[..<end])
            // Services and files are listed too: only members (lower-case) and route cases.
            if name.hasPrefix(".") { names.insert("show" + name.dropFirst().prefix(1).uppercased() + name.dropFirst(2) + "()"); continue }
            guard name.first?.isLowercase == true, !name.contains("/"), name != "returned(from:)" else { continue }
            names.insert(name.contains("(") ? name : name + "()")
        }
        return names
    }

    @Test("A file in the way is never overwritten, and nothing is written; a type the sources declare stops it too")
    func neverOverwrites() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try Self.plan(box, style: .uikit)
        try box.addSource("Cart/CartInteractor.swift", "// an interactor someone started\n")
        let sources = box.hasGit ? box.git("status", "--porcelain") : nil
        #expect { try Commands.scaffold(Self.request(box, "cart")) } throws: { error in
            "\(error)" == "Cart/CartInteractor.swift: already there; scaffold never overwrites a file (move it away, or write the module by hand)"
        }
        #expect(try String(contentsOfFile: box.root + "/Cart/CartInteractor.swift", encoding: .utf8) == "// an interactor someone started\n")
        if box.hasGit { #expect(box.git("status", "--porcelain") == sources) }
        try FileManager.default.removeItem(atPath: box.root + "/Cart/CartInteractor.swift")
        try box.addSource("Shared/Outputs.swift", "protocol CartInteractorOutput: AnyObject {}\n")
        #expect { try Commands.scaffold(Self.request(box, "cart")) } throws: { error in
            "\(error)" == "the sources already declare `CartInteractorOutput`: scaffold would declare them again"
        }
        #expect(!FileManager.default.fileExists(atPath: box.root + "/Cart/CartInteractor.swift"))
    }

    @Test("FEATURE is a plan file or title; without a plan, or with a name it does not have, a clear error")
    func featureArgument() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        #expect { try Commands.scaffold(Self.request(box, "cart")) } throws: { "\($0)".hasSuffix("no plan there; run `viper-planner plan \(box.root)` first") }
        try Self.plan(box, style: .uikit)
        for name in ["cart.md", "Cart", "CART"] {
            #expect(try Commands.scaffold(Self.request(box, name, patch: true)).patch.hasPrefix("diff --git a/Cart/CartInteractor.swift b/Cart/CartInteractor.swift\nnew file mode 100644\n--- /dev/null\n"))
        }
        #expect { try Commands.scaffold(Self.request(box, "crt")) } throws: { error in
            error is UsageError && "\(error)".contains("Did you mean `cart`?")
        }
    }

    @Test("`--pr` writes the PR it names once the PRs it depends on are in; a PR that creates no module file, or none of that number, is an error; `--all` writes every PR's")
    func choosingThePR() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try Self.plan(box, style: .uikit)
        let rows = ScaffoldSelection.rows(PlanDocument(parsing: try box.read("cart.md")))
        let router = try #require(rows.first { $0.creates.contains("CartRouter") })
        let presenter = try #require(rows.first { $0.creates.contains("CartPresenter") })
        var request = Self.request(box, "cart")
        request.pr = router.number
        // The router's PR depends on the presenter's, directly or through the PR that gives the
        // screen its `presenter`: scaffold follows the table's dependencies to the creators.
        var ancestors = Set<Int>(), queue = router.dependsOn
        while let n = queue.popLast() { if ancestors.insert(n).inserted { queue += rows.first { $0.number == n }?.dependsOn ?? [] } }
        #expect(ancestors.contains(presenter.number), "\(rows.map { ($0.number, $0.dependsOn) })")
        let creators = rows.filter { ancestors.contains($0.number) && $0.creates.contains { $0.hasPrefix("Cart") } }.map(\.number)
        #expect { try Commands.scaffold(request) } throws: { error in
            creators.contains { n in
                "\(error)".hasPrefix("PR \(router.number) of cart.md depends on PR \(n), whose `Cart")
                    && "\(error)".hasSuffix("not in the sources yet: scaffold or merge PR \(n) first")
            }
        }
        request.pr = 1
        #expect { try Commands.scaffold(request) } throws: { "\($0)" == "PR 1 of cart.md creates no module file scaffold writes (it creates nothing)" }
        request.pr = 99
        #expect { try Commands.scaffold(request) } throws: { $0 is UsageError && "\($0)".hasPrefix("cart.md has no PR 99 in its PR Plan") }
        request.pr = nil
        request.all = true
        let all = try Commands.scaffold(request)
        let every = Set(rows.flatMap(\.creates).filter { $0.hasPrefix("Cart") && !$0.hasSuffix("Protocol") && !$0.hasSuffix("Input") && !$0.hasSuffix("Output") })
        #expect(Set(all.written.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }) == every)
        #expect(all.output.lines[0].hasPrefix("cart.md: wrote \(every.count) files, "))
        request.all = false
        #expect(try Commands.scaffold(request).output.lines == ["cart.md: nothing to scaffold; the types its PRs create are in the sources"])
    }

    @Test("A router that lands after the presenter is wired into it: a property, a forward per route, the protocol's requirements; members it has stay")
    func wiringALateRouter() throws {
        var m = ScaffoldModule(prefix: "Cart", viewController: "CartViewController", style: .uikit, folder: "", testFolder: "Tests/", swiftTesting: false)
        m.routes = [ScaffoldModule.Route(name: "showCheckout()", declaration: "showCheckout()", call: "showCheckout()", caseName: "checkout", detail: ""),
                    ScaffoldModule.Route(name: "close()", declaration: "close()", call: "close()", caseName: "close", detail: "")]
        let presenter = """
        protocol CartPresenterProtocol: AnyObject {
            func viewDidLoad()
        }

        final class CartPresenter: CartPresenterProtocol {
            func viewDidLoad() {}

            func close() { print("by hand") }
        }

        """
        #expect(PresenterWiring.wire(presenter, module: m, roles: [.router]) == """
        protocol CartPresenterProtocol: AnyObject {
            func viewDidLoad()
            func showCheckout()
        }

        final class CartPresenter: CartPresenterProtocol {
            func viewDidLoad() {}

            func close() { print("by hand") }

            var router: CartRouterProtocol?

            // Where the screen goes: the router shows each destination.
            func showCheckout() { router?.showCheckout() }
        }

        """)
        #expect(PresenterWiring.wire("struct Other {}\n", module: m, roles: [.router]) == nil)
        // The planner's estimate of the wiring is the lines it adds to a presenter without them.
        let bare = "protocol CartPresenterProtocol: AnyObject {\n    func viewDidLoad()\n}\n\nfinal class CartPresenter: CartPresenterProtocol {\n    func viewDidLoad() {}\n}\n"
        let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).count }
        for (style, roles) in [(TargetStyle.uikit, [ScaffoldRole.router]), (.uikit, [.interactor]), (.swiftui, [.router])] {
            m.style = style
            m.inputs = [ScaffoldModule.UseCase(name: "load()", declaration: "load()", call: "load()", result: nil, outputName: "didLoad", tasks: "I1")]
            let wired = try #require(PresenterWiring.wire(bare, module: m, roles: roles))
            #expect(lines(wired) - lines(bare) == PresenterWiring.addedLines(module: m, roles: roles), "\(style) \(roles)")
        }
    }

    @Test("A PR's estimate of the files it creates is what scaffold writes for a module of that size")
    func estimatesMatchTheTemplates() throws {
        for style in TargetStyle.allCases {
            let small = ScaffoldEstimate.lines(.interactor, style: style, shape: .init(inputs: 1, outputs: 1, routes: 1, services: 1))
            let large = ScaffoldEstimate.lines(.interactor, style: style, shape: .init(inputs: 4, outputs: 1, routes: 1, services: 1))
            // Each use case: a requirement, a result and a stub with its comment.
            #expect(large - small == 3 * (style == .uikit ? 4 : 5), "\(style)")
        }
    }

    @Test("A team's template replaces the built-in one of the same name")
    func templateOverride() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try Self.plan(box, style: .uikit)
        try box.addSource("templates/uikit-interactor.mustache", "// {{prefix}} interactor by the team\n")
        var request = Self.request(box, "cart", patch: true)
        request.templates = box.root + "/templates"
        let patch = try Commands.scaffold(request).patch
        #expect(patch.contains("+++ b/Cart/CartInteractor.swift\n@@ -0,0 +1,1 @@\n+// Cart interactor by the team\n"))
    }

    @Test("Contract signatures: types kept, labels alone made generic, keywords renamed, brackets respected")
    func signatures() {
        func declared(_ s: String) -> String {
            let (base, parameters, _) = ContractSignature.parse(s)
            return ContractSignature.declaration(base, parameters) + " / " + ContractSignature.call(base, parameters)
        }
        #expect(declared("fetchOrders(page: Int) -> [Order]") == "fetchOrders(page: Int) / fetchOrders(page: page)")
        #expect(declared("validateCoupon(code:)") == "validateCoupon<Code: Sendable>(code: Code) / validateCoupon(code: code)")
        #expect(declared("priceIncludingTax(for: Product)") == "priceIncludingTax(for product: Product) / priceIncludingTax(for: product)")
        #expect(declared("setQuantity(_ value: Int, forProductId: Int)") == "setQuantity(_ value: Int, forProductId: Int) / setQuantity(value, forProductId: forProductId)")
        #expect(declared("merge(_ value: [String: Int], with: Result<A, B>)") == "merge(_ value: [String: Int], with: Result<A, B>) / merge(value, with: with)")
        #expect(declared("run(_ value: (Int) -> Void, again: Bool)") == "run(_ value: (Int) -> Void, again: Bool) / run(value, again: again)")
        #expect(declared("themeColors(for: UITraitCollection)") == "themeColors(for traitCollection: UITraitCollection) / themeColors(for: traitCollection)")
        // A view type becomes a generic placeholder the presenter can carry without UIKit.
        #expect(ScaffoldModule.useCase(ContractItem(name: "themeColors(for:)", detail: "x — I1", signature: "themeColors(for: UITraitCollection)")).declaration
                == "themeColors<TraitCollection: Sendable>(for traitCollection: TraitCollection)")
        #expect(ContractSignature.parse("currencyCode() -> String").result == "String")
        #expect(ScaffoldModule.propertyName("APIClient") == "apiClient")
        #expect(ScaffoldModule.propertyName("CartStore") == "cartStore")
        #expect(ScaffoldModule.propertyName("URL") == "url")
    }
}
