import Foundation
import SwiftParser
import SwiftSyntax

/// Parses one file's bytes into facts. The tree is dropped when this returns.
public enum FileParser {
    /// Deep enough for real code; deeper input is reported by the parser as an error instead of
    /// overflowing the stack.
    static let maximumNestingLevel = 256

    public static func facts(path: String, bytes: [UInt8]) -> FileFacts {
        let table = LineTable(bytes)
        let tree = bytes.withUnsafeBufferPointer { buffer in
            Parser.parse(source: buffer, maximumNestingLevel: maximumNestingLevel)
        }
        let counter = CodeLineCounter(lineCount: table.lineCount, markedLines: CodeLineMarker.mark(tree, table: table))
        let extractor = FactExtractor(table: table)
        extractor.codeLines = counter
        extractor.walk(tree)
        let types = extractor.finished.sorted { $0.position < $1.position }
        return FileFacts(path: path, bytes: bytes.count, codeLines: counter.total, imports: extractor.imports,
                         types: types, suppressions: Suppressions.parse(bytes: bytes, table: table),
                         hasSyntaxErrors: tree.hasError, globals: extractor.globals, typeAliases: extractor.typeAliases,
                         mainHopFunctions: extractor.mainHopFunctions)
    }

    /// A bare parse with nothing on top: the floor that benchmarks compare the audit with.
    public static func parseOnly(bytes: [UInt8]) -> Bool {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: maximumNestingLevel) }
        return tree.hasError
    }
}

/// `// viper-planner:disable:next RULE`, `// viper-planner:disable:this RULE`,
/// `// viper-planner:disable RULE` … `// viper-planner:enable RULE`. RULE may be `all` or a list.
enum Suppressions {
    static let marker = Array("viper-planner:".utf8)

    static func parse(bytes: [UInt8], table: LineTable) -> [Suppression] {
        guard contains(bytes, marker) else { return [] }
        var result: [Suppression] = []
        var open: [String?: Int] = [:]
        for line in 1...table.lineCount {
            let text = table.text(ofLine: line, limit: 10_000)
            guard let range = text.range(of: "viper-planner:"), text[..<range.lowerBound].contains("//") else { continue }
            let words = text[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            guard let command = words.first else { continue }
            let rules: [String?] = words.count > 1 ? words.dropFirst().map { $0 == "all" ? nil : $0 } : [nil]
            for rule in rules {
                switch command {
                case "disable:next": result.append(Suppression(rule: rule, fromLine: line + 1, toLine: line + 1))
                case "disable:this": result.append(Suppression(rule: rule, fromLine: line, toLine: line))
                case "disable": open[rule] = line
                case "enable":
                    if let start = open.removeValue(forKey: rule) {
                        result.append(Suppression(rule: rule, fromLine: start, toLine: line))
                    }
                default: break
                }
            }
        }
        for (rule, start) in open { result.append(Suppression(rule: rule, fromLine: start, toLine: Int.max)) }
        return result.sorted { ($0.fromLine, $0.rule ?? "") < ($1.fromLine, $1.rule ?? "") }
    }

    /// memchr to each candidate first byte, then memcmp (a byte loop cost ~2.5 instructions per
    /// byte of every file).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                let last = hay.count - pin.count
                var i = 0
                while i <= last, let hit = memchr(base + i, Int32(first), last - i + 1) {
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, pinBase, pin.count) == 0 { return true }
                    i = at + 1
                }
                return false
            }
        }
    }
}
