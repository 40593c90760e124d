import Foundation

/// Where Objective-C code creates a class: `[TagListViewController new]`,
/// `[[TagListViewController alloc] init…]`. A Swift screen created there calls its inherited
/// `init(nibName:bundle:)` or `init()`: an initialiser with parameters would stop it being
/// inherited, so the plan injects such a screen's dependencies through properties and gives its
/// builder an `@objc` entry point.
public enum ObjectiveCCreations {
    /// Class name → "App/AppDelegate.m:79" sites, in file and line order.
    public static func scan(root: String, paths: [String]) -> [String: [String]] {
        var sites: [String: [String]] = [:]
        for path in paths {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            for (name, line) in creations(in: Array(data)) { sites[name, default: []].append("\(path):\(line)") }
        }
        return sites
    }

    /// The classes `bytes` sends `new` or `alloc` to, with the 1-based line of each send.
    static func creations(in bytes: [UInt8]) -> [(String, Int)] {
        var found: [(String, Int)] = []
        var line = 1, i = 0
        let n = bytes.count
        func skipSpaces(_ j: inout Int) { while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 } }
        func isIdent(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }
        while i < n {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            guard b == 0x5B else { i += 1; continue }   // "["
            var j = i + 1
            skipSpaces(&j)
            let start = j
            while j < n, isIdent(bytes[j]) { j += 1 }
            // A class name starts with an uppercase letter; a receiver variable does not.
            guard j > start, bytes[start] >= 0x41, bytes[start] <= 0x5A else { i += 1; continue }
            let name = String(decoding: bytes[start..<j], as: UTF8.self)
            skipSpaces(&j)
            let wordStart = j
            while j < n, isIdent(bytes[j]) { j += 1 }
            let word = String(decoding: bytes[wordStart..<j], as: UTF8.self)
            skipSpaces(&j)
            if (word == "new" || word == "alloc"), j < n, bytes[j] == 0x5D { found.append((name, line)) }   // "]"
            i += 1
        }
        return found
    }
}
