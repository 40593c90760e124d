import Foundation

/// `haystack.contains(needle)` as Foundation answers it (characters, canonical equivalence), but
/// for the common case of ASCII text without carriage returns — where every byte is a character
/// of its own and equivalence is identity — a plain byte search, which is many times faster.
func foundationContains(_ haystack: String, _ needle: String) -> Bool {
    guard isPlainASCII(needle), isPlainASCII(haystack) else { return haystack.contains(needle) }
    return !needle.isEmpty && haystack.containsExactly(needle)   // Foundation finds no empty string
}

/// ASCII without "\r": every byte is a character of its own and equivalence is identity.
private func isPlainASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 && $0 != 13 } }

/// `text.trimmingCharacters(in: .whitespaces)`, without Foundation when there is nothing to trim:
/// when the first and the last scalar are ASCII other than space and tab (the only ASCII members of
/// `.whitespaces`), the text comes back as it is.
func trimmingWhitespace(_ text: Substring) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return "" }
    func keeps(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
    if keeps(first) && keeps(last) { return String(text) }
    return text.trimmingCharacters(in: .whitespaces)
}

func trimmingWhitespace(_ text: String) -> String { trimmingWhitespace(Substring(text)) }

/// `text.components(separatedBy: "\n")`, cut at the newline bytes when the text has no carriage
/// return (then every "\n" is a character of its own, however the text is compared).
func newlineComponents(_ text: String) -> [String] {
    guard !text.utf8.contains(13) else { return text.components(separatedBy: "\n") }
    return PlanDocument.lines(of: text)
}

/// `text.components(separatedBy: separator)` (Foundation), cut at the separator's bytes, left to
/// right, when text and separator are ASCII without a carriage return (each byte a character of
/// its own, nothing equivalent to anything else); Foundation's otherwise.
func components(_ text: Substring, separatedBy separator: String) -> [String] {
    let sep = Array(separator.utf8)
    let utf8 = text.utf8
    guard !sep.isEmpty, !sep.contains(where: { $0 >= 0x80 || $0 == 13 }), !utf8.contains(where: { $0 >= 0x80 || $0 == 13 }) else {
        return text.components(separatedBy: separator)
    }
    var result: [String] = []
    var start = utf8.startIndex, i = utf8.startIndex
    while i != utf8.endIndex {
        var j = i, k = 0
        while k < sep.count, j != utf8.endIndex, utf8[j] == sep[k] { j = utf8.index(after: j); k += 1 }
        if k == sep.count {
            result.append(String(text[start..<i]))
            start = j; i = j
        } else {
            i = utf8.index(after: i)
        }
    }
    result.append(String(text[start...]))
    return result
}

func sentence(_ text: String) -> String {
    guard let last = text.last else { return text }
    return ".!?".contains(last) ? text : text + "."
}

func firstSentences(_ text: String, _ n: Int) -> String {
    var count = 0
    var out = ""
    for (i, ch) in zip(text.indices, text) {
        out.append(ch)
        if ch == ".", text.index(after: i) == text.endIndex || text[text.index(after: i)] == " " {
            count += 1
            if count == n { break }
        }
    }
    return out.trimmingCharacters(in: .whitespaces)
}

/// `startsWithWord("onMarkAll", "on")`: the prefix is followed by an uppercase letter.
func startsWithWord(_ text: String, _ prefix: String) -> Bool {
    guard text.hasPrefix(prefix), text.count > prefix.count else { return false }
    return text[text.index(text.startIndex, offsetBy: prefix.count)].isUppercase
}

func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
