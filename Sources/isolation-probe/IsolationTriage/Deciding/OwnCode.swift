/// Which frames are the program's own code, and so which one is the
/// offender: the innermost frame of the user's code above a check or trap.
/// The one rule for triage (every kind) and for the catalog's runs
/// (`Classifier.offender(in:)`).
///
/// A frame is plumbing, not the program's, when its image is a system
/// library or framework, its symbol is a runtime or libdispatch function
/// (also when the report gives no image, or the runtime is linked
/// statically), its symbol is qualified by a system module (`Swift.`,
/// `Foundation.` …), it is a thunk (except a protocol witness or an `@objc`
/// entry, where a conformance's or an Objective-C caller's check lives), the `assumeIsolated`
/// entry point, a sanitizer's interceptor, or the C entry point `main`.
///
/// ```swift
/// OwnCode.isOwn(symbol: "closure #1 in Host.init()", image: "prog", isThunk: false, isSystem: false)  // true
/// OwnCode.isOwn(symbol: "swift_beginAccess", image: "Test2", isThunk: false, isSystem: false)         // false
/// ```
public enum OwnCode {
    /// Whether a frame with these facts is the program's own code.
    ///
    /// ```swift
    /// OwnCode.isOwn(symbol: "Swift._NativeSet.insertNew(_:at:isUnique:)", image: nil, isThunk: false, isSystem: false)  // false
    /// ```
    public static func isOwn(symbol: String?, image: String?, isThunk: Bool, isSystem: Bool) -> Bool {
        if isSystem || RuntimeLibraries.isSystemImage(image) { return false }
        guard let symbol else { return true }
        // A witness or an `@objc` entry is where the compiler puts the
        // isolation check of the method it forwards to: the user's method.
        if isThunk && !symbol.hasPrefix("protocol witness for") && !symbol.hasPrefix("@objc ") { return false }
        // A closure is the code it is written in: `closure #1 in _assertionFailure(…)` is the standard library's.
        var context = Substring(symbol)
        if context.contains("closure #") { while let range = context.range(of: " in ") { context = context[range.upperBound...] } }
        return symbol != "main"
            && Producers.roles(of: String(context)).isEmpty
            && !RuntimeLibraries.isRuntimeSymbol(String(context))
            && !RuntimeLibraries.isIsolationCheck(symbol)
            && !RuntimeLibraries.isAssumeIsolated(symbol)
            && !RuntimeLibraries.isRuntimeSymbol(symbol)
            && !RuntimeLibraries.isSystemQualified(symbol)
    }

    /// Whether `frame` is the program's own code.
    ///
    /// ```swift
    /// OwnCode.isOwn(StackFrame(index: 0, image: "libdispatch.dylib", symbol: "_dispatch_sync_f_slow"))  // false
    /// ```
    public static func isOwn(_ frame: StackFrame) -> Bool {
        isOwn(symbol: frame.symbol, image: frame.image, isThunk: frame.isThunk, isSystem: frame.isSystem)
    }

    /// `frames` with a library's function inlined into the program marked
    /// as the library's: a frame of the program's image whose function is
    /// one a library frame nearer the top also runs (Apple's
    /// `[inlined] CheckedContinuation.resume<T>` under libswift_Concurrency's
    /// `CheckedContinuation.resume`) is the library's code, copied where it
    /// was called, so the offender is its caller.
    ///
    /// ```swift
    /// let frames = [StackFrame(index: 1, image: "libswift_Concurrency.dylib", symbol: "CheckedContinuation.resume"),
    ///               StackFrame(index: 2, image: "App", symbol: "[inlined] CheckedContinuation.resume<T>")]
    /// OwnCode.markingInlinedLibraryCode(frames)[1].isSystem  // true
    /// ```
    public static func markingInlinedLibraryCode(_ frames: [StackFrame]) -> [StackFrame] {
        var libraryFunctions: Set<Substring> = []
        return frames.map { frame in
            guard let symbol = frame.symbol else { return frame }
            let function = functionName(symbol)
            if !isOwn(frame) {
                libraryFunctions.insert(function)
                return frame
            }
            guard libraryFunctions.contains(where: { sameFunction($0, function) }) else { return frame }
            var copy = frame
            copy.isSystem = true
            return copy
        }
    }

    /// A symbol's function without what differs between a library's frame
    /// and its inlined copy: the `[inlined]` tag, `specialized`, generic
    /// arguments and the argument list.
    private static func functionName(_ symbol: String) -> Substring {
        var name = Substring(symbol)
        for tag in ["[inlined] ", "specialized "] where name.hasPrefix(tag) { name = name.dropFirst(tag.count) }
        if let end = name.firstIndex(where: { $0 == "(" || $0 == "<" }) { name = name[..<end] }
        return name
    }

    /// The same function, one name perhaps qualified by its module (`Swift.`).
    private static func sameFunction(_ a: Substring, _ b: Substring) -> Bool {
        a == b || a.hasSuffix("." + b) || b.hasSuffix("." + a)
    }
}
