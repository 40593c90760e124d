import Foundation
import Testing
@testable import ViperPlannerKit

/// The did-you-mean of mistyped names.
struct LintCommandTests {
    @Test func editDistanceAndTheNearestName() {
        #expect(DidYouMean.distance("kitten", "sitting") == 3)
        #expect(DidYouMean.distance("", "audit") == 5 && DidYouMean.distance("plan", "") == 4)
        #expect(DidYouMean.distance("exclude", "excluded") == 1 && DidYouMean.distance("audt", "audit") == 1)
        #expect(DidYouMean.distance("vc-sise", "vc-size") == 1 && DidYouMean.distance("same", "same") == 0)
        #expect(DidYouMean.nearest(to: "pln", in: ["audit", "plan", "update"]) == "plan")
        #expect(DidYouMean.nearest(to: "xyzzy", in: ["audit", "plan"]) == nil)
        #expect(DidYouMean.nearest(to: "plan", in: ["audit", "plan"]) == nil)
        // Three edits away is too far; on a tie the first listed wins.
        #expect(DidYouMean.nearest(to: "abc", in: ["xyz"]) == nil)
        #expect(DidYouMean.nearest(to: "ab", in: ["ax", "xb"]) == "ax")
        #expect(DidYouMean.hint(for: "exclude", in: Configuration.keyNames) == " (did you mean 'excluded'?)")
        #expect(DidYouMean.hint(for: "colour", in: Configuration.keyNames) == "")
    }
}
