import Foundation

/// Reads the Swift runtime's backtracer output (Linux, and macOS with
/// `SWIFT_BACKTRACE=enable=yes`), and the `#N` frames sanitizers print:
///
/// ```
/// *** Program crashed: Illegal instruction at 0x00007f97dabf32a2 ***
///
/// Thread 1 crashed:
///
///  0      0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
///  5 [ra] 0x000055d0b7f5c0e7 closure #1 in HostApp.init() + 167 in prog at /src/UncheckedBox.swift:35:9
/// ...
/// ```
///
/// ```swift
/// let report = SwiftBacktraceParser.parse(lines)
/// report?.signals   // ["SIGILL"]
/// ```
public enum SwiftBacktraceParser {
    /// Whether `lines` contain the backtracer's headline or its thread header.
    ///
    /// ```swift
    /// SwiftBacktraceParser.recognises(["*** Program crashed: Bad pointer dereference at 0x0 ***"])  // true
    /// ```
    public static func recognises(_ lines: [String]) -> Bool {
        lines.contains { line in
            let text = trimmed(line)
            return isHeadline(text) || parseThreadHeader(text) != nil
                || (text.hasPrefix("#") && parseSanitizerFrame(text) != nil)
                // Frames pasted without the headline: `5 [ra] 0x… f() + 3 in prog`.
                || (text.containsBytes("] 0x") && text.containsBytes(" in ") && parseFrame(text) != nil)
        }
    }

    /// The report in `lines`, or nil when there is neither a headline nor a frame.
    public static func parse(_ lines: [String]) -> CrashReport? {
        var threads: [CrashThread] = []
        var headline: String?
        var notes: [String] = []
        for line in lines {
            let text = trimmed(line)
            // With colours on, a progress line `Program crashed: Signal 4:
            // Backtracing from …` comes first; the headline is the next one.
            if headline == nil || headline?.containsBytes("Backtracing from") == true, isHeadline(text) {
                headline = String(text)
            } else if let header = parseThreadHeader(text) {
                threads.append(header)
            } else if text.hasPrefix("---"), text.containsBytes("skipped") {
                notes.append("the backtrace skips frames (\(text.trimmingCharacters(in: CharacterSet(charactersIn: "- "))))")
            } else if let frame = text.hasPrefix("#") ? parseSanitizerFrame(text) : parseFrame(text) {
                if threads.isEmpty { threads.append(CrashThread(name: "crashed thread", crashed: true)) }
                // A sanitizer prints one stack per report; a new `#0` starts another.
                if text.hasPrefix("#0 "), !threads[threads.count - 1].frames.isEmpty {
                    threads.append(CrashThread(name: "stack \(threads.count + 1)"))
                }
                threads[threads.count - 1].frames.append(frame)
            }
        }
        guard headline != nil || threads.contains(where: { !$0.frames.isEmpty }) else { return nil }
        // Frames before the first header belong to a thread whose header was cut
        // off; when a header below says which thread crashed, it was not that one.
        if threads.count > 1, threads[0].name == "crashed thread", threads.dropFirst().contains(where: \.crashed) {
            threads[0].name = "frames before the first thread header"
            threads[0].crashed = false
        }
        return CrashReport(format: .swiftBacktrace, threads: threads, stopReason: headline,
                           signals: headline.map(StopSignals.names(in:)) ?? [], readingNotes: unique(notes))
    }

    /// `*** Program crashed: Illegal instruction at 0x… ***` (also with the
    /// 💣 the backtracer prints on a colour terminal).
    static func isHeadline(_ text: Substring) -> Bool {
        text.containsBytes("Program crashed:")
            || (text.containsBytes("ERROR: ") && text.containsBytes("Sanitizer: ") && text.containsBytes(" on "))
    }

    /// `Thread 1 crashed:`, `Thread 0 "main" crashed:`, `Thread 2 "worker":`.
    static func parseThreadHeader(_ text: Substring) -> CrashThread? {
        guard text.hasPrefix("Thread "), text.hasSuffix(":") else { return nil }
        let body = text.dropLast()
        let number = body.dropFirst("Thread ".count).prefix { $0.isNumber }
        guard !number.isEmpty else { return nil }
        let crashed = body.hasSuffix(" crashed")
        let name = crashed ? body.dropLast(" crashed".count) : body
        // Apple's text format has `Thread 0 Crashed:`; that parser owns it.
        guard !name.contains("Crashed"), !name.contains("::") else { return nil }
        return CrashThread(name: String(name), crashed: crashed)
    }

