import IsolationLint
import IsolationTriage

/// `triage --sources`: the offending closure looked up in the sources and
/// followed to where its value was stored, joined with the lint findings.
///
/// ```swift
/// let joins = TriageSourceJoin(tracer: tracer, hints: hints).joins(for: diagnosis)
/// joins.first?.summary   // "the closure formed at crash.swift:2 was assigned to `Box.f` (crash.swift:1), …"
/// ```
struct TriageSourceJoin {
    let tracer: ClosureFlowTracer
    let hints: [SourceHint]

    /// The joins for `diagnosis`'s offender; nil when the offender is not a
    /// closure the report names, empty when no function in the sources fits.
    func joins(for diagnosis: Diagnosis) -> [ClosureJoin]? {
        guard let offender = diagnosis.isolation?.offender, let symbol = offender.symbol,
              let (numbers, function) = Self.closurePath(symbol) else { return nil }
        let flows = tracer.trace(function: function, closureNumbers: numbers, file: offender.file, line: offender.line)
        return flows.map { flow in
            let steps = flow.destinations.map { destination in
                ClosureJoin.Step(action: destination.step.rawValue, target: destination.target,
                                 file: destination.file, line: destination.line,
                                 storageFile: destination.memberFile, storageLine: destination.memberLine,
                                 typeLine: destination.typeLine)
            }
            return ClosureJoin(closure: symbol, file: flow.file, line: flow.line, steps: steps, hints: hints,
                               ranOn: diagnosis.isolation?.ranOn)
        }
    }

    /// `([3, 1], "static Program.main()")` for `closure #1 in closure #3 in
    /// static Program.main()`: the closure numbers outermost first, and the
    /// function; nil for a name that is not a closure's.
    static func closurePath(_ symbol: String) -> (numbers: [Int], function: String)? {
        var rest = Substring(symbol)
        var numbers: [Int] = []
        while rest.hasPrefix("closure #") {
            let afterHash = rest.dropFirst("closure #".count)
            let digits = afterHash.prefix { $0.isNumber }
            guard let number = Int(digits), afterHash.dropFirst(digits.count).hasPrefix(" in ") else { return nil }
            numbers.insert(number, at: 0)
            rest = afterHash.dropFirst(digits.count + " in ".count)
        }
        return numbers.isEmpty ? nil : (numbers, String(rest))
    }
}
