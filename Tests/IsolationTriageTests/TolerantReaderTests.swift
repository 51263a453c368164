@testable import IsolationTriage
import Testing

/// The tolerant reader on shapes written for these tests (not copied from
/// the real-report corpus): each layout people paste, read into frames in
/// the right order, and the texts that are not frames left alone.
@Suite("Tolerant reader")
struct TolerantReaderTests {
    func frames(_ text: String) -> [StackFrame] {
        TolerantReader.read(CrashText(text))?.crashedThread?.frames ?? []
    }

    @Test("numbered frames with an image column and no address")
    func imageNoAddress() {
        let read = frames("""
            0  libdispatch.dylib     __DISPATCH_WAIT_FOR_QUEUE__ + 404
            1  libdispatch.dylib     _dispatch_sync_f_slow + 120
            2  Shop                  Basket.total(including:) + 88
            """)
        #expect(read.map(\.symbol) == ["__DISPATCH_WAIT_FOR_QUEUE__", "_dispatch_sync_f_slow", "Basket.total(including:)"])
        #expect(read.map(\.image) == ["libdispatch.dylib", "libdispatch.dylib", "Shop"])
        #expect(read.map(\.index) == [0, 1, 2])
    }

    @Test("names as atos resolves them, alone or after an unsymbolicated frame; prose with '(in …)' is not a frame")
    func atosNames() {
        let alone = frames("""
            _dispatch_assert_queue_fail (in libdispatch.dylib) + 120
            refreshBadge (in Shop) (Badge.swift:31)
            -[Badge redraw:] (in Shop) (Badge.m:12)
            """)
        #expect(alone.map(\.symbol) == ["_dispatch_assert_queue_fail", "refreshBadge", "-[Badge redraw:]"])
        #expect(alone.map(\.image) == ["libdispatch.dylib", "Shop", "Shop"])
        #expect(alone.map(\.line) == [nil, 31, 12])
        let annotated = frames("1   com.example.Shop   0x000000010fbd3f65 0x10faf3000 + 921445  // Basket.total() (in Shop) (Basket.swift:49)")
        #expect(annotated.first?.symbol == "Basket.total()" && annotated.first?.line == 49 && annotated.first?.image == "com.example.Shop")
        #expect(frames("The app crashed (in production) yesterday.\nCrashed (in Release)").isEmpty)
    }

    @Test("an image's offset instead of an address (Sentry's and Bugsnag's export), with a location in parentheses")
    func imageOffsetColumn() {
        let read = frames("""
            0  Shop_Core +0x9a898 Swift runtime failure: Index out of range (<compiler-generated>)
            1  Shop_Core +0x99c54 -[SHCart itemAtIndex:] (SHCart.m:29:5)
            """)
        #expect(read.map(\.symbol) == ["Swift runtime failure: Index out of range", "-[SHCart itemAtIndex:]"])
        #expect(read.map(\.image) == ["Shop_Core", "Shop_Core"])
        #expect(read.last?.file == "SHCart.m" && read.last?.line == 29)
    }

    @Test("bare symbol lines, innermost first; a sentence among them is not a frame")
    func bareFrames() {
        let read = frames("""
            _dispatch_assert_queue_fail
            swift_task_isCurrentExecutorWithFlagsImpl
            (two frames of the app, not symbolicated)
            closure #1 in Sync.start(after:)
            Stack trace:
            """)
        #expect(read.map(\.symbol) == ["_dispatch_assert_queue_fail", "swift_task_isCurrentExecutorWithFlagsImpl", "closure #1 in Sync.start(after:)"])
    }

