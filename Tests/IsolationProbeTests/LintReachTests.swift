import Foundation
import Testing

@testable import IsolationLint

/// Lints one in-memory file.
private func lint(_ text: String) -> LintReport {
    LintEngine().lint(sources: [ParsedSource(path: "Reach.swift", text: text)])
}

@Suite("lint: what a box stores, and who can reach it")
struct LintReachTests {
    @Test("a property wrapper whose wrappedValue carries @usableFromInline or another attribute is still a box")
    func attributedWrappedValue() {
        for attribute in ["@usableFromInline", "@usableFromInline internal", "@available(*, deprecated)"] {
            let report = lint("""
                @propertyWrapper
                public struct Boxed<Value>: @unchecked Sendable {
                    \(attribute) var wrappedValue: Value
                    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
                }
                """)
            #expect(report.findings.map(\.rule) == [.uncheckedSendableGenericBox], "\(attribute): \(report.findings)")
            #expect(report.findings.first?.message.contains("stores `wrappedValue: Value`") == true)
        }
    }

    @Test("the message says what is stored: closures over T are not a stored T")
    func describesStorage() throws {
        let report = lint("""
            final class Observers<T>: @unchecked Sendable {
                var handlers: [(T) -> Void] = []
                func add(_ handler: @escaping (T) -> Void) { handlers.append(handler) }
                func all() -> [(T) -> Void] { handlers }
            }
            """)
        let finding = try #require(report.findings.first { $0.rule == .uncheckedSendableGenericBox })
        #expect(finding.message.contains("stores `handlers: [(T) -> Void]`"), "\(finding.message)")
        #expect(!finding.message.contains("stores it"))
    }

    @Test("reach: a public API taking a non-@Sendable closure is exploitable, module-only storage latent; ranked and filtered")
    func reach() throws {
        var report = lint("""
            final class Internal: @unchecked Sendable {
                var onEvent: (String) -> Void = { _ in }
            }
            public final class Exposed: @unchecked Sendable {
                let onEvent: (String) -> Void
                public init(onEvent: @escaping (String) -> Void) { self.onEvent = onEvent }
            }
            public final class Settable: @unchecked Sendable {
                public var onEvent: (String) -> Void = { _ in }
            }
            public final class ReadOnly: @unchecked Sendable {
                public private(set) var onEvent: (String) -> Void = { _ in }
                public init(onEvent: @escaping @Sendable (String) -> Void) { self.onEvent = onEvent }
            }
            """)
        let byLine = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.line, $0) })
        #expect(byLine[2]?.reach == .latent)
        #expect(byLine[5]?.reach == .exploitable)
        #expect(byLine[5]?.reachReason == "public `init` takes `@escaping (String) -> Void`")
        #expect(byLine[9]?.reach == .exploitable)
        #expect(byLine[12]?.reach == .latent, "a private setter and a @Sendable init leave only the module")
        report.rankByReach()
        #expect(report.findings.map(\.line) == [5, 9, 2, 12])
        let text = report.render(.text)
        #expect(text.contains("    reach: exploitable (public settable `onEvent`)"))
        // The line the README quotes.
        #expect(text.contains("    reach: exploitable (public `init` takes `@escaping (String) -> Void`)\n"))
        report.rankByReach(keeping: .exploitable)
        #expect(report.findings.map(\.line) == [5, 9])
    }
}
