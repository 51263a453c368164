/// Finds the lines around a crash that say what happened, in any text:
/// runtime messages (`Fatal error: …`, "Incorrect actor executor
/// assumption …"), libdispatch's "BUG IN CLIENT OF LIBDISPATCH" message,
/// the legacy executor mode's "data race detected" warnings, Xcode's
/// `Thread 4: EXC_BREAKPOINT …` line and the shell's `Illegal instruction
/// (core dumped)`.
///
/// ```swift
/// ConsoleLines.messages(in: ["ok", "Fatal error: Index out of range"])   // ["Fatal error: Index out of range"]
/// ```
public enum ConsoleLines {
    /// A log can repeat a warning thousands of times; a report quotes this
    /// many distinct lines at most.
    public static let messageLimit = 24

    /// The shell's and kernel's lines (``ShellSignalMessages``): the shell's
    /// words (`Killed`, `Aborted`) count only in a shell's own line, or as a
    /// short line of their own, not inside a sentence.
    static let shellMessages = ShellSignalMessages.producer.messages

    /// Distinct message lines, trimmed, in order, at most ``messageLimit``.
    ///
    /// ```swift
    /// ConsoleLines.messages(in: ["  warning: data race detected: @MainActor function at M/F.swift:3 was not called on the main thread"])
    /// ```
    public static func messages(in lines: [String]) -> [String] {
        var seen: Set<Substring> = []
        var found: [String] = []
        var index = lines.startIndex
        while index < lines.endIndex, found.count < messageLimit {
            var text = lines[index].drop { $0 == " " || $0 == "\t" }
            if index + 1 < lines.endIndex, let joined = wrapped(lines[index], lines[index + 1]) {
                text = joined[...]
                index += 1
            }
            index += 1
            guard isMessage(text), seen.insert(text).inserted else { continue }
            // Cut where the tolerant reader cuts a line, not shorter: a message cut shorter would no longer end as its template does.
            found.append(String(text.prefix(TolerantReader.lineLimit)))
        }
        return found
    }

    /// A message a console wrapped: `line` and `next` joined, when together
    /// they hold a catalog entry `line` alone lacks and `next` is indented
    /// deeper or is that entry's own words (objc4's weak-reference error or
    /// the leaked-continuation warning, its second sentence on a line of its own).
    static func wrapped(_ line: String, _ next: String) -> String? {
        let indent = { (text: String) in text.prefix { $0 == " " || $0 == "\t" }.count }
        let rest = next.drop { $0 == " " || $0 == "\t" }
        let text = line.drop { $0 == " " || $0 == "\t" }
        let deeper = indent(next) > indent(line)
        // Not indented, the second line must open a sentence after the first one's end.
        guard !rest.isEmpty, line.utf8.count + rest.utf8.count < TolerantReader.lineLimit,
              deeper || (text.trimmingTrailingWhitespace().hasSuffix(".") && rest.first?.isUppercase == true) else { return nil }
        let joined = text + " " + rest
        let alone = Set(Producers.entries(in: text).map(\.template))
        let gained = Producers.entries(in: joined).filter { !alone.contains($0.template) }
        // Deeper indented, or not indented but the words the entry goes on with (runtime messages printed over two lines).
        return gained.contains { deeper || $0.template.contains(rest.prefix(24)) } ? String(joined) : nil
    }

    /// Whether a trimmed line is worth quoting: it holds a message of the
    /// producers' catalog (``Producers``), or is a shell's, Xcode's or a
    /// crash service's stop line.
    static func isMessage(_ text: Substring) -> Bool {
        if text.isEmpty || isSourceCode(text) { return false }
        if isShellStopLine(text) || isXcodeStopLine(text) || isExceptionLine(text) { return true }
        return Producers.entries(in: text).contains { entry in !(entry.opensLine && shellMessages.contains(entry)) }
    }

    /// A line of source code, not output: a comment, or a call passing a
    /// string (`fatalError("Index out of range")`): the words in it are
    /// what a program would print, not what it printed.
    ///
    /// ```swift
    /// ConsoleLines.isSourceCode("/// traps with `Fatal error: …`")          // true
    /// ConsoleLines.isSourceCode("precondition(ok, \"Precondition failed\")")  // true
    /// ```
    static func isSourceCode(_ text: Substring) -> Bool {
        if text.hasPrefix("//") || text.hasPrefix("/*") { return true }
        // `name("`: a call with a string argument.
        var rest = text
        var isCall = false
        while let quote = rest.byteRange(of: "(\"") {
            if quote.lowerBound > rest.startIndex, let before = rest[..<quote.lowerBound].last,
               before.isLetter || before.isNumber || before == "_" {
                isCall = true
                break
            }
            rest = rest[quote.upperBound...]
        }
        guard isCall else { return false }
        let end = text.trimmingTrailingWhitespace()
        return [",", ")", "{", ";", "(", "\""].contains { end.hasSuffix($0) }
    }

