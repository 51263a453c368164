import Foundation

/// Reads Apple crash reports in their text form: `.crash` files, Xcode
/// Organizer and Console's translation of `.ips`, and the same thread
/// layout as crash-reporting services paste it:
///
/// ```
/// Exception Type:  EXC_BREAKPOINT (SIGTRAP)
/// Thread 1 Crashed::  Dispatch queue: com.apple.root.default-qos
/// 0   libdispatch.dylib             	0x1856004fc _dispatch_assert_queue_fail + 120
/// 5   MyApp                         	0x10491a4d4 closure #1 in Launcher.start() + 180 (Launcher.swift:42)
/// ```
///
/// ```swift
/// let report = AppleCrashTextParser.parse(lines)
/// report?.signals   // ["EXC_BREAKPOINT", "SIGTRAP"]
/// ```
public enum AppleCrashTextParser {
    /// Whether `lines` look like an Apple text crash report.
    ///
    /// ```swift
    /// AppleCrashTextParser.recognises(["Exception Type:  EXC_BAD_ACCESS (SIGSEGV)"])   // true
    /// ```
    public static func recognises(_ lines: [String]) -> Bool {
        lines.contains { line in
            let text = trimmed(line)
            return text.hasPrefix("Exception Type:") || text.hasPrefix("Incident Identifier:")
                || parseThreadHeader(text) != nil || parseFrame(text) != nil
        }
    }

    /// The report in `lines`, or nil when it has neither frames nor an exception.
    public static func parse(_ lines: [String]) -> CrashReport? {
        var threads: [CrashThread] = []
        var queues: [String: String] = [:]
        var crashedNumber: String?
        var exceptionType: String?
        var messages: [String] = []
        var imagePaths: [String: Bool] = [:]
        var section = Section.header
        for line in lines {
            let text = trimmed(line)
            if text.isEmpty {
                if section == .applicationSpecific { section = .header }
                continue
            }
            if text.hasPrefix("Binary Images:") { section = .binaryImages; continue }
            if section == .binaryImages {
                if let (name, isSystem) = parseBinaryImage(text) { imagePaths[name] = isSystem }
                continue
            }
            if section == .applicationSpecific {
                messages.append(String(text))
                continue
            }
            if let (key, value) = keyValue(text) {
                switch key {
                case "Exception Type": exceptionType = value
                case "Crashed Thread": crashedNumber = value.prefix { $0.isNumber }.description
                case "Termination Reason", "Termination Description", "Exception Reason", "Exception Message",
                     "Exception Note", "Crashing on exception":
                    messages.append("\(key): \(value)")
                case "Application Specific Information":
                    section = .applicationSpecific
                    if !value.isEmpty { messages.append(value) }
                default: break
                }
                if key.hasSuffix(" name"), key.hasPrefix("Thread "), let queue = queueName(in: Substring(value)) {
                    queues[String(key.dropFirst("Thread ".count).dropLast(" name".count))] = queue
                }
                // `Thread 1 Crashed::  Dispatch queue: …` also has a colon; fall through.
                if parseThreadHeader(text) == nil { continue }
            }
            if let header = parseThreadHeader(text) {
                threads.append(CrashThread(name: header.name, queue: header.queue, crashed: header.crashed))
                section = .threads
            } else if let frame = parseFrame(text) {
                if threads.isEmpty { threads.append(CrashThread(name: CrashThread.headerless)) }
                threads[threads.count - 1].frames.append(frame)
            }
        }
        guard threads.contains(where: { !$0.frames.isEmpty }) || exceptionType != nil else { return nil }
        for index in threads.indices {
            let number = threads[index].name.dropFirst("Thread ".count).prefix { $0.isNumber }
            if threads[index].queue == nil { threads[index].queue = queues[String(number)] }
            if let crashedNumber, String(number) == crashedNumber { threads[index].crashed = true }
            for frameIndex in threads[index].frames.indices {
                if let image = threads[index].frames[frameIndex].image, let isSystem = imagePaths[image] {
                    threads[index].frames[frameIndex].isSystem = isSystem
                }
            }
        }
        let signals = StopSignals.names(in: ([exceptionType ?? ""] + messages.filter { $0.hasPrefix("Termination") })
            .joined(separator: " "))
        var report = CrashReport(format: .appleCrash, threads: threads, stopReason: exceptionType,
                                 signals: signals, messages: messages)
        if threads.count == 1, threads[0].name == CrashThread.headerless { report.inferCrashedStack(stoppedAtBreakpoint: false) }
        return report
    }

