// Two traps a user meets beside the catalog's stored closures: an isolated
// conformance's witness called off its actor, and a deinit that assumes the
// main actor where the last reference died. Built with
// -enable-actor-data-race-checks, each variant (the argument) traps with
// SIGILL on Linux; `TriageWitnessAndDeinitTests` triages each crash.
import Dispatch

nonisolated protocol PriceFormatter {
    func format(cents: Int) -> String
}

/// Formats prices for the checkout screen; its conformance is only valid on
/// the main actor (an isolated conformance, SE-0470).
@MainActor
final class CheckoutLabel: @MainActor PriceFormatter {
    var formatted = 0
    @MainActor func format(cents: Int) -> String {
        formatted += 1
        return "\(cents / 100).\(cents % 100)"
    }
}

/// Lets any thread reach the formatter: the @unchecked promise hides that the
/// conformance inside is only valid on the main actor.
nonisolated final class FormatterCache: @unchecked Sendable {
    let formatter: any PriceFormatter
    init(_ formatter: any PriceFormatter) { self.formatter = formatter }
}

/// Signalled by the deinit, so the program waits until it has run.
nonisolated let bannerGone = DispatchSemaphore(value: 0)

/// A banner that detaches itself from the screen when it goes away.
@MainActor
final class DownloadBanner {
    var isOnScreen = true
    deinit {
        MainActor.assumeIsolated { isOnScreen = false }
        bannerGone.signal()
    }
}

/// Carries the last reference to another thread.
nonisolated final class BannerSlot: @unchecked Sendable {
    var banner: DownloadBanner?
    init(_ banner: DownloadBanner) { self.banner = banner }
}

@main
enum Program {
    @MainActor
    static func main() async {
        switch CommandLine.arguments.dropFirst().first {
        case "isolated-conformance":
            let cache = FormatterCache(CheckoutLabel())
            await Task.detached { print(cache.formatter.format(cents: 1999)) }.value
        case "deinit":
            let slot = BannerSlot(DownloadBanner())
            DispatchQueue.global().async { slot.banner = nil }
            await Task.detached { bannerGone.wait() }.value
        default:
            print("usage: program isolated-conformance|deinit")
        }
        print("finished without a trap")
    }
}
