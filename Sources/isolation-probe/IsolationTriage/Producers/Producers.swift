/// Every producer whose words triage knows, and the lookups the kinds use:
/// a message line's catalog entries, a function's role. A new message is
/// one entry in its producer's file; nothing else changes.
///
/// ```swift
/// Producers.entries(in: "free(): invalid pointer").first?.meaning   // .heapCorruption
/// Producers.roles(of: "__DISPATCH_WAIT_FOR_QUEUE__")                   // [.trap]
/// ```
enum Producers {
    /// Every producer, each one file in `Producers/`.
    static let all: [MessageProducer] = [
        SwiftRuntimeMessages.producer,
        SwiftConcurrencyMessages.producer,
        LibdispatchMessages.producer,
        GlibcMessages.producer,
        AppleLibsystemMessages.producer,
        ThreadSanitizerMessages.producer,
        AddressSanitizerMessages.producer,
        UndefinedBehaviorSanitizerMessages.producer,
        ObjectiveCExceptionMessages.producer,
        ObjectiveCRuntimeMessages.producer,
        AppleTerminationMessages.producer,
        XcodeCheckerMessages.producer,
        SwiftUIMessages.producer,
        SwiftNIOMessages.producer,
        ShellSignalMessages.producer,
        CrashServiceMessages.producer,
        LLVMSupportMessages.producer,
        SwiftServerBacktraceMessages.producer,
        WebKitMessages.producer,
        RxSwiftMessages.producer,
        AttributeGraphMessages.producer,
        SwiftPMMessages.producer,
        RealmMessages.producer,
        LLDBInstrumentationMessages.producer,
        BuildToolMessages.producer,
        DyldMessages.producer,
        AutoLayoutMessages.producer,
        SwiftCompilerMessages.producer,
    ]

    static let messages: [ProducerMessage] = all.flatMap(\.messages)
    static let functions: [ProducerFunction] = all.flatMap(\.functions)

    /// Each entry's longest fixed fragment (``ProducerMessage/needles``),
    /// searched for in one pass, and the entry each belongs to.
    private static let needles = ByteNeedles(messages.flatMap(\.needles))
    private static let needleOwners: [Int] = messages.indices.flatMap { index in
        Array(repeating: index, count: messages[index].needles.count)
    }

    /// Builds the catalog and its needle index now rather than on the
    /// first line read, so that a report's time limit measures the report
    /// and not this one-time cost (tens of milliseconds in a debug build).
    static func prepare() {
        _ = (functions.count, needles.occurs(in: ""), needleOwners.count)
    }

    /// The entries `line` holds, longest template first: only those whose
    /// needle occurs in it are matched in full.
    static func entries<Line: StringProtocol>(in line: Line) -> [ProducerMessage] {
        let text = Substring(line)
        let candidates = Set(needles.occurring(in: text).map { needleOwners[$0] })
        return candidates.map { messages[$0] }.filter { $0.matches(text) }
            .sorted { $0.template.utf8.count > $1.template.utf8.count || ($0.template.utf8.count == $1.template.utf8.count && $0.template < $1.template) }
    }

    /// The program's code a message names (an entry's ``ProducerMessage/namesCode``
    /// placeholder): the continuation check's function, the class the
    /// Objective-C runtime could not form a weak reference to.
    ///
    /// ```swift
    /// Producers.namedCode(in: "SWIFT TASK CONTINUATION MISUSE: stop() leaked its continuation!")  // "stop()"
    /// ```
    static func namedCode<Line: StringProtocol>(in line: Line) -> String? {
        entries(in: line).lazy.compactMap { entry in entry.namesCode.flatMap { entry.value(of: $0, in: line) }.map(String.init) }.first
    }

    /// Whether any entry `line` holds has `meaning`.
    static func line<Line: StringProtocol>(_ line: Line, means meaning: MessageMeaning) -> Bool {
        entries(in: line).contains { $0.meaning == meaning }
    }

    /// The roles the producers give `symbol`.
    static func roles(of symbol: String?) -> Set<FunctionRole> {
        guard let symbol else { return [] }
        return Set(functions.lazy.filter { $0.matches(symbol) }.map(\.role))
    }

    /// The first function entry of `role` that `symbol` matches.
    static func function(_ symbol: String?, role: FunctionRole) -> ProducerFunction? {
        guard let symbol else { return nil }
        return functions.first { $0.role == role && $0.matches(symbol) }
    }
}
