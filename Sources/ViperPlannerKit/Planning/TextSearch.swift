import Foundation

/// `haystack.contains(needle)` as Foundation answers it (characters, canonical equivalence), but
/// for the common case of ASCII text without carriage returns — where every byte is a character
/// of its own and equivalence is identity — a plain byte search, which is many times faster.
func foundationContains(_ haystack: String, _ needle: String) -> Bool {
    var h = haystack, n = needle
    if let answer = h.withUTF8({ hb in n.withUTF8({ nb in asciiContains(hb, nb) }) }) { return answer }
    return haystack.contains(needle)
}

/// nil when either side is not plain ASCII without "\r" (the caller then asks Foundation).
private func asciiContains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool? {
    for byte in needle where byte >= 0x80 || byte == 13 { return nil }
    for byte in haystack where byte >= 0x80 || byte == 13 { return nil }
    guard !needle.isEmpty else { return false }   // Foundation finds no empty string
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    var i = 0
    let last = haystack.count - needle.count
    while i <= last {
        if haystack[i] == first {
            var j = 1
            while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
        }
        i += 1
    }
    return false
}