    enum Section { case header, applicationSpecific, threads, binaryImages }

    struct ThreadHeader {
        var name: String
        var queue: String?
        var crashed: Bool
    }

    /// `Thread 3 Crashed::  Dispatch queue: q`, `Thread 0 Crashed:`, `Thread 2:`,
    /// `Thread 4 name:  …` is not a header (see `parse`), and the crash
    /// services' `Crashed: com.apple.main-thread`, numbered in Crashlytics'
    /// export (`#0. Crashed: com.apple.main-thread`, `#1. com.apple.uikit.eventfetch-thread`).
    static func parseThreadHeader(_ text: Substring) -> ThreadHeader? {
        if text.hasPrefix("#") {
            let number = text.dropFirst().prefix { $0.isNumber }
            let rest = text.dropFirst(1 + number.count)
            guard !number.isEmpty, rest.hasPrefix(". ") else { return nil }
            let label = rest.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if label.hasPrefix("Crashed: ") {
                return ThreadHeader(name: "Thread \(number)", queue: String(label.dropFirst("Crashed: ".count)), crashed: true)
            }
            return label.isEmpty || label.contains(" ") ? nil : ThreadHeader(name: "Thread \(number)", queue: label, crashed: false)
        }
        if text.hasPrefix("Crashed: ") {
            return ThreadHeader(name: "Crashed thread", queue: String(text.dropFirst("Crashed: ".count)), crashed: true)
        }
        guard text.hasPrefix("Thread ") else { return nil }
        let afterWord = text.dropFirst("Thread ".count)
        let number = afterWord.prefix { $0.isNumber }
        guard !number.isEmpty else { return nil }
        var rest = afterWord.dropFirst(number.count)
        let crashed = rest.hasPrefix(" Crashed")
        if crashed { rest = rest.dropFirst(" Crashed".count) }
        guard rest.hasPrefix(":") else { return nil }
        return ThreadHeader(name: "Thread \(number)", queue: queueName(in: rest), crashed: crashed)
    }

    private static func queueName(in text: Substring) -> String? {
        guard let range = text.range(of: "Dispatch queue: ") else { return nil }
        let queue = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return queue.isEmpty ? nil : queue
    }

