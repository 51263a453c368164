/// Reads lldb's `bt` and `thread backtrace all` output:
///
/// ```
/// * thread #3, queue = 'com.apple.root.default-qos', stop reason = EXC_BREAKPOINT (code=1, subcode=0x101bd43f8)
///     frame #0: 0x0000000101bd43f8 libdispatch.dylib`_dispatch_assert_queue_fail + 116
///   * frame #6: 0x0000000100839850 App.debug.dylib`closure #1 in ContentView.userPressedTheButton() at App.swift:40:21
/// ```
///
/// ```swift
/// let report = LLDBBacktraceParser.parse(lines)
/// report?.crashedThread?.queue   // "com.apple.root.default-qos"
/// ```
public enum LLDBBacktraceParser {
    /// Whether `lines` look like lldb output (a `frame #N: 0x…` line).
    ///
    /// ```swift
    /// LLDBBacktraceParser.recognises(["    frame #0: 0x1 a`b"])   // true
    /// ```
    public static func recognises(_ lines: [String]) -> Bool {
        lines.contains { parseFrame(trimmed($0)) != nil }
    }

    /// The report in `lines`, or nil when there is no lldb frame in them.
    public static func parse(_ lines: [String]) -> CrashReport? {
        var threads: [CrashThread] = []
        var stopReason: String?
        var selectedThread: Int?
        var stoppedThreads: [Int] = []
        for line in lines {
            let text = trimmed(line)
            if let header = parseThreadHeader(text) {
                threads.append(CrashThread(name: header.name, queue: header.queue))
                if header.selected { selectedThread = threads.count - 1 }
                if let reason = header.stopReason {
                    stoppedThreads.append(threads.count - 1)
                    if stopReason == nil || header.selected { stopReason = reason }
                }
            } else if let frame = parseFrame(text) {
                // `bt` pasted without its thread line still has frames.
                if threads.isEmpty { threads.append(CrashThread(name: CrashThread.headerless)) }
                threads[threads.count - 1].frames.append(frame)
            }
        }
        guard threads.contains(where: { !$0.frames.isEmpty }) else { return nil }
        // The stopped thread crashed; with several stopped, lldb's selected (`*`) one.
        let crashed = stoppedThreads.count == 1 ? stoppedThreads[0]
            : selectedThread.flatMap { stoppedThreads.isEmpty || stoppedThreads.contains($0) ? $0 : nil }
        if let crashed { threads[crashed].crashed = true }
        var report = CrashReport(format: .lldb, threads: threads, stopReason: stopReason,
                                 signals: stopReason.map(StopSignals.names(in:)) ?? [], crashMarkMayBeBreakpoint: true)
        if threads.count == 1, threads[0].name == CrashThread.headerless { report.inferCrashedStack(stoppedAtBreakpoint: false) }
        return report
    }

    struct ThreadHeader {
        var name: String
        var queue: String?
        var stopReason: String?
        var selected: Bool
    }

    /// `* thread #3, name = 'x', queue = 'q', stop reason = EXC_BREAKPOINT (…)`.
    static func parseThreadHeader(_ text: Substring) -> ThreadHeader? {
        var rest = text
        let selected = rest.hasPrefix("* ")
        if selected { rest = rest.dropFirst(2) }
        guard rest.hasPrefix("thread #") else { return nil }
        let number = rest.dropFirst("thread #".count).prefix { $0.isNumber }
        guard !number.isEmpty else { return nil }
        var header = ThreadHeader(name: "thread #\(number)", selected: selected)
        // `stop reason` is last and may contain commas and quotes.
        if let reason = rest.range(of: "stop reason = ") {
            header.stopReason = String(rest[reason.upperBound...]).trimmingTrailingWhitespace()
            rest = rest[..<reason.lowerBound]
        }
        if let queue = rest.range(of: "queue = '") {
            let value = rest[queue.upperBound...]
            header.queue = value.firstIndex(of: "'").map { String(value[..<$0]) }
        }
        return header
    }

    /// `frame #N: 0xADDR IMAGE`SYMBOL [+ OFFSET] [at FILE:LINE[:COL]] [[opt]]`.
    static func parseFrame(_ text: Substring) -> StackFrame? {
        var rest = text
        if rest.hasPrefix("* ") { rest = rest.dropFirst(2) }
        guard rest.hasPrefix("frame #") else { return nil }
        rest = rest.dropFirst("frame #".count)
        let number = rest.prefix { $0.isNumber }
        guard let index = Int(number), rest.dropFirst(number.count).hasPrefix(": ") else { return nil }
        rest = rest.dropFirst(number.count + 2).drop { $0 == " " }
        let address = rest.prefix { !$0.isWhitespace }
        guard address.hasPrefix("0x") else { return nil }
        rest = rest.dropFirst(address.count).drop { $0 == " " }
        // Trailing markers lldb adds after the location.
        for marker in [" [opt]", " [artificial]"] where rest.hasSuffix(marker) {
            rest = rest.dropLast(marker.count)
        }
        guard let tick = rest.firstIndex(of: "`") else {
            let image = rest.trimmingTrailingWhitespace()
            return StackFrame(index: index, image: image.isEmpty ? nil : image, address: String(address))
        }
        let image = String(rest[..<tick])
        var symbol = rest[rest.index(after: tick)...]
        let location = FrameText.splitLocation(&symbol, separator: " at ")
        FrameText.dropOffset(&symbol)
        let name = FrameText.lldbArgumentsAsLabels(String(symbol))
        let unnamed = name.hasPrefix("___lldb_unnamed_symbol")
        return StackFrame(index: index, image: image, symbol: unnamed ? nil : name, address: String(address),
                          file: location?.file, line: location?.line, column: location?.column)
    }

    static func trimmed(_ line: String) -> Substring {
        line.drop { $0 == " " || $0 == "\t" }
    }
}

extension CrashReportFormat {
    /// lldb's `bt` / `thread backtrace all`.
    public static let lldb = CrashReportFormat(rawValue: "lldb", title: "lldb backtrace")
}

extension LLDBBacktraceParser: CrashFormat {
    public static var format: CrashReportFormat { .lldb }
    public static let recognisedBy = "a `frame #N: 0x…` line"
    public static let samples = [
        """
        * thread #3, queue = 'com.apple.root.default-qos', stop reason = EXC_BREAKPOINT (code=1, subcode=0x101bd43f8)
            frame #0: 0x0000000101bd43f8 libdispatch.dylib`_dispatch_assert_queue_fail + 116
          * frame #6: 0x0000000100839850 App.debug.dylib`closure #1 in ContentView.userPressedTheButton() at App.swift:40:21
        """,
        "    frame #0: 0x0000000101bd43f8 libdispatch.dylib`_dispatch_assert_queue_fail + 116",
    ]
    public static let readsSurroundingConsoleLines = true
    public static func read(_ text: CrashText) -> CrashReport? {
        recognises(text.lines) ? parse(text.lines) : nil
    }
}
