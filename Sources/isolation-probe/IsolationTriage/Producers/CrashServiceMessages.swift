/// Crash-reporting services' own words for a hang (Sentry, Firebase
/// Crashlytics, Bugsnag): they report an app that stopped responding.
enum CrashServiceMessages {
    static let producer = MessageProducer(
        id: "crash-services",
        name: "crash-reporting services (Sentry, Crashlytics, Bugsnag)",
        sources: ["getsentry/sentry-cocoa Sources/Sentry/SentryANRTrackingIntegration.m", "bugsnag/bugsnag-cocoa"],
        messages: [
            ProducerMessage("App Hanging", .hang, cause: "app-hang", source: "getsentry/sentry-cocoa (App Hanging Fully Blocked)",
                            examples: ["App Hanging Fully Blocked: App hanging for at least 2000 ms."]),
            ProducerMessage("App hang", .hang, cause: "app-hang", opensLine: true, source: "bugsnag/bugsnag-cocoa (App hang)",
                            examples: ["App hang detected"]),
            ProducerMessage("Application Not Responding", .hang, cause: "app-hang", source: "getsentry/sentry-cocoa, Crashlytics (ANR)"),
        ]
    )
}
