import Foundation
import Testing
@testable import ViperPlannerKit

/// Work a plan must not miss or plan twice: business rules the audit must see, shared seams planned once.
struct PlanQualityTests {
    static func plan(_ files: [String: String]) -> Plan { ExitsAndClaimsTests.plan(files) }

    /// Converting model values between units is a business rule: each conversion becomes an Interactor task.
    @Test func unitConversionsOnModelValuesBecomeInteractorTasks() throws {
        let code = """
        import UIKit
        struct Entry { let kilograms: Double; let metres: Double }
        final class WeightViewController: UIViewController {
            var entry = Entry(kilograms: 70, metres: 5000)
            func pounds(from kilograms: Double) -> Double {
                return kilograms * 2.2046
            }
            func fahrenheit(_ c: Double) -> Double {
                c * 9 / 5 + 32
            }
            func miles() -> Double {
                entry.metres / 1609.34
            }
            func stones(_ weightKg: Double) -> Double {
                weightKg * 0.157473
            }
        }
        """
        let feature = try ExitsAndClaimsTests.feature(Self.plan(["Weight/WeightViewController.swift": code]), "WeightViewController")
        let rules = feature.tasks.filter { $0.category == .I }
        #expect(rules.map(\.member) == ["pounds(from:)", "fahrenheit(_:)", "miles()", "stones(_:)"])
        #expect(Set(rules.compactMap(\.rule)) == ["vc-business-logic"])
        #expect(rules.map(\.line) == [6, 9, 12, 15])
    }

    /// A class an actor Interactor passes to its completion crosses to the Presenter's actor.
    @Test func aClassHandedOverThroughAnActorsCompletionIsNotSendable() {
        let code = """
        actor ArticlesInteractor: ArticlesInteractorInput {
            func load(completion: @escaping (Article) -> Void) { completion(Article(title: "")) }
        }
        @MainActor @Observable final class ArticlesPresenter {
            let interactor: ArticlesInteractor
            init(interactor: ArticlesInteractor) { self.interactor = interactor }
        }
        final class Article {
            var title: String
            init(title: String) { self.title = title }
        }
        """
        let result = Auditor.audit(sources: [("Articles/ArticlesModule.swift", code)], configuration: Configuration())
        let findings = result.findings.filter { $0.rule == "entity-not-sendable" }
        #expect(findings.map { "\($0.type) \($0.line): \($0.message)" } == ["Article 8: Article is a class without a `Sendable` conformance"])
    }
}
