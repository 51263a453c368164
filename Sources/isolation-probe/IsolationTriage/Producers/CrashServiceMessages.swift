/// Crash-reporting services' own words (Sentry, Firebase Crashlytics,
/// Bugsnag, App Center): an app that stopped responding, an exception
/// reported by its name and reason, and their handlers' frames.
enum CrashServiceMessages {
    static let producer = MessageProducer(
        id: "crash-services",
        name: "crash-reporting services (Sentry, Crashlytics, Bugsnag, App Center)",
        sources: ["getsentry/sentry-cocoa Sources/Sentry/SentryANRTrackingIntegration.m", "bugsnag/bugsnag-cocoa", "microsoft/appcenter-sdk-apple AppCenterCrashes"],
        messages: [
            ProducerMessage("App Hanging", .hang, cause: "app-hang", source: "getsentry/sentry-cocoa (App Hanging Fully Blocked)",
                            examples: ["App Hanging Fully Blocked: App hanging for at least 2000 ms."]),
            ProducerMessage("App hang", .hang, cause: "app-hang", opensLine: true, source: "bugsnag/bugsnag-cocoa (App hang)",
                            examples: ["App hang detected"]),
            ProducerMessage("Application Not Responding", .hang, cause: "app-hang", source: "getsentry/sentry-cocoa, Crashlytics (ANR)"),
            ProducerMessage("Fatal Exception: {name}", .stop, cause: "uncaught-exception", opensLine: true,
                            source: "Firebase Crashlytics console (the title and export header of an uncaught exception's issue; the SDK records the exception in firebase/firebase-ios-sdk Crashlytics/Crashlytics/Handlers/FIRCLSException.mm)",
                            examples: ["Fatal Exception: NSInternalInconsistencyException"]),
            ProducerMessage("{name}Exception: {reason}", .stop, cause: "uncaught-exception", opensLine: true,
                            source: "App Center's crash Reason and Sentry's event title: the exception's type, then its reason (microsoft/appcenter-sdk-apple MSACErrorLogFormatter records them as the exception's type and message, getsentry/sentry-cocoa SentryException as type and value)",
                            examples: ["NSInternalInconsistencyException: Invalid parameter not satisfying: window", "RLMException: Object has been deleted or invalidated."]),
            ProducerMessage("{name}Exception, reason: {reason}", .stop, cause: "uncaught-exception", opensLine: true,
                            source: "HockeyApp's crash Reason (App Center's predecessor): the exception's name, then its reason",
                            examples: ["NSInvalidArgumentException, reason: -[Cart total]: unrecognized selector sent to instance 0x600000c04f10"]),
            ProducerMessage("Non-fatal Exception: {name}", .diagnostic, opensLine: true,
                            source: "Firebase Crashlytics console (an error the app recorded and lived on: Crashlytics.record(error:))",
                            examples: ["Non-fatal Exception: NSURLErrorDomain"]),
        ],
        functions: [
            ProducerFunction("FIRCLSSignalHandler", .signalHandler, source: "firebase/firebase-ios-sdk Crashlytics/Crashlytics/Handlers/FIRCLSSignal.c"),
            ProducerFunction("FIRCLSMachExceptionServer", .signalHandler, source: "firebase/firebase-ios-sdk Crashlytics/Crashlytics/Handlers/FIRCLSMachException.c"),
            ProducerFunction("FIRCLSHandler", .signalHandler, source: "firebase/firebase-ios-sdk Crashlytics/Crashlytics/Handlers/FIRCLSHandler.m"),
            ProducerFunction("FIRCLSExceptionRecord", .signalHandler, source: "firebase/firebase-ios-sdk Crashlytics/Crashlytics/Handlers/FIRCLSException.mm"),
            ProducerFunction("sentrycrashsignal_", .signalHandler, source: "getsentry/sentry-cocoa Sources/SentryCrash/Recording/Monitors/SentryCrashMonitor_Signal.c"),
            ProducerFunction("sentrycrashcm_", .signalHandler, source: "getsentry/sentry-cocoa Sources/SentryCrash/Recording/Monitors"),
            ProducerFunction("SentryCrashExceptionHandler", .signalHandler, source: "getsentry/sentry-cocoa"),
            ProducerFunction("kscm_", .signalHandler, source: "kstenerud/KSCrash Sources/KSCrashRecording/Monitors"),
            ProducerFunction("ksmemory_", .signalHandler, source: "kstenerud/KSCrash"),
            ProducerFunction("CrashesUncaughtCXXTerminateHandler", .trap, cause: "uncaught-exception",
                             source: "microsoft/appcenter-sdk-apple AppCenterCrashes/AppCenterCrashes/Internals/MSACCrashesCXXExceptionHandler.mm (MSACCrashesUncaughtCXXTerminateHandler, MSCrashes… before: the terminate handler App Center installs runs only for an exception nobody caught)"),
            ProducerFunction("plcrash_signal_handler", .signalHandler, source: "microsoft/plcrashreporter Source/PLCrashSignalHandler.mm"),
            ProducerFunction("plcrash_", .signalHandler, source: "microsoft/plcrashreporter Source"),
            ProducerFunction("PLCrashReporter", .signalHandler, source: "microsoft/plcrashreporter Source/PLCrashReporter.m"),
            ProducerFunction("bsg_ksmach", .signalHandler, source: "bugsnag/bugsnag-cocoa Bugsnag/KSCrash"),
            ProducerFunction("bsg_kscrashsentry_", .signalHandler, source: "bugsnag/bugsnag-cocoa Bugsnag/KSCrash/Source/KSCrash/Recording/Sentry"),
        ]
    )
}
