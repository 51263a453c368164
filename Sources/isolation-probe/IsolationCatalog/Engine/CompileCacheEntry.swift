import Foundation
import ProbeSupport

/// One compiled case in the cache: a folder holding `status`, the
/// compiler's `diagnostics.txt`, its `commands.txt` and, when it linked,
/// `program`. `status` is `failed`, or `ok` followed by the program's size
/// and checksum, which every read verifies.
package enum CompileCacheEntry {
    /// What a cache folder holds.
    package enum Contents {
        case absent
        /// Present but not usable; the text says what is wrong.
        case damaged(String)
        case stored(CompileResult)
    }

    /// Reads and verifies the entry at `folder`.
    package static func read(_ folder: URL) -> Contents {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: folder.path) else { return .absent }
        guard let status = try? String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8) else {
            return .damaged("its status file is missing or unreadable")
        }
        guard let diagnostics = try? String(contentsOf: folder.appendingPathComponent("diagnostics.txt"), encoding: .utf8) else {
            return .damaged("its diagnostics.txt is missing or unreadable")
        }
        let commandText = (try? String(contentsOf: folder.appendingPathComponent("commands.txt"), encoding: .utf8)) ?? ""
        let program = folder.appendingPathComponent("program")
        let fields = status.split(separator: " ")
        switch fields.first {
        case "failed":
            break
        case "ok":
            guard fields.count == 3, let size = Int(fields[1]) else {
                return .damaged("its status records no checksum of the program")
            }
            if let problem = programProblem(at: program) { return .damaged("the program \(problem)") }
            guard let data = try? Data(contentsOf: program) else { return .damaged("the program cannot be read") }
            guard data.count == size else { return .damaged("the program has \(data.count) bytes; \(size) were stored") }
            guard checksum(data) == fields[2] else { return .damaged("the program's checksum differs from the one stored") }
        default:
            return .damaged("its status file says neither ok nor failed")
        }
        return .stored(CompileResult(
            executable: fields.first == "ok" ? program : nil,
            diagnostics: diagnostics,
            commands: commandText.split(separator: "\n").map { $0.split(separator: " ").map(String.init) },
            cached: true
        ))
    }

    /// Writes an entry into `folder`: `program` (moved in) when the
    /// compiler linked one, else a record of its errors.
    package static func write(into folder: URL, program: URL?, diagnostics: String, commands: String) throws {
        var status = "failed"
        if let program {
            let stored = folder.appendingPathComponent("program")
            try FileManager.default.moveItem(at: program, to: stored)
            let data = try Data(contentsOf: stored)
            status = "ok \(data.count) \(checksum(data))"
        }
        try Data(diagnostics.utf8).write(to: folder.appendingPathComponent("diagnostics.txt"))
        try Data(commands.utf8).write(to: folder.appendingPathComponent("commands.txt"))
        // Written last: an entry without it is never read as complete.
        try Data(status.utf8).write(to: folder.appendingPathComponent("status"))
    }

    /// What is wrong with the program file at `url` (absent, empty, not
    /// executable, not an executable image), or nil when it can be run.
    package static func programProblem(at url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "is missing" }
        if (attributes[.size] as? NSNumber)?.intValue == 0 { return "is empty" }
        guard FileManager.default.isExecutableFile(atPath: url.path) else { return "is not executable" }
        #if os(Linux)
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return "cannot be read" }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        // What the kernel runs: an ELF image or a `#!` script.
        guard magic == Data([0x7f, 0x45, 0x4c, 0x46]) || magic.starts(with: [0x23, 0x21]) else {
            return "is not an executable image"
        }
        #endif
        return nil
    }

    private static func checksum(_ data: Data) -> String {
        var hash = StableHash()
        hash.combine(data)
        return hash.hexDigest
    }
}
