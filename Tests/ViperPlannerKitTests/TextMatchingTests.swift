import Foundation
import Testing
@testable import ViperPlannerKit

/// The byte-level name tests the fact extractor uses instead of `lowercased()` + Foundation.
struct TextMatchingTests {
    @Test func containsIgnoringCaseMatchesAnywhereInAnyCase() {
        #expect("apiSessionManager".containsIgnoringCase("session"))
        #expect("SESSION".containsIgnoringCase("session"))
        #expect("mySessio".containsIgnoringCase("session") == false)
        #expect("".containsIgnoringCase("a") == false)
        #expect("abc".containsIgnoringCase(""))
        #expect("ssession".containsIgnoringCase("session"))     // restarts after a partial match
        #expect("écranRouter".containsIgnoringCase("router"))    // non-ASCII bytes never match ASCII needles
        #expect("Über".containsIgnoringCase("ber"))
    }

    @Test func lastPartIsTheLastNonEmptyPartAsSplitGivesIt() {
        for name in ["Outer.Inner", "Inner", "", ".", "..", "A.", "A..B", ".B", "Über.Café", "a.b.c"] {
            #expect(lastPart(name) == name.split(separator: ".").last, "\(name)")
        }
        #expect(lastPart("App/Screens/Home.swift", separatedBy: UInt8(ascii: "/")) == "Home.swift")
        #expect(lastPart("Outer.Inner") == "Inner" && lastPart("") == nil)
    }

    @Test func gitHubMessagesArePercentEncodedAsFoundationWould() {
        for text in ["100% done", "line\nnext", "crlf\r\nend", "%0A literal", "Ümlaut 🙂 %\r", ""] {
            let foundation = text.replacingOccurrences(of: "%", with: "%25")
                .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            #expect(Reporter.gitHubEscaped(text) == foundation, "\(text)")
        }
        #expect(Reporter.gitHubEscaped("a%\nb") == "a%25%0Ab")
    }

    @Test func camelWordsOnBytesAgreeWithUnicodeProperties() {
        for name in ["URLSessionDataTask", "fetchUserProfile", "HTTPClient", "snake_case.Value", "ABC", "a", "", "iOS14Helper",
                     "__x__", "ProfileVC", "loadV2API", "X.Y_z"] {
            #expect(Purpose.camelWords(name) == Purpose.unicodeCamelWords(name), "\(name)")
        }
        #expect(Purpose.camelWords("URLSessionDataTask") == ["url", "session", "data", "task"])
        #expect(Purpose.camelWords("ÜberView") == ["über", "view"])
    }

    @Test func suffixAndEqualityIgnoreCase() {
        #expect("mainRealm".hasSuffixIgnoringCase("realm"))
        #expect("REALM".hasSuffixIgnoringCase("realm"))
        #expect("realms".hasSuffixIgnoringCase("realm") == false)
        #expect("db".hasSuffixIgnoringCase("dbqueue") == false)
        #expect("Main".equalsIgnoringCase("main"))
        #expect("mainQueue".equalsIgnoringCase("main") == false)
    }

    @Test func containsExactlyIsCaseSensitive() {
        #expect("NSLocalizedString(\"a\", comment: \"\")".containsExactly("NSLocalizedString"))
        #expect("nslocalizedstring".containsExactly("NSLocalizedString") == false)
        #expect("L10n.title".containsExactly("L10n."))
        #expect("aab".containsExactly("ab"))
    }

    @Test func typeLikeNamesStartWithAnUppercaseLetter() {
        #expect(isTypeLikeName("UserDefaults"))
        #expect(isTypeLikeName("Ñandú"))
        #expect(isTypeLikeName("userDefaults") == false)
        #expect(isTypeLikeName("_Private") == false)
        #expect(isTypeLikeName("`default`") == false)
        #expect(isTypeLikeName("") == false)
    }
}
