import Foundation
@testable import IsolationTriage
import Testing

/// The frame grammar reads a stack whatever its layout: every corpus
/// text's crashed thread, written again in each layout people paste
/// (``FrameLayout``), must give the kind, cause and offender the original
/// gave. The messages, signals, queue and crashed mark go with it in
/// plain lines, so only the layout of the frames changes.
@Suite("Frames in any layout: the same verdict")
struct LayoutMetamorphicTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "layouts are compared as read"))

    /// A way of printing one frame line (or the whole stack, for trees and chains).
    enum FrameLayout: String, CaseIterable, CustomStringConvertible {
        case appleNumbered, numberedWithoutImage, lldb, gdb, swiftBacktracer, bareSymbols
        case arrowChainCallerFirst, logPrefixed, sampleTree, atosOutput, appleAnnotatedByAtos

        var description: String { rawValue }

        /// Whether the layout has an image column.
        var writesImages: Bool {
            switch self {
            case .numberedWithoutImage, .bareSymbols, .arrowChainCallerFirst: false
            default: true
            }
        }

        /// Whether an unsymbolicated frame can be written: only where an
        /// address or image stands for the name.
        var writesAddresses: Bool {
            switch self {
            case .appleNumbered, .lldb, .gdb, .swiftBacktracer, .logPrefixed, .sampleTree, .appleAnnotatedByAtos: true
            case .numberedWithoutImage, .bareSymbols, .arrowChainCallerFirst, .atosOutput: false
            }
        }

        func render(_ frames: [StackFrame]) -> [String] {
            let written = writesAddresses ? frames : frames.filter { $0.symbol != nil }
            // An `.ips` gives an offset into the image (`+0x1004fc`); the text layouts print an address.
            func address(_ frame: StackFrame, _ position: Int) -> String {
                frame.address.flatMap { $0.hasPrefix("0x") ? $0 : nil } ?? String(format: "0x%016lx", 0x1_0000_0000 + position * 0x40)
            }
            func image(_ frame: StackFrame) -> String { frame.image ?? "App" }
            func name(_ frame: StackFrame) -> String { frame.symbol ?? "???" }
            // Apple's and the backtracer's line when a frame has no symbol: the image's base and offset.
            func apple(_ frame: StackFrame, _ position: Int) -> String {
                frame.symbol.map { "\($0) + 40" + (frame.line != nil ? frame.location.map { " (\($0))" } ?? "" : "") } ?? "0x100000000 + \(4096 + position)"
            }
            switch self {
            case .appleNumbered:
                return written.enumerated().map { position, frame in
                    "\(position)".padding(toLength: 4, withPad: " ", startingAt: 0) + image(frame).padding(toLength: 30, withPad: " ", startingAt: 0)
                        + "\t\(address(frame, position)) \(apple(frame, position))"
                }
            case .numberedWithoutImage:
                return written.enumerated().map { position, frame in
                    "\(position)  \(name(frame)) + 16" + (frame.location.map { " (\($0))" } ?? "")
                }
            case .lldb:
                return written.enumerated().map { position, frame in
                    "    frame #\(position): \(address(frame, position)) \(image(frame))" + (frame.symbol.map { "`\($0)" } ?? "")
                        + (frame.file.map { " at \($0):\(frame.line ?? 1):5" } ?? "")
                }
            case .gdb:
                return written.enumerated().map { position, frame in
                    "#\(position)  \(address(frame, position)) in \(frame.symbol ?? "??") ()"
                        + (frame.file.map { " at /src/\($0):\(frame.line ?? 1)" } ?? " from /usr/lib/\(image(frame))")
                }
            case .swiftBacktracer:
                return written.enumerated().map { position, frame in
                    "\(position) \(position == 0 ? "" : "[ra] ")\(address(frame, position)) " + (frame.symbol.map { "\($0) + 40 in " } ?? "in ") + image(frame)
                        + (frame.file.map { " at /src/\($0)" + (frame.line.map { ":\($0):5" } ?? "") } ?? "")
                }
            case .bareSymbols:
                return written.map(name)
            case .arrowChainCallerFirst:
                // A chain in a sentence is a few frames, the innermost ones.
                return [written.prefix(12).reversed().map(name).joined(separator: " → ")]
            case .logPrefixed:
                return written.enumerated().map { position, frame in
                    "2026-12-01 10:00:00.123456+0000 App[4242:1234567] \(position)   \(image(frame))   \(address(frame, position)) \(apple(frame, position))"
                }
            case .sampleTree:
                // `sample`'s call tree: outermost first, one level deeper each line.
                return written.reversed().enumerated().map { depth, frame in
                    "    " + String(repeating: "  ", count: depth) + "+ 1000 \(name(frame))  (in \(image(frame))) + 40  [\(address(frame, depth))]"
                }
            case .atosOutput:
                // `atos -o App -l 0x… 0x… …`: one resolved name a line, the location when the symbols have one.
                return written.map { frame in
                    "\(name(frame)) (in \(image(frame)))" + (frame.line != nil ? frame.location.map { " (\($0))" } ?? " + 40" : " + 40")
                }
            case .appleAnnotatedByAtos:
                // An unsymbolicated report with atos's answer pasted after each frame.
                return written.enumerated().map { position, frame in
                    "\(position)".padding(toLength: 4, withPad: " ", startingAt: 0) + image(frame).padding(toLength: 30, withPad: " ", startingAt: 0)
                        + "\t\(address(frame, position)) 0x100000000 + \(4096 + position)"
                        + (frame.symbol.map { "  // \($0) (in \(image(frame)))" + (frame.line != nil ? frame.location.map { " (\($0))" } ?? "" : "") } ?? "")
                }
            }
        }
    }

    /// Every text of the corpus and the fixtures whose crashed thread has frames.
    static func corpus() -> [String] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let real = fixtures.appendingPathComponent("real")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: real.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.map { "real/" + $0 }
            + ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".crash") || $0.hasSuffix(".ips") }
        return names.sorted()
    }

    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        // A fixture's `# …` header is not part of its report.
        return text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# ") }.joined(separator: "\n")
    }

    /// The original's evidence outside its frames, in plain lines, then its
    /// crashed thread's frames in `layout`.
    static func rewrite(_ report: CrashReport, in layout: FrameLayout) -> String? {
        guard let thread = report.crashedThread, !thread.frames.isEmpty else { return nil }
        var lines = report.messages
        if !report.signals.isEmpty { lines.append("The program stopped with \(report.signals.joined(separator: ", ")).") }
        if let queue = thread.queue { lines.append("Queue: \(queue)") }
        // A stack the reader took for the crashed thread had no header; it gets none here either.
        if !report.crashMarkIsInferred {
            lines.append(thread.crashed && !report.crashMarkMayBeBreakpoint ? "Thread 0 Crashed:" : "Thread 0:")
        }
        lines += layout.render(thread.frames)
        return lines.joined(separator: "\n")
    }

    /// A frame that is a library's by its image, though its name alone would be taken for the program's.
    static func isSystemByImageAlone(_ frame: StackFrame) -> Bool {
        frame.isSystem && OwnCode.isOwn(symbol: frame.symbol, image: nil, isThunk: frame.isThunk, isSystem: false)
    }

    struct Outcome: Equatable, CustomStringConvertible {
        var verdict: String
        var cause: String?
        var offender: String?
        var description: String { "\(verdict) / \(cause ?? "-") / \(offender ?? "-")" }
    }

    func outcome(_ text: String, _ label: String) async throws -> Outcome {
        let diagnosis = try await triage.triageEach(Data(text.utf8), source: label).first
        return Outcome(verdict: diagnosis?.verdict.rawValue ?? "none", cause: diagnosis?.cause, offender: diagnosis?.offender?.symbol)
    }

    /// Texts whose verdict a layout cannot carry yet, found by this test
    /// and left open: an offset damaged by text recognition (`+ 1%6`),
    /// which the image column carries in the original and a chain in a
    /// sentence cannot. Each entry is checked still to differ, so a fix
    /// shows here.
    static let knownGaps: Set<String> = [
        "real/gh-onmyway133-notes-698-two-lines.txt as arrowChainCallerFirst",
    ]

    @Test("each corpus text, its frames in every layout", arguments: corpus())
    func sameVerdictInEveryLayout(name: String) async throws {
        let text = try Self.text(name)
        guard let report = CrashReportReader.read(text) else { return }
        let original = try await outcome(text, name)
        for layout in FrameLayout.allCases {
            // A layout without addresses cannot carry an unsymbolicated offender.
            if !layout.writesAddresses, original.offender == nil,
               report.crashedThread?.frames.contains(where: { $0.symbol == nil }) == true { continue }
            // A layout without an image column cannot say that a frame is a
            // framework's when only its image says so (`IMCore  _IMStringFrom…`).
            if !layout.writesImages, report.crashedThread?.frames.contains(where: Self.isSystemByImageAlone) == true { continue }
            guard let rewritten = Self.rewrite(report, in: layout) else { continue }
            let label = "\(name) as \(layout)"
            let again = try await outcome(rewritten, label)
            if Self.knownGaps.contains(label) {
                #expect(again != original, "\(label) now gives the original's verdict: take it off knownGaps")
            } else {
                #expect(again == original, "\(label): \(again), the original \(original)\n\(rewritten.prefix(1_500))")
            }
        }
    }
}
