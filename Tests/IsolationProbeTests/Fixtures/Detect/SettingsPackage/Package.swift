// swift-tools-version:6.2
// A package the detect tests build with run-time isolation checks: an app
// target with the Swift 6.2 settings of a new app (default MainActor
// isolation, an upcoming feature) hands an unannotated closure to a library
// built in Swift 5 mode, which calls it on a background queue (catalog 14a).
// No @MainActor is written anywhere.
import PackageDescription

let package = Package(
    name: "SettingsPackage",
    targets: [
        .target(name: "LegacyScheduler", swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "SettingsApp",
            dependencies: ["LegacyScheduler"],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
    ]
)
