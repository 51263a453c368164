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
    /// Symbols of the Swift concurrency runtime's executor check: only on
    /// the stack when that check is running (Linux and Apple spellings).
    public static let swiftCheckSymbols = [
        "swift_task_isCurrentExecutor",
        "swift_task_checkIsolated",
        "_checkExpectedExecutor",
        "swift_task_reportUnexpectedExecutor",
        "checkIsolated",
        "preconditionIsolated",
        "assertIsolated",
    ]

    /// libdispatch's queue assertion. The Swift runtime uses it to check the
    /// main actor, but frameworks call it for their own main-queue-only
    /// APIs too, so on its own it is not an isolation check.
    public static let dispatchCheckSymbols = ["dispatch_assert_queue"]

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
        guard let symbol else { return false }
        return swiftCheckSymbols.contains { symbol.contains($0) }
    }

    /// Whether `symbol` is libdispatch's queue assertion.
    ///
    /// ```swift
    /// RuntimeLibraries.isDispatchQueueCheck("dispatch_assert_queue$V2.cold.1")   // true
    /// ```
    public static func isDispatchQueueCheck(_ symbol: String?) -> Bool {
        guard let symbol else { return false }
        return dispatchCheckSymbols.contains { symbol.contains($0) }
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
        // The app's own code in a debug build lives in `App.debug.dylib`.
        if image.hasSuffix(".debug.dylib") { return false }
        let systemPrefixes = ["libsystem_", "libdispatch", "libswift", "libobjc", "libc++", "libxpc", "libc.so",
                              "libc-", "libpthread", "ld-linux", "libFoundation", "libstdc++", "libm.so", "libgcc",
                              "libBlocksRuntime", "libicu", "libdyld", "libclang_rt", "libxml2", "libz."]
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
}
