import Foundation

/// Reads crash evidence from any line in any layout, for the text people
/// paste: frames numbered or bare, with or without image and address
/// columns (`2  cmux  FeedCoordinator.ingestBlocking(event:) + 960`,
/// `#2 0x… in f() at A.swift:33`, `__DISPATCH_WAIT_FOR_QUEUE__`), arrow
/// chains (`f() → swift_task_isCurrentExecutor…`, `a ← via b`), an indented
/// call chain, markdown backticks, fences and quotes, partial `.ips` JSON
/// (`"symbol" : "…"`), headers (`Exception Type`, `Crashed:`, `Queue:`,
/// `Triggered by Thread`), signal names in any sentence, and code the prose
/// names (a backticked function, an Objective-C method, `File.swift line 147`;
/// a runtime check function with the program's code beside it, as frames).
///
/// It is the last format: ``CrashReportReader`` uses it when no other claims
/// the text, or when the one that does finds no crashed thread with frames.
/// Its report says how complete the text was (``CrashReport/completeness``:
/// `fragment: 4 frame(s) in 4 line(s), no header`).
///
/// ```swift
/// let report = TolerantReader.read(CrashText("0  _dispatch_assert_queue_fail\n1  closure #1 in Uploader.register()"))
/// report?.threads.first?.frames.count   // 2
/// ```
public enum TolerantReader {
    /// Frames kept per thread and threads kept per text: a pasted report
    /// needs far fewer, and the bound keeps a huge log's answer small.
    static let frameLimit = 256
    static let threadLimit = 64
    /// Report header keys read from any line (`Key:` or `Key :`).
    static let headerKeys = ["Exception Type", "Termination Reason", "Termination Description", "Exception Reason",
                             "Exception Codes", "Crashed Thread", "Triggered by Thread", "Queue", "Dispatch queue"]
    /// Characters of one line looked at: a frame or header is shorter.
    static let lineLimit = 2_000
    /// Names of code the prose mentions, kept at most.
    static let mentionLimit = 16

    /// The report the text's lines hold, or nil when no line holds a frame,
    /// a signal, a header, a runtime message or a mention of code.
    public static func read(_ text: CrashText) -> CrashReport? {
        var reader = State()
        for line in text.lines { reader.read(line) }
        return reader.report()
    }

    private struct State {
        var threads: [CrashThread] = []
        var signals: [String] = []
        var headers: [String] = []
        var messages: [String] = []
        var mentions: [StackFrame] = []
        var queue: String?
        var frameLines = 0
        /// Consecutive unnumbered frame lines and their indentation, to
        /// tell an indented call chain (outermost first) from a stack.
        var chainStart: Int?
        var chainIndents: [Int] = []
        var sawBreakpointStop = false
        /// Whether the line before held a frame: a bare function name
        /// (`syncLoadCodexCache`) is a frame only inside a run of frames.
        var lastLineHeldFrame = false
        /// The indentation of the last line that held a frame.
        var lastFrameIndent = 0
        /// Where the frames of the line before, an arrow chain, begin: a
        /// line that starts with an arrow goes on with that chain.
        var arrowChainStart: Int?
        /// The arrow the line before ended with (`a → b →`): the next line goes on with the chain.
        var chainOpenArrow: String?
        /// A check function and the code beside it, named in a sentence
        /// (``TolerantReader/proseStack(in:)``): the first such sentence's.
        var proseFrames: [StackFrame] = []

        mutating func read(_ raw: String) {
            let afterFrame = lastLineHeldFrame
            let chainBefore = arrowChainStart
            let openArrow = chainOpenArrow
            lastLineHeldFrame = false
            arrowChainStart = nil
            chainOpenArrow = nil
            var line = FrameLinePrefixes.droppingLogPrefix(Substring(raw.prefix(TolerantReader.lineLimit)))
            if let sample = FrameLinePrefixes.sampleFrame(line) {
                let frame = StackFrame(index: 0, image: sample.image, symbol: sample.symbol == "???" ? nil : sample.symbol, address: sample.address)
                addFrames([frame], numbered: false, indent: sample.depth)
                return
            }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            // A markdown table's row: each cell is read as a line of its own.
            if line.drop(while: { $0 == " " || $0 == "\t" }).first == "|",
               case let trimmed = line.trimmingCharacters(in: .whitespaces), trimmed.hasSuffix("|"), trimmed.count > 2 {
                let cells = trimmed.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: true)
                if cells.count > 1 {
                    for cell in cells { read(String(cell)) }
                    return
                }
            }
            line = TolerantReader.unmarked(line)
            // Source code and a shell's report of its child's death (`[1]  + 4242 trace trap  ./app`) hold no frame.
            guard !line.isEmpty, !ConsoleLines.isSourceCode(line), ConsoleLines.zshJobStatus(line) == nil || !ConsoleLines.isShellStopLine(line) else {
                endChain()
                return
            }
            for name in StopSignals.explicitNames(in: String(line)) where !signals.contains(name) { signals.append(name) }
            if line.containsBytes("stop reason = breakpoint") { sawBreakpointStop = true }
            if readHeader(line) { endChain(); return }
            if readJSONFrame(line) { return }
            // `→ f → g` under `a → b`, or `f → g` under `a → b →`: the chain goes on.
            if let start = chainBefore, let arrow = TolerantReader.chainArrows.first(where: { line.hasPrefix($0) }) ?? openArrow,
               let more = TolerantReader.frames(in: line.hasPrefix(arrow) ? line.dropFirst().drop { $0 == " " } : line) {
                continueChain(more.frames, callerFirst: arrow == "→", start: start)
                chainOpenArrow = TolerantReader.closingArrow(line)
                return
            }
            // A demangled name wrapped after ` in` (`closure #1 in` over `    Shop.load()`): the deeper line ends it.
            if afterFrame, indent > lastFrameIndent, let last = threads.indices.last, let previous = threads[last].frames.last,
               let symbol = previous.symbol, symbol.hasSuffix(" in"),
               let more = TolerantReader.frames(in: line), more.frames.count == 1, !more.numbered, let rest = more.frames[0].symbol {
                var joined = previous
                joined.symbol = symbol + " " + rest
                if joined.file == nil { (joined.file, joined.line, joined.column) = (more.frames[0].file, more.frames[0].line, more.frames[0].column) }
                threads[last].frames[threads[last].frames.count - 1] = joined
                lastLineHeldFrame = true
                return
            }
            // A producer's message opening the line (`Library not loaded: /…/libz.dylib`) is what the program printed, not a frame.
            if let frames = TolerantReader.frames(in: line), !TolerantReader.opensWithMessage(line) {
                // `sample`'s thread name before a chain (`Thread_14445: a → b`): a thread of its own.
                if let label = TolerantReader.threadLabel(line)?.label, label.hasPrefix("Thread_") {
                    startThread(name: String(label), queue: nil, crashed: false)
                }
                let start = threads.last?.frames.count ?? 0
                addFrames(frames.frames, numbered: frames.numbered, indent: indent)
                if line.containsBytes("→") || line.containsBytes("←") {
                    arrowChainStart = start
                    chainOpenArrow = TolerantReader.closingArrow(line)
                }
                return
            }
            if afterFrame, TolerantReader.isBareFunctionName(line) {
                addFrames([StackFrame(index: 0, symbol: String(line))], numbered: false, indent: indent)
                return
            }
            endChain()
            if proseFrames.isEmpty, let named = TolerantReader.proseStack(in: line) { proseFrames = named }
            guard mentions.count < TolerantReader.mentionLimit else { return }
            for mention in TolerantReader.mentions(in: line) where mentions.count < TolerantReader.mentionLimit {
                if !mentions.contains(mention) { mentions.append(mention) }
            }
        }

