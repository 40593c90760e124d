import Foundation

/// The names the project's non-Swift files call: Objective-C sends (`[vc reloadTags]`) and the
/// selectors storyboards and nibs connect (`selector="requestCode:"`). A Swift member that only
/// these name is still called, so no rule may call it unused.
public struct OutsideSwift: Sendable, Hashable {
    /// Every identifier the files spell, split at anything that is not a letter, digit or `_`.
    public var names: Set<String> = []
    /// At least one storyboard or nib was read: an `@IBAction` none of them names is connected
    /// nowhere. Without one (a checkout of the Swift files only) no action can be called unused.
    public var readsInterfaceFiles = false
    /// A digest of the files read, for the report cache: an edited storyboard is a new report.
    public var digest = ""

    public init(names: Set<String> = [], readsInterfaceFiles: Bool = false, digest: String = "") {
        self.names = names; self.readsInterfaceFiles = readsInterfaceFiles; self.digest = digest
    }

    /// Reads `objectiveC` and `interface` files (paths relative to `root`); a file that cannot be
    /// read adds nothing.
    public static func scan(root: String, objectiveC: [String], interface: [String]) -> OutsideSwift {
        var result = OutsideSwift()
        var digestText = ""
        for (path, isInterface) in objectiveC.map({ ($0, false) }) + interface.map({ ($0, true) }) {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            let bytes = Array(data)
            identifiers(in: bytes) { result.names.insert($0) }
            if isInterface { result.readsInterfaceFiles = true }
            digestText += path + "\u{1F}" + ContentHash(bytes).description + "\u{1E}"
        }
        result.digest = digestText.isEmpty ? "" : ContentHash(digestText).description
        return result
    }

    /// Each run of identifier bytes that starts with a letter or `_`.
    static func identifiers(in bytes: [UInt8], _ body: (String) -> Void) {
        func isIdent(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }
        var i = 0
        let n = bytes.count
        while i < n {
            guard isIdent(bytes[i]) else { i += 1; continue }
            let start = i
            while i < n, isIdent(bytes[i]) { i += 1 }
            if !(bytes[start] >= 0x30 && bytes[start] <= 0x39) { body(String(decoding: bytes[start..<i], as: UTF8.self)) }
        }
    }
}
