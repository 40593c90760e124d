import Foundation
import Testing
@testable import ViperPlannerKit

/// The lexical pre-scan that keeps files nested too deep in `[` away from the parser.
struct BracketScanTests {
    func deepest(_ code: String) -> BracketScan.Deepest { BracketScan.deepest(Array(code.utf8)) }
    func nested(_ depth: Int, _ inner: String = "1") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    @Test func countsLiteralsTypesAndSubscripts() {
        #expect(deepest("") == .init(depth: 0, line: 0))
        #expect(deepest("let a = 1\n") == .init(depth: 0, line: 0))
        #expect(deepest("let v = \(nested(3))") == .init(depth: 3, line: 1))
        #expect(deepest("let v: \(nested(5, "Int")) = []") == .init(depth: 5, line: 1))
        #expect(deepest("x[a[b[0]]] = [1]\n[2]") == .init(depth: 3, line: 1))
    }

    @Test func reportsTheLineThatFirstReachedTheDepth() {
        #expect(deepest("let a = [1]\nlet b = [[\n[\n2]]]\nlet c = [[[3]]]\n") == .init(depth: 3, line: 3))
    }

    @Test func unclosedBracketsStayOpenAndStrayClosersNeverGoNegative() {
        #expect(deepest("let v = [[[[") == .init(depth: 4, line: 1))
        #expect(deepest("f([\n  g([\n    [") == .init(depth: 3, line: 3))
        #expect(deepest("]]]]] let v = [[1]]") == .init(depth: 2, line: 1))
    }

    /// Where the parser ends an unclosed literal (bracket-depth.sh: 22 such lines parse in 0.04 s).
    @Test func aClosingBraceOrADeclarationLineEndsUnclosedBrackets() {
        let lines = (0..<30).map { "let v\($0) = [" }.joined(separator: "\n")
        #expect(deepest(lines) == .init(depth: 1, line: 1))
        let functions = (0..<30).map { "func f\($0)() { let v = [ }" }.joined(separator: "\n")
        #expect(deepest(functions) == .init(depth: 1, line: 1))
        #expect(deepest("let a = [\n    lettuce: [\n  [") == .init(depth: 3, line: 3))   // not a keyword
        #expect(deepest("let a = [\n  var b = [[") == .init(depth: 2, line: 2))
        // Balanced braces inside brackets change nothing; brackets inside a closure nest.
        #expect(deepest("let a = [{ [[1]] }, { x }]\n") == .init(depth: 3, line: 1))
        #expect(deepest("[ { }\n[") == .init(depth: 2, line: 2))
        #expect(deepest("}}} [[") == .init(depth: 2, line: 1))
    }

    @Test func commentsAreNotCode() {
        #expect(deepest("// [[[[[[\nlet v = [1]") == .init(depth: 1, line: 2))
        #expect(deepest("/* [[[[ /* nested [[[[ */ still comment [[[[ */ let v = [[1]]") == .init(depth: 2, line: 1))
        #expect(deepest("/*\n\n*/\n[") == .init(depth: 1, line: 4))
        #expect(deepest("/* never closed [[[[[[") == .init(depth: 0, line: 0))
    }

    @Test func stringsAreNotCode() {
        #expect(deepest(#"let s = "[[[[[[" + "\"[[[[""#) == .init(depth: 0, line: 0))
        // In a raw string a backslash escapes nothing: `\"#` ends it.
        #expect(deepest(##"let s = #"[[[[ " [[[[ \"# ; let v = [1]"##) == .init(depth: 1, line: 1))
        #expect(deepest("let s = ##\"a \"# [[[[ \"##\nlet v = [[1]]") == .init(depth: 2, line: 2))
        #expect(deepest("let s = \"\"\"\n[[[[\n \"[[[[\" \n\"\"\"\nlet v = [1]") == .init(depth: 1, line: 5))
        #expect(deepest("let s = #\"\"\"\n\"\"\" [[[[\n\"\"\"#\n[") == .init(depth: 1, line: 4))
        // A single-line string ends at the end of its line even when it is not closed.
        #expect(deepest("let s = \"[[[[\nlet v = [[1]]") == .init(depth: 2, line: 2))
        // A line continuation inside a multi-line string still counts its line.
        #expect(deepest("let s = \"\"\"\na \\\nb\n\"\"\"\n[") == .init(depth: 1, line: 5))
    }

    @Test func interpolationsAreCodeAndMayHoldStrings() {
        #expect(deepest(#"let s = "a \([[1]]) b [[[[[[""#) == .init(depth: 2, line: 1))
        #expect(deepest(#"let s = "a \(f("[[[[", g(x))) [[[[[[" ; let v = [1]"#) == .init(depth: 1, line: 1))
        #expect(deepest(##"let s = #"\( [[[[ )"# + #"\#([[1]])"#"##) == .init(depth: 2, line: 1))
        #expect(deepest("let s = \"\"\"\n\\(\"\"\"\n[[[[\n\"\"\")\n[[[[\n\"\"\"\nlet v = [1]") == .init(depth: 1, line: 7))
    }

    @Test func hashesThatOpenNoStringAreCode() {
        #expect(deepest("#if DEBUG\nlet v = [[1]]\n#endif") == .init(depth: 2, line: 2))
        #expect(deepest("let s = #selector(f) ; let v = [#line]") == .init(depth: 1, line: 1))
    }

    @Test func filesOverTheLimitAreSkippedWithTheLine() {
        let limit = BracketScan.maximumDepth
        let fine = "import UIKit\n\nlet v = \(nested(limit))\n"
        #expect(SourceLoader.unparseable(Array(fine.utf8)) == nil)
        let deep = "import UIKit\n\nlet v = \(nested(limit + 1))\n"
        let skip = SourceLoader.unparseable(Array(deep.utf8))
        #expect(skip?.reason == "`[` nested \(limit + 1) deep (over \(limit): too slow for the Swift parser)")
        #expect(skip?.line == 3)
    }

    /// Real code stays far below the limit: every sample file does.
    @Test func samplesStayFarBelowTheLimit() throws {
        let samples = SampleGoldenTests.packageRoot.appendingPathComponent("Samples").path
        let files = FileManager.default.enumerator(atPath: samples)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        let deepest = try files.map { BracketScan.deepest(Array(try Data(contentsOf: URL(fileURLWithPath: samples + "/" + $0)))).depth }.max()
        #expect(deepest ?? 0 < 5)
    }
}
