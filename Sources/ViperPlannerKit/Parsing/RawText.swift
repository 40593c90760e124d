@_spi(RawSyntax) import SwiftSyntax

/// Text of nodes and tokens read from the raw tree. The public `text` forms a `TokenKind` first
/// and `trimmedDescription` copies the subtree without its outer trivia before printing it; both
/// showed in the profile of a cold audit. The raw reads below give the same strings.

extension TokenSyntax {
    /// Same as `text`. A token's kind is formed from its raw text, so the two spell the same string;
    /// only a missing token may carry empty raw text where `text` gives the kind's default spelling.
    var plainText: String {
        let raw = rawText
        return raw.isEmpty ? text : String(syntaxText: raw)
    }

    /// Same as `tokenKind == .keyword(keyword)`, without forming the kind.
    func isKeyword(_ keyword: Keyword) -> Bool {
        rawTokenKind == .keyword && rawText == keyword.defaultText
    }
}

extension SyntaxProtocol {
    /// Same as `trimmedDescription`. Without missing tokens or unexpected text (`hasError`) a node
    /// is its source bytes from its first token's text to its last token's text, which the parsed
    /// tokens share with the source buffer they were cut from; otherwise the public path decides.
    var trimmedText: String {
        guard !hasError, let first = raw.firstPresentTokenText?.baseAddress else { return trimmedDescription }
        let length = raw.byteLength - raw.leadingTriviaByteLength - raw.trailingTriviaByteLength
        let bytes = UnsafeBufferPointer(start: first, count: length)
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid UTF-8, which the printed tokens would repair token by token.
        if bytes.contains(where: { $0 >= 0x80 }), !text.utf8.elementsEqual(bytes) { return trimmedDescription }
        return text
    }
}

extension RawSyntax {
    /// The text (without trivia) of the first present token.
    fileprivate var firstPresentTokenText: SyntaxText? {
        if let token = tokenView { return token.presence == .present ? token.rawText : nil }
        guard let layout = layoutView else { return nil }
        for child in layout.children {
            if let child, let text = child.firstPresentTokenText { return text }
        }
        return nil
    }
}

/// FNV-1a over the texts of a node's present tokens, each followed by 0x1F: what hashing
/// `tokens(viewMode: .sourceAccurate)` by their `text` gives, without a `Syntax` node or a
/// `String` per token.
func tokenTextHash(_ node: some SyntaxProtocol) -> UInt64 {
    var hash: UInt64 = 0xcbf29ce484222325
    hashTokens(node.raw, into: &hash)
    return hash
}

private func hashTokens(_ node: RawSyntax, into hash: inout UInt64) {
    if let token = node.tokenView {
        guard token.presence == .present else { return }
        // Empty raw text: `text` is the kind's fixed spelling, or empty for kinds that carry their text.
        let text = token.rawText.isEmpty ? token.rawKind.defaultText ?? "" : token.rawText
        var next = hash, high: UInt8 = 0
        for byte in text { next = (next ^ UInt64(byte)) &* 0x100000001b3; high |= byte }
        if high >= 0x80 {
            // `text` decodes the bytes, replacing invalid UTF-8; hash what it would give.
            next = hash
            for byte in String(syntaxText: text).utf8 { next = (next ^ UInt64(byte)) &* 0x100000001b3 }
        }
        hash = (next ^ 0x1F) &* 0x100000001b3
        return
    }
    guard let layout = node.layoutView else { return }
    for child in layout.children { if let child { hashTokens(child, into: &hash) } }
}

/// Whether some argument of the list is the bare `self` (what `isSelf` tests on each argument's
/// expression), read without making a `Syntax` node per argument: most calls hand over no `self`.
func hasSelfArgument(_ arguments: LabeledExprListSyntax) -> Bool {
    guard let layout = arguments.raw.layoutView else { return false }
    for child in layout.children {
        guard let child, let element = RawLabeledExprSyntax(child),
              let reference = RawDeclReferenceExprSyntax(element.expression) else { continue }
        if reference.baseName.tokenKind == .keyword, reference.baseName.tokenText == Keyword.`self`.defaultText { return true }
    }
    return false
}

/// The label of each argument, "_" where there is none (`label?.text ?? "_"` per argument), read
/// from the raw list: a `Syntax` node per argument cost more than the rest of the reference.
func argumentLabels(_ arguments: LabeledExprListSyntax) -> [String] {
    guard let layout = arguments.raw.layoutView else { return arguments.map { $0.label?.plainText ?? "_" } }
    var labels: [String] = []
    labels.reserveCapacity(layout.children.count)
    for child in layout.children {
        guard let child, let element = RawLabeledExprSyntax(child) else { continue }
        labels.append(element.label?.plainText ?? "_")
    }
    return labels
}
