import Foundation
import Testing
@testable import ViperPlannerKit

/// Plans aimed at the Swift 6 + SwiftUI target (`plan --target swiftui`, `target: swiftui`).
struct SwiftUITargetTests {
    static func swiftUIPlan(_ sample: String) throws -> Plan {
        var configuration = Configuration()
        configuration.target = .swiftui
        return try PlanningGoldenTests.plan(sample, configuration: configuration)
    }

    /// `update` re-plans the PRs in the style `.state.json` records, though the configuration
    /// (no `target:`) now says uikit.
    @Test func updateKeepsTheRecordedStyle() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        defer { withExtendedLifetime(box) {} }
        var request = PlanRequest(scan: ScanRequest(path: box.root, quiet: true, noCache: true), date: "2026-11-21")
        request.scan.target = .swiftui
        _ = try Commands.plan(request)
        #expect(try box.read(".state.json").contains("\"style\": \"swiftui\""))
        box.commit("plan")
        try box.editSource("Cart/CartViewController.swift", UpdateEndToEndTests.strongSink, UpdateEndToEndTests.weakSink)
        box.commit("weak self")
        let result = try box.update(date: "2026-11-22")
        #expect(result.resolved.map(\.id) == ["C1"])
        let cart = try box.read("cart.md")
        let table = try #require(PlanMarkdown.prPlanSection(cart))
        #expect(table.contains("| SwiftUI Views |") && table.contains("| V1 | CartView |") && table.contains("Cart{Router,Route}"))
        #expect(!table.contains("CartViewProtocol") && !table.contains("CartRouterProtocol"))
        #expect(try box.read(".state.json").contains("\"style\": \"swiftui\""))
    }

    /// A state file without the field is a UIKit plan.
    @Test func aPlanWithoutTheFieldIsUIKit() throws {
        let files = try PlanningGoldenTests.files("NewsReader")
        #expect(!files[".state.json"]!.contains("\"style\""))
        #expect(PlanState.recordedStyle(files[".state.json"]!) == .uikit)
        let swiftUI = try PlanRenderer().render(Self.swiftUIPlan("NewsReader"))
        #expect(PlanState.recordedStyle(swiftUI[".state.json"]!) == .swiftui)
    }

    /// Every module of a Swift 6 plan names the SwiftUIClean shape, and each type is created once.
    @Test("The Target module and the PRs name the Swift 6 roles", arguments: ["ShopLegacy", "NewsReader"])
    func targetModuleNamesTheSwift6Roles(sample: String) throws {
        let plan = try Self.swiftUIPlan(sample)
        let files = try PlanRenderer().render(plan)
        for feature in plan.features where !feature.modules.isEmpty {
            let text = files[feature.fileName]!
            for m in feature.modules {
                let p = m.prefix
                #expect(m.style == .swiftui)
                for name in ["`\(p)View` — a SwiftUI `struct`", "`\(p)Presenter` — `@MainActor @Observable final class`",
                             "`\(p)Interactor` — an `actor`", "`\(p)Router` — `@MainActor @Observable final class` with `route: \(p)Route?`",
                             "`\(p)Module.build()` — the only place"] {
                    #expect(text.contains(name), "\(feature.fileName): \(name)")
                }
                let created = feature.slices.flatMap(\.creates)
                #expect(created.contains("\(p)View") && created.contains("\(p)Presenter") && created.contains("\(p)ViewState"))
                #expect(!created.contains { $0.hasSuffix("Protocol") && ($0.hasPrefix(p + "View") || $0.hasPrefix(p + "Presenter") || $0.hasPrefix(p + "Router")) })
            }
            #expect(feature.slices.contains { $0.phase == .V })
        }
    }

    /// A view controller too large for one PR is converted section by section, then swapped.
    @Test func aLargeScreenIsConvertedSectionBySection() throws {
        var configuration = Configuration()
        configuration.target = .swiftui
        configuration.prLineCap = 40
        let plan = try PlanningGoldenTests.plan("ShopLegacy", configuration: configuration)
        let views = plan.features.flatMap(\.tasks).filter { $0.category == .V }
        #expect(views.contains { $0.title.hasPrefix("Convert section 1 of") })
        #expect(views.contains { $0.title.hasPrefix("Swap ") })
    }
}

/// The Swift 6 rules judge a SwiftUI-style module only where the style applies.
struct Swift6RuleGatingTests {
    static let swift6Rules: Set<String> = ["presenter-not-main-actor", "observable-object-presenter", "interactor-not-concurrency-safe",
                                           "entity-not-sendable", "view-owns-business-state", "combine-in-module",
                                           "imperative-navigation", "presenter-is-view"]
    /// A pre-Swift-6 module: `ObservableObject` + Combine, no `@MainActor`, actor, `@Observable` or `Sendable`.
    static let classicModule: [(path: String, code: String)] = [
        ("Notes/NotesPresenter.swift", """
        import Combine
        import SwiftUI
        final class NotesPresenter: ObservableObject {
            @Published var titles: [String] = []
            private let interactor: NotesInteractorInput
            private var cancellables = Set<AnyCancellable>()
            init(interactor: NotesInteractorInput) { self.interactor = interactor }
        }
        """),
        ("Notes/NotesInteractor.swift", """
        protocol NotesInteractorInput { func load() -> [String] }
        final class NotesInteractor: NotesInteractorInput {
            var cache: [String] = []
            func load() -> [String] { cache }
        }
        """),
        ("Notes/NotesView.swift", """
        import SwiftUI
        struct NotesView: View {
            @ObservedObject var presenter: NotesPresenter
            var body: some View { List(presenter.titles, id: \\.self) { Text($0) } }
        }
        """),
    ]

    @Test func aPreSwift6ModuleIsSilentByDefaultAndJudgedForTheSwift6Target() {
        let silent = Auditor.audit(sources: Self.classicModule)
        #expect(Set(silent.findings.map(\.rule)).isDisjoint(with: Self.swift6Rules), "\(silent.findings.map(\.rule))")
        var configuration = Configuration()
        configuration.target = .swiftui
        let judged = Auditor.audit(sources: Self.classicModule, configuration: configuration)
        #expect(judged.findings.contains { $0.rule == "observable-object-presenter" })
        #expect(judged.findings.contains { $0.rule == "interactor-not-concurrency-safe" })
    }

    /// The shape the Swift 6 plan names (the SwiftUIClean sample) stays clean when the target is swiftui.
    @Test func theTargetShapeHasZeroFindingsForTheSwift6Target() throws {
        var configuration = Configuration()
        configuration.target = .swiftui
        let root = SampleGoldenTests.packageRoot.appendingPathComponent("Samples/VIPERModules/SwiftUIClean").path
        let result = try Auditor.audit(root: root, configuration: configuration)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.rule) \($0.file):\($0.line)" })")
    }
}