    /// `N  IMAGE  0xADDRESS SYMBOL + OFFSET [(File.swift:LINE)]`, or an
    /// unsymbolicated `N  IMAGE  0xADDRESS 0xLOAD + OFFSET`.
    static func parseFrame(_ text: Substring) -> StackFrame? {
        let number = text.prefix { $0.isNumber }
        guard let index = Int(number) else { return nil }
        var rest = text.dropFirst(number.count)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        // The image name may contain spaces; the address is the first
        // whitespace-separated `0x…` token after it.
        guard let addressRange = firstAddressToken(in: rest) else { return nil }
        let image = rest[..<addressRange.lowerBound].trimmingCharacters(in: .whitespaces)
        // `[ra]`, `[thunk]`… are the Swift backtracer's frame tags, not an image
        // (a crash service's `[redacted]` is one).
        let backtracerTags = ["[ra]", "[system]", "[thunk]", "[async]", "[inlined]"]
        guard !image.isEmpty, !backtracerTags.contains(where: { image.hasPrefix($0) }) else { return nil }
        let address = String(rest[addressRange])
        var symbol = rest[addressRange.upperBound...].drop { $0 == " " || $0 == "\t" }
        if let annotated = FrameText.annotatedName(symbol) {
            return StackFrame(index: index, image: image, symbol: annotated.symbol, address: address,
                              file: annotated.location?.file, line: annotated.location?.line, column: annotated.location?.column)
        }
        var location: FrameText.Location?
        if symbol.hasSuffix(")"), let open = symbol.lastIndex(of: "("),
           symbol[..<open].hasSuffix(" ") {
            location = FrameText.parseLocation(symbol[symbol.index(after: open)..<symbol.index(before: symbol.endIndex)])
            let inside = symbol[symbol.index(after: open)...]
            if location != nil || inside.contains(":") { symbol = symbol[..<open].dropLast() }
        }
        FrameText.dropOffset(&symbol)
        // `(Hex + 58940)`: the image and an offset, unsymbolicated.
        if symbol.hasPrefix("("), symbol.hasSuffix(")") {
            var inner = symbol.dropFirst().dropLast()
            FrameText.dropOffset(&inner)
            if inner == image { symbol = "" }
        }
        // Linux's "Current stack trace" prints `<unavailable>` for a symbol it has not.
        let symbolicated = !symbol.isEmpty && !symbol.hasPrefix("0x") && symbol != image && symbol != "<unavailable>"
        return StackFrame(index: index, image: image, symbol: symbolicated ? String(symbol) : nil, address: address,
                          file: location?.file, line: location?.line, column: location?.column)
    }

    private static func firstAddressToken(in text: Substring) -> Range<Substring.Index>? {
        var search = text[...]
        while let range = search.byteRange(of: "0x") {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let token = text[range.lowerBound...].prefix { !$0.isWhitespace }
            if before == " " || before == "\t", token.count > 2, token.dropFirst(2).allSatisfy(\.isHexDigit) {
                return range.lowerBound..<token.endIndex
            }
            search = text[range.upperBound...]
        }
        return nil
    }

    /// `0x1 - 0x2 +Name (1.0) <UUID> /path/to/Name` → (image name, under a system path).
    private static func parseBinaryImage(_ text: Substring) -> (String, Bool)? {
        guard text.hasPrefix("0x"), let slash = text.range(of: " /") else { return nil }
        let path = String(text[text.index(after: slash.lowerBound)...])
        guard let name = path.split(separator: "/").last else { return nil }
        return (String(name), RuntimeLibraries.isSystemPath(path))
    }

    /// `Key:  value` for report header keys (letters, digits and spaces before the colon).
    private static func keyValue(_ text: Substring) -> (String, String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let key = text[..<colon]
        guard !key.isEmpty, key.count <= 40, key.first?.isLetter == true,
              key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" }) else { return nil }
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (String(key), value)
    }

    static func trimmed(_ line: String) -> Substring {
        line.drop { $0 == " " || $0 == "\t" }
    }
}

extension CrashReportFormat {
    /// An Apple crash report in the classic text form (`.crash`, Xcode Organizer).
    public static let appleCrash = CrashReportFormat(rawValue: "apple-crash", title: "Apple crash report (text)")
}

extension AppleCrashTextParser: CrashFormat {
    public static var format: CrashReportFormat { .appleCrash }
    public static let recognisedBy = "an `Exception Type:` or `Incident Identifier:` line, a `Thread N Crashed::` header or `N   Image   0x… symbol + offset` frames"
    public static let samples = [
        """
        Exception Type:  EXC_BREAKPOINT (SIGTRAP)
        Thread 1 Crashed::  Dispatch queue: com.apple.root.default-qos
        0   libdispatch.dylib             \t0x1856004fc _dispatch_assert_queue_fail + 120
        5   MyApp                         \t0x10491a4d4 closure #1 in Launcher.start() + 180 (Launcher.swift:42)
        """,
        "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)",
    ]
    public static let readsSurroundingConsoleLines = true
    public static func read(_ text: CrashText) -> CrashReport? {
        recognises(text.lines) ? parse(text.lines) : nil
    }
}
