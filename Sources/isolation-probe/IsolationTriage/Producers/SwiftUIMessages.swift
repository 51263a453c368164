/// SwiftUI's runtime issues: the purple warnings it logs (subsystem
/// `com.apple.runtime-issues`) and goes on. SwiftUI is closed source; the
/// messages are read in OpenSwiftUI, a reimplementation that keeps
/// SwiftUI's runtime-issue strings and renames only the framework.
enum SwiftUIMessages {
    static let openSwiftUI = "OpenSwiftUIProject/OpenSwiftUI 069dd80 Sources (SwiftUI's strings, 'OpenSwiftUI' read as 'SwiftUI')"
    static let core = "OpenSwiftUIProject/OpenSwiftUI Sources/OpenSwiftUICore"

    static let producer = MessageProducer(
        id: "swiftui",
        name: "SwiftUI's runtime issues",
        sources: ["SwiftUI.framework (closed source)", openSwiftUI],
        messages: [
            // An action whose state write re-triggers it within one frame; SwiftUI drops the extra runs and logs this.
            ProducerMessage("{action} tried to update multiple times per frame.", .diagnostic, cause: "update-loop",
                            source: "SwiftUI.framework (closed source: the runtime issue as the unified log shows it, for onChange, a Binding's action, a geometry-change modifier)",
                            examples: ["onChange(of: CGFloat) action tried to update multiple times per frame.",
                                       "<OnScrollGeometryChange Modifier> tried to update multiple times per frame."]),
            // EnvironmentObject's precondition (SwiftUI's own Core/EnvironmentObject.swift, as the fatal error's path shows).
            ProducerMessage("No ObservableObject of type {type} found.", .stop, cause: "missing-environment-object", namesCode: "type",
                            source: "SwiftUI.framework EnvironmentObject.wrappedValue (closed source: its fatalError as apps print it)",
                            examples: ["Fatal error: No ObservableObject of type ShoppingCart found. A View.environmentObject(_:) for ShoppingCart may be missing as an ancestor of this view."]),
            ProducerMessage("No observable object of type {type}.Type found.", .stop, cause: "missing-environment-object", namesCode: "type",
                            source: "SwiftUI.framework EnvironmentObject.wrappedValue (closed source: the iOS 13 wording)",
                            examples: ["Fatal error: No observable object of type Store<AppState, AppAction>.Type found."]),
            ProducerMessage("Publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates.",
                            .diagnostic, cause: "publishing-off-main-thread",
                            source: "\(core)/Data/Combine/AttributeInvalidatingSubscriber.swift, Sources/OpenSwiftUI/View/Combine/SubscriptionView.swift",
                            examples: ["Shop[4242:123456] [SwiftUI] Publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates."]),
            ProducerMessage("Publishing changes from within view updates is not allowed, this will cause undefined behavior.", .diagnostic,
                            cause: "state-changed-during-update", source: "\(core)/Data/Combine/AttributeInvalidatingSubscriber.swift"),
            ProducerMessage("Modifying state during view update, this will cause undefined behavior.", .diagnostic,
                            cause: "state-changed-during-update", source: "\(core)/Data/State/StoredLocation.swift"),
            ProducerMessage("{keyPath} is isolated to the main actor. Accessing it via Binding from a different actor will cause undefined behaviors, and potential data races; This warning will become a runtime crash in a future version of SwiftUI.",
                            .diagnostic, cause: "publishing-off-main-thread", source: "\(core)/Data/Binding/Binding+ObjectLocation.swift",
                            examples: ["\\Cart.items is isolated to the main actor. Accessing it via Binding from a different actor will cause undefined behaviors, and potential data races; This warning will become a runtime crash in a future version of SwiftUI."]),
            ProducerMessage("{context} This warning will become a runtime crash in a future version of SwiftUI.", .diagnostic,
                            cause: "publishing-off-main-thread", source: "\(core)/Util/MainActorUtils.swift (a main-actor callback run off the main thread)",
                            examples: ["onChange(of:) action ran off the main thread. This warning will become a runtime crash in a future version of SwiftUI."]),
            ProducerMessage("{type} is marked async, but contains properties that require the main thread.", .diagnostic,
                            cause: "swiftui-runtime-issue", source: "\(core)/Data/DynamicProperty/DynamicProperty.swift",
                            examples: ["CartView is marked async, but contains properties that require the main thread."]),
            ProducerMessage("Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.",
                            .diagnostic, cause: "swiftui-runtime-issue", source: "\(core)/Data/State/State.swift"),
            ProducerMessage("Accessing FocusState's value outside of the body of a View. This will result in a constant Binding of the initial value and will not update.",
                            .diagnostic, cause: "swiftui-runtime-issue", source: "Sources/OpenSwiftUI/Event/Focus/FocusState.swift"),
            // SwiftUI itself names the object's type (`StateObject<Model>'s`); OpenSwiftUI's copy leaves it out.
            ProducerMessage("Accessing StateObject{type}'s object without being installed on a View. This will create a new instance each time.",
                            .diagnostic, cause: "swiftui-runtime-issue", source: "\(core)/Data/Combine/StateObject.swift",
                            examples: ["Accessing StateObject's object without being installed on a View. This will create a new instance each time.",
                                       "Accessing StateObject<CartModel>'s object without being installed on a View. This will create a new instance each time."]),
            ProducerMessage("Accessing Environment<{type}>'s value outside of being installed on a View. This will always read the default value and will not update.",
                            .diagnostic, cause: "swiftui-runtime-issue", source: "\(core)/Data/Environment/Environment.swift",
                            examples: ["Accessing Environment<ColorScheme>'s value outside of being installed on a View. This will always read the default value and will not update."]),
            ProducerMessage("Reading a Namespace property outside View.body. This will result in identifiers that never match any other identifier.",
                            .diagnostic, cause: "swiftui-runtime-issue", source: "\(core)/Data/DynamicProperty/Namespace.swift"),
            ProducerMessage("Invalid frame dimension (negative or non-finite).", .diagnostic, cause: "swiftui-runtime-issue",
                            source: "\(core)/Layout/Modifier/FrameLayout.swift"),
            ProducerMessage("Contradictory frame constraints specified.", .diagnostic, cause: "swiftui-runtime-issue",
                            source: "\(core)/Layout/Modifier/FrameLayout.swift"),
            ProducerMessage("Cannot invert singular matrix", .diagnostic, cause: "swiftui-runtime-issue",
                            source: "\(core)/Layout/Geometry/ProjectionTransform.swift"),
            ProducerMessage("Only unstyled text can be used with {context}", .diagnostic, cause: "swiftui-runtime-issue",
                            source: "\(core)/View/Text/Text/Text.swift", examples: ["Only unstyled text can be used with navigationTitle(_:)"]),
            ProducerMessage("AttributedString {string} has invalid attributes. A plain string will be used instead.", .diagnostic,
                            cause: "swiftui-runtime-issue", source: "\(core)/View/Text/AttributedString/Text+AttributedString.swift",
                            examples: ["AttributedString Hello has invalid attributes. A plain string will be used instead."]),
            ProducerMessage("Technology {technology} does not support Accessibility focus!", .diagnostic, cause: "swiftui-runtime-issue",
                            source: "Sources/OpenSwiftUI/Accessibility/AccessibilityTechnologies.swift", examples: ["Technology voiceOver does not support Accessibility focus!"]),
            ProducerMessage("UIApplicationDelegateAdaptor was used outside of an App or Scene; this will not instantiate the delegate.", .diagnostic,
                            cause: "swiftui-runtime-issue", source: "Sources/OpenSwiftUI/App/App/UIKit/UIApplicationDelegateAdaptor.swift"),
            ProducerMessage("NSApplicationDelegateAdaptor was used outside of an App or Scene; this will not instantiate the delegate.", .diagnostic,
                            cause: "swiftui-runtime-issue", source: "Sources/OpenSwiftUI/App/App/AppKit/NSApplicationDelegateAdaptor.swift"),
            ProducerMessage("NSApplicationDelegateAdaptor used outside of App declaration.", .diagnostic,
                            cause: "swiftui-runtime-issue", source: "Sources/OpenSwiftUI/App/App/AppKit/NSApplicationDelegateAdaptor.swift"),
        ]
    )
}