    /// A crash service's exception line of its own: `EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x0`,
    /// `SIGABRT ABORT 0x…` (Crashlytics, Sentry).
    static func isExceptionLine(_ text: Substring) -> Bool {
        guard text.hasPrefix("EXC_") || text.hasPrefix("SIG"), text.utf8.count < 120 else { return false }
        let name = text.prefix { $0.isUppercase || $0 == "_" || $0.isNumber }
        return name.count > 4 && name != "SIGNAL" && (name.endIndex == text.endIndex || text[name.endIndex] == " ")
    }

    /// A shell's report of a child's death: `Illegal instruction (core dumped)`,
    /// `bash: line 1: 4242 Illegal instruction     ./prog`, `zsh: trace trap  ./prog`.
    static func isShellStopLine(_ text: Substring) -> Bool {
        if let status = zshJobStatus(text) { return shellMessages.contains { $0.opensLine && $0.matches(status) } }
        let fromShell = ["bash:", "zsh:", "sh:", "/bin/sh:", "dash:"].contains { text.hasPrefix($0) }
        guard fromShell || text.utf8.count < 80 else { return false }
        return shellMessages.contains { $0.opensLine && ($0.matches(text) || (fromShell && $0.fragments.allSatisfy { text.containsBytes($0) })) }
    }

    /// The status after zsh's job prefix, which its `printjob` (Src/jobs.c)
    /// writes as `[JOB]  C ` (C: `+` the current job, `-` the previous
    /// one, else a space) and, with `notify` or `jobs -l`, `PID `:
    /// `[1]  + 95081 segmentation fault  ./app` → `segmentation fault  ./app`.
    static func zshJobStatus(_ text: Substring) -> Substring? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]"),
              text[text.index(after: text.startIndex)..<close].allSatisfy(\.isNumber), close > text.index(after: text.startIndex) else { return nil }
        var rest = text[text.index(after: close)...]
        guard rest.hasPrefix("  ") else { return nil }
        rest = rest.dropFirst(2)
        if let marker = rest.first, marker == "+" || marker == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " }
        let pid = rest.prefix { $0.isNumber }
        if !pid.isEmpty, rest.dropFirst(pid.count).first == " " { rest = rest.dropFirst(pid.count).drop { $0 == " " } }
        return rest.isEmpty ? nil : rest
    }

    /// Xcode's `Thread 4: EXC_BREAKPOINT (code=1, subcode=0x…)` / `Thread 1: signal SIGABRT`.
    static func isXcodeStopLine(_ text: Substring) -> Bool {
        guard text.hasPrefix("Thread "), let colon = text.firstIndex(of: ":") else { return false }
        let after = text[text.index(after: colon)...].drop { $0 == " " }
        return after.hasPrefix("EXC_") || after.hasPrefix("signal SIG")
    }

    /// The signals the stop lines among `messages` name (not the signals
    /// a fatal-error text merely mentions).
    ///
    /// ```swift
    /// ConsoleLines.signals(in: ["Illegal instruction (core dumped)"])   // ["SIGILL"]
    /// ```
    public static func signals(in messages: [String]) -> [String] {
        var found: [String] = []
        for message in messages {
            let text = Substring(message)
            guard isXcodeStopLine(text) || isShellStopLine(text) || isExceptionLine(text) else { continue }
            for name in StopSignals.names(in: message) where !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// A report made of console lines alone (``messages(in:)``'s), or nil
    /// when none says anything.
    static func report(messages found: [String]) -> CrashReport? {
        guard !found.isEmpty else { return nil }
        return CrashReport(format: .console, signals: signals(in: found), messages: found)
    }
}

extension CrashReportFormat {
    /// Log or console lines with no backtrace.
    public static let console = CrashReportFormat(rawValue: "console", title: "console output")
}

extension ConsoleLines: CrashFormat {
    public static var format: CrashReportFormat { .console }
    public static let recognisedBy = "a line with a runtime message (`Fatal error`, \"Incorrect actor executor assumption\", libdispatch's BUG IN CLIENT, a legacy-mode warning, a watchdog code) or a shell's `(core dumped)` line"
    public static let samples = [
        "Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        "warning: data race detected: @MainActor function at M/File.swift:35 was not called on the main thread",
        "Illegal instruction (core dumped)",
    ]
    /// It is the console lines.
    public static let readsSurroundingConsoleLines = false
    public static func read(_ text: CrashText) -> CrashReport? { report(messages: text.consoleMessages) }
}
