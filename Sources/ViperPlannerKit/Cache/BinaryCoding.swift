import Foundation

/// A compact binary form for the fact cache: LEB128 varints (zigzag for signed values), strings
/// as a length and UTF-8 bytes, arrays as a count and their elements. Several times smaller and
/// faster to load than JSON. Reading checks every bound and throws on anything malformed, so a
/// corrupt cache entry is re-parsed instead of trusted.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    mutating func write(_ value: UInt64) {
        var v = value
        while v >= 0x80 { bytes.append(UInt8(truncatingIfNeeded: v) | 0x80); v >>= 7 }
        bytes.append(UInt8(v))
    }
    mutating func write(_ value: Int) {
        let v = Int64(value)
        write(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }
    mutating func write(_ values: [String]) {
        write(UInt64(values.count))
        for value in values { write(value) }
    }
    mutating func write<T>(_ values: [T], _ element: (inout BinaryWriter, T) -> Void) {
        write(UInt64(values.count))
        for value in values { element(&self, value) }
    }
    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
}

struct BinaryFormatError: Error {}

struct BinaryReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    /// The last long strings read, a ring written at `next`.
    private var recent = [String](repeating: "", count: 8)
    private var next = 0

    init(_ bytes: [UInt8], offset: Int = 0) { self.bytes = bytes; self.offset = offset }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw BinaryFormatError() }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func uint64() throws -> UInt64 {
        var result: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw BinaryFormatError() }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }
    mutating func int() throws -> Int {
        let v = try uint64()
        return Int(Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))))
    }
    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw BinaryFormatError()
        }
    }
    /// A count of things still to read: never more than the bytes left (each takes ≥ 1 byte).
    mutating func count() throws -> Int {
        let n = try uint64()
        guard n <= UInt64(bytes.count - offset) else { throw BinaryFormatError() }
        return Int(n)
    }
    mutating func string() throws -> String {
        let n = try count()
        defer { offset += n }
        // Entries carry a checksum, so the bytes are what was written: no second UTF-8 validation.
        // Up to 15 bytes a string lives inline. A longer one is mostly a member's full name,
        // repeated on every reference, usage and access inside that member: the last few long
        // strings are kept, and an equal one shares their storage instead of allocating anew.
        guard n > 15 else { return String(decoding: bytes[offset..<(offset + n)], as: UTF8.self) }
        let start = offset
        let found = bytes.withUnsafeBufferPointer { buffer -> String? in
            let wanted = UnsafeBufferPointer(rebasing: buffer[start..<(start + n)])
            for known in recent where known.utf8.count == n {
                var known = known
                if known.withUTF8({ memcmp($0.baseAddress!, wanted.baseAddress!, n) == 0 }) { return known }
            }
            return nil
        }
        if let found { return found }
        let text = String(decoding: bytes[offset..<(offset + n)], as: UTF8.self)
        recent[next] = text
        next = (next + 1) % recent.count
        return text
    }
    mutating func optionalString() throws -> String? { try bool() ? try string() : nil }
    mutating func strings() throws -> [String] { try array { try $0.string() } }
    mutating func array<T>(_ element: (inout BinaryReader) throws -> T) throws -> [T] {
        let n = try count()
        var result: [T] = []
        result.reserveCapacity(n)
        for _ in 0..<n { result.append(try element(&self)) }
        return result
    }
    mutating func raw(_ n: Int) throws -> ArraySlice<UInt8> {
        guard n >= 0, n <= bytes.count - offset else { throw BinaryFormatError() }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }
}
