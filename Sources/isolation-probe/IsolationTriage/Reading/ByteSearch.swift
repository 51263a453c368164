/// Substring search on UTF-8 bytes. Reports are scanned line by line, up
/// to tens of megabytes; `String.contains(_:)` and Foundation's
/// `range(of:)` compare Characters and are many times slower than
/// comparing bytes, which is exact for the ASCII markers searched here.
///
/// ```swift
/// Substring("frame #3: 0x1 a`b").containsBytes("frame #")   // true
/// ```
extension StringProtocol where SubSequence == Substring {
    /// Whether `needle` occurs in the string, compared byte by byte.
    func containsBytes(_ needle: String) -> Bool {
        byteRange(of: needle) != nil
    }

    /// The first (or, `backwards`, the last) occurrence of `needle`,
    /// compared byte by byte.
    func byteRange(of needle: String, backwards: Bool = false) -> Range<Index>? {
        let offset = utf8.withContiguousStorageIfAvailable { haystack in
            Self.offset(of: needle, in: haystack, backwards: backwards)
        } ?? {
            // Only bridged strings lack contiguous UTF-8; search a native copy.
            var native = String(self)
            native.makeContiguousUTF8()
            return native.utf8.withContiguousStorageIfAvailable { Self.offset(of: needle, in: $0, backwards: backwards) } ?? nil
        }()
        guard let offset else { return nil }
        let start = utf8.index(startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8.count)
    }

    private static func offset(of needle: String, in haystack: UnsafeBufferPointer<UInt8>, backwards: Bool) -> Int? {
        var needle = needle
        return needle.withUTF8 { pattern -> Int? in
            guard let first = pattern.first, haystack.count >= pattern.count else { return nil }
            let last = haystack.count - pattern.count
            var position = backwards ? last : 0
            while backwards ? position >= 0 : position <= last {
                if haystack[position] == first {
                    var offset = 1
                    while offset < pattern.count, haystack[position + offset] == pattern[offset] { offset += 1 }
                    if offset == pattern.count { return position }
                }
                position += backwards ? -1 : 1
            }
            return nil
        }
    }
}

/// Several needles searched for in one pass over a line, indexed by
/// their first two bytes so that a catalog of thousands costs a table
/// look-up per byte.
///
/// ```swift
/// let markers = ByteNeedles(["Fatal error", "watchdog"])
/// markers.occurs(in: Substring("x: Fatal error: y"))        // true
/// markers.occurring(in: Substring("watchdog: Fatal error"))  // [0, 1]
/// ```
struct ByteNeedles: Sendable {
    private let needles: [[UInt8]]
    /// For each first two bytes, the needles starting with them.
    private let byFirstTwoBytes: [[Int]]
    /// One-byte needles, by their byte.
    private let singleBytes: [[Int]]

    init(_ words: [String]) {
        needles = words.map { Array($0.utf8) }
        var pairs = Array(repeating: [Int](), count: 1 << 16)
        var singles = Array(repeating: [Int](), count: 256)
        for (index, needle) in needles.enumerated() {
            if needle.count >= 2 {
                pairs[Int(needle[0]) << 8 | Int(needle[1])].append(index)
            } else if let byte = needle.first {
                singles[Int(byte)].append(index)
            }
        }
        byFirstTwoBytes = pairs
        singleBytes = singles
    }

    /// Whether any needle occurs in `text`.
    func occurs(in text: Substring) -> Bool {
        var found = false
        scan(text) { _ in found = true; return false }
        return found
    }

    /// The indices of the needles that occur in `text`, each once, in ascending order.
    func occurring(in text: Substring) -> [Int] {
        var found: Set<Int> = []
        scan(text) { found.insert($0); return true }
        return found.sorted()
    }

    /// Calls `hit` with each needle found at each position until it returns false.
    private func scan(_ text: Substring, _ hit: (Int) -> Bool) {
        var text = text
        text.withUTF8 { haystack in
            var position = 0
            while position < haystack.count {
                for candidate in singleBytes[Int(haystack[position])] where !hit(candidate) { return }
                if position + 1 < haystack.count {
                    for candidate in byFirstTwoBytes[Int(haystack[position]) << 8 | Int(haystack[position + 1])] {
                        let needle = needles[candidate]
                        guard position + needle.count <= haystack.count else { continue }
                        var offset = 2
                        while offset < needle.count, haystack[position + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count, !hit(candidate) { return }
                    }
                }
                position += 1
            }
        }
    }
}
