// One method per level, like swift-log's Logger: each takes an autoclosure,
// so a filtered-out call costs one relaxed load and a compare.

extension LogSink {
    /// Logs at `.trace`; the message is only built if `.trace` is enabled.
    ///
    /// ```swift
    /// log.trace("entering \(#function)")
    /// ```
    @inlinable
    public func trace(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.trace) else { return }
        deliver(.trace, message(), file, function, line)
    }

    /// Logs at `.debug`; the message is only built if `.debug` is enabled.
    ///
    /// ```swift
    /// log.debug("cache holds \(cache.count) entries")
    /// ```
    @inlinable
    public func debug(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.debug) else { return }
        deliver(.debug, message(), file, function, line)
    }

    /// Logs at `.info`; the message is only built if `.info` is enabled.
    ///
    /// ```swift
    /// log.info("synced \(count) items")
    /// ```
    @inlinable
    public func info(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.info) else { return }
        deliver(.info, message(), file, function, line)
    }

    /// Logs at `.notice`; the message is only built if `.notice` is enabled.
    ///
    /// ```swift
    /// log.notice("switched to offline mode")
    /// ```
    @inlinable
    public func notice(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.notice) else { return }
        deliver(.notice, message(), file, function, line)
    }

    /// Logs at `.warning`; the message is only built if `.warning` is enabled.
    ///
    /// ```swift
    /// log.warning("retrying \(request) after \(delay)s")
    /// ```
    @inlinable
    public func warning(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.warning) else { return }
        deliver(.warning, message(), file, function, line)
    }

    /// Logs at `.error`; the message is only built if `.error` is enabled.
    ///
    /// ```swift
    /// do {
    ///     try Data("{}".utf8).write(to: URL(fileURLWithPath: "/nonexistent/state.json"))
    /// } catch {
    ///     log.error("could not save: \(error)")
    /// }
    /// ```
    @inlinable
    public func error(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.error) else { return }
        deliver(.error, message(), file, function, line)
    }

    /// Logs at `.critical`; the message is only built if `.critical` is enabled.
    ///
    /// ```swift
    /// log.critical("database is corrupt")
    /// ```
    @inlinable
    public func critical(_ message: @autoclosure () -> String, file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
        guard isEnabled(.critical) else { return }
        deliver(.critical, message(), file, function, line)
    }
}
