import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import ViperPlannerKit

/// The raw-tree readings of token text, node text and body hashes must give what the public API
/// gives, on every node: broken code (missing tokens, unexpected text), comments inside
/// expressions, non-ASCII names and invalid UTF-8.
struct RawTextTests {
    static let samples: [[UInt8]] = [
        Array("""
        import UIKit
        final class A: UIViewController, @unchecked Sendable {
            @IBOutlet weak var label: UILabel!
            func load(page: Int, completion: @escaping ([Order]) -> Void) {
                if ProcessInfo.processInfo /* why */ .arguments.contains("-ui") { return }
                let x: [String: Int]? = nil; self.title = "é\\(page)"
                #if DEBUG && !TEST
                print(x as Any)
                #endif
            }
        }
        """.utf8),
        Array("""
        struct Café<T> { let naïve: T; func ƒ(_ 🙂: Int) -> some View { Text("😀") } }
        """.utf8),
        Array("func broken( { if let = foo { } let x = [1, 2,; class { var: Int }\n".utf8),
        Array("let a = 1\nfunc f() { g(\"".utf8) + [0xFF, 0xC3] + Array("\") ; h(x: 1) }\n".utf8),
    ]

    static func referenceHash(_ node: some SyntaxProtocol) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for token in node.tokens(viewMode: .sourceAccurate) {
            for byte in token.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            hash = (hash ^ 0x1F) &* 0x100000001b3
        }
        return hash
    }

    /// `chain(of:)` as written before the raw reading.
    static func referenceChain(of expr: ExprSyntax) -> [String] {
        var names: [String] = []
        names.reserveCapacity(4)
        var current: ExprSyntax? = expr
        var depth = 0
        while let e = current, depth < 64 {
            depth += 1
            if let ref = e.as(DeclReferenceExprSyntax.self) {
                names.append(ref.baseName.text); break
            } else if let member = e.as(MemberAccessExprSyntax.self) {
                names.append(member.declName.baseName.text)
                guard let base = member.base else { names.append("."); break }
                current = base
            } else if let call = e.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let opt = e.as(OptionalChainingExprSyntax.self) {
                current = opt.expression
            } else if let force = e.as(ForceUnwrapExprSyntax.self) {
                current = force.expression
            } else if let t = e.as(TryExprSyntax.self) {
                current = t.expression
            } else if let a = e.as(AwaitExprSyntax.self) {
                current = a.expression
            } else if let s = e.as(SubscriptCallExprSyntax.self) {
                current = s.calledExpression
            } else if e.is(SuperExprSyntax.self) {
                names.append("super"); break
            } else if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.expression
            } else {
                names.append("?"); break
            }
        }
        names.reverse()
        return names
    }

    /// `callee(of:)` as written before the raw reading.
    static func referenceCallee(of call: FunctionCallExprSyntax) -> (chain: [String], name: String)? {
        let called = call.calledExpression
        if let ref = called.as(DeclReferenceExprSyntax.self) { return ([], ref.baseName.text) }
        if let member = called.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { referenceChain(of: $0) } ?? ["."]
            return (base, member.declName.baseName.text)
        }
        if let generic = called.as(GenericSpecializationExprSyntax.self),
           let ref = generic.expression.as(DeclReferenceExprSyntax.self) {
            return ([], ref.baseName.text)
        }
        return nil
    }

    /// `isGeometryName` as written before its ASCII path.
    static func referenceIsGeometryName(_ name: String) -> Bool {
        var word = ""
        func matches(_ w: String) -> Bool {
            let lower = w.lowercased()
            return KnownAPIs.geometryWords.contains(lower)
                || (lower.hasSuffix("s") && KnownAPIs.geometryWords.contains(String(lower.dropLast())))
        }
        for character in name {
            if character.isUppercase, !word.isEmpty { if matches(word) { return true }; word = "" }
            word.append(character)
        }
        return matches(word)
    }

    @Test func geometryNamesMatchTheCharacterReading() {
        for name in ["", "x", "frames", "cellHeight", "animationDuration", "indexPath", "URLSession", "ÉcranWidth",
                     "widthÉ", "sizeS", "ABC", "scrollViewDidScroll", "Rows", "s", "a\r\nb"] {
            #expect(KnownAPIs.isGeometryName(name) == Self.referenceIsGeometryName(name), "\(name)")
        }
    }

    /// Every node and token of one file agrees; returns the number of nodes checked.
    @discardableResult
    static func check(_ bytes: [UInt8]) -> Int {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var count = 0
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            count += 1
            // Large nodes are covered through their parts; whole files would make this quadratic.
            if node.totalLength.utf8Length <= 4_000 || node.is(CodeBlockItemListSyntax.self) {
                #expect(node.trimmedText == node.trimmedDescription)
                #expect(tokenTextHash(node) == referenceHash(node))
            }
            if let expr = node.as(ExprSyntax.self) { #expect(chain(of: expr) == referenceChain(of: expr)) }
            if let call = node.as(FunctionCallExprSyntax.self) {
                let (fast, slow) = (callee(of: call), referenceCallee(of: call))
                #expect(fast?.chain == slow?.chain && fast?.name == slow?.name)
            }
            if let list = node.as(LabeledExprListSyntax.self) {
                #expect(argumentLabels(list) == list.map { $0.label?.text ?? "_" })
            }
            if let token = node.as(TokenSyntax.self) {
                #expect(token.plainText == token.text)
                #expect(KnownAPIs.isGeometryName(token.text) == referenceIsGeometryName(token.text))
                for keyword: Keyword in [.`self`, .let, .static, .class] {
                    #expect(token.isKeyword(keyword) == (token.tokenKind == .keyword(keyword)))
                }
            }
            pending.append(contentsOf: node.children(viewMode: .all))
        }
        return count
    }

    @Test func rawReadingsMatchThePublicOnes() {
        for sample in Self.samples { Self.check(sample) }
    }

    /// `VP_RAW_TEXT_CORPUS=/path swift test --filter RawTextTests`: the same check over a folder.
    @Test func rawReadingsMatchOnACorpus() throws {
        guard let root = ProcessInfo.processInfo.environment["VP_RAW_TEXT_CORPUS"] else { return }
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var nodes = 0
        for file in files { nodes += Self.check(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))) }
        print("RawTextTests: \(files.count) files, \(nodes) nodes")
    }
}
