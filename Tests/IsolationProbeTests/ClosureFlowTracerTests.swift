import Foundation
import IsolationTriage
import Testing
@testable import IsolationLint

/// Following a closure the crash names through the sources: the steps the
/// join is made of, on small sources written here.
@Suite("Following a closure through the sources")
struct ClosureFlowTracerTests {
    static let source = """
        final class Box: @unchecked Sendable { var f: (() -> Void)? }
        final class Slot: @unchecked Sendable {
            private var stored: (() -> Void)?
            var callback: (() -> Void)? {
                get { stored }
                set { stored = newValue }
            }
        }
        final class Registry: @unchecked Sendable {
            var handlers: [() -> Void] = []
            func add(_ handler: @escaping () -> Void) { handlers.append(handler) }
        }
        nonisolated(unsafe) var global: (() -> Void)?
        @MainActor final class Screen {
            func start(_ box: Box, _ slot: Slot, _ registry: Registry) {
                box.f = { print("one") }
                slot.callback = { print("two") }
                registry.add { print("three") }
                let later = { print("four") }
                global = later
                DispatchQueue.main.async { [box] in box.f = { print("nested") } }
            }
        }
        """

    /// The tracer over `source` written to a fresh folder, and the file's path.
    static func tracer() throws -> (ClosureFlowTracer, String, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closure-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Screen.swift")
        try Data(source.utf8).write(to: file)
        return (try ClosureFlowTracer(paths: [folder.path]), file.path, folder)
    }

    static func steps(_ flows: [ClosureFlow]) -> [String] {
        flows.first?.destinations.map { "\($0.step.rawValue) \($0.target)" + ($0.memberLine.map { " :\($0)" } ?? "") } ?? []
    }

    @Test("member, setter, stored parameter, local then global, and a closure nested in a closure")
    func steps() throws {
        let (tracer, file, folder) = try Self.tracer()
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = "Screen.start(_:_:_:)"
        let member = tracer.trace(function: start, closureNumbers: [1])
        #expect(member.count == 1 && member.first?.file == file && member.first?.line == 16)
        #expect(Self.steps(member) == ["assigned to Box.f :1"])
        #expect(Self.steps(tracer.trace(function: start, closureNumbers: [2]))
                    == ["passed to the setter of Slot.callback :4", "assigned to Slot.stored :3"])
        #expect(Self.steps(tracer.trace(function: start, closureNumbers: [3]))
                    == ["handed to a function that stores it in Registry.add(_:)", "appended to Registry.handlers :10"])
        #expect(Self.steps(tracer.trace(function: start, closureNumbers: [4])) == ["assigned to the variable global :13"])
        #expect(Self.steps(tracer.trace(function: start, closureNumbers: [5, 1])) == ["assigned to Box.f :1"])
        #expect(tracer.trace(function: start, closureNumbers: [9]).isEmpty)
        #expect(tracer.trace(function: "Screen.stop()", closureNumbers: [1]).isEmpty)
    }

    @Test("a setter that assigns its own property ends the trail instead of following it for ever")
    func selfAssigningSetter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closure-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            final class Loop {
                var again: (() -> Void)? {
                    get { nil }
                    set { again = newValue }
                }
            }
            func install(_ loop: Loop) { loop.again = { print("loop") } }
            """.utf8).write(to: folder.appendingPathComponent("Loop.swift"))
        let flows = try ClosureFlowTracer(paths: [folder.path]).trace(function: "install(_:)", closureNumbers: [1])
        #expect(Self.steps(flows).count == 4, "\(Self.steps(flows))")
        #expect(Self.steps(flows).allSatisfy { $0.hasSuffix("Loop.again :2") }, "\(Self.steps(flows))")
    }

    @Test("the join names the finding whose storage the closure reached, or says what it reached")
    func join() throws {
        let (tracer, file, folder) = try Self.tracer()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hints = try LintEngine().lint(paths: [folder.path]).findings.map {
            SourceHint(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule.rawValue, message: $0.message, fix: $0.fix)
        }
        func join(_ numbers: [Int]) throws -> ClosureJoin {
            let flow = try #require(tracer.trace(function: "Screen.start(_:_:_:)", closureNumbers: numbers).first)
            return ClosureJoin(closure: "closure", file: flow.file, line: flow.line, steps: flow.destinations.map {
                ClosureJoin.Step(action: $0.step.rawValue, target: $0.target, file: $0.file, line: $0.line,
                                 storageFile: $0.memberFile, storageLine: $0.memberLine, typeLine: $0.typeLine)
            }, hints: hints, ranOn: "a Foundation `Thread`")
        }
        let stored = try join([2])
        #expect(stored.finding?.line == 3, "\(stored.summary)")
        #expect(stored.summary.hasPrefix("the closure formed at \(file):17 was assigned to `Slot.stored` (\(file):3), flagged by lint at \(file):3"),
                "\(stored.summary)")
        #expect(stored.summary.hasSuffix("; it ran on a Foundation `Thread`"))
        let global = try join([4])
        #expect(global.finding == nil || global.finding?.line == 13, "\(global.summary)")
    }
}
