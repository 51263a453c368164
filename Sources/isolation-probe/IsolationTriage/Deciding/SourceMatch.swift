/// A finding about the user's sources (from `isolation-probe lint`) set next
/// to a crash: which of the names in the crash's frames its declaration
/// mentions.
///
/// ```swift
/// let hints = [SourceHint(file: "Sources/Log/Box.swift", line: 3, column: 7, rule: "unchecked-sendable-generic-box",
///                         message: "Box<T> is @unchecked Sendable …", fix: "…")]
/// let ranked = SourceMatch.rank(hints, for: diagnosis)
/// ranked.first?.matchedNames   // ["Box"]
/// ```
public struct SourceMatch: Sendable, Hashable, Codable {
    /// The finding.
    public var hint: SourceHint
    /// Names from the crash's frames (types, members, files) the finding mentions.
    public var matchedNames: [String]

    /// Creates a match.
    ///
    /// ```swift
    /// SourceMatch(hint: hint, matchedNames: ["Logging", "sink"])
    /// ```
    public init(hint: SourceHint, matchedNames: [String]) {
        self.hint = hint
        self.matchedNames = matchedNames
    }

    /// `hints` with those matching names in `diagnosis`'s frames first (the
    /// most names first), then the rest in their given order.
    public static func rank(_ hints: [SourceHint], for diagnosis: Diagnosis) -> [SourceMatch] {
        let names = frameNames(of: diagnosis)
        let matches = hints.enumerated().map { position, hint in
            (position, SourceMatch(hint: hint, matchedNames: names.filter { hint.mentions($0) }))
        }
        return matches.sorted { left, right in
            left.1.matchedNames.count != right.1.matchedNames.count
                ? left.1.matchedNames.count > right.1.matchedNames.count
                : left.0 < right.0
        }.map(\.1)
    }

    /// The identifiers a crash's own frames carry: type and member names of
    /// the offender and its callers (`closure #1 in Logging.sink.getter` →
    /// `Logging`, `sink`), and their source files. Runtime words
    /// (`closure`, `init`, `getter` …) are left out: every file has them.
    public static func frameNames(of diagnosis: Diagnosis) -> [String] {
        let frames = ([diagnosis.isolation?.offender].compactMap { $0 }) + (diagnosis.isolation?.callers ?? [])
            + (diagnosis.isolation == nil ? diagnosis.topFrames.filter { !$0.isSystem } : [])
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        for frame in frames {
            for word in identifiers(in: frame.symbol ?? "") where !ignoredWords.contains(word) { add(word) }
            if let file = frame.file { add(file) }
        }
        return names
    }

    static let ignoredWords: Set<String> = [
        "closure", "implicit", "in", "static", "init", "deinit", "getter", "setter", "modify", "didset", "willset",
        "protocol", "witness", "for", "conformance", "thunk", "partial", "apply", "main", "_", "A", "B", "self",
        "escaping", "callee_guaranteed", "guaranteed", "in_guaranteed", "out", "Sendable", "String", "Void",
    ]

    /// Identifier-like words of a demangled symbol, in order.
    static func identifiers(in symbol: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in symbol {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if current.count > 1, current.first?.isNumber == false { words.append(current) }
                current = ""
            }
        }
        if current.count > 1, current.first?.isNumber == false { words.append(current) }
        return words
    }
}

/// One lint finding, in the terms triage needs (the probe converts its
/// `LintFinding`s to these).
///
/// ```swift
/// SourceHint(file: "Sources/App/Log.swift", line: 3, column: 35, rule: "nonisolated-unsafe-mutable-closure",
///            message: "static var Logging.sink …", fix: "…")
/// ```
public struct SourceHint: Sendable, Hashable, Codable {
    /// The file, as the linter was given it.
    public var file: String
    /// 1-based line of the declaration.
    public var line: Int
    /// 1-based column of the declaration.
    public var column: Int
    /// The lint rule's id, e.g. `unchecked-sendable-generic-box`.
    public var rule: String
    /// What is wrong, naming the declaration (the names are matched here).
    public var message: String
    /// The change that removes the problem.
    public var fix: String

    /// Creates a hint.
    ///
    /// ```swift
    /// SourceHint(file: "A.swift", line: 1, column: 1, rule: "r", message: "m", fix: "f")
    /// ```
    public init(file: String, line: Int, column: Int, rule: String, message: String, fix: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
        self.fix = fix
    }

    /// Whether the finding names `name` as a whole word, or is in a file so named.
    func mentions(_ name: String) -> Bool {
        if name.hasSuffix(".swift") { return file == name || file.hasSuffix("/" + name) }
        return SourceMatch.identifiers(in: message).contains(name)
    }
}
