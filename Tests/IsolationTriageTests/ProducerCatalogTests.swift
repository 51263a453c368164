@testable import IsolationTriage
import Testing

/// The producers' catalog (`IsolationTriage/Producers/`): every entry says
/// where its words come from, matches the lines given as its examples, and
/// a producer's id names one file.
@Suite("Producers' catalog")
struct ProducerCatalogTests {
    @Test("every message's examples match it, and every entry names its source")
    func examplesMatch() {
        for producer in Producers.all {
            for entry in producer.messages {
                #expect(!entry.source.isEmpty, "\(producer.id): \(entry.template) has no source")
                #expect(!entry.examples.isEmpty, "\(producer.id): \(entry.template) has no example")
                for example in entry.examples {
                    #expect(entry.matches(example), "\(producer.id): `\(example)` does not match `\(entry.template)`")
                    #expect(Producers.entries(in: example).contains(entry), "\(producer.id): the catalog's look-up misses `\(example)`")
                }
            }
            for function in producer.functions {
                #expect(!function.source.isEmpty, "\(producer.id): \(function.name) has no source")
            }
        }
    }

    /// A template is the message as printed: a format directive left in it
    /// (`ident: %d`) never matches a real line, and an example is a line as
    /// printed (`0x%x` prints one `0x`).
    @Test("templates hold no printf directive and examples no doubled 0x")
    func printedForm() {
        let directive = /%(?:\d+\$)?[-+#0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?[diouxXsp]/
        for entry in Producers.messages {
            #expect(entry.template.firstMatch(of: directive) == nil, "`\(entry.template)` holds a format directive; write a {placeholder}")
            for example in entry.examples {
                #expect(!example.contains("0x0x"), "`\(example)` doubles 0x")
            }
        }
    }

    @Test("producer ids are unique, and every cause a stop names has words")
    func idsAndCauses() {
        let ids = Producers.all.map(\.id)
        #expect(Set(ids).count == ids.count, "\(ids)")
        for entry in Producers.messages where entry.meaning == .stop {
            guard let cause = entry.cause else { continue }
            #expect(TrapCause.known[cause] != nil, "`\(entry.template)` names the cause \(cause), which TrapCause.known lacks")
        }
    }

    @Test("an entry that names the program's code has that placeholder, and each example gives its value")
    func namedCode() {
        for entry in Producers.messages {
            guard let placeholder = entry.namesCode else { continue }
            #expect(entry.template.contains("{\(placeholder)}"), "`\(entry.template)` has no {\(placeholder)}")
            for example in entry.examples {
                let value = entry.value(of: placeholder, in: example)
                // One name: no space, except inside an Objective-C method's brackets (`-[Browser webView:…]`)
                // or a generic type's arguments (`Store<AppState, AppAction>`).
                let isMethod = value.map { ($0.hasPrefix("-[") || $0.hasPrefix("+[")) && $0.hasSuffix("]") } ?? false
                let isGeneric = value.map { $0.hasSuffix(">") && !$0.prefix { $0 != "<" }.contains(" ") } ?? false
                #expect(value != nil && (!value!.contains(" ") || isMethod || isGeneric), "`\(example)`: {\(placeholder)} read as \(value.map { "`\($0)`" } ?? "nothing")")
            }
        }
        #expect(Producers.namedCode(in: "Fatal error: SWIFT TASK CONTINUATION MISUSE: save(to:) tried to resume its continuation more than once, returning ()!") == "save(to:)")
        #expect(Producers.namedCode(in: "reason: 'Completion handler passed to -[Browser webView:decidePolicyForNavigationAction:decisionHandler:] was not called'")
                == "-[Browser webView:decidePolicyForNavigationAction:decisionHandler:]")
        #expect(Producers.namedCode(in: "Object of class Feed deallocated with non-zero retain count 2. This object's deinit, or something called from it, may have created a strong reference to self which outlived deinit, resulting in a dangling reference.") == "Feed")
        #expect(Producers.namedCode(in: "objc[7]: Cannot form weak reference to instance (0x6000) of class Shop.Badge. It is possible that this object was over-released, or is in the process of deallocation.") == "Shop.Badge")
    }

    @Test("a quoted message may capitalise its first letter; a line opener may not move")
    func caseAndPlacement() {
        #expect(Producers.line("I get \"Data race detected: @MainActor function at M/F.swift:3 was not called on the main thread\"", means: .isolationWarning))
        // Both at once: another first letter, and the closing period left out.
        #expect(Producers.line("it logs \"modifying state during view update, this will cause undefined behavior\"", means: .diagnostic))
        #expect(Producers.line("Killed", means: .killed))
        #expect(!Producers.line("the job was Killed by the scheduler", means: .killed))
    }
}
