import Testing
@testable import ViperPlannerKit

/// A finding keeps its identity across line shifts, reformatting, file moves and
/// evidence-count changes; two different findings never share one.
struct FingerprintTests {
    static let original = """
    class CartViewController: UIViewController {
        var delegate: CartDelegate?
        var onChange: (() -> Void)?
        func load() {
            URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
            onChange = { self.refresh() }
        }
        func save() { UserDefaults.standard.set(1, forKey: "k") }
    }
    final class CartCoordinator: CartDelegate { let cart = CartViewController() }
    """

    static func fingerprints(_ code: String, path: String = "Cart/CartViewController.swift") -> [String: String] {
        let findings = Auditor.audit(sources: [(path, code)]).findings
        return Dictionary(uniqueKeysWithValues: findings.map { ("\($0.rule)|\($0.member ?? "")", $0.fingerprint) })
    }

    @Test func stableAcrossLineShiftsReformattingMovesAndCounts() {
        let before = Self.fingerprints(Self.original)
        #expect(before.count == 4)
        let shifted = "import UIKit\n\n// A comment\n\n" + Self.original
        let reformatted = Self.original.replacingOccurrences(of: "    ", with: "  ")
            .replacingOccurrences(of: "{ _, _, _ in }", with: "{ _,_,_ in\n}")
        let moreEvidence = Self.original.replacingOccurrences(
            of: "func save() { UserDefaults.standard.set(1, forKey: \"k\") }",
            with: "func save() {\n UserDefaults.standard.set(1, forKey: \"k\")\n UserDefaults.standard.set(2, forKey: \"j\")\n}")
        #expect(Self.fingerprints(shifted) == before)
        #expect(Self.fingerprints(reformatted) == before)
        #expect(Self.fingerprints(Self.original, path: "Features/Checkout/Cart.swift") == before)
        #expect(Self.fingerprints(moreEvidence) == before)
    }

    @Test func differentFindingsNeverShareAFingerprint() {
        let code = """
        class A: UIViewController {
            var delegate: ADelegate?
            var dataSource: ADataSource?
            var onA: (() -> Void)?
            var onB: (() -> Void)?
            func f() { onA = { self.x() }; onB = { self.y() } }
            func g() { onA = { self.x() } }
            func h() { onA = { self.x() } ; onA = { self.z() } }
        }
        class B: UIViewController { var delegate: ADelegate? }
        final class Owner: ADelegate, ADataSource { let a = A(); let b = B() }
        """
        let findings = Auditor.audit(sources: [("A.swift", code)]).findings
        #expect(findings.count == 8)
        #expect(Set(findings.map(\.fingerprint)).count == findings.count)
    }

    @Test func formatIsTwelveHexDigitsAndDeterministic() {
        let a = FindingFingerprint.make(rule: "vc-god", type: "FeedViewController", member: nil, discriminator: "")
        #expect(a == FindingFingerprint.make(rule: "vc-god", type: "FeedViewController", member: nil, discriminator: ""))
        #expect(a.count == 12 && a.allSatisfy(\.isHexDigit))
        #expect(a != FindingFingerprint.make(rule: "vc-god", type: "FeedViewController", member: "", discriminator: "x"))
        #expect(a == "699bf1c79b16", "fingerprints are persisted in plans: the hash must never change")
    }
}

struct ReportGroupingTests {
    @Test func sameNamedViewControllersInTwoTargetsKeepTheirOwnFindings() {
        let code = "class SettingsViewController: UIViewController { var product: Product! }\n"
        let result = Auditor.audit(sources: [("AppA/SettingsViewController.swift", code), ("AppB/SettingsViewController.swift", code)])
        let summaries = result.viewControllerSummaries()
        #expect(summaries.count == 2)
        #expect(summaries.map { $0.findings.map(\.file) }.sorted { $0[0] < $1[0] }
                == [["AppA/SettingsViewController.swift"], ["AppB/SettingsViewController.swift"]])
    }
}