        /// `Thread 3 Crashed:`, `Crashed: queue`, `thread #4, queue = 'q', stop reason = …`,
        /// `Queue: q`, `Exception Type: …`, `Termination Reason: …`, `Triggered by Thread: 20, Dispatch Queue: q`.
        mutating func readHeader(_ line: Substring) -> Bool {
            if line.hasPrefix("Crashed:"), line.count > 9 {
                startThread(name: "Crashed thread", queue: line.dropFirst("Crashed:".count).trimmingCharacters(in: .whitespaces), crashed: true)
                headers.append("Crashed:")
                return true
            }
            if let header = AppleCrashTextParser.parseThreadHeader(line) {
                startThread(name: header.name, queue: header.queue, crashed: header.crashed)
                if header.crashed { headers.append("Thread Crashed") }
                return true
            }
            if let header = LLDBBacktraceParser.parseThreadHeader(line) {
                startThread(name: header.name, queue: header.queue,
                            crashed: header.stopReason.map { !$0.hasPrefix("breakpoint") } ?? false)
                if let reason = header.stopReason {
                    headers.append("stop reason")
                    messages.append("stop reason = \(reason)")
                }
                return true
            }
            for key in TolerantReader.headerKeys {
                guard line.hasPrefix(key), line.dropFirst(key.count).drop(while: { $0 == " " }).first == ":" else { continue }
                let value = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                if !headers.contains(key) { headers.append(key) }
                switch key {
                case "Queue", "Dispatch queue": queue = value
                case "Triggered by Thread":
                    if let range = value.range(of: "Dispatch Queue: ") { queue = String(value[range.upperBound...]) }
                case "Exception Type", "Exception Codes", "Crashed Thread": break
                default: messages.append("\(key): \(value)")
                }
                return true
            }
            return false
        }

        /// `"symbol" : "closure #1 in f()"` in a partial `.ips` thread, with
        /// `"sourceFile"` and `"sourceLine"` on the same line when present.
        mutating func readJSONFrame(_ line: Substring) -> Bool {
            guard let symbol = TolerantReader.jsonString(line, key: "symbol") else { return false }
            let file = TolerantReader.jsonString(line, key: "sourceFile")
            let frame = StackFrame(index: threads.last?.frames.count ?? 0, symbol: symbol, file: file,
                                   line: file == nil ? nil : TolerantReader.jsonNumber(line, key: "sourceLine"))
            addFrames([frame], numbered: true, indent: 0)
            return true
        }

        mutating func startThread(name: String, queue: String?, crashed: Bool) {
            endChain()
            guard threads.count < TolerantReader.threadLimit else { return }
            threads.append(CrashThread(name: name, queue: queue ?? self.queue, crashed: crashed))
        }

        mutating func addFrames(_ frames: [StackFrame], numbered: Bool, indent: Int) {
            if threads.isEmpty { threads.append(CrashThread(name: "pasted frames", queue: queue)) }
            let last = threads.count - 1
            guard threads[last].frames.count < TolerantReader.frameLimit else { return }
            if numbered || frames.count > 1 {
                endChain()
            } else {
                if chainStart == nil { chainStart = threads[last].frames.count; chainIndents = [] }
                chainIndents.append(indent)
            }
            for var frame in frames {
                if !numbered || frames.count > 1 { frame.index = threads[last].frames.count }
                threads[last].frames.append(frame)
            }
            frameLines += 1
            lastLineHeldFrame = true
            lastFrameIndent = indent
        }

        /// A chain's next line: deeper frames, innermost first. Written
        /// caller first, they go above the chain's frames so far (which
        /// begin at `start`); written callee first, below them.
        mutating func continueChain(_ frames: [StackFrame], callerFirst: Bool, start: Int) {
            guard let last = threads.indices.last, start <= threads[last].frames.count,
                  threads[last].frames.count + frames.count <= TolerantReader.frameLimit else { return }
            threads[last].frames.insert(contentsOf: frames, at: callerFirst ? start : threads[last].frames.count)
            for index in threads[last].frames.indices { threads[last].frames[index].index = index }
            frameLines += 1
            lastLineHeldFrame = true
            arrowChainStart = start
        }

        /// An unnumbered chain whose lines are indented deeper and deeper is
        /// a call chain written outermost first: turned innermost first.
        mutating func endChain() {
            defer { chainStart = nil; chainIndents = [] }
            guard let start = chainStart, let last = threads.indices.last, chainIndents.count > 1,
                  zip(chainIndents, chainIndents.dropFirst()).allSatisfy({ $0 < $1 }) else { return }
            let end = min(start + chainIndents.count, threads[last].frames.count)
            guard start < end else { return }
            threads[last].frames[start..<end].reverse()
            for index in start..<end { threads[last].frames[index].index = index }
        }

