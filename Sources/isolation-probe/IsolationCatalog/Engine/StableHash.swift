/// A 128-bit FNV-1a hash used as a cache key. Not cryptographic: it only
/// has to tell different inputs apart, stably across runs (unlike `Hasher`,
/// which is seeded per process).
///
/// ```swift
/// var hash = StableHash()
/// hash.combine("-swift-version 6")
/// hash.hexDigest  // 32 hex characters
/// ```
package struct StableHash {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x6c62_272e_07bb_0142

    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            high = (high ^ UInt64(byte) ^ (low >> 29)) &* 0x0000_0100_0000_01b3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        low = (low ^ 0xff) &* 0x0000_0100_0000_01b3
        high = (high ^ 0xfe) &* 0x0000_0100_0000_01b3
    }

    package mutating func combine(_ string: String) {
        combine(string.utf8)
    }

    package var hexDigest: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
