import Foundation
import Synchronization
import Testing

/// `triage` writes each input's verdict as soon as that input is read, in
/// the order given: one input that is slow to arrive (a FIFO whose writer
/// has not come yet) does not hold back the verdicts before it.
@Suite("Triage verdicts as they come", .serialized)
struct TriageArrivalTests {
    /// The probe, started with `arguments`, its standard output collected as it arrives.
    final class RunningProbe {
        /// What arrived so far, shared with the reading thread.
        final class Arrived: Sendable {
            let data = Mutex(Data())
        }

        let process = Process()
        let output = Arrived()

        init(_ arguments: [String]) throws {
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: ProbeBinary.path)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment
                .merging(["ISOLATION_PROBE_CACHE_DIR": TestCatalog.cacheDirectory.path]) { $1 }
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reading = pipe.fileHandleForReading
            Thread { [output] in
                while case let chunk = reading.availableData, !chunk.isEmpty {
                    output.data.withLock { $0.append(chunk) }
                }
            }.start()
        }

        var text: String { output.data.withLock { String(decoding: $0, as: UTF8.self) } }

        /// Whether the output came to contain `needle` within `seconds` (a
        /// generous bound: the FIFO's own limit is 60 s).
        func waitFor(_ needle: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(needle) { return true }
                usleep(50_000)
            }
            return text.contains(needle)
        }
    }

    /// Gives the FIFO its writer: `text`, then end of file.
    static func feed(_ fifo: String, _ text: String) {
        let descriptor = open(fifo, O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    static func fifo(in folder: String, named name: String) -> String {
        let path = folder + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    static func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("triage-arrival-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("triage a.txt FIFO b.txt prints a.txt's verdict while the FIFO waits for its writer, then the rest in order")
    func verdictBeforeTheFIFO() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try TriageCommandTests.report("linux-case1-unchecked-box.txt")
        let last = try TriageCommandTests.report("linux-case8b-swift5-callback.txt")
        let fifo = Self.fifo(in: folder, named: "slow.fifo")
        let probe = try RunningProbe(["triage", first, fifo, last])
        let early = probe.waitFor("\(first): isolation-trap", seconds: 45)
        let lastBeforeWriter = probe.text.contains("\(last):")
        Self.feed(fifo, try String(contentsOfFile: first, encoding: .utf8))
        probe.process.waitUntilExit()
        #expect(early, "no verdict for \(first) while the FIFO had no writer; output so far:\n\(probe.text)")
        #expect(!lastBeforeWriter, "the input after the FIFO was reported before it")
        let text = probe.text
        let order = [first, fifo, last].compactMap { text.range(of: "\($0): ")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "verdicts out of the order given:\n\(text)")
        #expect(probe.process.terminationStatus == 0, "\(text)")
    }

    @Test("triage DIR prints each file's verdict as it is made, a slow FIFO in the folder holding back only what follows it")
    func folderVerdictsAsMade() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try String(contentsOfFile: try TriageCommandTests.report("linux-case1-unchecked-box.txt"), encoding: .utf8)
        try report.write(toFile: folder + "/a-crash.txt", atomically: true, encoding: .utf8)
        let fifo = Self.fifo(in: folder, named: "b-slow.fifo")
        try report.write(toFile: folder + "/c-crash.txt", atomically: true, encoding: .utf8)
        let probe = try RunningProbe(["triage", folder])
        let early = probe.waitFor("\(folder)/a-crash.txt: isolation-trap", seconds: 45)
        Self.feed(fifo, report)
        probe.process.waitUntilExit()
        #expect(early, "no verdict for a-crash.txt while the FIFO had no writer; output so far:\n\(probe.text)")
        #expect(probe.text.contains("\(folder)/c-crash.txt: isolation-trap"), "\(probe.text)")
        #expect(probe.process.terminationStatus == 0, "\(probe.text)")
    }
}