    @Test("an arrow chain written caller first is turned innermost first; a left arrow is callee first")
    func arrowChains() {
        #expect(frames("thread 2: closure #1 in Poll.run() → swift_task_isCurrentExecutorImpl → _dispatch_assert_queue_fail").map(\.symbol)
                == ["_dispatch_assert_queue_fail", "swift_task_isCurrentExecutorImpl", "closure #1 in Poll.run()"])
        #expect(frames("Poll.run() -> Poll.step() -> swift_task_isCurrentExecutorImpl").map(\.symbol)
                == ["swift_task_isCurrentExecutorImpl", "Poll.step()", "Poll.run()"])
        #expect(frames("libswiftDispatch.dylib    OS_dispatch_queue.sync<A>(execute:)  ← via Cache.read(key:)").map(\.symbol)
                == ["OS_dispatch_queue.sync<A>(execute:)", "Cache.read(key:)"])
    }

    @Test("a function type's arrow is not a chain")
    func functionTypeArrow() {
        #expect(frames("3  App  0x1000 thunk for @escaping @callee_guaranteed (@unowned Bool) -> () + 20").count == 1)
        #expect(frames("#1 0x00000001957b4830 in Swift.Set._Variant.insert(_: τ_0_0) -> (inserted: Swift.Bool) ()").count == 1)
    }

    @Test("an indented chain, outermost first, is turned innermost first")
    func indentedChain() {
        let read = frames("""
            Pump.tick()
              Pump.drain()
                swift_task_isCurrentExecutorImpl
            """)
        #expect(read.map(\.symbol) == ["swift_task_isCurrentExecutorImpl", "Pump.drain()", "Pump.tick()"])
    }

    @Test("gdb-style frames with `in` and `at FILE:LINE`; a location in parentheses; one space and OCR'd image names")
    func otherLayouts() {
        let gdb = frames("#4\t0x000000010001 in Ledger.post(_:) at Sources/Ledger/Ledger.swift:41")
        #expect(gdb.first?.symbol == "Ledger.post(_:)" && gdb.first?.file == "Ledger.swift" && gdb.first?.line == 41)
        let located = frames("Shop   (Basket.add → assumeIsolated, Basket.swift:12)")
        #expect(located.map(\.symbol) == ["assumeIsolated", "Basket.add"])
        #expect(located.allSatisfy { $0.location == "Basket.swift:12" })
        let ocr = frames("12 libdispatch. dylib dispatch_assert_queue + 1%6")
        #expect(ocr.first?.image == "libdispatch.dylib" && ocr.first?.index == 12)
        let unsymbolicated = frames("5  Shop   + 61000")
        #expect(unsymbolicated.first?.symbol == nil && unsymbolicated.first?.image == "Shop")
    }

    @Test("partial .ips JSON frames")
    func ipsFragment() {
        let read = frames("""
              {"imageOffset":1234,"symbol":"_dispatch_assert_queue_fail","imageIndex":3},
              {"imageOffset":99,"symbol":"closure #1 in Sync.start()","sourceFile":"Sync.swift","sourceLine":17,"imageIndex":0},
            """)
        #expect(read.map(\.symbol) == ["_dispatch_assert_queue_fail", "closure #1 in Sync.start()"])
        #expect(read.last?.location == "Sync.swift:17")
    }

    @Test("headers, signals in any sentence, and how complete the text was")
    func headersAndCompleteness() throws {
        let report = try #require(TolerantReader.read(CrashText("""
            Exception Type:  EXC_BREAKPOINT (SIGTRAP)
            Thread 5 Crashed:: Dispatch queue: com.example.sync
            0  libdispatch.dylib   _dispatch_assert_queue_fail
            1  Shop                Sync.flush()
            """)))
        #expect(report.signals == ["EXC_BREAKPOINT", "SIGTRAP"])
        #expect(report.crashedThread?.queue == "com.example.sync")
        #expect(report.completeness == "fragment: 2 frame(s) in 2 line(s), headers: Exception Type, Thread Crashed")
        let prose = try #require(TolerantReader.read(CrashText("We see EXC_BAD_ACCESS crashes on -[Cache purge:] since 2.0.")))
        #expect(prose.signals == ["EXC_BAD_ACCESS"])
        #expect(prose.mentionedCode.map(\.symbol) == ["-[Cache purge:]"])
        #expect(prose.threads.isEmpty)
        let bare = try #require(TolerantReader.read(CrashText("0  _dispatch_assert_queue_fail\n1  Sync.flush()")))
        #expect(bare.completeness == "fragment: 2 frame(s) in 2 line(s), no header")
    }

    @Test("code named in prose: backticked functions and File.swift line N, not the standard library's files")
    func mentions() throws {
        let report = try #require(TolerantReader.read(CrashText("""
            It stops in `Importer.parse(row:)` on `Array`.
            Swift/Array.swift:418: see Importer.swift line 77
            """)))
        #expect(report.mentionedCode.map(\.displayName) == ["Importer.parse(row:)", "Importer.swift:77"])
    }

    @Test("text with no frame, signal, header or code in it is not read")
    func nothing() {
        #expect(TolerantReader.read(CrashText("The app closes when I tap the button.\nAny idea?")) == nil)
        #expect(TolerantReader.read(CrashText("```\n\n```")) == nil)
    }

    @Test("a pasted stack is the crashed thread's, unless the text says it stopped at a breakpoint")
    func crashedMark() throws {
        #expect(TolerantReader.read(CrashText("0  Sync.flush()\n1  Sync.run()"))?.crashedThread?.crashed == true)
        let atBreakpoint = try #require(TolerantReader.read(CrashText("thread #1, stop reason = breakpoint 1.1\n0  Sync.flush()")))
        #expect(atBreakpoint.threads.first?.crashed == false)
    }

    @Test("names as the demangler writes them: an accessor's type, a signature, an extension's context, a generic parameter")
    func demangledNames() {
        let read = frames("""
            0  Swift._fatalErrorMessage (Swift.StaticString, Swift.UInt) -> () + 160
            1  Shop.Basket.total.getter : Swift.Int + 12
            2  (extension in Shop):__C.NSObject.sweep() -> () + 8
            3  generic specialization <Swift.Int> of Shop.Basket.add<A>(_: A) -> () + 4
            """)
        #expect(read.map(\.symbol) == ["Swift._fatalErrorMessage (Swift.StaticString, Swift.UInt) -> ()", "Shop.Basket.total.getter : Swift.Int",
                                        "(extension in Shop):__C.NSObject.sweep() -> ()", "generic specialization <Swift.Int> of Shop.Basket.add<A>(_: A) -> ()"])
        let chain = frames("Shop.Basket.add(_:) → Swift.Set._Variant.insert(__owned τ_0_0) -> (inserted: Swift.Bool, memberAfterInsert: τ_0_0)")
        #expect(chain.map(\.symbol) == ["Swift.Set._Variant.insert(__owned τ_0_0) -> (inserted: Swift.Bool, memberAfterInsert: τ_0_0)", "Shop.Basket.add(_:)"])
        let long = (0..<40).map { "Shop.Step\($0).run(after:)" }.joined(separator: " → ")
        #expect(frames(long).count == 40)
    }

    @Test("a bare function name is a frame inside a run of frames or with a number and an offset, not on its own")
    func bareFunctionNames() {
        #expect(frames("_assertionFailure(_:_:file:line:flags:)\nassumeIsolated\nsyncLoadCache").map(\.symbol)
                == ["_assertionFailure(_:_:file:line:flags:)", "assumeIsolated", "syncLoadCache"])
        #expect(frames("1  assumeIsolated + 16 (Store.swift:12)").map(\.symbol) == ["assumeIsolated"])
        #expect(TolerantReader.read(CrashText("syncLoadCache\nassumeIsolated")) == nil)
    }

    @Test("malloc's process prefix is not code the prose names")
    func mallocPrefix() {
        let report = TolerantReader.read(CrashText("Shop(12570,0x10263f8c0) malloc: *** set a breakpoint in malloc_error_break to debug"))
        #expect(report?.crashedThread?.frames.contains { $0.symbol?.hasPrefix("Shop(") == true } != true)
    }

    @Test("a stack pasted without its thread line is the crashed thread's in lldb's and Apple's layouts too, marked as inferred")
    func headerlessStacks() throws {
        for text in ["    frame #0: 0x0000000100000000 libdispatch.dylib`dispatch_assert_queue + 156",
                     "0   libdispatch.dylib             \t0x0000000100000000 dispatch_assert_queue + 156"] {
            let report = try #require(CrashReportReader.read(text))
            #expect(report.crashedThread?.frames.first?.symbol == "dispatch_assert_queue", "\(text)")
            #expect(report.crashMarkIsInferred, "\(text)")
        }
    }
}
