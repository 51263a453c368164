import Foundation
import Testing

@testable import IsolationLint

/// A generic wrapper that keeps its value in a type nested inside it
/// (`private final class Storage { var value: Value }`) stores the value as
/// surely as one written `var value: Value`: a nested type sees the
/// wrapper's generic parameters without repeating them.
@Suite("lint: a generic box whose value lives in a nested storage class")
struct LintNestedStorageTests {
    /// The type kinds such a box is written as.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case structType = "struct", classType = "class", enumType = "enum"
        var testDescription: String { rawValue }

        /// The box, its conformance left out; the type's name is on line 3.
        var declaration: String {
            switch self {
            case .structType, .classType:
                return """
                    import Foundation

                    \(self == .structType ? "struct" : "final class") Guarded<Value> {
                        private final class Storage { var value: Value; init(_ v: Value) { value = v } }
                        private let storage: Storage
                        private let lock = NSLock()
                        init(_ value: Value) { storage = Storage(value) }
                        func withLock<R>(_ body: (inout Value) -> R) -> R {
                            lock.lock()
                            defer { lock.unlock() }
                            return body(&storage.value)
                        }
                    }
                    """
            case .enumType:
                // An enum case cannot name a private type: the storage class is internal.
                return """
                    import Foundation

                    enum Guarded<Value> {
                        final class Storage { var value: Value; init(_ v: Value) { value = v } }
                        case guarded(Storage, NSLock)
                        init(_ value: Value) { self = .guarded(Storage(value), NSLock()) }
                        func withLock<R>(_ body: (inout Value) -> R) -> R {
                            switch self {
                            case .guarded(let storage, let lock):
                                lock.lock()
                                defer { lock.unlock() }
                                return body(&storage.value)
                            }
                        }
                    }
                    """
            }
        }
    }

    /// Where `extension Guarded: @unchecked Sendable {}` is written.
    enum Placement: String, CaseIterable, CustomTestStringConvertible {
        case sameFile = "an extension in the same file", otherFile = "an extension in another file"
        var testDescription: String { rawValue }
    }

    static let conformance = "extension Guarded: @unchecked Sendable {}\n"
    static let hooks = "enum Hooks { static let onBlocked = Guarded<(() -> Void)?>(nil) }\n"

    /// The box, its conformance and a hook of optional closure type, as
    /// the files of one module.
    static func sources(_ kind: Kind, _ placement: Placement) -> [ParsedSource] {
        switch placement {
        case .sameFile:
            return [
                ParsedSource(path: "Sources/Hooks/Guarded.swift", text: kind.declaration + "\n" + conformance),
                ParsedSource(path: "Sources/Hooks/Hooks.swift", text: hooks),
            ]
        case .otherFile:
            return [
                ParsedSource(path: "Sources/Hooks/Guarded.swift", text: kind.declaration + "\n"),
                ParsedSource(path: "Sources/Hooks/Conformances.swift", text: conformance),
                ParsedSource(path: "Sources/Hooks/Hooks.swift", text: hooks),
            ]
        }
    }

    @Test("the box is reported, and so is its instantiation with an optional closure",
          arguments: Kind.allCases, Placement.allCases)
    func found(kind: Kind, placement: Placement) throws {
        let report = LintEngine().lint(sources: Self.sources(kind, placement))
        let places = report.findings.map { "\($0.file):\($0.line):\($0.column) \($0.rule.rawValue)" }
        #expect(places == [
            "Sources/Hooks/Guarded.swift:3:\(kind == .classType ? 13 : kind == .structType ? 8 : 6) unchecked-sendable-generic-box",
            "Sources/Hooks/Hooks.swift:1:45 unchecked-box-of-closure",
        ])
        let box = try #require(report.findings.first { $0.rule == .uncheckedSendableGenericBox })
        // What is stored is named down to the nested member that holds it.
        let stored = kind == .enumType ? "`guarded: Storage` (via `Guarded.Storage.value: Value`)"
            : "`storage: Storage` (via `Guarded.Storage.value: Value`)"
        #expect(box.message.contains("stores \(stored) and"), "\(box.message)")
        #expect(box.message.contains("`withLock` passes `inout Value` to its closure"), "\(box.message)")
    }

    @Test("a nested type with a generic parameter of the same name stores its own, not the box's")
    func shadowedParameter() {
        let report = LintEngine().lint(sources: [ParsedSource(path: "Shadow.swift", text: """
            struct Tagged<Value> {
                private final class Storage<Value> { var value: Value; init(_ v: Value) { value = v } }
                private let storage: Storage<Int>
                init() { storage = Storage(0) }
                func read(_ body: (Value?) -> Void) { body(nil) }
            }
            extension Tagged: @unchecked Sendable {}
            """)])
        #expect(report.findings == [], "\(report.findings.map(\.message))")
    }
}
