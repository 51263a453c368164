import Foundation
import Testing

extension Tag {
    /// Tests that take seconds to minutes (multi-million-operation stress
    /// runs, suites that compile fixtures with swiftc). Pair it with
    /// ``Testing/Trait/skippedInFastTier`` so the fast tier can leave them out.
    ///
    /// ```swift
    /// @Test("8 threads × 1,000,000 increments", .tags(.slow), .skippedInFastTier)
    /// func exactTotal() { … }
    /// ```
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Skips the test or suite when `SAFEBOX_FAST_TESTS` is set in the
    /// environment: `SAFEBOX_FAST_TESTS=1 swift test` runs the fast tier.
    ///
    /// Why an environment variable and not a tag filter: Swift Testing 6.3's
    /// `swift test --filter`/`--skip` match test names only
    /// (`--filter tag:slow` selects nothing), so the `.slow` tag alone cannot
    /// be selected from the command line.
    ///
    /// ```swift
    /// @Suite("Compile fixtures", .tags(.slow), .skippedInFastTier)
    /// struct CompileFixtureTests { … }
    /// ```
    public static var skippedInFastTier: Self {
        .disabled(
            if: ProcessInfo.processInfo.environment["SAFEBOX_FAST_TESTS"] != nil,
            "slow: skipped because SAFEBOX_FAST_TESTS is set"
        )
    }
}
