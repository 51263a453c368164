import Foundation
import Testing
import TestSupport
@testable import ProbeProcess

/// Two traps beyond the stored closures, as a user writes them:
/// `WitnessAndDeinit.swift` is built here with the checks flag and run once
/// per variant, writing the runtime's text backtrace and its JSON crash
/// file. Triage must take the witness and deinit routes from both, and tell
/// why and the fix in the program's own names, with the catalog's cases
/// only as the same story.
@Suite("Triage tells an isolated conformance's and a deinit's trap in the program's names", .tags(.slow), .skippedInFastTier)
struct TriageWitnessAndDeinitTests {
    struct Variant: Sendable, CustomStringConvertible {
        var name: String
        var route: [String]
        /// Names of the program that the why and fix must use.
        var names: [String]
        /// What the fix must say.
        var fix: String
        /// Names the catalog's own program uses for the same story: never in why or fix.
        var catalogNames: [String]
        var description: String { name }
    }

    static let variants = [
        Variant(name: "isolated-conformance", route: ["16a", "18a"],
                names: ["`CheckoutLabel`", "`PriceFormatter.format(cents:)`", "`any PriceFormatter`"],
                fix: "mark it `nonisolated`", catalogNames: ["Canvas", "Renderer", "RendererHolder"]),
        Variant(name: "deinit", route: ["22a", "22b"],
                names: ["`DownloadBanner.deinit`", "`closure #2 in static Program.main()`"],
                fix: "`isolated deinit` in `DownloadBanner`", catalogNames: ["PlayerView", "Parcel"]),
    ]

    @Test("the witness's and the deinit's traps take their routes from the text and the JSON crash file, told in the program's names")
    func witnessAndDeinit() async throws {
        let (folder, executable, source) = try await TriageLauncherVariantsTests.build(
            TriageLauncherVariantsTests.programs.appendingPathComponent("WitnessAndDeinit.swift"))
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [(Variant, String, String)] = []
        for variant in Self.variants {
            let (text, json) = try await TriageLauncherVariantsTests.crash(executable, [variant.name], name: variant.name, into: folder)
            files.append((variant, text, json))
        }
        let reports = try await TriageLauncherVariantsTests.triage(files.flatMap { [$0.1, $0.2] }, sources: source.deletingLastPathComponent())
        for (variant, text, json) in files {
            for path in [text, json] {
                let report = reports[path]
                #expect(report?["verdict"] as? String == "isolation-trap", "\(variant) \(path): \(report ?? [:])")
                let route = (report?["isolation"] as? [String: Any])?["route"] as? [String: Any]
                #expect(route?["caseIDs"] as? [String] == variant.route, "\(variant) \(path): \(route ?? [:])")
                let story = (route?["why"] as? String ?? "") + "\n" + (route?["fix"] as? String ?? "")
                for name in variant.names { #expect(story.contains(name), "\(variant) \(path) lacks \(name): \(story)") }
                #expect(story.contains(variant.fix), "\(variant) \(path): \(story)")
                for name in variant.catalogNames { #expect(!story.contains(name), "\(variant) \(path) tells the catalog's \(name): \(story)") }
            }
        }
        // The text report: why and fix unlabelled by a case, the cases as the same story.
        let result = try await ProbeBinary.run(["triage", files[1].1])
        let output = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(output.contains("why `DownloadBanner.deinit` ran on the thread that released the last reference"), "\(result.standardOutput)")
        #expect(output.contains("same story catalog 22a:"), "\(result.standardOutput)")
        #expect(!output.contains("why (22a)"), "\(result.standardOutput)")
    }
}
