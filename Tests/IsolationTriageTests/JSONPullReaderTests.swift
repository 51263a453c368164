@testable import IsolationTriage
import Testing

/// The `.ips` body reader: JSON checked whole, values read leniently, and
/// nothing kept but what the body's structs hold.
@Suite("JSON pull reader")
struct JSONPullReaderTests {
    /// Every key and scalar of a document, in order, as `key=value` text;
    /// the values at `objects` are objects whose fields are listed as `key.field`.
    private func flattened(_ text: String, objects: Set<String> = []) throws -> [String] {
        var out: [String] = []
        try JSONPullReader.document(text) { json in
            try json.object { key, json in
                if objects.contains(key) {
                    #expect(try json.lenientObject { field, json in out.append(key + "." + field + "=" + (try json.lenientScalar() ?? "-")) })
                } else {
                    out.append(key + "=" + (try json.lenientScalar() ?? "-"))
                }
            }
        }
        return out
    }

    @Test("strings with every escape, UTF-8 and surrogate pairs read as written")
    func strings() throws {
        let text = #"{"a":"q\"b\\s\/n\nt\tr\rf\fb\b","u":"é\u00e9\ud83d\ude00","lone":"\ud800x"}"#
        #expect(try flattened(text) == ["a=q\"b\\s/n\nt\tr\rf\u{0C}b\u{08}", "u=éé😀", "lone=\u{FFFD}x"])
    }

    @Test("numbers, booleans and null read as text by lenientScalar; whole numbers as Int")
    func scalars() throws {
        #expect(try flattened(#"{"a":309,"b":309.0,"c":-1.5e2,"d":true,"e":null,"f":{"g":0}}"#, objects: ["f"])
                == ["a=309", "b=309", "c=-150", "d=true", "e=-", "f.g=0"])
        let whole = try JSONPullReader.document("[12, 12.0, 1.2e1, 12.5, \"12\"]") { json in
            try json.lenientArray { try $0.lenientInt() }
        }
        #expect(whole == [12, 12, 12])
    }

    @Test("a value of another type reads as absent; an element of another type is left out")
    func lenientTypes() throws {
        let body = try #require(AppleIPSBody.decode(#"""
            {"faultingThread":"1","threads":[7,{"triggered":1,"frames":"x"},{"frames":[{"symbol":5,"imageOffset":16},null]}],
             "termination":{"code":4,"reasons":["a",1]},"asi":{"libswiftCore.dylib":["m",2],"x":"y"},"lastExceptionBacktrace":[1,{},null]}
            """#))
        #expect(body.faultingThread == nil)
        #expect(body.threads.count == 2)
        #expect(body.threads[0].triggered == nil && body.threads[0].frames.isEmpty)
        #expect(body.threads[1].frames.count == 1 && body.threads[1].frames[0].symbol == nil && body.threads[1].frames[0].imageOffset == 16)
        #expect(body.termination?.code == "4" && body.termination?.reasons == ["a"])
        #expect(body.asi == ["libswiftCore.dylib": ["m"], "x": []])
        #expect(body.lastExceptionBacktraceCount == 3)
    }

    /// A body that is not JSON must fail, so the parser reads it again with
    /// line breaks removed or leniently: a raw line break inside a value is
    /// what a tracker's wrapping leaves.
    @Test("text that is not JSON is refused, with the byte where it stops")
    func refusals() {
        for text in [#"{"a":"wrapped"#, "{\"a\":\"wra\npped\"}", #"{"a":1} trailing"#, #"{"a":01}"#, #"{"a":1.}"#,
                     #"{"a":"\x"}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":tru}"#, "", "[" + String(repeating: "[", count: 600)] {
            #expect(throws: JSONPullReader.SyntaxError.self, "\(text.prefix(40))") {
                try JSONPullReader.document(text) { json in try json.skip() }
            }
        }
        let error = #expect(throws: JSONPullReader.SyntaxError.self) {
            try JSONPullReader.document(#"{"a": [1, 2 3]}"#) { json in try json.skip() }
        }
        #expect(error?.description == "not JSON at byte 12: expected `,` or `]`")
        #expect(AppleIPSBody.decode("[]") == nil, "a body that is no object")
    }

    @Test("nesting up to the limit is read")
    func depth() throws {
        let limit = JSONPullReader.maximumDepth
        let deep = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        try JSONPullReader.document(deep) { json in try json.skip() }
    }
}
