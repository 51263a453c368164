import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file path as Linux has it: bytes, any but NUL, not necessarily UTF-8.
/// The probe keeps and shows a path as its ``shown`` string (UTF-8 as it
/// is, each byte that is not UTF-8 as `\xFF`, and a `\` that would read as
/// such an escape as `\x5C`), which leads back to exactly these bytes; it
/// opens, lists and resolves paths by the bytes, so a name Foundation would
/// mangle is read, and reported the same way in text, JSON and baselines.
///
/// ```swift
/// let path = BytePath(bytes: Array("Loop".utf8) + [0xFF] + Array(".swift".utf8))
/// path.shown                              // Loop\xFF.swift
/// BytePath(shown: path.shown) == path     // true
/// ```
package struct BytePath: Hashable, Sendable {
    /// The path's bytes, without a terminating NUL.
    package let bytes: [UInt8]

    /// The path from its bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// The path a ``shown`` string stands for: every `\xHH` is the byte HH,
    /// everything else its UTF-8.
    package init(shown: String) {
        let utf8 = Array(shown.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if let byte = Self.escapedByte(in: utf8, at: index) {
                bytes.append(byte)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        self.bytes = bytes
    }

    /// The path as the probe keeps and prints it.
    package var shown: String {
        var out = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                // A backslash that the reader would take for an escape is escaped itself.
                out += scalar == "\\" && Self.escapedByte(in: bytes, at: index) != nil ? "\\x5C" : String(Character(scalar))
                index += encoded.count
            case .error(let length):
                for byte in bytes[index..<index + length] { out += "\\x" + Self.hex(byte) }
                index += length
            case .emptyInput:
                return out
            }
        }
    }

    /// The byte `\xHH` at `index` in `utf8` stands for, if it is one.
    private static func escapedByte(in utf8: [UInt8], at index: Int) -> UInt8? {
        guard index + 3 < utf8.count, utf8[index] == UInt8(ascii: "\\"), utf8[index + 1] == UInt8(ascii: "x"),
              let high = hexValue(utf8[index + 2]), let low = hexValue(utf8[index + 3]) else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// The process's arguments after its name, each as the ``shown`` form of
    /// its bytes: Swift's `CommandLine.arguments` replaces bytes that are not
    /// UTF-8, which would name another file.
    ///
    /// ```swift
    /// let status = await runReturningExitStatus(BytePath.commandLineArguments)
    /// ```
    package static var commandLineArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                BytePath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                                          count: strlen(argument)))).shown
            }
        }
    }

    /// A system call on a path that failed, with the system's reason.
    package struct Failure: Error, CustomStringConvertible {
        /// The `errno` it set.
        package var code: Int32
        /// The system's words for it, e.g. "Permission denied".
        package var description: String { String(cString: strerror(code)) }
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `stat(2)` of what the path leads to (symbolic links followed), or
    /// `lstat(2)` of the path itself when `followingLinks` is false.
    package func status(followingLinks: Bool = true) throws(Failure) -> stat {
        var status = stat()
        let result = withCString { followingLinks ? stat($0, &status) : lstat($0, &status) }
        guard result == 0 else { throw Failure(code: errno) }
        return status
    }

    /// Whether the path leads to a folder.
    package var isFolder: Bool {
        (try? status()).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// Whether the path exists (a dangling symbolic link does not).
    package var exists: Bool { (try? status()) != nil }

    /// `open(2)`: the new descriptor, which the caller closes.
    package func open(_ flags: Int32, mode: mode_t = 0) throws(Failure) -> Int32 {
        let descriptor = withCString { openFile($0, flags | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw Failure(code: errno) }
        return descriptor
    }

    /// The names in the folder at this path, shown, without `.` and `..`, unsorted.
    package func entries() throws(Failure) -> [String] {
        guard let folder = withCString({ opendir($0) }) else { throw Failure(code: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            names.append(BytePath(bytes: name).shown)
        }
        return names
    }

    /// The absolute path with every symbolic link resolved (`realpath(3)`),
    /// or nil when a part of it does not exist.
    package func resolved() -> BytePath? {
        guard let real = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return BytePath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real))))
    }

    /// The path for a URI (SARIF's `artifactLocation.uri`): its bytes,
    /// percent-encoded except for those a URI path allows as they are.
    package var uriPath: String {
        bytes.map { byte in
            let allowed = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~/!$&'()*+,;=:@".utf8).contains(byte)
            return allowed ? String(Character(UnicodeScalar(byte))) : "%" + Self.hex(byte)
        }.joined()
    }
}

/// `open(2)`, out of reach of ``BytePath/open(_:mode:)``'s own name.
private func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
