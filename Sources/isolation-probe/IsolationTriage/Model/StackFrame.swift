import Foundation
/// One frame of a thread's backtrace, in the same shape whichever report
/// format it came from.
///
/// ```swift
/// let frame = StackFrame(index: 3, image: "FalsePositives.debug.dylib",
///                        symbol: "closure #1 in FalsePositivesApp.init()",
///                        file: "FalsePositivesApp.swift", line: 0)
/// frame.location   // "FalsePositivesApp.swift" (line 0 means "no line")
/// frame.isThunk    // false
/// ```
public struct StackFrame: Sendable, Hashable, Codable {
    /// The frame number the report gave it (0 is the innermost frame).
    public var index: Int
    /// The binary the code lives in (`libdispatch.dylib`, `libswift_Concurrency.so`, `MyApp`).
    public var image: String?
    /// The function, demangled when a demangler was available; nil when the
    /// report has only an address for this frame.
    public var symbol: String?
    /// The mangled name the report printed, when ``symbol`` was demangled from it.
    public var mangledSymbol: String?
    /// The program counter as the report printed it, e.g. `0x0000000101bd43f8`.
    public var address: String?
    /// The source file's last path component, when the report has it.
    public var file: String?
    /// The source line; nil (not 0) when the report has none.
    public var line: Int?
    /// The source column, when the report has it.
    public var column: Int?
    /// Compiler-generated glue (reabstraction thunks, partial-apply
    /// forwarders) that only passes a call on.
    public var isThunk: Bool
    /// Whether the frame is in a system library or framework (the report's
    /// own mark, such as the backtracer's `[system]`, else the image's name).
    public var isSystem: Bool

    /// Creates a frame; `isThunk` defaults to what the symbol and file say,
    /// `isSystem` to what the image's name says.
    ///
    /// ```swift
    /// StackFrame(index: 4, symbol: "thunk for @escaping @callee_guaranteed () -> ()").isThunk  // true
    /// ```
    public init(
        index: Int, image: String? = nil, symbol: String? = nil, address: String? = nil,
        file: String? = nil, line: Int? = nil, column: Int? = nil, isThunk: Bool? = nil, isSystem: Bool? = nil
    ) {
        let compilerGenerated = file == "<compiler-generated>"
        self.index = index
        self.image = image
        self.symbol = symbol
        self.address = address
        self.file = compilerGenerated ? nil : file
        self.line = compilerGenerated || line == 0 ? nil : line
        self.column = compilerGenerated || line == 0 ? nil : column
        // `<compiler-generated>` only says the instruction has no source line
        // (Apple writes it after `static Hasher.hash(_:)` too): a symbol says
        // whether the function is glue.
        self.isThunk = isThunk ?? (symbol.map(Self.isThunkSymbol) ?? compilerGenerated)
        self.isSystem = isSystem ?? RuntimeLibraries.isSystemImage(image)
    }

    /// `File.swift:LINE` (or just the file, or nil) for display.
    ///
    /// ```swift
    /// StackFrame(index: 0, file: "A.swift", line: 12, column: 3).location  // "A.swift:12"
    /// ```
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }

    /// The symbol, or `0xADDRESS in IMAGE` when the frame is unsymbolicated.
    ///
    /// ```swift
    /// StackFrame(index: 0, image: "App", address: "0x1000").displayName  // "0x1000 in App"
    /// StackFrame(index: 1, symbol: "closure #1 in ").displayName           // "closure #1 in top-level code"
    /// ```
    public var displayName: String {
        if let symbol {
            // A closure in top-level code (main.swift) demangles with no
            // context after `in`: `closure #1 in `.
            let trimmed = symbol.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(" in"), trimmed.contains("closure #") { return trimmed + " top-level code" }
            return symbol
        }
        // A place a message or a sentence names, with no frame around it.
        if address == nil, image == nil, let location { return location }
        return [address ?? "???", image.map { "in \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// Whether `symbol` names compiler-generated forwarding glue: the
    /// openings the Swift demangler prints for thunks (its node printer's
    /// words, as shipped in libswiftCore).
    ///
    /// ```swift
    /// StackFrame.isThunkSymbol("partial apply for closure #1 in f()")  // true
    /// StackFrame.isThunkSymbol("static Hasher.hash(_:)")               // false
    /// ```
    public static func isThunkSymbol(_ symbol: String?) -> Bool {
        guard let symbol else { return false }
        return thunkOpenings.contains { symbol.hasPrefix($0) }
    }

    /// swiftlang/swift lib/Demangling/NodePrinter.cpp; `protocol witness for`
    /// is one too, though triage reads it as the conformance's code.
    static let thunkOpenings = [
        "thunk for", "reabstraction thunk", "partial apply", "@objc ", "@nonobjc ", "protocol witness for",
        "curry thunk of", "dispatch thunk of", "vtable thunk for", "distributed thunk", "identity thunk of",
        "dynamically replaceable thunk for", "back deployment thunk for", "outlined ", "autodiff ",
    ]
}
