import Testing
@testable import ViperPlannerKit

/// Receiver types with no source are listed per view controller (most called first), unless the
/// configuration classifies them; system and well-known library types are never listed.
struct UnresolvedTypesTests {
    static let code = """
    class ItemsViewController: UIViewController {
        let core = VendorCore.shared
        func reload() {
            core.requestItems()
            core.cancelAll()
            VendorCore.shared.flush()
            Tracker.default.mark("reload")
            UIApplication.shared.open(url)
            AF.request(url)
        }
    }
    """

    @Test func listsTypesWithoutSourceMostCalledFirst() throws {
        let result = Auditor.audit(sources: [("Items.swift", Self.code)])
        let t = try #require(result.index.types.firstIndex { $0.name == "ItemsViewController" })
        let unresolved = try #require(result.profiles[t]).unresolvedTypes
        #expect(unresolved.map(\.name) == ["VendorCore", "Tracker"])
        #expect(unresolved.map(\.calls) == [3, 1])
        #expect(result.typeReports().first { $0.name == "ItemsViewController" }?.unresolvedTypes == ["VendorCore", "Tracker"])
    }

    @Test func configuredTypesAreJudgedNotListed() throws {
        var configuration = Configuration()
        configuration.networkingTypes = ["VendorCore"]
        let result = Auditor.audit(sources: [("Items.swift", Self.code)], configuration: configuration)
        let t = try #require(result.index.types.firstIndex { $0.name == "ItemsViewController" })
        let profile = try #require(result.profiles[t])
        #expect(profile.unresolvedTypes.map(\.name) == ["Tracker"])
        #expect(profile.families.contains(.networking))
    }
}