    /// `N [tags] 0xADDR SYMBOL [+ OFF] in IMAGE [at /path/File.swift:L:C]`;
    /// the address is left out when the frame has a source location and
    /// addresses are off (the formatter's `showAddresses(false)`, in
    /// stdlib/public/RuntimeModule/BacktraceFormatter.swift).
    static func parseFrame(_ text: Substring) -> StackFrame? {
        let number = text.prefix { $0.isNumber }
        guard let index = Int(number) else { return nil }
        var rest = text.dropFirst(number.count).drop { $0 == " " }
        var tags: Set<Substring> = []
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            tags.insert(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        var address: Substring? = rest.prefix { !$0.isWhitespace }
        if let hex = address, hex.hasPrefix("0x"), hex.count > 2 {
            rest = rest.dropFirst(hex.count).drop { $0 == " " }
        } else {
            address = nil
        }
        let location = FrameText.splitLocation(&rest, separator: " at ")
        guard address != nil || (location != nil && rest.containsBytes(" in ")) else { return nil }
        var image: String?
        if let inRange = rest.byteRange(of: " in ", backwards: true) {
            image = String(rest[inRange.upperBound...])
            rest = rest[..<inRange.lowerBound]
        } else if rest.hasPrefix("in ") {
            image = String(rest.dropFirst(3))
            rest = rest.prefix(0)
        }
        FrameText.dropOffset(&rest)
        // `<unknown>` is the backtracer's word for a frame it could not symbolicate.
        let symbol = rest.isEmpty || rest.hasPrefix("0x") || rest == "<unknown>" ? nil : String(rest)
        return StackFrame(index: index, image: image, symbol: symbol, address: address.map(String.init),
                          file: location?.file, line: location?.line, column: location?.column,
                          // `[system]` is not used: the backtracer also puts it
                          // on the program's own frames when it has no line.
                          isThunk: tags.contains("thunk") ? true : nil)
    }

    /// A sanitizer's `#5 0xADDR in SYMBOL /path/File.swift:35:9 (prog+0xfda81)`
    /// or its symbol-first form `#5 SYMBOL /path/File.swift:35:9 (prog+0x…)`.
    static func parseSanitizerFrame(_ text: Substring) -> StackFrame? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, let index = Int(parts[0].dropFirst()) else { return nil }
        var field = 1
        var address: String?
        if parts[field].hasPrefix("0x") {
            address = String(parts[field])
            field += 1
            if field < parts.count, parts[field] == "in" { field += 1 }
        }
        guard let imagePart = parts.last(where: { $0.hasPrefix("(") && $0.contains("+0x") }) else { return nil }
        let image = String(imagePart.dropFirst().prefix { $0 != "+" })
        let symbol = field < parts.count && !parts[field].hasPrefix("(") ? String(parts[field]) : nil
        let locationPart = field + 1 < parts.count ? parts[field + 1] : ""
        let location = FrameText.parseLocation(locationPart)
        return StackFrame(index: index, image: image, symbol: symbol, address: address,
                          file: location?.file, line: location?.line, column: location?.column,
                          isThunk: symbol.map(MangledNames.isThunk) == true ? true : nil)
    }

    static func trimmed(_ line: String) -> Substring {
        line.drop { $0 == " " || $0 == "\t" }
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}

extension CrashReportFormat {
    /// The Swift runtime's backtracer on Linux (`*** Program crashed: … ***`),
    /// or a sanitizer's `#N` frames.
    public static let swiftBacktrace = CrashReportFormat(rawValue: "swift-backtrace", title: "Swift runtime backtrace")
}

extension SwiftBacktraceParser: CrashFormat {
    public static var format: CrashReportFormat { .swiftBacktrace }
    public static let recognisedBy = "the backtracer's `Program crashed:` headline, a `Thread N crashed:` header, `N [ra] 0x… in IMAGE` frames or a sanitizer's `#N` frames"
    public static let samples = [
        """
        *** Program crashed: Illegal instruction at 0x00007f97dabf32a2 ***

        Thread 1 crashed:

         0      0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         5 [ra] 0x000055d0b7f5c0e7 closure #1 in HostApp.init() + 167 in prog at /src/UncheckedBox.swift:35:9
        """,
        "  5 [ra] 0x000055d0b7f5c0e7 closure #1 in HostApp.init() + 167 in prog at /src/UncheckedBox.swift:35:9",
        "    #5 0x55d0b7f5c0e7 in closure #1 in HostApp.init() /src/UncheckedBox.swift:35:9 (prog+0xfda81)",
    ]
    public static let readsSurroundingConsoleLines = true
    public static func read(_ text: CrashText) -> CrashReport? {
        recognises(text.lines) ? parse(text.lines) : nil
    }
}