        mutating func report() -> CrashReport? {
            endChain()
            threads.removeAll { $0.frames.isEmpty && !$0.crashed }
            let frameCount = threads.reduce(0) { $0 + $1.frames.count }
            // Frames written as frames come first; a sentence's check stands in only for none.
            let proseText: String
            if frameCount == 0, !proseFrames.isEmpty {
                threads = [CrashThread(name: TolerantReader.proseThreadName, queue: queue, crashed: !sawBreakpointStop, frames: proseFrames)]
                proseText = ", a check function and the code beside it named in the prose, read as \(proseFrames.count) frame(s): "
                    + proseFrames.map(\.displayName).joined(separator: " ← ")
            } else {
                proseText = ""
            }
            guard frameCount > 0 || !proseText.isEmpty || !signals.isEmpty || !headers.isEmpty || !messages.isEmpty || !mentions.isEmpty else {
                return nil
            }
            var report = CrashReport(format: .fragment, threads: threads, signals: signals, messages: messages,
                                     crashMarkMayBeBreakpoint: sawBreakpointStop)
            report.inferCrashedStack(stoppedAtBreakpoint: sawBreakpointStop)
            report.mentionedCode = mentions
            let headerText = headers.isEmpty ? "no header" : "headers: " + headers.joined(separator: ", ")
            let mentionText = mentions.isEmpty ? "" : ", \(mentions.count) name(s) of code in the prose"
            report.completeness = "fragment: \(frameCount) frame(s) in \(frameLines) line(s), \(headerText)\(mentionText)\(proseText)"
            return report
        }
    }

    // MARK: Lines

    /// The line without markdown and list decoration: backticks and
    /// escaped backticks around it, bullets, a Java-style `at `, a call
    /// tree's `-> `.
    static func unmarked(_ line: Substring) -> Substring {
        var text = line.drop { $0 == " " || $0 == "\t" }
        while let first = text.first, first == "`" || first == "\\" { text = text.dropFirst() }
        while let last = text.last, last == "`" || last == " " || last == "\\" { text = text.dropLast() }
        if text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("• ") { text = text.dropFirst(2) }
        if text.hasPrefix("at ") { text = text.dropFirst(3) }
        // A call tree drawn with ASCII arrows (`  -> swift_task_deinitOnExecutor`): a function type's `->` never opens a line.
        if text.hasPrefix("-> ") { text = text.dropFirst(3) }
        return text.drop { $0 == " " || $0 == "\t" }
    }

    struct LineFrames {
        var frames: [StackFrame]
        var numbered: Bool
    }

    /// The frames one line holds (several for an arrow chain), or nil when
    /// it is not a frame line.
    static func frames(in line: Substring) -> LineFrames? {
        var rest = line
        var index: Int?
        // `frame #3:`, `#3`, `3`, `thread 4:` before the frame.
        if rest.hasPrefix("frame #") { rest = rest.dropFirst("frame ".count) }
        if rest.hasPrefix("#") { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 4, let next = rest.dropFirst(digits.count).first,
           next == " " || next == "\t" || next == ":" {
            index = Int(digits)
            rest = rest.dropFirst(digits.count).drop { $0 == " " || $0 == "\t" || $0 == ":" }
        } else if line.hasPrefix("#") {
            return nil
        }
        if let label = threadLabel(rest) { rest = label.rest }
        guard !rest.isEmpty else { return nil }
        // gdb's and lldb's name for the signal trampoline's frame: no address, no image.
        if index != nil, rest.hasPrefix("<signal handler called>") {
            return LineFrames(frames: [StackFrame(index: index ?? 0, symbol: "<signal handler called>")], numbered: true)
        }
        // Python's traceback form, which Sentry's raw stack trace writes for
        // every platform: `File "/src/Profile.swift", line 744, in Sync.run()`.
        if let frame = tracebackFrame(rest) {
            return LineFrames(frames: [StackFrame(index: index ?? 0, symbol: frame.symbol, file: frame.file, line: frame.line)], numbered: index != nil)
        }
        // App Center's and HockeyApp's crash issues: `f() (File.swift:12);App`, `-;main;main.m;17`.
        if let frame = crashServiceFrame(rest) {
            return LineFrames(frames: [StackFrame(index: index ?? 0, image: frame.image, symbol: frame.symbol, file: frame.file, line: frame.line)],
                              numbered: index != nil)
        }
        // lldb's `Module`symbol` with no frame number or address before it.
        if let (module, after) = moduleTick(rest) {
            if let frame = frames(in: after)?.frames.first, let symbol = frame.symbol {
                return LineFrames(frames: [StackFrame(index: index ?? 0, image: String(module), symbol: symbol,
                                                      file: frame.file, line: frame.line, column: frame.column)], numbered: index != nil)
            }
            // `libsystem_c`abort + 180`: the module and its tick make a bare C name a frame.
            let bare = withoutOffsetAndLocation(after).name
            if FrameText.isCName(bare) {
                return LineFrames(frames: [StackFrame(index: index ?? 0, image: String(module), symbol: String(bare))], numbered: index != nil)
            }
        }
        // atos's output, `f() (in App) (File.swift:12)` or `f() (in App) + 40`: its image
        // makes a bare name (`syncLoadCodexCache (in CodexBar)`) a frame.
        if let name = FrameText.resolvedName(rest), looksLikeImage(Substring(name.image)),
           isSymbolShaped(Substring(name.symbol)) || isBareFunctionName(Substring(name.symbol)) {
            return LineFrames(frames: [frame(index: index ?? 0, image: name.image, name)], numbered: index != nil)
        }
        var columns = splitColumns(rest)
        // A note set apart after the frame (`f → g   (full sample window)`), not a column of it.
        if columns.count >= 2, let last = columns.last, last.hasPrefix("("), last.hasSuffix(")"), last.contains(" "),
           last.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }) {
            columns.removeLast()
        }
        var image: String?
        var hasAddress = false
        // Addresses: `0x1000 symbol`, `0x1000 in symbol`, `0x102260000 + 11996`.
        if let addressAt = columns.firstIndex(where: isAddressStart) {
            hasAddress = true
            if addressAt > 0 { image = columns[..<addressAt].joined(separator: " ") }
            var after = columns[addressAt...].joined(separator: " ")[...]
            after = after.drop { !$0.isWhitespace }.drop { $0 == " " || $0 == "\t" }
            if let annotated = FrameText.annotatedName(after) {
                return LineFrames(frames: [frame(index: index ?? 0, image: image ?? annotated.image, annotated)], numbered: index != nil)
            }
            if after.hasPrefix("in ") {
                after = after.dropFirst(3)
                // The backtracer's unsymbolicated frame, `0x… in prog`: an image, not a function (gdb writes `f ()`).
                if image == nil, !after.contains(" "), !after.contains("("), looksLikeImage(after) {
                    image = String(after)
                    after = ""
                }
            }
            columns = after.isEmpty ? [] : [after]
        } else if columns.count >= 2, looksLikeImage(columns[0])
                    // An app's name with spaces (`BestCrypt Explorer`, `Shop WatchKit Extension`) in a numbered frame's image column.
                    || (index != nil && isSpacedAppName(columns[0]) && isSymbolShaped(columns[1])) {
            image = String(columns[0])
            columns = [columns.dropFirst().joined(separator: "  ")[...]]
        } else if columns.count == 1 {
            // One space between image and symbol (and OCR splitting `libdispatch. dylib`).
            let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            if words.count == 3, words[0].first?.isLetter == true, !words[0].contains("("), !words[0].contains("`"), isAddressStart(words[1]) {
                // `App_SDK +0x9a898 f() (File.swift:12)`: the image (an address after it says so), its offset, the symbol.
                hasAddress = true
                image = String(words[0])
                columns = [words[2]]
            } else if words.count >= 2, isLibraryName(words[0]) {
                var imageName = String(words[0]).trimmingCharacters(in: CharacterSet(charactersIn: "'`"))
                var symbolStart = 1
                if ["dylib", "so", "framework"].contains(String(words[1])), words.count == 3 {
                    imageName += String(words[1])
                    symbolStart = 2
                }
                image = imageName
                columns = [words[symbolStart...].joined(separator: " ")[...]]
            }
        } else {
            columns = [columns.joined(separator: " ")[...]]
        }
        guard var symbolText = columns.first.map({ Substring($0.trimmingTrailingWhitespace()) }) else {
            return hasAddress || image != nil
                ? LineFrames(frames: [StackFrame(index: index ?? 0, image: image)], numbered: index != nil) : nil
        }
        // After an address (`frame #3: 0x… Shop`f()`), and in the exclusivity message.
        if image == nil, let (module, after) = moduleTick(symbolText) {
            image = String(module)
            symbolText = after
        }
        guard hasAddress || image != nil || isSymbolShaped(symbolText)
            // `1  assumeIsolated + 16`: a number and an offset make a bare name a frame.
            || (index != nil && withoutOffsetAndLocation(symbolText).hadOffset && isBareFunctionName(withoutOffsetAndLocation(symbolText).name))
        else { return nil }
        var location = FrameText.splitLocation(&symbolText, separator: " at ")
        // `(syncLoad → assumeIsolated, File.swift:128)`, `(Hex + 58940)`.
        if symbolText.hasPrefix("("), symbolText.hasSuffix(")"), !symbolText.hasPrefix("(null)"), isOneGroup(symbolText) {
            symbolText = symbolText.dropFirst().dropLast()
        }
        // `f() (File.swift:12:5)`, `f() (<compiler-generated>)`: a trailing location in parentheses.
        if location == nil, symbolText.hasSuffix(")"), let open = symbolText.byteRange(of: " (", backwards: true),
           let found = FrameText.parseLocation(symbolText[open.upperBound..<symbolText.index(before: symbolText.endIndex)]) {
            location = found
            symbolText = Substring(symbolText[..<open.lowerBound].trimmingTrailingWhitespace())
        }
        if location == nil, let found = locationToken(in: symbolText) {
            location = found.location
            symbolText.removeSubrange(found.range)
            symbolText = Substring(symbolText.trimmingTrailingWhitespace())
            while let last = symbolText.last, last == "," || last == "(" || last == " " { symbolText = symbolText.dropLast() }
        }
        // gdb: `#3 0x… in f () from /usr/lib/libdispatch.so`.
        if let from = symbolText.byteRange(of: " from /", backwards: true) {
            let path = symbolText[symbolText.index(after: from.lowerBound)...].dropFirst("from ".count)
            if image == nil, !path.contains(" ") { image = path.split(separator: "/").last.map(String.init) }
            symbolText = Substring(symbolText[..<from.lowerBound].trimmingTrailingWhitespace())
        }
        // gdb's `f ()`, not a function type's `-> ()`.
        if symbolText.hasSuffix(" ()"), !symbolText.hasSuffix("-> ()") { symbolText = symbolText.dropLast(3) }
        FrameText.dropOffset(&symbolText)
        symbolText = Substring(symbolText.trimmingTrailingWhitespace())
        var frames: [StackFrame] = []
        let parts = chainParts(symbolText)
        for part in parts {
            var symbol = part.trimmingCharacters(in: .whitespaces)
            // `a → b →`: the chain goes on on the next line, no frame after the last arrow.
            if symbol.isEmpty, parts.count > 1 { continue }
            if symbol.hasPrefix("via ") { symbol.removeFirst(4) }
            var bare = Substring(symbol)
            FrameText.dropOffset(&bare)
            symbol = String(bare)
            // `→  EXC_BAD_ACCESS` ends a chain with the stop, not a frame.
            if !StopSignals.explicitNames(in: symbol).isEmpty, !symbol.contains("(") { continue }
            // `+ 40` is an offset, `+[Cache shared]` a class method.
            let named = !symbol.isEmpty && (!symbol.hasPrefix("+") || symbol.hasPrefix("+[")) && !symbol.hasPrefix("0x") && symbol != image
                && !["<unavailable>", "???", "??", "(null)", "<redacted>"].contains(symbol)
            frames.append(StackFrame(index: index ?? 0, image: image, symbol: named ? symbol : nil,
                                     file: location?.file, line: location?.line, column: location?.column))
        }
        guard !frames.isEmpty, frames.contains(where: { $0.symbol != nil }) || hasAddress || image != nil else { return nil }
        return LineFrames(frames: frames, numbered: index != nil)
    }

    /// The arrows a call chain is written with, caller first (`→`) or callee first (`←`).
    static let chainArrows = ["→", "←"]

    /// The arrow `line` ends with (`a → b →`): its chain goes on on the next line.
    static func closingArrow(_ line: Substring) -> String? {
        chainArrows.first { line.trimmingTrailingWhitespace().hasSuffix($0) }
    }

    /// A thread's label before the frames on its line, and what follows it:
    /// `thread 4:` (a chain written in prose) or `sample`'s `Thread_14445:`.
    static func threadLabel(_ text: Substring) -> (label: Substring, rest: Substring)? {
        guard text.hasPrefix("thread ") || text.hasPrefix("Thread_"), let colon = text.firstIndex(of: ":"),
              case let number = text[..<colon].dropFirst(7), number.allSatisfy({ $0.isNumber || $0 == " " }),
              text.hasPrefix("thread ") || !number.isEmpty else { return nil }
        return (text[..<colon], text[text.index(after: colon)...].drop { $0 == " " })
    }

    /// `File "PATH", line N, in SYMBOL` (getsentry/sentry
    /// src/sentry/interfaces/stacktrace.py, `Frame.to_string`): the file's
    /// name, the line and the symbol.
    static func tracebackFrame(_ text: Substring) -> (symbol: String, file: String, line: Int)? {
        guard text.hasPrefix("File \""), case let afterOpen = text.dropFirst(6), let close = afterOpen.firstIndex(of: "\""),
              case let after = afterOpen[afterOpen.index(after: close)...], after.hasPrefix(", line "),
              case let number = after.dropFirst(7).prefix(while: \.isNumber), let line = Int(number),
              case let tail = after.dropFirst(7 + number.count), tail.hasPrefix(", in ") else { return nil }
        let symbol = tail.dropFirst(5).trimmingCharacters(in: .whitespaces)
        guard !symbol.isEmpty, let file = afterOpen[..<close].split(separator: "/").last else { return nil }
        return (symbol, String(file), line)
    }

    /// Whether a catalog message opens `line` (its first fixed words at
    /// the line's start): the line is a message, whatever its columns look like.
    ///
    /// ```swift
    /// TolerantReader.opensWithMessage("Library not loaded: @rpath/Shop.framework/Shop")   // true
    /// ```
    static func opensWithMessage(_ line: Substring) -> Bool {
        // Not a template opening with a value: its first word may be a frame's symbol.
        Producers.entries(in: line).contains { !$0.template.hasPrefix("{") && $0.opens(line) }
    }

    /// A frame as the crash issues App Center and HockeyApp file in a bug
    /// tracker write it: the frame, then `;` and its image
    /// (`Cart.checkout() (Cart.swift:88);Shop`, `0x1046b0000 + 2953308;Shop`),
    /// or HockeyApp's `class;method;file;line`, `-` for a function of no
    /// class (`-;main;main.m;17`, `Cart;addItem:;Cart.m;152`), an address
    /// in the first field accepted too. Nil for any other line.
    ///
    /// ```swift
    /// TolerantReader.crashServiceFrame("-;main;main.m;17")?.symbol   // "main"
    /// ```
    static func crashServiceFrame(_ text: Substring) -> (image: String?, symbol: String?, file: String?, line: Int?)? {
        guard text.containsBytes(";") else { return nil }
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        if parts.count == 4, parts[0] == "-" || isAddressStart(parts[0]), !parts[1].isEmpty, !parts[1].contains(" ") || isSymbolShaped(parts[1]) {
            return (nil, String(parts[1]), parts[2].isEmpty ? nil : String(parts[2]), Int(parts[3]))
        }
        // The class in the first field, its method in the second: `Cart;addItem:;Cart.m;152`.
        if parts.count == 4, let first = parts[0].first, first.isLetter || first == "_",
           parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), !parts[1].isEmpty, !parts[1].contains(" ") {
            return (nil, "[\(parts[0]) \(parts[1])]", parts[2].isEmpty ? nil : String(parts[2]), Int(parts[3]))
        }
        guard parts.count == 2, looksLikeImage(parts[1]), !parts[0].isEmpty, let frame = frames(in: parts[0])?.frames.first,
              frame.symbol != nil || frame.image == nil else { return nil }
        return (String(parts[1]), frame.symbol, frame.file, frame.line)
    }

    /// lldb's `` Module`symbol `` (its frame format's
    /// `${module.file.basename}`${function.name}`): the module and what follows the backtick.
    static func moduleTick(_ text: Substring) -> (module: Substring, rest: Substring)? {
        guard let tick = text.firstIndex(of: "`"), tick > text.startIndex, !text[..<tick].contains(" "),
              looksLikeImage(text[..<tick]) else { return nil }
        return (text[..<tick], text[text.index(after: tick)...])
    }

    /// The frame a name resolved by Apple's symbolication stands for.
    static func frame(index: Int, image: String, _ name: FrameText.ResolvedName) -> StackFrame {
        StackFrame(index: index, image: image, symbol: name.symbol,
                   file: name.location?.file, line: name.location?.line, column: name.location?.column)
    }

    /// Whether the parenthesis `text` opens with closes at its end
    /// (`(syncLoad → assumeIsolated)`, not `(extension in M):f() -> ()`).
    static func isOneGroup(_ text: Substring) -> Bool {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
            if depth == 0 { return text.index(after: index) == text.endIndex }
        }
        return false
    }

    /// Splits at runs of two or more spaces or a tab.
    static func splitColumns(_ text: Substring) -> [Substring] {
        var columns: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\t" || (character == " " && next < text.endIndex && text[next] == " ") {
                if start < index { columns.append(text[start..<index]) }
                var skip = index
                while skip < text.endIndex, text[skip] == " " || text[skip] == "\t" { skip = text.index(after: skip) }
                start = skip
                index = skip
                continue
            }
            index = next
        }
        if start < text.endIndex { columns.append(text[start...]) }
        return columns
    }

    /// An address (`0x1000a4f2c`) or an offset into the image (`+0x9a898`,
    /// as Sentry and Bugsnag export a frame) opening `column`; a comma may
    /// end it (swift-server/swift-backtrace's `0x5561fdd4ab60, f() at …`).
    static func isAddressStart(_ column: Substring) -> Bool {
        let hex = column.hasPrefix("+0x") ? column.dropFirst() : column
        guard hex.hasPrefix("0x") else { return false }
        var token = hex.prefix { !$0.isWhitespace }.dropFirst(2)
        if token.last == "," { token = token.dropLast() }
        return !token.isEmpty && token.allSatisfy(\.isHexDigit)
    }

    /// A library's file name (`libdispatch.dylib`, `libswift_Concurrency.dylib'`,
    /// OCR's `libdispatch.`): enough to take a single-space-separated first word as the image.
    static func isLibraryName(_ word: Substring) -> Bool {
        let lowered = word.lowercased()
        return !word.contains("(") && (lowered.hasPrefix("lib") || lowered.contains(".dylib") || lowered.contains(".so"))
    }

    /// `libdispatch.dylib`, `libswiftCore.so`, `Foundation`, `com.apple.HIToolbox`,
    /// `X11.bin`, `App.debug.dylib`, `[redacted]`, `cmux`: one word, and not a symbol.
    static func looksLikeImage(_ word: Substring) -> Bool {
        guard !word.isEmpty, word.count <= 80, !word.contains(" "), !word.contains("("), !word.contains("`"),
              !word.hasPrefix("_"), !word.hasPrefix("$"), !word.hasPrefix("-["), !word.hasPrefix("+[") else { return false }
        if word.hasPrefix("[") && word.hasSuffix("]") { return true }
        if isLibraryName(word) || RuntimeLibraries.isSystemImage(String(word)) { return true }
        let lowered = word.lowercased()
        if [".bin", ".framework", ".app", ".exe", ".xctest", ".dll"].contains(where: { lowered.hasSuffix($0) }) { return true }
        // A plain word (`Hex`, `cmux`, `TimedSilver`) in the first column, a symbol beside it.
        // (An underscore is a symbol's: `swift_task_isMainExecutorImpl`.)
        return word.first?.isLetter == true && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }

    /// Two to four plain words (`BestCrypt Explorer`): a bundle's name as
    /// Apple's reports print it in the image column.
    static func isSpacedAppName(_ column: Substring) -> Bool {
        let words = column.split(separator: " ", omittingEmptySubsequences: false)
        return (2...4).contains(words.count) && words.allSatisfy { looksLikeImage($0) && $0.first?.isUppercase == true }
    }

    /// A line that is a symbol on its own: one token (no space outside
    /// brackets) with a symbol's punctuation, or a Swift name's usual
    /// openings, and not a sentence.
    static func isSymbolShaped(_ line: Substring) -> Bool {
        let text = droppingSpecialization(withoutOffsetAndLocation(line).name)
        // One symbol is shorter; a chain of them (`f → g → h`) may be longer.
        guard let first = text.first, text.count <= 600 || text.contains("→") || text.contains("←"), text.contains(where: \.isLetter),
              first.isLetter || "_$~-+[".contains(first) || text.hasPrefix("@objc ") || text.hasPrefix("@nonobjc ")
                || text.hasPrefix("(extension in ") else { return false }
        guard looksLikeName(text) else { return false }
        if [".", ":", ",", "?", "!"].contains(where: { text.hasSuffix($0) }) && !text.hasSuffix("...") { return false }
        let openings = ["closure #", "implicit closure #", "static ", "protocol witness for", "specialized ",
                        "partial apply for", "thunk for", "reabstraction thunk", "@objc ", "-[", "+[", "merged ",
                        "(extension in ", "dispatch thunk of ", "outlined "]
        if openings.contains(where: { text.hasPrefix($0) }) { return true }
        if text.contains("→") || text.contains("←") { return true }
        if text.contains(" -> ") || text.contains(" <- ") {
            let parts = chainParts(text)
            if parts.count > 1 { return parts.allSatisfy { isSymbolShaped(Substring($0.trimmingCharacters(in: .whitespaces))) } }
        }
        var depth = 0
        var sawPunctuation = false
        for character in collapsingDemanglerSpaces(text) {
            switch character {
            case "(", "[", "<", "{": depth += 1; sawPunctuation = true
            case ")", "]", ">", "}": depth -= 1
            case " " where depth <= 0: return false
            case ".", "_", ":", "$", "`": sawPunctuation = true
            default: break
            }
        }
        // A single word needs a symbol's punctuation (`_dispatch_sync_f_slow`, `Foo.bar`), not `Stacktrace`.
        return sawPunctuation && !text.allSatisfy({ $0.isNumber || $0 == "." })
    }

    /// A frame's text without the offset and the location after its symbol
    /// (`f() + 16 (File.swift:12)`, `f() at File.swift:12`), and whether it had an offset.
    static func withoutOffsetAndLocation(_ line: Substring) -> (name: Substring, hadOffset: Bool) {
        var text = line
        if text.hasSuffix(")"), let paren = text.range(of: " (", options: .backwards),
           locationToken(in: text[paren.upperBound...]) != nil {
            text = text[..<paren.lowerBound]
        }
        if let at = text.byteRange(of: " at ", backwards: true), locationToken(in: text[at.upperBound...]) != nil {
            text = text[..<at.lowerBound]
        }
        let withOffset = text
        FrameText.dropOffset(&text)
        return (text, text.count != withOffset.count)
    }

    /// A function's plain name in lower camel case (`syncLoadCodexCache`):
    /// a frame where a stack is written as bare names, though on its own
    /// it could be any word.
    ///
    /// ```swift
    /// TolerantReader.isBareFunctionName("assumeIsolated")   // true
    /// TolerantReader.isBareFunctionName("Stacktrace")       // false
    /// ```
    static func isBareFunctionName(_ text: Substring) -> Bool {
        guard (3...80).contains(text.count), let first = text.first, first.isASCII, first.isLowercase else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && text.dropFirst().contains(where: \.isUppercase)
    }

    /// The accessors the Swift demangler names, each written `X.value.getter : T`.
    static let demangledAccessors = ["getter", "setter", "modify", "modify2", "read", "read2", "willset", "didset", "init",
                                     "materializeForSet", "unsafeAddressor", "unsafeMutableAddressor"]

    /// A demangled name without the spaces the demangler itself writes,
    /// so that its shape can be judged as one token: an accessor's type
    /// (`X.value.getter : Swift.Int`), a function type's result and effects
    /// (`f() throws -> Swift.Int`), and the old demangler's space before a
    /// signature (`Swift._fatalErrorMessage (Swift.StaticString) -> ()`).
    static func collapsingDemanglerSpaces(_ text: Substring) -> String {
        var collapsed = String(text)
        for accessor in demangledAccessors { collapsed = collapsed.replacingOccurrences(of: ".\(accessor) : ", with: ".\(accessor):") }
        for arrow in [" async throws -> ", " throws -> ", " rethrows -> ", " async -> ", " -> "] {
            collapsed = collapsed.replacingOccurrences(of: arrow, with: "->")
        }
        if collapsed.contains("->"), let space = collapsed.firstIndex(of: " "),
           collapsed[collapsed.index(after: space)...].hasPrefix("("), collapsed[..<space].contains("."), !collapsed[..<space].contains("(") {
            collapsed.remove(at: space)
        }
        return collapsed
    }

    /// The demangler's specialization prefixes, each closed by `> of `.
    static let specializationPrefixes = ["generic specialization <", "function signature specialization <",
                                         "generic partial specialization <", "generic not re-abstracted specialization <"]

    /// The specialized function a `… specialization <…> of f` names: its
    /// parameters (`<Arg[0] = Owned To Guaranteed>`) are not part of the name's shape.
    static func droppingSpecialization(_ text: Substring) -> Substring {
        var rest = text
        while let prefix = specializationPrefixes.first(where: { rest.hasPrefix($0) }) {
            var depth = 1
            var index = rest.index(rest.startIndex, offsetBy: prefix.count)
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "<" { depth += 1 } else if rest[index] == ">" { depth -= 1 }
                index = rest.index(after: index)
            }
            guard depth == 0, rest[index...].hasPrefix(" of ") else { return rest }
            rest = rest[index...].dropFirst(4)
        }
        return rest
    }

    /// Whether `text` is written as a symbol is, not as code or prose: no
    /// string literal, assignment, statement end, ternary or argument value
    /// (`f(x: value)`), and a member chain without a call names a type
    /// (`Store.shared.getter`, not `storage.lock.policy`).
    ///
    /// ```swift
    /// TolerantReader.looksLikeName("Store.load(from:)")                  // true
    /// TolerantReader.looksLikeName("cell.lock(usesPThread: usesPThread)")  // false
    /// ```
    static func looksLikeName(_ text: Substring) -> Bool {
        if text.contains(where: { "\"=;{}\\|^%!".contains($0) }) && !text.hasPrefix("-[") && !text.hasPrefix("+[") { return false }
        if text.contains(" ? ") || text.contains(" && ") || text.contains(" || ") { return false }
        // A symbol's parentheses hold labels (`at:from:`) or types, not a call's arguments (`(.info, message)`).
        let cTypes = ["int", "unsigned", "char", "long", "short", "void", "bool", "float", "double", "size_t", "const", "struct"]
        var depth = 0
        var groupStart = text.startIndex
        for index in text.indices {
            if text[index] == "(" {
                depth += 1
                if depth == 1 { groupStart = text.index(after: index) }
                continue
            }
            guard text[index] == ")" else { continue }
            depth -= 1
            guard depth == 0, groupStart <= index else { continue }
            let items = text[groupStart..<index].split(separator: ",").map { $0.drop { $0 == " " } }
            // `(extension in Module)` is the demangler's context of an extension's member.
            for item in items where !item.isEmpty && !item.contains(":") && !item.hasPrefix("extension in ") {
                let first = item.first!
                let typeLike = first.isUppercase || "_$([@*<".contains(first)
                    || cTypes.contains { item.hasPrefix($0) } || ["inout ", "some ", "any ", "borrowing ", "consuming "].contains { item.hasPrefix($0) }
                if !typeLike { return false }
            }
        }
        // `label: value` inside parentheses is a call; a demangled name has `label:` with no space, or a type.
        var rest = text[...]
        while let colon = rest.range(of: ": ") {
            let after = rest[colon.upperBound...].first
            // (`τ_0_0` is the demangler's generic parameter, a type.)
            if let after, after == "." || (after.isLowercase && after != "τ") || after == "\"" || after.isNumber { return false }
            rest = rest[colon.upperBound...]
        }
        let head = text.prefix { $0 != "(" && $0 != "<" && $0 != " " }
        if !text.contains("("), !text.contains("::"), head.contains("."),
           !head.split(separator: ".").contains(where: { $0.first?.isUppercase == true || $0.first == "$" }) {
            return false
        }
        return true
    }

    /// `File.swift:128`, `File.swift line 147`, `file /p/File.swift, line 13` in `text`.
    static func locationToken(in text: Substring) -> (range: Range<Substring.Index>, location: FrameText.Location)? {
        guard let dot = text.byteRange(of: ".swift") ?? text.byteRange(of: ".m:") ?? text.byteRange(of: ".mm:") else { return nil }
        var start = dot.lowerBound
        while start > text.startIndex {
            let before = text[text.index(before: start)]
            guard before.isLetter || before.isNumber || "_+-/.".contains(before) else { break }
            start = text.index(before: start)
        }
        let fileEnd = text[dot.lowerBound...].firstIndex(where: { $0 == ":" || $0 == " " || $0 == "," || $0 == ")" }) ?? text.endIndex
        let path = text[start..<fileEnd]
        guard let file = path.split(separator: "/").last, file.count > ".swift".count, file.first != "." else { return nil }
        var end = fileEnd
        var line: Int?
        for separator in [":", " line ", ", line ", " Line ", " at line "] where text[fileEnd...].hasPrefix(separator) {
            let digits = text[text.index(fileEnd, offsetBy: separator.count)...].prefix { $0.isNumber }
            if let number = Int(digits) {
                line = number
                end = digits.endIndex
            }
            break
        }
        return (start..<end, FrameText.Location(file: String(file), line: line))
    }

    /// `a → b → c` (caller first) becomes innermost first; `a ← b` (callee
    /// first) stays; a Swift function type's `->` is not a chain.
    static func chainParts(_ text: Substring) -> [Substring] {
        if text.containsBytes("→") { return text.components(separatedBy: "→").reversed().map { Substring($0) } }
        if text.containsBytes("←") { return text.components(separatedBy: "←").map { Substring($0) } }
        guard !text.containsBytes("thunk"), !text.containsBytes("@callee"), text.containsBytes(" -> ") || text.containsBytes(" <- ") else { return [text] }
        var depth = 0
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var forward = true
        while index < text.endIndex {
            let character = text[index]
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth <= 0, text[index...].hasPrefix(" -> ") || text[index...].hasPrefix(" <- ") {
                let after = text[text.index(index, offsetBy: 4)...]
                // `() -> ()`, `(A) -> Swift.Bool`: a function type's result, a type name.
                let typeName = after.first?.isUppercase == true && !after.contains("(") && !after.contains("_")
                if after.first == "(" || text[..<index].hasSuffix(")") && typeName { return [text] }
                forward = text[index...].hasPrefix(" -> ")
                parts.append(text[start..<index])
                start = after.startIndex
                index = start
                continue
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return forward ? parts.reversed() : parts
    }

    /// Code a sentence names: backticked functions, Objective-C methods
    /// (called or declared, `- (void)reload:(BOOL)animated`), a function
    /// after "method" or "function", `File.swift:LINE` / `File.swift line
    /// LINE`, then a source file named alone.
    static func mentions(in line: Substring) -> [StackFrame] {
        var found: [StackFrame] = []
        var rest = line
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`") else { break }
            let span = after[..<close]
            if isMentionedFunction(span) { found.append(StackFrame(index: found.count, symbol: String(span))) }
            rest = after[after.index(after: close)...]
        }
        for opener in ["+[", "-["] {
            var search = line[...]
            while let start = search.range(of: opener) {
                guard let close = search[start.upperBound...].firstIndex(of: "]") else { break }
                let method = search[start.lowerBound...close]
                if method.contains(" "), method.count < 200 { found.append(StackFrame(index: found.count, symbol: String(method))) }
                search = search[search.index(after: close)...]
            }
        }
        for selector in declaredSelectors(in: line) { found.append(StackFrame(index: found.count, symbol: selector)) }
        // Words are split only where a file or a "method X" may be named.
        let words = [".swift", ".m", "ethod ", "unction ", "func "].contains { line.containsBytes($0) } ? proseWords(line) : []
        for (word, next) in zip(words, words.dropFirst()) where ["method", "function", "func"].contains(word.text.lowercased()) {
            let name = Substring(next.text)
            if isMentionedFunction(name) || isBareFunctionName(name) { found.append(StackFrame(index: found.count, symbol: next.text)) }
        }
        var search = line
        while let token = locationToken(in: search), found.count < mentionLimit {
            if token.location.line != nil, !TrapCause.isLibraryPath(search[token.range]) {
                found.append(StackFrame(index: found.count, file: token.location.file, line: token.location.line))
            }
            guard token.range.upperBound < search.endIndex else { break }
            search = search[search.index(after: token.range.upperBound)...]
        }
        for word in words {
            let file = word.text.trimmingCharacters(in: CharacterSet(charactersIn: "()[]"))
            if isSourceFileName(Substring(file)), !found.contains(where: { $0.file == file }) { found.append(StackFrame(index: found.count, file: file)) }
        }
        return found
    }

    /// The selectors of Objective-C method declarations in `line`:
    /// `- (void)updateIndicator:(BOOL)enabled` → `updateIndicator:`.
    static func declaredSelectors(in line: Substring) -> [String] {
        var selectors: [String] = []
        var search = line
        while let open = search.range(of: " (") ?? (search.hasPrefix("-(") || search.hasPrefix("+(") ? search.range(of: "(") : nil) {
            let sign = search[..<open.lowerBound].last(where: { $0 != " " })
            let before = search[..<open.lowerBound].trimmingTrailingWhitespace()
            defer { search = search[open.upperBound...] }
            guard sign == "-" || sign == "+", before.dropLast().last.map({ $0 == " " || $0 == "(" }) ?? true,
                  let close = search[open.upperBound...].firstIndex(of: ")") else { continue }
            let type = search[open.upperBound..<close]
            guard !type.isEmpty, type.count < 40, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "*" || $0 == "_" }) else { continue }
            let name = search[search.index(after: close)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard let first = name.first, first.isLetter || first == "_" else { continue }
            let takesArgument = search[name.endIndex...].first == ":"
            selectors.append(String(name) + (takesArgument ? ":" : ""))
        }
        return selectors
    }

    /// A source file's name on its own (`CartView.swift`, `MPNetwork.m`),
    /// not the package manifest every Swift package has.
    static func isSourceFileName(_ word: Substring) -> Bool {
        guard let dot = word.lastIndex(of: "."), dot > word.startIndex, word.count <= 120,
              ["swift", "m", "mm"].contains(word[word.index(after: dot)...]) else { return false }
        let name = word[..<dot].split(separator: "/").last ?? ""
        return name != "Package" && name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" || $0 == "-" }
    }

    /// The name of the thread ``proseStack(in:)``'s frames are put on.
    public static let proseThreadName = "named in prose"

    /// A sentence naming a check function (one of the names the kinds know
    /// as an executor or queue check, ``RuntimeLibraries/isIsolationCheck(_:)``,
    /// or a function that only runs when the program stops,
    /// ``RuntimeLibraries/isTrapSymbol(_:)``) and the program's code beside
    /// it: the check's frame, then that code as its caller, with the line
    /// the sentence gives (`at line 250`, `line 250`, `Git.swift:250`). The
    /// code is the nearest function named after the check, else before it;
    /// nil when the sentence names no check or no code of the program.
    ///
    /// ```swift
    /// TolerantReader.proseStack(in: "Crash: `dispatch_assert_queue_fail` in `Git.fetch(at:)` at line 250.")
    /// // [dispatch_assert_queue_fail, Git.fetch(at:) line 250]
    /// ```
    static func proseStack(in line: Substring) -> [StackFrame]? {
        let words = proseWords(line)
        // The runtime's or libdispatch's function (`swift_task_…`, `_dispatch_…`, `_checkExpectedExecutor`),
        // not the public API a program calls and a sentence may merely discuss (`MainActor.assertIsolated()`).
        guard let checkAt = words.firstIndex(where: { word in
            !word.text.contains(" ") && (RuntimeLibraries.isRuntimeSymbol(word.text) || word.text.hasPrefix("_"))
                && (RuntimeLibraries.isIsolationCheck(word.text) || RuntimeLibraries.isTrapSymbol(word.text))
        }) else { return nil }
        let isCode = { (word: (text: String, end: Substring.Index)) in
            !word.text.contains(" ") ? isMentionedFunction(Substring(word.text)) : isSymbolShaped(Substring(word.text))
        }
        let own = { (index: Int) in isCode(words[index]) && OwnCode.isOwn(StackFrame(index: 0, symbol: words[index].text)) }
        guard let codeAt = words.indices[(checkAt + 1)...].first(where: own) ?? words.indices[..<checkAt].last(where: own) else {
            // The stop and the check named together, and no code of the program: the check alone.
            return StopSignals.explicitNames(in: String(line)).isEmpty ? nil : [StackFrame(index: 0, symbol: words[checkAt].text)]
        }
        var caller = StackFrame(index: 1, symbol: words[codeAt].text)
        // The line the sentence gives after the code, up to the sentence's end.
        var after = line[words[codeAt].end...]
        if let end = after.indices.first(where: { index in
            (after[index] == "." || after[index] == ";") && after[index...].dropFirst().first.map(\.isWhitespace) != false
        }) {
            after = after[..<end]
        }
        if let token = locationToken(in: after), token.location.line != nil, !TrapCause.isLibraryPath(after[token.range]) {
            caller.file = token.location.file
            caller.line = token.location.line
        } else if let range = after.range(of: "line ", options: .caseInsensitive) {
            caller.line = Int(after[range.upperBound...].prefix { $0.isNumber })
        }
        return [StackFrame(index: 0, symbol: words[checkAt].text), caller]
    }

    /// A sentence's words, a backticked span counting as one, without the
    /// punctuation around them; each with where it ends in the line.
    static func proseWords(_ line: Substring) -> [(text: String, end: Substring.Index)] {
        var words: [(text: String, end: Substring.Index)] = []
        let trim = CharacterSet(charactersIn: "`'\"*,;:.!?")
        var index = line.startIndex
        while index < line.endIndex, words.count < 64 {
            if line[index] == " " || line[index] == "\t" { index = line.index(after: index); continue }
            let end: Substring.Index
            if line[index] == "`", let close = line[line.index(after: index)...].firstIndex(of: "`") {
                end = line.index(after: close)
            } else {
                end = line[index...].firstIndex(where: { $0 == " " || $0 == "\t" }) ?? line.endIndex
            }
            let text = line[index..<end].trimmingCharacters(in: trim)
            if !text.isEmpty { words.append((text, end)) }
            index = end
        }
        return words
    }

    /// A backticked span naming a function: `maybeLoadMoreDates()`, `Git.fetch(at:)`.
    static func isMentionedFunction(_ span: Substring) -> Bool {
        // Values in the parentheses (`SCDevelop(12570,0x10263f8c0)`, malloc's process prefix) make a call or a tag, not a name.
        guard span.count >= 3, span.count <= 200, span.hasSuffix(")"), let paren = span.firstIndex(of: "("),
              paren > span.startIndex, !span[..<paren].contains(" "), looksLikeName(span) else { return false }
        let name = span[..<paren]
        return name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// The string value of `"key" : "…"` in a JSON fragment line.
    static func jsonString(_ line: Substring, key: String) -> String? {
        guard line.containsBytes("\"\(key)\""), let keyRange = line.range(of: "\"\(key)\"") else { return nil }
        let afterKey = line[keyRange.upperBound...].drop { $0 == " " }
        guard afterKey.first == ":" else { return nil }
        let value = afterKey.dropFirst().drop { $0 == " " }
        guard value.first == "\"" else { return nil }
        var result = ""
        var escaped = false
        for character in value.dropFirst() {
            if escaped { result.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" { return result.isEmpty ? nil : result }
            result.append(character)
        }
        return nil
    }

    /// The number value of `"key" : 12` in a JSON fragment line.
    static func jsonNumber(_ line: Substring, key: String) -> Int? {
        guard let keyRange = line.range(of: "\"\(key)\"") else { return nil }
        let value = line[keyRange.upperBound...].drop { $0 == " " || $0 == ":" }
        return Int(value.prefix { $0.isNumber })
    }
}

extension CrashReportFormat {
    /// Evidence read line by line from text no other format claims: a pasted fragment.
    public static let fragment = CrashReportFormat(rawValue: "fragment", title: "pasted fragment (read line by line)")
}

extension TolerantReader: CrashFormat {
    public static var format: CrashReportFormat { .fragment }
    public static let recognisedBy = "any line holding a frame in any layout (numbered or bare, with or without image and address, arrow chains, JSON `\"symbol\"`), a signal or exception name, a report header, or code named in prose"
    public static let samples = [
        """
        0  _dispatch_assert_queue_fail
        4  _swift_task_checkIsolatedSwift
        5  swift_task_isCurrentExecutorWithFlagsImpl
        6  closure #1 in static Uploader.register()
        """,
        "thread 4: closure #1 in Probe.check(host:) → swift_task_isCurrentExecutorWithFlagsImpl → dispatch_assert_queue_fail",
        """
        __DISPATCH_WAIT_FOR_QUEUE__
        _dispatch_sync_f_slow
        Index.refresh(_:)
        """,
    ]
    /// Reads the console lines around it as messages.
    public static let readsSurroundingConsoleLines = true
}
