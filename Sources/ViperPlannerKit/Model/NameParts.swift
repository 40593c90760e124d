/// The last part of a dotted or slashed name, cut at the separator's byte: what
/// `name.split(separator: ".").last` gives (empty parts skipped; nil when there is none), without
/// walking the name character by character, which the index does thousands of times per run.
func lastPart(_ name: String, separatedBy separator: UInt8 = UInt8(ascii: ".")) -> Substring? {
    let utf8 = name.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == separator { end = utf8.index(before: end) }
    guard end > utf8.startIndex else { return nil }
    var start = end
    while start > utf8.startIndex, utf8[utf8.index(before: start)] != separator { start = utf8.index(before: start) }
    return name[start..<end]
}
