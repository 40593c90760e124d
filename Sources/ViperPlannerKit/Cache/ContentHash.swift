/// A fast non-cryptographic 128-bit hash of file contents, for cache keys (Foundation only: no
/// CryptoKit on Linux). Two independent 64-bit multiply–rotate lanes over 8-byte words, the
/// length mixed in, each lane finished with the SplitMix64 avalanche and cross-mixed.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var state = State()
        if bytes.withContiguousStorageIfAvailable({ state.add(UnsafeRawBufferPointer($0)) }) == nil {
            for byte in bytes { state.add(byte) }
        }
        (high, low) = state.finish()
    }

    /// The lanes over a stream of bytes, taken as little-endian 8-byte words: a contiguous buffer
    /// is read a word at a time, anything else a byte at a time, with the same result.
    private struct State {
        var h1: UInt64 = 0x9E37_79B9_7F4A_7C15, h2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var word: UInt64 = 0, shift: UInt64 = 0, count: UInt64 = 0

        mutating func mix(_ w: UInt64) {
            h1 = ((h1 ^ w) &* 0x87C3_7B91_1142_53D5)
            h1 = (h1 << 31) | (h1 >> 33)
            h2 = ((h2 ^ (w &* 0x4CF5_AD43_2745_937F)) &* 0x9FB2_1C65_1E98_DF25)
            h2 = (h2 << 27) | (h2 >> 37)
        }

        mutating func add(_ byte: UInt8) {
            word |= UInt64(byte) << shift
            shift += 8; count += 1
            if shift == 64 { mix(word); word = 0; shift = 0 }
        }

        /// Called once, on a fresh state (no partial word pending).
        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            let words = buffer.count / 8
            for i in 0..<words { mix(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) }
            count = UInt64(words * 8)
            for i in (words * 8)..<buffer.count { add(buffer[i]) }
        }

        mutating func finish() -> (UInt64, UInt64) {
            if shift > 0 { mix(word) }
            mix(count)
            return (ContentHash.avalanche(h1 ^ (h2 >> 29)), ContentHash.avalanche(h2 ^ (h1 >> 31) ^ 0x6A09_E667_F3BC_C908))
        }
    }

    public init(_ text: String) { self.init(text.utf8) }

    static func avalanche(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 32 lowercase hex digits.
    public var description: String { Self.hex(high) + Self.hex(low) }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
