import Foundation
import ProbeSupport

/// Runs every lint rule over a set of Swift files treated as one program, so
/// aliases, extensions and conformances in one file inform findings in another.
///
/// ```swift
/// let report = try LintEngine().lint(paths: ["Sources"])
/// for finding in report.findings { print(finding.file, finding.line, finding.rule.rawValue) }
/// ```
package struct LintEngine {
    /// Why linting could not start.
    package enum Failure: Error, CustomStringConvertible {
        case missingPath(String)
        case unreadable(String, underlying: String)
        case noSwiftFiles([String])

        package var description: String {
            switch self {
            case .missingPath(let path): return "no such file or directory: \(path)"
            case .unreadable(let path, let underlying): return "cannot read \(path): \(underlying)"
            case .noSwiftFiles(let paths): return "no .swift files under \(paths.joined(separator: ", "))"
            }
        }
    }

    package init() {}

    /// Lints the `.swift` files at `paths` (files, or directories searched recursively).
    package func lint(paths: [String]) throws -> LintReport {
        let files = try Self.swiftFiles(at: paths)
        guard !files.isEmpty else { throw Failure.noSwiftFiles(paths) }
        let start = ContinuousClock.now
        var sources: [ParsedSource] = []
        sources.reserveCapacity(files.count)
        for file in files {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw Failure.unreadable(file, underlying: "\(error)")
            }
            sources.append(ParsedSource(path: file, text: text))
        }
        var report = lint(sources: sources)
        report.seconds = Self.seconds(ContinuousClock.now - start)
        return report
    }

    /// Lints already-parsed sources (the tests' entry point).
    func lint(sources: [ParsedSource]) -> LintReport {
        let start = ContinuousClock.now
        let index = SourceIndex(sources: sources)
        let boxRule = GenericBoxRule(index: index)
        var candidates = UncheckedStoredClosureRule(index: index).check()
        candidates += boxRule.check()
        candidates += NonisolatedUnsafeClosureRule(index: index).check(sources)
        candidates += AssumeIsolatedRule(index: index).check(sources)
        // A stored property already reported as a stored closure is not
        // reported again for the box it is written with.
        let storedClosureLines = Set(candidates.filter { $0.finding.rule == .uncheckedSendableStoredClosure }
            .map { "\($0.finding.file):\($0.finding.line)" })
        candidates += BoxOfClosureRule(index: index, boxes: boxRule.flaggedBoxes).check(sources).filter {
            !storedClosureLines.contains("\($0.finding.file):\($0.finding.line)")
        }
        let suppressions = sources.flatMap(Suppression.all(in:))
        let (findings, suppressed) = SuppressionFilter.apply(candidates, suppressions: suppressions)
        return LintReport(
            filesScanned: sources.count,
            linesScanned: sources.reduce(0) { $0 + $1.lineCount },
            seconds: Self.seconds(ContinuousClock.now - start),
            suppressedCount: suppressed,
            findings: findings.sorted())
    }

    /// The `.swift` files at `paths`, sorted, without duplicates.
    static func swiftFiles(at paths: [String]) throws -> [String] {
        do {
            return try SwiftSourceFiles.find(at: paths)
        } catch {
            throw Failure.missingPath(error.path)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
