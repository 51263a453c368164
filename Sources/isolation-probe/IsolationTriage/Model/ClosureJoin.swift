/// The offending closure found in the user's sources, where its value went,
/// and the lint finding whose storage it reached: the sentence that takes
/// a crash to the line to change.
///
/// ```swift
/// let join = ClosureJoin(closure: "closure #1 in install(_:)", file: "crash.swift", line: 2,
///                        steps: [.init(action: "assigned to", target: "Box.f", file: "crash.swift", line: 2,
///                                      storageFile: "crash.swift", storageLine: 1)],
///                        hints: hints, ranOn: "a Foundation `Thread`")
/// join.summary   // "the closure formed at crash.swift:2 was stored into `Box.f` (crash.swift:1), …"
/// ```
public struct ClosureJoin: Sendable, Hashable, Codable {
    /// One place the closure's value reached.
    public struct Step: Sendable, Hashable, Codable {
        /// How: `assigned to`, `passed to the setter of`, `appended to` …
        public var action: String
        /// What: `Box.f`, `Registry.add(_:)`.
        public var target: String
        /// Where the code moved it.
        public var file: String
        public var line: Int
        /// The declaration of the member it was stored in, when found.
        public var storageFile: String?
        public var storageLine: Int?
        /// The line of the declaration of the type holding that member.
        public var typeLine: Int?

        /// Creates a step.
        ///
        /// ```swift
        /// ClosureJoin.Step(action: "assigned to", target: "Box.f", file: "a.swift", line: 2)
        /// ```
        public init(action: String, target: String, file: String, line: Int,
                    storageFile: String? = nil, storageLine: Int? = nil, typeLine: Int? = nil) {
            self.action = action
            self.target = target
            self.file = file
            self.line = line
            self.storageFile = storageFile
            self.storageLine = storageLine
            self.typeLine = typeLine
        }

        /// `file:line` of the storage declaration.
        var storageLocation: String? {
            guard let storageFile, let storageLine else { return nil }
            return "\(storageFile):\(storageLine)"
        }
    }

    /// The offender as the report names it.
    public var closure: String
    /// Where the closure is written.
    public var file: String
    public var line: Int
    /// Where its value went, in order.
    public var steps: [Step]
    /// The lint finding whose storage the value reached, if any.
    public var finding: SourceHint?
    /// The join in one sentence.
    public var summary: String

    /// Joins the steps with `hints`: the first step whose storage a finding
    /// is about (its line, its type's line in the same file, or its name in
    /// the finding's message) names that finding.
    public init(closure: String, file: String, line: Int, steps: [Step], hints: [SourceHint], ranOn: String?) {
        self.closure = closure
        self.file = file
        self.line = line
        self.steps = steps
        let formed = "the closure formed at \(file):\(line)"
        let thread = ranOn.map { "; it ran on \($0)" } ?? ""
        for step in steps {
            guard let hint = hints.first(where: { Self.isAbout($0, step) }) else { continue }
            finding = hint
            let storage = step.storageLocation.map { " (\($0))" } ?? ""
            summary = "\(formed) was \(step.action) `\(step.target)`\(storage), flagged by lint at \(hint.file):\(hint.line) (\(hint.rule))\(thread)"
            return
        }
        finding = nil
        if steps.isEmpty {
            summary = "\(formed) was not followed further: the sources show no assignment, setter, collection or stored parameter it reaches"
        } else {
            let reached = steps.map { step in "\(step.action) `\(step.target)` (\(step.storageLocation ?? "\(step.file):\(step.line)"))" }
            summary = "\(formed) was \(reached.joined(separator: ", then ")); no lint finding is about that storage\(thread)"
        }
    }

    static func isAbout(_ hint: SourceHint, _ step: Step) -> Bool {
        guard let storageFile = step.storageFile else { return false }
        let sameFile = hint.file == storageFile || hint.file.hasSuffix("/" + storageFile) || storageFile.hasSuffix("/" + hint.file)
        if sameFile, hint.line == step.storageLine || hint.line == step.typeLine { return true }
        return hint.message.contains("`\(step.target)`")
    }
}
