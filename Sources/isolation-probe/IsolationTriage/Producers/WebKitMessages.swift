/// WebKit's checks on the completion handlers it passes to an app's
/// delegate (`WKNavigationDelegate`, `WKUIDelegate`): each message names
/// the delegate's class and method, the app's code that broke the contract.
enum WebKitMessages {
    static let checker = "WebKit/WebKit Source/WebKit/UIProcess/Cocoa/CompletionHandlerCallChecker.mm"

    static let producer = MessageProducer(
        id: "webkit",
        name: "WebKit's completion-handler checker",
        sources: [checker],
        messages: [
            ProducerMessage("Completion handler passed to {method} was called more than once", .stop, cause: "uncaught-exception",
                            namesCode: "method", source: "\(checker) (completionHandlerHasBeenCalled, NSInternalInconsistencyException)",
                            examples: ["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Completion handler passed to -[BrowserController webView:decidePolicyForNavigationAction:decisionHandler:] was called more than once'"]),
            ProducerMessage("Completion handler passed to {method} was not called", .stop, cause: "uncaught-exception",
                            namesCode: "method", source: "\(checker) (~CompletionHandlerCallChecker, NSInternalInconsistencyException)",
                            examples: ["Fatal Exception: NSInternalInconsistencyException Completion handler passed to -[BrowserController webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:] was not called"]),
        ]
    )
}
