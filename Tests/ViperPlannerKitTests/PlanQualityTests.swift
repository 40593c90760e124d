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
}
