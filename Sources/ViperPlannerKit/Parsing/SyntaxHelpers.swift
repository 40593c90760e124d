import SwiftSyntax

/// Argument labels including trailing closures ("_" for unlabeled).
func labels(of call: FunctionCallExprSyntax) -> [String] {
    var result = argumentLabels(call.arguments)
    if call.trailingClosure != nil { result.append("{}") }
    for extra in call.additionalTrailingClosures { result.append(extra.label.plainText) }
    return result
}

func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
    call.arguments.first { ($0.label?.plainText ?? "_") == label }?.expression
}

/// A type's name as written, without generic arguments, optionality or a module qualifier
/// when the qualifier is a known system module.
func normalizedTypeName(_ type: TypeSyntax) -> String {
    if let opt = type.as(OptionalTypeSyntax.self) { return normalizedTypeName(opt.wrappedType) }
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return normalizedTypeName(iuo.wrappedType) }
    if let attributed = type.as(AttributedTypeSyntax.self) { return normalizedTypeName(attributed.baseType) }
    if let ident = type.as(IdentifierTypeSyntax.self) { return ident.name.plainText }
    if let member = type.as(MemberTypeSyntax.self) {
        let base = normalizedTypeName(member.baseType)
        if systemModules.contains(base) { return member.name.plainText }
        return base + "." + member.name.plainText
    }
    if let some = type.as(SomeOrAnyTypeSyntax.self) { return normalizedTypeName(some.constraint) }
    return type.trimmedText
}

/// The element type of arrays and optionals: `[Order]?` → `Order`, `Set<Order>` → `Order`.
func elementTypeName(_ type: TypeSyntax) -> String {
    if let opt = type.as(OptionalTypeSyntax.self) { return elementTypeName(opt.wrappedType) }
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return elementTypeName(iuo.wrappedType) }
    if let attributed = type.as(AttributedTypeSyntax.self) { return elementTypeName(attributed.baseType) }
    if let array = type.as(ArrayTypeSyntax.self) { return elementTypeName(array.element) }
    if let ident = type.as(IdentifierTypeSyntax.self), ["Set", "Array"].contains(ident.name.plainText),
       let argument = ident.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self) {
        return elementTypeName(argument)
    }
    return normalizedTypeName(type)
}

let systemModules: Set<String> = ["UIKit", "Foundation", "SwiftUI", "AppKit", "Swift", "CoreData", "Combine"]

/// Swift-style member name with argument labels: `load(page:completion:)`.
func functionName(_ name: String, _ params: FunctionParameterListSyntax) -> String {
    name + "(" + params.map { $0.firstName.plainText + ":" }.joined() + ")"
}

extension SyntaxProtocol {
    var startOffset: Int { positionAfterSkippingLeadingTrivia.utf8Offset }
    var endOffset: Int { max(startOffset, endPositionBeforeTrailingTrivia.utf8Offset - 1) }
}

func isTypeLikeName(_ name: String) -> Bool {
    guard let byte = name.utf8.first else { return false }
    if byte < 0x80 { return byte &- 65 < 26 }   // ASCII: A–Z (runs for every identifier)
    return name.unicodeScalars.first!.properties.isUppercase
}

// MARK: ASCII case-insensitive text tests
// Identifiers are compared with lowercase ASCII needles on their UTF-8 bytes: no `lowercased()`
// copy and no Foundation `range(of:)` (which cost 7% of a cold audit when used per call).

@inline(__always) private func lowerASCII(_ byte: UInt8) -> UInt8 { (byte &- 65) < 26 ? byte | 0x20 : byte }

private func withUTF8Bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}

extension String {
    /// Whether the text contains `needle` (lowercase ASCII), ignoring ASCII case.
    func containsIgnoringCase(_ needle: String) -> Bool {
        withUTF8Bytes(self) { hay in
            withUTF8Bytes(needle) { pin in
                guard pin.count <= hay.count else { return false }
                if pin.isEmpty { return true }
                let first = pin[0]
                var i = 0
                let end = hay.count - pin.count
                outer: while i <= end {
                    if lowerASCII(hay[i]) == first {
                        var j = 1
                        while j < pin.count {
                            if lowerASCII(hay[i + j]) != pin[j] { i += 1; continue outer }
                            j += 1
                        }
                        return true
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether the text ends with `suffix` (lowercase ASCII), ignoring ASCII case.
    func hasSuffixIgnoringCase(_ suffix: String) -> Bool {
        withUTF8Bytes(self) { hay in
            withUTF8Bytes(suffix) { pin in
                guard pin.count <= hay.count else { return false }
                let start = hay.count - pin.count
                for j in 0..<pin.count where lowerASCII(hay[start + j]) != pin[j] { return false }
                return true
            }
        }
    }

    /// Equal to `other` (lowercase ASCII), ignoring ASCII case.
    func equalsIgnoringCase(_ other: String) -> Bool { utf8.count == other.utf8.count && hasSuffixIgnoringCase(other) }

    /// Whether the text contains `needle` exactly (no Foundation).
    func containsExactly(_ needle: String) -> Bool {
        withUTF8Bytes(self) { hay in
            withUTF8Bytes(needle) { pin in
                guard pin.count <= hay.count else { return false }
                if pin.isEmpty { return true }
                var i = 0
                let end = hay.count - pin.count
                while i <= end {
                    if hay[i] == pin[0] {
                        var j = 1
                        while j < pin.count, hay[i + j] == pin[j] { j += 1 }
                        if j == pin.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
