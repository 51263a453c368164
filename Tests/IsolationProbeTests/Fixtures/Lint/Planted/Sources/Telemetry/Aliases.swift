typealias LoggingSink = (String) -> Void
typealias Handlers = [String: LoggingSink]

extension LockedBox: @unchecked Sendable {}
