@testable import IsolationTriage
import Testing

/// Every format's and every kind's own samples, read and triaged: a format
/// or kind added with samples is tested by adding it to its list.
@Suite("Formats and kinds describe themselves")
struct FormatAndKindSampleTests {
    @Test("every format reads each of its samples, and the reader picks that format for them")
    func formatSamples() {
        var names: Set<String> = []
        for format in CrashReportReader.formats {
            let name = format.format.rawValue
            #expect(names.insert(name).inserted, "two formats are named \(name)")
            #expect(!format.samples.isEmpty, "\(name) has no samples")
            #expect(!format.recognisedBy.isEmpty, "\(name) does not say how it recognises its text")
            for sample in format.samples {
                let own = format.read(CrashText(sample))
                #expect(own.map { !$0.threads.isEmpty || !$0.messages.isEmpty || !$0.signals.isEmpty } == true,
                        "\(name) reads nothing from its sample:\n\(sample)")
                #expect(CrashReportReader.read(sample)?.format == format.format,
                        "the reader takes \(name)'s sample as \(CrashReportReader.read(sample)?.format.rawValue ?? "nothing"):\n\(sample)")
            }
        }
    }

    @Test("every kind's samples are diagnosed as that kind, with its verdict")
    func kindSamples() {
        var ids: Set<String> = []
        for kind in TriageClassifier.kinds {
            #expect(ids.insert(kind.id).inserted, "two kinds are named \(kind.id)")
            #expect(!kind.samples.isEmpty, "\(kind.id) has no samples")
            for sample in kind.samples {
                guard let report = CrashReportReader.read(sample) else {
                    Issue.record("no format reads \(kind.id)'s sample:\n\(sample)")
                    continue
                }
                let found = TriageClassifier.kind(of: CrashEvidence(report: report))
                #expect(found.map(ObjectIdentifier.init) == ObjectIdentifier(kind),
                        "\(kind.id)'s sample is diagnosed as \(found?.id ?? "no kind"):\n\(sample)")
                #expect(TriageClassifier.diagnose(report, source: "sample").verdict == kind.verdict, "\(kind.id):\n\(sample)")
            }
        }
    }

    @Test("every route's samples are isolation traps that take that route")
    func routeSamples() {
        for route in TriageClassifier.routes {
            #expect(!route.samples.isEmpty, "\(route) has no samples")
            for sample in route.samples {
                let diagnosis = TriageClassifier.diagnose(CrashReportReader.read(sample), source: "sample")
                #expect(diagnosis.verdict == .isolationTrap, "\(route):\n\(sample)")
                #expect(diagnosis.isolation?.route.map { Set($0.caseIDs) } == Set(route.caseIDs),
                        "\(route)'s sample takes route \(diagnosis.isolation?.route?.caseIDs ?? []):\n\(sample)")
            }
        }
    }
}
