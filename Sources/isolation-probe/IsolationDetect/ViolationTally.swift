/// Deduplicates violations by kind and location and counts occurrences,
/// keeping the order in which each was first seen.
///
/// ```swift
/// var tally = ViolationTally()
/// tally.record(line: "warning: data race detected: @MainActor function at A/a.swift:3 was not called on the main thread")
/// tally.record(line: "warning: data race detected: @MainActor function at A/a.swift:3 was not called on the main thread")
/// print(tally.entries.first?.count ?? 0)  // 2
/// ```
package struct ViolationTally: Sendable {
    /// A distinct violation with how often it happened.
    struct Entry: Codable, Sendable, Equatable {
        var violation: IsolationViolation
        var count: Int
        /// The source file the `#fileID` resolved to, when it could be found.
        var path: String?
    }

    private(set) var entries: [Entry] = []
    private var positions: [Key: Int] = [:]

    private struct Key: Hashable {
        let kind: IsolationViolation.Kind
        let fileID: String
        let line: Int
    }

    init() {}

    /// Total occurrences across entries.
    var occurrences: Int { entries.reduce(0) { $0 + $1.count } }

    /// Records `line` if it is a runtime isolation message; returns whether it was.
    @discardableResult
    mutating func record(line: some StringProtocol) -> Bool {
        guard let violation = IsolationViolation.parse(line) else { return false }
        record(violation)
        return true
    }

    /// Records one occurrence of `violation`.
    mutating func record(_ violation: IsolationViolation) {
        let key = Key(kind: violation.kind, fileID: violation.fileID, line: violation.line)
        if let position = positions[key] {
            entries[position].count += 1
        } else {
            positions[key] = entries.count
            entries.append(Entry(violation: violation, count: 1, path: nil))
        }
    }

    /// Fills in `path` for every entry using `resolver`.
    mutating func resolvePaths(with resolver: SourceLocator) {
        for position in entries.indices {
            entries[position].path = resolver.path(forFileID: entries[position].violation.fileID)
        }
    }
}
