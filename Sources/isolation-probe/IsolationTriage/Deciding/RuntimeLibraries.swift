/// What the triage knows about code that is not the program's own: the
/// Swift runtime's executor checks, and the system libraries and frameworks
/// a crashed thread passes through.
///
/// ```swift
/// RuntimeLibraries.isIsolationCheck("swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef)")  // true
/// RuntimeLibraries.isSystemImage("libdispatch.dylib")                                             // true
/// RuntimeLibraries.isSystemImage("FalsePositives.debug.dylib")                                    // false
/// ```
public enum RuntimeLibraries {
    /// Whether `symbol` is part of an executor or queue check (Swift's or libdispatch's).
    ///
    /// ```swift
    /// RuntimeLibraries.isIsolationCheck("_dispatch_assert_queue_fail")   // true
    /// ```
    public static func isIsolationCheck(_ symbol: String?) -> Bool {
        isSwiftExecutorCheck(symbol) || isDispatchQueueCheck(symbol)
    }

    /// Whether `symbol` is the Swift runtime's own executor check.
    ///
    /// ```swift
    /// RuntimeLibraries.isSwiftExecutorCheck("swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef)")  // true
    /// RuntimeLibraries.isSwiftExecutorCheck("dispatch_assert_queue")                                      // false
    /// ```
    public static func isSwiftExecutorCheck(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .executorCheck) != nil
    }

    /// Whether `symbol` is libdispatch's queue assertion.
    ///
    /// ```swift
    /// RuntimeLibraries.isDispatchQueueCheck("dispatch_assert_queue$V2.cold.1")   // true
    /// ```
    public static func isDispatchQueueCheck(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .queueCheck) != nil
    }

    /// Whether `symbol` is the `assumeIsolated` entry point or its closure.
    ///
    /// ```swift
    /// RuntimeLibraries.isAssumeIsolated("static MainActor.assumeIsolated<A>(_:file:line:)")  // true
    /// ```
    public static func isAssumeIsolated(_ symbol: String?) -> Bool {
        symbol?.contains("assumeIsolated") == true
    }

    /// Apple frameworks that appear in app crash reports. A report's own
    /// image list (paths under `/System` or `/usr/lib`) is used as well when
    /// it has one; this list covers reports pasted without it.
    static let appleFrameworks: Set<String> = [
        "Foundation", "CoreFoundation", "UIKit", "UIKitCore", "AppKit", "SwiftUI", "SwiftUICore", "Combine",
        "LaunchServices", "TCC", "QuartzCore", "CoreData", "CFNetwork", "GraphicsServices", "FrontBoardServices",
        "BaseBoard", "RunningBoardServices", "AttributeGraph", "AVFoundation", "AVFCore", "CoreMedia",
        "MediaToolbox", "WebKit", "HIToolbox", "Security", "Network", "StoreKit", "CloudKit", "CoreLocation",
        "Photos", "PhotosUI", "MapKit", "UserNotifications", "BackgroundTasks", "CoreAutoLayout",
        "UIFoundation", "Observation", "SwiftData", "CoreServices", "IOKit", "AudioToolbox", "CoreAudio",
        "AVFAudio", "CoreBluetooth", "WatchKit", "CoreMotion", "HealthKit", "Dispatch", "dyld", "XCTest",
        "XCTestCore", "Testing", "IMCore", "AppKitCore", "CoreText", "ImageIO", "Metal", "CoreGraphics",
        "CoreImage", "SpriteKit", "SceneKit", "GameKit", "Intents", "ContactsUI", "Contacts", "EventKit",
        "MessageUI", "SafariServices", "AuthenticationServices", "LocalAuthentication", "CryptoKit",
    ]

    /// Whether `image` is a system library or framework rather than the
    /// program's own binary.
    ///
    /// ```swift
    /// RuntimeLibraries.isSystemImage("libswift_Concurrency.so")   // true
    /// RuntimeLibraries.isSystemImage("MyApp")                      // false
    /// ```
    public static func isSystemImage(_ image: String?) -> Bool {
        guard let image else { return false }
        if appleFrameworks.contains(image) { return true }
        // Older reports name frameworks by bundle identifier: `com.apple.HIToolbox`.
        if image.hasPrefix("com.apple.") { return true }
        // The app's own code in a debug build lives in `App.debug.dylib`.
        if image.hasSuffix(".debug.dylib") { return false }
        let systemPrefixes = ["libsystem_", "libdispatch", "libswift", "libobjc", "libc++", "libxpc", "libc.so",
                              "libc-", "libpthread", "ld-linux", "libFoundation", "libstdc++", "libm.so", "libgcc",
                              "libBlocksRuntime", "libicu", "libdyld", "libclang_rt", "libxml2", "libz.",
                              // Apple's /usr/lib libraries that crash reports show often.
                              "libsqlite3", "libnetwork", "libboringssl", "libcorecrypto", "libcommonCrypto", "libcompression",
                              "libMobileGestalt", "libAccessibility", "libbsm"]
        return systemPrefixes.contains { image.hasPrefix($0) }
    }

    /// Whether a path from a report's image list is a system location.
    ///
    /// ```swift
    /// RuntimeLibraries.isSystemPath("/usr/lib/system/libdispatch.dylib")   // true
    /// ```
    public static func isSystemPath(_ path: String) -> Bool {
        ["/System/", "/usr/lib/", "/lib/", "/lib64/", "/usr/lib64/", "/Library/Apple/", "/Applications/Xcode"]
            .contains { path.hasPrefix($0) }
            || (path.hasPrefix("/usr/") && path.contains("/swift/linux/"))
    }

    /// Functions of the Swift runtime, libdispatch, the Objective-C runtime,
    /// libc and the kernel interface, by name: they are plumbing whatever
    /// image holds them (a statically linked runtime lives in the program's
    /// own image, and pasted frames often have no image).
    static let runtimeSymbolPrefixes = [
        "swift_", "_swift_", "__swift", "swift::", "$ss", "_dispatch_", "dispatch_", "__DISPATCH", "DISPATCH_",
        "_assertionFailure", "_fatalErrorMessage", "_precondition", "objc_", "_objc_", "__objc", "pthread_",
        "_pthread_", "__pthread", "start_wqthread", "thread_start", "__libc_start", "_os_", "os_unfair_lock",
        "__psynch", "__ulock", "semaphore_", "mach_msg", "__CF", "_CF", "__NS", "_NSThread", "NSThreadStart",
        "_malloc", "malloc_", "__abort", "__tsan", "__asan", "__sanitizer", "__cxa_", "Swift runtime failure",
    ]

    /// libc functions named by their whole name (a prefix would take the
    /// program's `abortUpload()`).
    static let runtimeFunctions: Set<String> = ["abort", "malloc", "free", "exit", "_exit", "raise", "__exit"]

    /// Whether `symbol` is a runtime, libdispatch, libc or kernel function.
    ///
    /// ```swift
    /// RuntimeLibraries.isRuntimeSymbol("swift_beginAccess")        // true
    /// RuntimeLibraries.isRuntimeSymbol("Tour.shuffle()")            // false
    /// ```
    public static func isRuntimeSymbol(_ symbol: String) -> Bool {
        runtimeFunctions.contains(symbol) || runtimeSymbolPrefixes.contains { symbol.hasPrefix($0) }
    }

    /// Modules whose qualified names (`Swift._NativeSet.insertNew`, lldb's and
    /// gdb's fully qualified form) are the system's, and libswiftDispatch's
    /// `OS_dispatch_queue` type.
    static let systemQualifiers = [
        "Swift.", "_Concurrency.", "Foundation.", "SwiftUI.", "SwiftUICore.", "UIKit.", "UIKitCore.", "AppKit.",
        "Combine.", "Dispatch.", "ObjectiveC.", "CoreFoundation.", "OS_dispatch_queue.", "OS_dispatch_",
    ]

    static let dispatchQueueMethods: Set<String> = ["sync", "async", "asyncAndWait", "asyncAfter", "concurrentPerform"]

    /// Whether `symbol` is qualified by a system module, or is a system
    /// type's member, in any of the forms a report prints it
    /// (`Swift.Set._Variant.insert`, `static OS_dispatch_queue.sync<A>(execute:)`).
    ///
    /// ```swift
    /// RuntimeLibraries.isSystemQualified("Swift._NativeSet.insertNew(_:at:isUnique:)")   // true
    /// RuntimeLibraries.isSystemQualified("specialized Dictionary._Variant.setValue(_:forKey:)")   // true
    /// ```
    public static func isSystemQualified(_ symbol: String) -> Bool {
        var name = Substring(symbol)
        for prefix in ["[inlined] ", "static ", "specialized ", "merged ", "implicit closure #", "closure #"] where name.hasPrefix(prefix) {
            if prefix.hasSuffix("#") {
                // `closure #1 in OS_dispatch_queue.sync…`: the context is what counts.
                while let range = name.range(of: " in ") { name = name[range.upperBound...] }
            } else {
                name = name.dropFirst(prefix.count)
            }
        }
        // Objective-C methods of the system's classes: `-[UILabel text]`, `+[NSThread …]`, `-[_UIFoo …]`, XCTest's `-[XCTWaiter …]`.
        if name.hasPrefix("-[") || name.hasPrefix("+[") {
            let className = name.dropFirst(2)
            return ["UI", "NS", "CA", "AV", "CF", "WK", "_", "SK", "MK", "CL", "XCT", "XCUI"].contains { className.hasPrefix($0) }
        }
        // The standard library's own types once specialized into the program lose their module
        // (`_VariantDictionaryBuffer.nativeDelete`, `Dictionary._Variant.setValue`); an underscored
        // type is, by the standard library's convention, its implementation.
        let path = name.prefix { $0 != "(" && $0 != "<" && $0 != " " }.split(separator: ".")
        if path.dropLast().contains(where: { $0.hasPrefix("_") && $0.dropFirst().first?.isUppercase == true }) { return true }
        // A queue's own call as a person writes it in a chain (`serviceQueue.sync(barrier)`): a
        // variable, then one of DispatchQueue's methods (swift-corelibs-libdispatch src/swift/Queue.swift).
        if path.count == 2, path[0].first?.isLowercase == true, dispatchQueueMethods.contains(String(path[1])) { return true }
        return systemQualifiers.contains { name.hasPrefix($0) }
    }

    /// Whether `symbol` is a function that only runs when the program stops.
    ///
    /// ```swift
    /// RuntimeLibraries.isTrapSymbol("__DISPATCH_WAIT_FOR_QUEUE__")   // true
    /// ```
    public static func isTrapSymbol(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .trap) != nil
    }

    /// Whether `symbol` is a blocking wait (a futex, condition, semaphore
    /// or lock wait): on top of a thread, the thread is blocked.
    ///
    /// ```swift
    /// RuntimeLibraries.isWait("__psynch_cvwait")   // true
    /// ```
    public static func isWait(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .wait) != nil
    }

    /// Whether `symbol` touches an object's header (`swift_retain`,
    /// `objc_msgSend`): on top of a thread, a freed or damaged object.
    ///
    /// ```swift
    /// RuntimeLibraries.isObjectAccess("swift_bridgeObjectRetain")   // true
    /// ```
    public static func isObjectAccess(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .objectAccess) != nil
    }

    /// Whether `symbol` is a signal handler's or crash reporter's own frame
    /// (`_sigtramp`, `__restore_rt`, `<signal handler called>`): the crash is below it.
    ///
    /// ```swift
    /// RuntimeLibraries.isSignalHandler("_sigtramp")   // true
    /// ```
    public static func isSignalHandler(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .signalHandler) != nil || isSignalTrampoline(symbol)
    }

    /// Whether `symbol` is the kernel's entry into a signal handler
    /// (`_sigtramp`, `__restore_rt`): whatever is above it is the handler.
    ///
    /// ```swift
    /// RuntimeLibraries.isSignalTrampoline("__restore_rt")   // true
    /// ```
    public static func isSignalTrampoline(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .signalTrampoline) != nil
    }

    /// Whether `symbol` is a checker's reporting function, which returns
    /// and lets the program go on (`__main_thread_checker_on_report`).
    ///
    /// ```swift
    /// RuntimeLibraries.isCheckerReport("_AssertAutolayoutOnAllowedThreadsOnly")   // true
    /// ```
    public static func isCheckerReport(_ symbol: String?) -> Bool {
        Producers.function(symbol, role: .checkerReport) != nil
    }
}
