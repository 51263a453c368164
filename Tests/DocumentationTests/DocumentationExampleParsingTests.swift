import Testing

/// How examples are found and what their `doc-check` comments and
/// `// error:` assertions mean; the compile check relies on all of it.
@Suite("Documentation examples are extracted as written")
struct DocumentationExampleParsingTests {
    @Test("only swift blocks are examples; their lines map back to the article")
    func swiftBlocksOnly() throws {
        let article = """
            # Title

            ```sh
            swift build
            ```

            - A list item:

              ```swift
              let a = 1
              ```
            """
        let examples = try DocumentationExample.inArticle(article, file: "A.md")
        #expect(examples.count == 1)
        #expect(examples.first?.source == "let a = 1")
        #expect(examples.first?.fileLines == [10])
        #expect(examples.first?.fenceLine == 9)
    }

    @Test("each doc comment is its own article")
    func docComments() throws {
        let source = """
            /// First.
            ///
            /// ```swift
            /// let first = 1
            /// ```
            func first() {}

            /// <!-- doc-check: continues -->
            /// ```swift
            /// let second = first
            /// ```
            func second() {}
            """
        #expect(throws: DocumentationExampleError.self) {
            try DocumentationExample.inDocComments(source, file: "F.swift")
        }
        let examples = try DocumentationExample.inDocComments(
            source.replacingOccurrences(of: "/// <!-- doc-check: continues -->\n", with: ""), file: "F.swift")
        #expect(examples.map(\.source) == ["let first = 1", "let second = first"])
        #expect(examples.map(\.fileLines) == [[4], [9]])
    }

    @Test("continues compiles the earlier step first")
    func continues() throws {
        let article = """
            ```swift
            struct Step {}
            ```

            <!-- doc-check: continues -->
            ```swift
            let step = Step()
            ```
            """
        let examples = try DocumentationExample.inArticle(article, file: "A.md")
        #expect(examples.last?.source == "struct Step {}\nlet step = Step()")
        #expect(examples.last?.fileLines == [2, 7])
    }

    @Test("skip needs a reason and leaves the block uncompiled")
    func skip() throws {
        let skipped = try DocumentationExample.inArticle("""
            <!-- doc-check: skip needs SwiftNIO -->
            ```swift
            import NIOConcurrencyHelpers
            ```
            """, file: "A.md")
        #expect(skipped.first?.skipReason == "needs SwiftNIO")
        #expect(throws: DocumentationExampleError.self) {
            try DocumentationExample.inArticle("<!-- doc-check: skip -->\n```swift\nx\n```", file: "A.md")
        }
        #expect(throws: DocumentationExampleError.self) {
            try DocumentationExample.inArticle("<!-- doc-check: maybe -->\n```swift\nx\n```", file: "A.md")
        }
    }

    @Test("// error: applies to its own line, or to the code line above a comment line")
    func expectedErrors() throws {
        let examples = try DocumentationExample.inArticle("""
            ```swift
            var box = SafeBox(0) // error: must be declared with a 'let'
            sink.withLock { $0 = { print($0) } }
            // a comment between
            // error: cannot be main actor-isolated
            ```
            """, file: "A.md")
        #expect(examples.first?.expectedErrors == [
            .init(line: 1, fragment: "must be declared with a 'let'"),
            .init(line: 2, fragment: "cannot be main actor-isolated"),
        ])
    }

    @Test("a block that is never closed is reported with its line")
    func unterminated() {
        #expect {
            try DocumentationExample.inArticle("text\n\n```swift\nlet a = 1\n", file: "A.md")
        } throws: { error in
            "\(error)" == "A.md:3: code block is never closed"
        }
    }
}
