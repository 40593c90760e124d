import Testing
@testable import ViperPlannerKit

/// The facts the SwiftUI-style rules read: what stored types are made of, `@unchecked`
/// conformances, declaration modifiers, enum case values, links that name their destination.
struct SwiftUIFactsTests {
    static func facts(_ code: String) -> [String: TypeDeclFacts] {
        let file = FileParser.facts(path: "F.swift", bytes: Array(code.utf8))
        return Dictionary(file.types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func storedTypesAreSplitIntoTheirComponents() throws {
        let types = Self.facts("""
        final class A {
            var cancellables = Set<AnyCancellable>()
            var byID: [String: [Order]] = [:]
            let result: Result<Order, Error>?
            var plain: (() -> Void)?
            let sendable: @Sendable () -> Void
            let isolated: @MainActor (Int) -> Void
            var state = FeatureViewState()
            var onTap = { }
            func load() async throws -> [Order] { [] }
        }
        """)
        let a = try #require(types["A"])
        let byName = Dictionary(a.properties.map { ($0.name, $0) }, uniquingKeysWith: { x, _ in x })
        #expect(byName["cancellables"]?.typeComponents == ["Set", "AnyCancellable"])
        #expect(byName["byID"]?.typeComponents == ["String", "Order"])
        #expect(byName["result"]?.typeComponents == ["Result", "Order", "Error"])
        #expect(byName["plain"]?.hasPlainClosure == true)
        #expect(byName["sendable"]?.hasPlainClosure == false && byName["isolated"]?.hasPlainClosure == false)
        #expect(byName["state"]?.typeComponents == ["FeatureViewState"])
        #expect(byName["onTap"]?.hasPlainClosure == true)
        #expect(a.functions.first { $0.name == "load()" }?.returnComponents == ["Order"])
    }

    @Test func modifiersUncheckedConformancesAndHiddenProperties() throws {
        let types = Self.facts("""
        public final class B: Base, @unchecked Sendable {
            private(set) var shown = 0
            private var hidden = 0
        }
        """)
        let b = try #require(types["B"])
        #expect(b.modifiers == ["final", "public"])
        #expect(b.uncheckedConformances == ["Sendable"] && b.inheritance == ["Base", "Sendable"])
        #expect(b.properties.map(\.isHidden) == [false, true] && b.properties.map(\.isPrivate) == [true, true])
    }

    @Test func enumCaseValuesAndDestinationLinks() throws {
        let types = Self.facts("""
        enum Route { case detail(Recipe, onClose: () -> Void), about }
        struct V: View {
            var body: some View {
                NavigationLink(destination: D()) { Text("a") }
                NavigationLink("b") { D() }
                NavigationLink(value: Route.about) { Text("c") }
            }
        }
        """)
        let route = try #require(types["Route"])
        #expect(route.enumCases.map(\.name) == ["detail"])
        #expect(route.enumCases.first?.typeComponents == ["Recipe"] && route.enumCases.first?.hasPlainClosure == true)
        #expect(types["V"]?.destinationLinks.map(\.line) == [4, 5])
    }
}

extension SwiftUIFactsTests {
    /// `if let tag = tag` and `if let tag` read the property before the binding hides it, and an
    /// `if` binding hides it only inside the `if`: the property's later writes are its own.
    @Test func anOptionalBindingHidesThePropertyOnlyWhereItIsBound() throws {
        let types = Self.facts("""
        final class TagsViewController {
            var renameTag: String?
            func rename(_ tag: String) {
                if let renameTag = renameTag { print(renameTag) }
                renameTag = tag
            }
            func finish() {
                if let renameTag { print(renameTag) }
                guard let renameTag = renameTag else { return }
                print(renameTag)
            }
        }
        """)
        let accesses = try #require(types["TagsViewController"]).propertyAccesses.filter { $0.name == "renameTag" }
        #expect(accesses.map { "\($0.position.line)\($0.isWrite ? "w" : "r")" } == ["4r", "5w", "8r", "9r"])
    }
}
