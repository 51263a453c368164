import Foundation
@testable import IsolationTriage
import Testing

/// Each cause triage names, on shapes written for these tests: the verdict,
/// the cause, and the offender (the innermost frame of the user's code above
/// the check, or what a message names), for every kind.
@Suite("Causes and offenders")
struct TriageCauseTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "tests"))

    func diagnose(_ text: String) async -> Diagnosis {
        await triage.triage(text: text, source: "t.txt")
    }

    @Test("isolation trap from an address-less fragment: offender above the check, the fragment said so")
    func isolationFragment() async {
        let diagnosis = await diagnose("""
            0  _dispatch_assert_queue_fail
            1  _swift_task_checkIsolatedSwift
            2  swift_task_isCurrentExecutorWithFlagsImpl
            3  closure #1 in static Mailer.schedule()
            4  Timer.fire()
            """)
        #expect(diagnosis.verdict == .isolationTrap)
        #expect(diagnosis.offender?.symbol == "closure #1 in static Mailer.schedule()")
        #expect(diagnosis.input == "fragment: 5 frame(s) in 5 line(s), no header")
    }

    @Test("the logging-mode warning is an isolation violation that was logged")
    func loggingWarning() async {
        let diagnosis = await diagnose("warning: data race detected: @MainActor function at Shop/Cart.swift:9 was not called on the main thread")
        #expect(diagnosis.verdict == .isolationTrap && diagnosis.cause == "logging-mode-warning")
        #expect(diagnosis.offender?.location == "Cart.swift:9")
        #expect(diagnosis.summary.contains("logged, not trapped"))
    }

    @Test("assumeIsolated's message with the call site's file and line: the offender is that place")
    func assumeIsolatedLocation() async {
        let diagnosis = await diagnose("Shop/Cart.swift:31: Fatal error: Incorrect actor executor assumption; Expected same executor as Shop.Cart.")
        #expect(diagnosis.verdict == .isolationTrap && diagnosis.cause == "assume-isolated")
        #expect(diagnosis.offender?.location == "Cart.swift:31")
    }

    @Test("other traps name their cause", arguments: [
        ("Fatal error: Unexpectedly found nil while unwrapping an Optional value", "force-unwrap"),
        ("Swift runtime failure: Index out of range", "index-out-of-range"),
        ("Shop/Cart.swift:40: Precondition failed: empty cart", "precondition"),
        ("Fatal error: 'try!' expression unexpectedly raised an error: E(): file /src/Shop/Cart.swift, line 12", "try-bang"),
        ("Simultaneous accesses to 0x6000, but modification requires exclusive access.", "exclusivity"),
        ("Fatal error: SWIFT TASK CONTINUATION MISUSE: load() tried to resume its continuation more than once, returning 1!", "continuation-misuse"),
        ("BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread", "queue-deadlock"),
        ("BUG IN CLIENT OF LIBDISPATCH: dispatch_barrier_sync called on queue already owned by current thread", "queue-deadlock"),
        // Older libdispatch stops in the barrier's slow path itself, with no message pasted.
        ("""
         Exception Type:  EXC_BAD_INSTRUCTION (SIGILL)
         Thread 2 Crashed:
         0   libdispatch.dylib   0x00007fff0000a6fb _dispatch_barrier_sync_f_slow + 675
         1   Store               0x000000010d410e39 -[Store flushPending] + 86
         """, "queue-deadlock"),
    ])
    func otherTraps(text: String, cause: String) async {
        let diagnosis = await diagnose(text)
        #expect(diagnosis.verdict == .otherTrap, "\(text)")
        #expect(diagnosis.cause == cause, "\(text): \(diagnosis.cause ?? "no cause")")
    }

    @Test("offenders named by the message: the continuation's function, the exclusivity's previous access, the precondition's place")
    func messageOffenders() async {
        #expect(await diagnose("Fatal error: SWIFT TASK CONTINUATION MISUSE: load(id:) tried to resume its continuation more than once")
            .offender?.symbol == "load(id:)")
        let exclusivity = await diagnose("""
            Simultaneous accesses to 0x6000, but modification requires exclusive access.
            Previous access (a modification) started at Shop`Cart.merge(_:) + 120 (0x1000).
            Current access (a read) started at:
            0    libswiftCore.dylib   0x0000000100001000 swift_beginAccess + 500
            1    Shop                 0x0000000100002000 Cart.count.getter + 40
            """)
        #expect(exclusivity.offender?.symbol == "Cart.merge(_:)")
        #expect(await diagnose("Shop/Cart.swift:40: Precondition failed").offender?.location == "Cart.swift:40")
        // The standard library's file is where the check is, not the call.
        #expect(await diagnose("Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range").offender == nil)
    }

    @Test("dispatch_sync on the held queue from address-less frames: the program's frame under libdispatch")
    func queueDeadlockFrames() async {
        let diagnosis = await diagnose("""
            0  libdispatch.dylib   __DISPATCH_WAIT_FOR_QUEUE__ + 400
            1  libdispatch.dylib   _dispatch_sync_f_slow + 140
            2  libswiftDispatch.dylib   OS_dispatch_queue.sync<A>(execute:) + 60
            3  Shop                Inventory.reserve(sku:) + 200
            """)
        #expect(diagnosis.verdict == .otherTrap && diagnosis.cause == "queue-deadlock")
        #expect(diagnosis.offender?.symbol == "Inventory.reserve(sku:)")
    }

    @Test("a framework's main-queue assertion: the offender is the program's frame below the framework")
    func frameworkAssertion() async {
        let diagnosis = await diagnose("""
            Thread 4 Crashed:: Dispatch queue: com.example.events
            0   libdispatch.dylib      0x00007fff202e125d _dispatch_assert_queue_fail + 99
            1   libdispatch.dylib      0x00007fff202e11f2 dispatch_assert_queue + 122
            2   com.apple.HIToolbox    0x00007fff287c8d80 TSMGetInputSourceProperty + 30
            3   Keys                   0x0000000102369f82 -[KeyMonitor(Private) handle:] + 112
            """)
        #expect(diagnosis.verdict == .otherTrap && diagnosis.cause == "framework-main-queue-assert")
        #expect(diagnosis.offender?.symbol == "-[KeyMonitor(Private) handle:]")
    }

    @Test("memory corruption: heap messages, EXC_BAD_ACCESS in prose with the method it names, a bad executor pointer")
    func memory() async {
        let heap = await diagnose("Shop(1,0x1) malloc: *** error for object 0x600: pointer being freed was not allocated")
        #expect(heap.verdict == .memoryCorruption && heap.cause == "heap-corruption")
        let prose = await diagnose("We get EXC_BAD_ACCESS KERN_INVALID_ADDRESS in +[Ledger reload:] when two threads sync.")
        #expect(prose.verdict == .memoryCorruption)
        #expect(prose.offender?.symbol == "+[Ledger reload:]" && prose.offenderBasis?.contains("prose") == true)
        let executor = await diagnose("""
            swift_task_isCurrentExecutorWithFlagsImpl
              swift_task_isMainExecutorImpl  →  EXC_BAD_ACCESS
            """)
        #expect(executor.verdict == .memoryCorruption && executor.cause == "bad-executor-pointer")
    }

    @Test("not a crash: the checkers and a leaked continuation; a trap beside them still wins")
    func diagnostics() async {
        let checker = await diagnose("Main Thread Checker: UI API called on a background thread: -[UIView layoutIfNeeded]")
        #expect(checker.verdict == .notACrash && checker.cause == "main-thread-checker")
        #expect(checker.offender == nil, "a UIKit method is not the user's code")
        #expect(await diagnose("Thread Performance Checker: Thread running at QOS_CLASS_USER_INTERACTIVE waiting on a lower QoS thread").cause == "priority-inversion")
        let leak = await diagnose("SWIFT TASK CONTINUATION MISUSE: sync() leaked its continuation without resuming it.")
        #expect(leak.verdict == .notACrash && leak.offender?.symbol == "sync()")
        let both = await diagnose("Main Thread Checker: UI API called on a background thread\nFatal error: Index out of range")
        #expect(both.verdict == .otherTrap)
    }

    @Test("hangs: the watchdog and a crash service's app-hang report")
    func hangs() async {
        #expect(await diagnose("Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d").verdict == .hang)
        let hang = await diagnose("App Hanging for at least 2000 ms.")
        #expect(hang.verdict == .hang && hang.cause == "app-hang")
    }

    @Test("unknown only without evidence")
    func unknown() async {
        #expect(await diagnose("The app quits when I open settings. Any idea?").verdict == .unknown)
    }

    @Test("several crashes in one text give one diagnosis each")
    func severalCrashes() async throws {
        let text = """
            Exception Type:  EXC_BAD_ACCESS (SIGSEGV)
            Thread 0 Crashed:
            0   Shop   0x0000000100001000 Cart.total() + 12

            Exception Type:  EXC_BREAKPOINT (SIGTRAP)
            Thread 2 Crashed:
            0   libswiftCore.dylib   0x0000000100002000 _assertionFailure(_:_:file:line:flags:) + 40
            1   Shop   0x0000000100003000 Cart.add(_:) + 80
            """
        let diagnoses = try await triage.triageEach(Data(text.utf8), source: "thread.txt")
        #expect(diagnoses.map(\.verdict) == [.memoryCorruption, .otherTrap])
        #expect(diagnoses.map(\.source) == ["thread.txt (crash 1 of 2)", "thread.txt (crash 2 of 2)"])
        #expect(diagnoses.map { $0.offender?.symbol } == ["Cart.total()", "Cart.add(_:)"])
        #expect(try await triage.triageEach(Data("Fatal error: Index out of range".utf8), source: "one.txt").count == 1)
    }

    @Test("the JSON carries its schema version, and cause, offender, its basis and the input's completeness for every verdict")
    func jsonSchema() async throws {
        let diagnosis = await diagnose("Fatal error: SWIFT TASK CONTINUATION MISUSE: load(id:) tried to resume its continuation more than once")
        let json = TriageJSONRenderer().render([.diagnosed(diagnosis)])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == TriageJSONRenderer.schemaVersion)
        let report = try #require((document["reports"] as? [[String: Any]])?.first)
        #expect(report["cause"] as? String == "continuation-misuse")
        #expect((report["offender"] as? [String: Any])?["symbol"] as? String == "load(id:)")
        #expect(report["offenderBasis"] is String && report["input"] is String)
    }

    @Test("a library function inlined into the program is the library's: the offender is its caller")
    func inlinedLibraryFunction() async {
        let diagnosis = await diagnose("""
            Exception Type:  EXC_BREAKPOINT (SIGTRAP)
            Crashed Thread:  0

            Thread 0 Crashed:
            0   libswiftCore.dylib            0x0000000190c81d7c _assertionFailure + 244
            1   libswift_Concurrency.dylib    0x000000019d69d55c CheckedContinuation.resume(returning:) + 412
            2   Shop                          0x00000001058f36bc [inlined] specialized CheckedContinuation.resume<A, B>(returning:)
            3   Shop                          0x00000001058f36bc Checkout.finish(order:) (Checkout.swift:41)
            4   Shop                          0x0000000105b00d4c closure #2 in Checkout.start() (Checkout.swift:18)
            """)
        #expect(diagnosis.verdict == .otherTrap)
        #expect(diagnosis.offender?.symbol == "Checkout.finish(order:)")
        // The program's own function of a library's name is still the program's when no library frame runs it.
        let own = OwnCode.markingInlinedLibraryCode([
            StackFrame(index: 0, image: "libswiftCore.dylib", symbol: "_assertionFailure"),
            StackFrame(index: 1, image: "Shop", symbol: "Cart.resume(returning:)"),
        ])
        #expect(!own[1].isSystem)
    }

    /// Lines of producers and layouts the first 2026-12b measurement missed
    /// (SwiftUI, objc4, a long exception, LLVM's handler, a table row,
    /// chains over lines, lldb's Module`symbol, image offsets, XCTest),
    /// written here in their producers' forms.
    static let producerLines: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("App[42:7] [SwiftUI] Publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates.",
         .notACrash, "publishing-off-main-thread", nil),
        ("objc[42]: Cannot form weak reference to instance (0x600000c04f10) of class Shop.CartView. It is possible that this object was over-released, or is in the process of deallocation.",
         .otherTrap, "objc-runtime-fatal", "Shop.CartView"),
        ("'NSGenericException', reason: '" + String(repeating: "the collection was mutated while being enumerated; ", count: 10) + "'", .otherTrap, "uncaught-exception", nil),
        ("""
         0  swift-frontend             0x00000001090e0a30 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 56
         1  swift-frontend             0x00000001090dded0 llvm::sys::RunSignalHandlers() + 172
         2  swift-frontend             0x00000001090e1020 SignalHandler(int, __siginfo*, void*) + 356
         3  libsystem_platform.dylib   0x0000000186a897a4 _sigtramp + 56
         4  libdispatch.dylib          0x00000001868fa4f4 _dispatch_assert_queue_fail + 112
         5  libswift_Concurrency.dylib 0x000000028ab4711c swift_task_isCurrentExecutorWithFlagsImpl + 356
         6  Shop                       0x0000000104a1c2f0 closure #1 in Cart.load() + 40
         """, .isolationTrap, "executor-check", "closure #1 in Cart.load()"),
        ("| Stop | EXC_BREAKPOINT → `_dispatch_assert_queue_fail` via `swift_task_isCurrentExecutorWithFlagsImpl` |", .isolationTrap, "executor-check", nil),
        ("""
         thread 6: Timer.fire → closure #1 in Poller.start()
           → swift_task_isCurrentExecutorWithFlagsImpl → _dispatch_assert_queue_fail
         """, .isolationTrap, "executor-check", "closure #1 in Poller.start()"),
        ("""
         Shop.debug.dylib`_dispatch_assert_queue_fail
         libswift_Concurrency.dylib`swift_task_isCurrentExecutorWithFlagsImpl
         Shop.debug.dylib`closure #1 in Cart.load()
         """, .isolationTrap, "executor-check", "closure #1 in Cart.load()"),
        ("""
         0  Shop_Core +0x9a898 Swift runtime failure: Index out of range (<compiler-generated>)
         1  Shop_Core +0x99c54 -[SHCart itemAtIndex:] (SHCart.m:29:5)
         """, .otherTrap, nil, "-[SHCart itemAtIndex:]"),
        ("""
         *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'on the main thread'
            -[XCTestObservationCenter addTestObserver:]  ←  +[SHTestHooks install]
         """, .otherTrap, "uncaught-exception", "+[SHTestHooks install]"),
    ]

    /// Lines of producers and layouts the 2026-12c set's misses belong to
    /// (swift-backtrace's layout and handler, the backtracer without
    /// addresses, `<compiler-generated>` on a function, an `@objc` entry's
    /// check, a wrapped name, WebKit's and KVC's named code, prose naming a
    /// file or method, a wait the report marks crashed), written here in
    /// their producers' forms; the offender is a part of what the
    /// diagnosis names (its symbol, else its file).
    static let producerLines12c: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
         Received signal 4. Backtrace:
         0x55d0b7f5e0d2, Backtrace.(printBacktrace in _B82A8C0ED7C904841114FDF244F9E58E)(signal: Swift.Int32) -> () at /app/.build/checkouts/swift-backtrace/Sources/Backtrace/Backtrace.swift:66
         0x7f108b62497f
         0x55d0b7f5c0e7, Swift runtime failure: precondition failure at /app/Sources/Shop/Cart.swift:0
         0x55d0b7f5c0e7, Shop.Cart.add(_:) -> () at /app/Sources/Shop/Cart.swift:41
         0x55d0b7f5c1a0, closure #1 () -> () in Shop.Checkout.start() -> () at /app/Sources/Shop/Checkout.swift:18
         """, .otherTrap, "precondition", "Shop.Cart.add(_:)"),
        ("""
         💣 Program crashed: Bad pointer dereference at 0x0000000000000004

         Thread 0 crashed:

         0 Cart.total() + 404 in Shop at /src/Shop/Cart.swift:4:15
         1 main + 12 in Shop at /src/Shop/main.swift:8:3
         """, .memoryCorruption, "bad-access", "Cart.total()"),
        ("""
         Exception Type:  EXC_BREAKPOINT (SIGTRAP)
         Thread 0 Crashed:
         0   Shop   0x0000000100001000 Swift runtime failure: arithmetic overflow (<compiler-generated>)
         1   Shop   0x0000000100002000 static Hasher.hashString(_:) (<compiler-generated>)
         2   Shop   0x0000000100003000 -[SHConfig initWithDictionary:] (SHConfig.m:29:29)
         """, .otherTrap, "integer-overflow", "Hasher.hashString(_:)"),
        ("""
         Crashed: com.apple.root.user-initiated-qos.cooperative
         0  libdispatch.dylib              0x63b4 _dispatch_assert_queue_fail + 120
         1  libdispatch.dylib              0x633c dispatch_assert_queue + 194
         2  libswift_Concurrency.dylib     0x62b78 swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef) + 284
         3  Shop                           0x4ebd6c @objc StoreObserver.paymentQueue(_:updatedTransactions:) + 40 (<compiler-generated>:0)
         4  StoreKit                       0x7634d4 -[SKPaymentQueue _notifyObservers] + 60
         """, .isolationTrap, "executor-check", "StoreObserver.paymentQueue(_:updatedTransactions:)"),
        ("""
         EXC_BREAKPOINT (SIGTRAP)
         _dispatch_assert_queue_fail
         dispatch_assert_queue
         swift_task_isCurrentExecutorWithFlagsImpl(swift::SerialExecutorRef, swift::swift_task_is_current_executor_flag)
         closure #1 () in closure #1 @MainActor @Sendable (Data) in
             PhotoSaver.save(url:)
         thunk for @escaping @callee_guaranteed () -> ()
         """, .isolationTrap, "executor-check", "@Sendable (Data) in PhotoSaver.save(url:)"),
        ("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Completion handler passed to -[BrowserController webView:decidePolicyForNavigationAction:decisionHandler:] was called more than once'",
         .otherTrap, "uncaught-exception", "-[BrowserController webView:decidePolicyForNavigationAction:decisionHandler:]"),
        ("Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<Shop.CartViewController 0x7f91cef0ade0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key totalLabel.'",
         .otherTrap, "uncaught-exception", "totalLabel"),
        ("I crashed on `CartView.swift` r:128 with 2.2.3. Reason: `\"Swift runtime failure: arithmetic overflow\"`", .otherTrap, "integer-overflow", "CartView.swift"),
        ("I get the error \"Thread 11: EXC_BAD_ACCESS (code=1, address=0x18)\" in the method loadQueue (QueueManager.swift) after a restart.", .memoryCorruption, "bad-access", "loadQueue"),
        ("Main Thread Checker: UI API called on a background thread: -[UIApplication setNetworkActivityIndicatorVisible:]. It happens on - (void)updateIndicator:(BOOL)enabled; in SHNetwork class.",
         .notACrash, nil, "updateIndicator:"),
        ("""
         Thread 0 Crashed:
         0   libsystem_kernel.dylib        \t0x00000001e5ea3080 kevent_id + 8
         1   libdispatch.dylib             \t0x00000001a535af2c _dispatch_kq_poll + 228 (event_kevent.c:759)
         2   libdispatch.dylib             \t0x00000001a535b950 _dispatch_event_loop_wait_for_ownership + 444 (event_kevent.c:2218)
         3   libdispatch.dylib             \t0x00000001a5347904 __DISPATCH_WAIT_FOR_QUEUE__ + 340 (queue.c:1685)
         4   libdispatch.dylib             \t0x00000001a53474cc _dispatch_sync_f_slow + 144 (queue.c:1769)
         5   Shop                          \t0x00000001027c78d0 closure #1 in Uploader.finish() + 176 (Uploader.swift:103)
         """, .hang, "blocked-wait", "closure #1 in Uploader.finish()"),
        ("""
         Thread 0 name:   Dispatch queue: com.apple.main-thread
         Thread 0 Crashed:
         0   libsystem_kernel.dylib        \t       0x1d56f14dc __ulock_wait2 + 8
         1   libsystem_platform.dylib      \t       0x1e94354d8 _os_unfair_lock_lock_slow + 188
         2   Shop                          \t       0x102318360 Settings.timeout.getter + 56
         """, .hang, "blocked-wait", "Settings.timeout.getter"),
        ("""
         Exception Type:  EXC_BREAKPOINT (SIGTRAP)
         Thread 0 Crashed:
         0   libdispatch.dylib             \t0x00000001a5347904 __DISPATCH_WAIT_FOR_QUEUE__ + 484 (queue.c:1685)
         1   libdispatch.dylib             \t0x00000001a53474cc _dispatch_sync_f_slow + 144 (queue.c:1769)
         2   Shop                          \t0x00000001027c78d0 Uploader.finish() + 176 (Uploader.swift:103)
         """, .otherTrap, "queue-deadlock", "Uploader.finish()"),
    ]

    /// Lines of producers and layouts the 2026-12d set's misses belong to:
    /// libmalloc's checks (also quoted without the value, and its frames
    /// alone), a copy-on-write check on a freed object, TSan's and LSan's
    /// summary lines, a runtime message quoted without its address,
    /// Crashlytics' exception header, Sentry's traceback form, a message's
    /// bare name in its frame, RxSwift's and AttributeGraph's warnings.
    static let producerLines12d: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("Shop(4242,0x1f2b4c8c0) malloc: Double free of object 0x600000c04f10", .memoryCorruption, "heap-corruption", nil),
        ("* > malloc: double free for ptr", .memoryCorruption, "heap-corruption", nil),
        ("""
         Crashed: com.apple.root.user-initiated-qos.cooperative
         0  libsystem_kernel.dylib         0x9fbc __pthread_kill + 8
         1  libsystem_pthread.dylib        0x5680 pthread_kill + 268
         2  libsystem_c.dylib              0x75b90 abort + 180
         3  libsystem_malloc.dylib         0x26200 malloc_vreport + 908
         4  libsystem_malloc.dylib         0x264a8 malloc_zone_error + 104
         5  libsystem_malloc.dylib         0x1dac8 nanov2_guard_corruption_detected + 44
         6  libsystem_malloc.dylib         0x7e78 nanov2_find_block_and_allocate + 402
         7  libswiftCore.dylib             0x3a7888 _swift_allocObject_ + 1088
         8  Shop                           0x1000a4f2c Cart.add(_:) + 96
         """, .memoryCorruption, "heap-corruption", "Cart.add(_:)"),
        ("""
         Thread 2 Crashed:
         0   libswiftCore.dylib            \t0x00000001945986cc swift_isUniquelyReferenced_nonNull_native + 0 (SwiftObject.mm:1498)
         1   Shop                          \t0x000000010474de00 closure #1 in Resolver.resolve() + 892 (Resolver.swift:40)
         """, .memoryCorruption, "bad-access", "closure #1 in Resolver.resolve()"),
        ("SUMMARY: ThreadSanitizer: data race Cron.swift:44 in Cron.run()", .notACrash, "data-race", "Cron.run()"),
        ("SUMMARY: LeakSanitizer: 64 byte(s) leaked in 1 allocation(s).", .notACrash, nil, nil),
        ("Object of class Feed deallocated with non-zero retain count 2. This object's deinit, or something called from it, may have created a strong reference to self which outlived deinit, resulting in a dangling reference.",
         .otherTrap, "dangling-reference", "Feed"),
        ("Fatal Exception: RLMException\nRealm accessed from incorrect thread.", .otherTrap, "framework-thread-check", nil),
        ("""
         SIGABRT: Fatal error: Attempted to read an unowned reference but object 0x13bd0f920 was already deallocated
           File "/tmp/build/Sources/Sync/Sync.swift", line 744, in Sync.Manager.run(why:)
           File "/tmp/build/Sources/Sync/Sync.swift", line 731, in Sync.Manager.start()
         """, .otherTrap, nil, "Sync.Manager.run(why:)"),
        ("""
         Application Specific Information:
         _Concurrency/CheckedContinuation.swift > Fatal error > SWIFT TASK CONTINUATION MISUSE: init(url:) tried to resume its continuation more than once, throwing Cancelled!

         Thread 7 Crashed:
         0   libswiftCore.dylib              0x3038555e0         _assertionFailure
         1   libswift_Concurrency.dylib      0x31d9c5820         CheckedContinuation.resume
         2   Shop                            0x2036b57b0         Socket.close (Socket.swift:73)
         3   Shop                            0x2036b7390         closure in Socket.init
         """, .otherTrap, "continuation-misuse", "Socket.init"),
        ("⚠️ Synchronization anomaly was detected.\n  > Debugging: To debug this issue you can set a breakpoint in /src/RxSwift/Rx.swift:112 and observe the call stack.",
         .notACrash, "rx-synchronization", nil),
        ("=== AttributeGraph: cycle detected through attribute 352280 ===", .notACrash, "attribute-graph-cycle", nil),
    ]

    /// Lines of producers and layouts the 2026-12e set's misses belong to:
    /// a message a console wrapped, AttributeGraph's precondition, SwiftPM's
    /// lock wait, objc4's header reads on top (`object_getClass`,
    /// `objc_object::release()`), the standard library's underscored types
    /// specialized into the program, `sample` chains with thread names and
    /// a chain broken after its arrow, a crash service's hang by its cause.
    static let producerLines12e: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
         [Mesh] Uplink stopped
         objc[678]: Cannot form weak reference to instance (0x163819180) of class MeshKit.Uplink.
                    It is possible that this object was over-released, or is in the process of deallocation.
         """, .otherTrap, "objc-runtime-fatal", "MeshKit.Uplink"),
        ("[error] precondition failure: setting value during update: 2072", .otherTrap, "attribute-graph-precondition", nil),
        ("Another instance of SwiftPM is already running using '/src/shop/.build', waiting until that process has finished execution...", .hang, "lock-wait", nil),
        ("""
         Crashed: NSManagedObjectContext 0x283722a40
         0  libobjc.A.dylib                0x3fc8 object_getClass + 48
         1  CoreData                       0x5aa2c -[NSManagedObject _validateForSave:] + 196
         2  CoreData                       0x4a5a0 -[NSManagedObjectContext save:] + 544
         3  Shop                           0x2fa8f4 Store.save() + 168 (Store.swift:168)
         """, .memoryCorruption, "bad-access", "Store.save()"),
        ("""
         Crashed: com.shop.Prefetcher.Process
         0  libobjc.A.dylib                0x1ba126b00 objc_object::release() + 16
         1  libswiftCore.dylib             0x101a1fecc swift_arrayDestroy + 68
         2  Shop                           0x1011056f0 specialized _VariantDictionaryBuffer.nativeDelete(_:idealBucket:offset:) (<compiler-generated>)
         3  Shop                           0x101103a88 closure #1 in Prefetcher.fetch(_:) (<compiler-generated>)
         """, .memoryCorruption, "bad-access", "closure #1 in Prefetcher.fetch(_:)"),
        ("""
         Thread_14445: Transport.isReachable → queue.sync → __ulock_wait   (full sample window)
         Thread_14446: CoreTests.reset → resetIdentity →
                       clearState → serviceQueue.sync(barrier) → __ulock_wait
         (all dispatch workers idle, main thread idle)
         """, .hang, "blocked-wait", "Transport.isReachable"),
        ("App Hanging Fully Blocked: App hanging for at least 2000 ms.", .hang, "app-hang", nil),
    ]

    /// Lines of producers and layouts the 2026-12f set's misses belong to:
    /// a message quoted without its closing period, a runtime message
    /// printed over two lines, the Thread Performance Checker's report
    /// without its name, a call tree drawn with `-> ` through libmalloc's
    /// named bug function.
    static let producerLines12f: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("Modifying state during view update, this will cause undefined behavior", .notACrash, "state-changed-during-update", nil),
        ("objc[678]: Cannot form weak reference to instance (0x163819180) of class MeshKit.Uplink.\nIt is possible that this object was over-released, or is in the process of deallocation.",
         .otherTrap, "objc-runtime-fatal", "MeshKit.Uplink"),
        ("Thread running at QOS_CLASS_USER_INITIATED waiting on a lower QoS thread running at QOS_CLASS_DEFAULT. Investigate ways to avoid priority inversions",
         .notACrash, "priority-inversion", nil),
        ("""
         Feed.__deallocating_deinit
           -> swift_task_deinitOnExecutorMainActorBackDeploy
             -> swift_task_deinitOnExecutorImpl
               -> ___BUG_IN_CLIENT_OF_LIBMALLOC_POINTER_BEING_FREED_WAS_NOT_ALLOCATED
                 -> abort   (SIGABRT)
         """, .memoryCorruption, "heap-corruption", "Feed.__deallocating_deinit"),
    ]

    /// From 2026-12f's and 2026-12h's misses: exceptions as crash services and Xcode show
    /// them, App Center's frames, the layout engine's and Realm's thread checks, a zombie,
    /// lldb's sanitizer stop reason, a failed link, dyld, SwiftUI's typed StateObject
    /// warning and libmalloc-140's checksum message (lines written here, in the producers' forms).
    static let producerLines12h: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("NSInvalidArgumentException: *** -[__NSPlaceholderDictionary initWithObjects:forKeys:count:]: attempt to insert nil object from objects[0]",
         .otherTrap, "uncaught-exception", nil),
        ("Thread 7: \"Invalid parameter not satisfying: cell\"", .otherTrap, "uncaught-exception", nil),
        ("### Stacktrace ###\n\nMSACCrashesUncaughtCXXTerminateHandler() (MSACCrashesCXXExceptionHandler.mm:160);Shop\n\nCart.checkout() (Cart.swift:88);Shop\n",
         .otherTrap, "uncaught-exception", "Cart.checkout()"),
        ("Thread 12: \"Modifications to the layout engine must not be performed from a background thread after it has been accessed from the main thread.\"",
         .otherTrap, "framework-thread-check", nil),
        ("*** Terminating app due to uncaught exception 'RLMException', reason: 'Realm accessed from incorrect thread.'", .otherTrap, "framework-thread-check", nil),
        ("2026-01-05 10:00:00.000 Shop[4242:1234567] *** -[CartCell retain]: message sent to deallocated instance 0x600000c04f10",
         .memoryCorruption, "heap-corruption", nil),
        ("* thread #1, queue = 'com.apple.main-thread', stop reason = Heap buffer overflow\n  * frame #0: 0x0000000100a4c1b0 Shop`Cart.total() at Cart.swift:41:9",
         .memoryCorruption, "heap-corruption", "Cart.total()"),
        ("Undefined symbols for architecture arm64:\n  \"_OBJC_CLASS_$_CartView\", referenced from:\n      objc-class-ref in Shop.o\nld: symbol(s) not found for architecture arm64",
         .notACrash, "build-failure", nil),
        ("Termination Reason:    Namespace DYLD, Code 1 Library missing\nLibrary not loaded: @rpath/Cart.framework/Cart", .otherTrap, "dyld-launch-failure", nil),
        ("Accessing StateObject<CartModel>'s object without being installed on a View. This will create a new instance each time.",
         .notACrash, "swiftui-runtime-issue", nil),
        ("Shop(4242,0x1f2b4c8c0) malloc: *** error for object 0x600000c04f10: incorrect checksum for freed object - object was probably modified after being freed.\n*** set a breakpoint in malloc_error_break to debug",
         .memoryCorruption, "heap-corruption", nil),
        ("It aborts with: incorrect checksum for freed object - object was probably modified after being freed", .memoryCorruption, "heap-corruption", nil),
    ]

    /// The 2026-12i set's missed classes, written here in their producers'
    /// forms: a signal trampoline under an in-app handler (the frame below
    /// it took the signal), frames kept as JSON strings, the task
    /// allocator's checks, Auto Layout's logged warning with the stack it
    /// takes by raising and catching, Crashlytics' numbered thread headers,
    /// a crash header without frames, frames copied one field per line, an
    /// app's image name with spaces, SwiftUI's missing environment object.
    static let producerLines12i: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
         0   Shop                          0x0000000100a01000 Shop + 1200
         1   Shop                          0x0000000100a01100 Shop + 1456
         2   libsystem_platform.dylib      0x0000000190065744 _sigtramp + 56
         3   libswift_Concurrency.dylib    0x00000002957bf5b8 $sScfsE15_isSameExecutorySbqd__ScfRd__lF + 84
         4   libswift_Concurrency.dylib    0x0000000295770000 swift_task_isCurrentExecutorWithFlagsImpl + 72
         5   Shop                          0x0000000100a02000 closure #1 in Cart.load() + 40
         """, .memoryCorruption, "bad-executor-pointer", "Cart.load()"),
        ("""
         #0  0x00007f0000001000 in report_crash (sig=11) at reporter.c:40
         #1  <signal handler called>
         #2  0x00007f0000002000 in __memmove_avx_unaligned_erms () from /lib/x86_64-linux-gnu/libc.so.6
         #3  0x0000555555555000 in Shop.Cart.copy() at /src/Shop/Cart.swift:12
         """, .memoryCorruption, "bad-access", "Cart.copy()"),
        ("""
         "frames" : [
           "0   libswiftCore.dylib   0x000000019b3e1000 _assertionFailure(_:_:file:line:flags:) + 264",
           "1   Shop                 0x0000000100a02000 Cart.add(_:) + 40",
         ]
         """, .otherTrap, "precondition", "Cart.add(_:)"),
        ("freed pointer was not the last allocation", .memoryCorruption, "heap-corruption", nil),
        ("""
         This application is modifying the autolayout engine from a background thread after the engine was accessed from the main thread. This can lead to engine corruption and weird crashes.
          Stack:(
         	0   CoreFoundation                      0x000000010a6b0d4b __exceptionPreprocess + 171
         	1   libobjc.A.dylib                     0x000000010b84621e objc_exception_throw + 48
         	2   CoreFoundation                      0x000000010a71a2b5 +[NSException raise:format:] + 197
         	3   Foundation                          0x000000010b54006c _AssertAutolayoutOnAllowedThreadsOnly + 180
         	4   Foundation                          0x000000010b361334 -[NSISEngine withBehaviors:performModifications:] + 31
         	5   UIKit                               0x000000010c4d0649 -[UIView(Hierarchy) removeFromSuperview] + 574
         	6   Shop                                0x000000010a144f0c -[SHSpinner hide] + 140
         )
         """, .notACrash, "layout-off-main-thread", "-[SHSpinner hide]"),
        ("""
         #0. Crashed: com.apple.main-thread
         0  Shop                  0x104a1c2f0 Cart.total() -> Int (Cart.swift:41)
         1  Shop                  0x104a1c3f0 CartView.body.getter (CartView.swift:12)

         #1. com.apple.uikit.eventfetch-thread
         0  libsystem_kernel.dylib         0x1b0c1e4 mach_msg_trap + 8
         """, .otherTrap, nil, "Cart.total()"),
        ("""
         Exception Type:        EXC_BREAKPOINT (SIGTRAP)
         Termination Reason:    Namespace SIGNAL, Code 5 Trace/BPT trap: 5

         Crashed Thread:        3  Dispatch queue: com.example.shop.sync
         """, .unknown, nil, nil),
        ("""
         0
         libswiftCore.dylib
         _assertionFailure(_:_:file:line:flags:) + 264
         1
         libswift_Concurrency.dylib
         CheckedContinuation.resume(returning:) + 508
         2
         Shop
         Cart.swift - Line 77
         Cart.didLoad(_:) + 77
         """, .otherTrap, nil, "Cart.didLoad(_:)"),
        ("""
         0  libswiftCore.dylib     _assertionFailure(_:_:file:line:flags:)
         1  Shop Widget Extension  closure #1 in Cart.refresh()
         """, .otherTrap, "precondition", "Cart.refresh()"),
        ("Fatal error: No ObservableObject of type CartModel found. A View.environmentObject(_:) for CartModel may be missing as an ancestor of this view.",
         .otherTrap, "missing-environment-object", "CartModel"),
    ]

    /// The 2026-12j set's missed classes (read after its one unread
    /// measurement), in their producers' forms: frames above the first
    /// thread header when a later header says which thread crashed, the
    /// backtracer's `<unknown>`, XCTest's stalled-waiter abort, the watchdog
    /// code in decimal, old libdispatch's `_dispatch_sync_wait` on top, and
    /// an elided line (`…`) that continues no frame; and classes the older
    /// read sets still missed: a logged warning whose own frame is redacted,
    /// a compiler diagnostic spelled with a `%select` choice, SwiftUI's
    /// update loop, CoreLocation's main-thread warning, kills from outside.
    static let producerLines12j: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
         0  0x00007f387c622678 do_futex_wait.constprop.0 + 72 in libpthread-2.31.so

         Thread 13 crashed:

         0      0x00007f387c23b00b <unknown> in libc-2.31.so
         1 [ra] 0x00007f387c28d2fc <unknown> in libc-2.31.so
         """, .unknown, nil, nil),
        ("""
         Exception Type:        EXC_CRASH (SIGABRT)
         Thread 11 Crashed:: Dispatch queue: com.apple.dt.xctest.xctwaiter
         0   libsystem_kernel.dylib              0x00007fff51af733a __pthread_kill + 10
         1   libsystem_pthread.dylib             0x00007fff51ba1e60 pthread_kill + 430
         2   libsystem_c.dylib                   0x00007fff51a868f6 __abort + 139
         3   libsystem_c.dylib                   0x00007fff51a8686b abort + 135
         4   com.apple.dt.XCTest                 0x000000011a3c9360 +[XCTWaiter handleStalledWaiter:] + 224
         """, .hang, "stalled-waiter", nil),
        ("""
         Exception Type:  EXC_CRASH (SIGKILL)
         Termination Reason: FRONTBOARD 2343432205
         """, .hang, "watchdog", nil),
        ("""
         Crashed: com.example.shop.audio
         0  libdispatch.dylib              0x1841cec54 _dispatch_sync_wait + 604
         1  Shop                           0x10898df9c -[SHSession dispatchSyncOnQueue:] (SHSession.m:161)
         """, .otherTrap, "queue-deadlock", "-[SHSession dispatchSyncOnQueue:]"),
        ("""
         Thread 9 (com.apple.root.user-initiated-qos.cooperative, faulting):
         #00  libobjc            objc_class::realizeIfNeeded()      ← EXC_BAD_ACCESS
         #01  libswiftCore       swift_deallocClassInstance
         #02  Shop Tests         CartModelTests.tearDown()
         …    @isolated(any) async thunks (no actor) → completeTaskWithClosure
         """, .memoryCorruption, nil, "CartModelTests.tearDown()"),
        // Classes still open in the older read sets, fixed with these:
        ("""
         This application is modifying the autolayout engine from a background thread after the engine was accessed from the main thread. This can lead to engine corruption and weird crashes.
          Stack:(
         	0   CoreFoundation                      0x0000000189ef01d8 <redacted> + 148
         	1   libobjc.A.dylib                     0x000000018892855c objc_exception_throw + 56
         	2   Foundation                          0x000000018aad4f0c <redacted> + 192
         )
         """, .notACrash, "layout-off-main-thread", nil),
        ("2. `main actor-isolated static property 'isMuted' can not be referenced from a Sendable closure`", .notACrash, "compiler-diagnostic", nil),
        ("onChange(of: Bool) action tried to update multiple times per frame.", .notACrash, "update-loop", nil),
        ("This method can cause UI unresponsiveness if invoked on the main thread. Instead, consider waiting for the `-locationManagerDidChangeAuthorization:` callback.",
         .notACrash, "main-thread-blocking-call", nil),
        ("Message from debugger: Terminated due to memory issue", .otherTrap, "out-of-memory", nil),
        ("Out of memory: Killed process 4242 (shop) total-vm:2097152kB, anon-rss:1048576kB", .otherTrap, "out-of-memory", nil),
        ("Exception Type:  EXC_CRASH (SIGKILL)\nTermination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc", .otherTrap, "watchdog", nil),
    ]

    /// The 2026-12k set's missed classes (read after its one unread
    /// measurement): a tracker's HTML around a block, Markdown's escapes
    /// in a message typed outside one, HockeyApp's `class;method;file;line`,
    /// an Apple system library the image list did not know.
    static let producerLines12k: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
         <pre>SHCartController;displayItemsChange;SHCartController.m;152
         SHResource;loadWithParams:path:;SHResource.m;58
         -;start;;</pre>

         **\\* Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 1.'
         """, .otherTrap, "uncaught-exception", "displayItemsChange"),
        ("malloc: **\\* error for object 0x61000006e3c0: Invalid pointer dequeued from free list", .memoryCorruption, "heap-corruption", nil),
        ("""
         0	libsystem_platform.dylib	_os_unfair_lock_unowned_abort + 36
         1	libsqlite3.dylib	sqlite3_step + 28796
         2	-[SHStore executeSQLStatement:error:] + 4328945824
         """, .otherTrap, nil, "-[SHStore executeSQLStatement:error:]"),
    ]

    /// The 2026-12l set's missed classes (read after its one unread
    /// measurement): lldb's `` module`name `` with a plain C name, the task
    /// allocator's deallocator right under an abort, a spindump's
    /// `name + off (Image + off) [0x…]`, a `sample` tree under its thread's
    /// count line, a message a terminal broke at a space.
    static let producerLines12l: [(text: String, verdict: TriageVerdict, cause: String?, offender: String?)] = [
        ("""
           frame #2: libsystem_c`abort + 180
           frame #5: libswift_Concurrency`swift_task_dealloc + 128
           ...
           frame #23: Shop.CartLoader.load(id:)
         """, .memoryCorruption, "heap-corruption", "CartLoader.load(id:)"),
        ("""
         15  CartView.render(_:) + 528 (Shop + 56991372) [0x104101e8c]
           15  ??? (Shop + 76211180) [0x1053563ec]
         """, .notACrash, nil, "CartView.render(_:)"),
        ("""
         Call graph:
             1777 Thread_295561   DispatchQueue_1: com.apple.main-thread  (serial)
             + 1777 start  (in dyld) + 6688  [0x191763bec]
             +   1777 main  (in Shop) + 64  [0x104a4dd18]
             +     1777 CartStore.reload()  (in Shop) + 224  [0x1ca9f6dcc]
         """, .notACrash, nil, "CartStore.reload()"),
        ("SWIFT TASK CONTINUATION MISUSE: connect() tried to resume its continuation \nmore than once, throwing Cancelled!",
         .otherTrap, "continuation-misuse", "connect()"),
    ]

    static let missedClassLines = producerLines + producerLines12c + producerLines12d + producerLines12e + producerLines12f + producerLines12h + producerLines12i + producerLines12j + producerLines12k + producerLines12l

    @Test("the held-out sets' missed classes, each a producer's line or a layout: the ten lists",
          arguments: missedClassLines.indices)
    func missedClassLine(_ index: Int) async {
        let (text, verdict, cause, offender) = Self.missedClassLines[index]
        let diagnosis = await diagnose(text)
        #expect(diagnosis.verdict == verdict, "\(text)")
        if let cause { #expect(diagnosis.cause == cause, "\(text)") }
        if let offender {
            let named = diagnosis.offender.map { ($0.symbol ?? "") + " " + ($0.file ?? "") } ?? ""
            #expect(named.contains(offender), "\(text): named \(named)")
        }
    }

    @Test("a stack cut at its top, a lone frame, an abort's frames alone: told with low confidence")
    func cutStackIsLowConfidence() async {
        let cut = await diagnose("""
            4  Shop                           0x1015b4328 SHLog (SHLogger.h:35)
            5  Shop                           0x1015b9044 -[SHCart reachabilityChanged:] (SHCart.m:1037)
            6  SystemConfiguration            0x18d25dfa4 reachPerformAndUnlock + 640
            """)
        #expect(cut.verdict == .notACrash)
        #expect(cut.confidence == .low)
        #expect(cut.decidedBy?.contains("frames above #4") == true)
        let lone = await diagnose("__21-[SHSubscriber init]_block_invoke + 56")
        #expect(lone.verdict == .notACrash)
        #expect(lone.confidence == .low)
        let abortOnly = await diagnose("""
            * thread #6, queue = 'com.apple.root.user-initiated-qos.cooperative', stop reason = signal SIGABRT
                frame #0: 0x0000000101988f30 libsystem_kernel.dylib`__pthread_kill + 8
                frame #1: 0x0000000100e2f124 libsystem_pthread.dylib`pthread_kill + 256
            """)
        #expect(abortOnly.verdict == .otherTrap)
        #expect(abortOnly.confidence == .low)
        let whole = await diagnose("""
            0  Shop                           0x1015b4328 SHLog (SHLogger.h:35)
            1  Shop                           0x1015b9044 -[SHCart reachabilityChanged:] (SHCart.m:1037)
            """)
        #expect(whole.confidence == .medium)
    }

    @Test("Markdown's escapes are undone in pasted lines; other backslashes are kept")
    func markdownEscapes() {
        #expect(PastedText.unescapingMarkdown(#"**\* Terminating app"#) == "*** Terminating app")
        #expect(PastedText.unescapingMarkdown(#"a\_b \Cart.items C:\Users\"#) == #"a_b \Cart.items C:\Users\"#)
        #expect(PastedText.unquotedLines(of: "<pre>0  Shop  f()</pre>") == ["0  Shop  f()"])
    }

    @Test("a zsh job line is the shell's stop line, not a frame")
    func zshJobLine() async {
        let diagnosis = await diagnose("[1]  + 95081 trace trap  ./shop")
        #expect(diagnosis.evidence.contains { $0.contains("SIGTRAP") })
        #expect(diagnosis.offender == nil && diagnosis.topFrames.isEmpty)
    }

    @Test("one rule for the offender: triage and the catalog's runs skip the same plumbing")
    func oneOffenderRule() {
        let plumbing: [(String?, String?)] = [
            ("swift_beginAccess", "Shop"), ("main", "prog"), ("Swift._NativeSet.insertNew(_:at:isUnique:)", nil),
            ("static OS_dispatch_queue.sync<A>(execute:)", nil), ("-[UILabel setText:]", nil),
            ("_dispatch_sync_f_slow", nil), ("f()", "libswiftCore.so"), ("g()", "com.apple.HIToolbox"),
        ]
        for (symbol, image) in plumbing {
            #expect(!OwnCode.isOwn(symbol: symbol, image: image, isThunk: false, isSystem: false), "\(symbol ?? "-") in \(image ?? "-")")
        }
        #expect(OwnCode.isOwn(symbol: "closure #1 in Cart.add(_:)", image: "Shop", isThunk: false, isSystem: false))
        #expect(OwnCode.isOwn(symbol: "abortUpload()", image: nil, isThunk: false, isSystem: false))
        #expect(OwnCode.isOwn(symbol: "protocol witness for P.f() in conformance S", image: nil, isThunk: true, isSystem: false))
    }
}
