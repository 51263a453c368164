import Foundation

/// A team's settings for `isolation-probe lint`, read from
/// `.isolation-probe.json` (found from the linted paths upward) and
/// overridden by command-line flags.
///
/// ```json
/// {
///   "excluded": ["Sources/Generated/**", "**/*Mocks.swift"],
///   "rules": { "assume-isolated-in-sendable-closure": "off", "unchecked-sendable-stored-closure": "error" },
///   "safeWrappers": ["LockedValue"],
///   "unsafeBoxes": ["UncheckedBox"],
///   "baseline": "isolation-baseline.json",
///   "fileTimeLimit": 10,
///   "targets": { "App": { "path": "App", "defaultIsolation": "MainActor" } }
/// }
/// ```
///
/// ```swift
/// let configuration = try LintConfiguration.discover(for: ["Sources"]) ?? LintConfiguration()
/// print(configuration.isEnabled(.uncheckedBoxOfClosure))
/// ```
package struct LintConfiguration: Sendable {
    /// The name looked for in each directory from the linted paths upward.
    package static let fileName = ".isolation-probe.json"

    /// How a rule's findings are reported.
    package enum Severity: String, Sendable, CaseIterable, Codable {
        case off, warning, error
    }

    /// A configuration file that cannot be used; the message names the file and key.
    package struct Failure: Error, CustomStringConvertible {
        package var file: String
        package var problem: String
        package var description: String { "\(file): \(problem)" }
    }

    /// The directory globs and relative paths are resolved against: the
    /// configuration file's directory, or the current directory without one.
    package var root: String
    /// The file the settings came from, if any.
    package var file: String?
    /// Globs a file must match (relative to `root`) to be linted; empty means every file.
    package var included: [String] = []
    /// Globs of files (or directories) never linted.
    package var excluded: [String] = []
    /// Severity per rule; a rule not listed has its default severity
    /// (a warning, or off for a rule a team turns on).
    package var severities: [LintRule: Severity] = [:]
    /// Wrapper types known to keep isolated values in (a team's own `Mutex`
    /// backport taking `inout sending`): never looked into or flagged.
    package var safeWrappers: Set<String> = []
    /// Box types known to make anything Sendable (declared in a dependency
    /// the linter does not read): instantiating one with a non-`@Sendable`
    /// function type is an `unchecked-box-of-closure` finding.
    package var unsafeBoxes: Set<String> = []
    /// The baseline file, relative to `root` unless absolute.
    package var baseline: String?
    /// Seconds one file may take to read and parse; a file over it is
    /// skipped and named, and the run goes on.
    package var fileTimeLimit: Double = Self.defaultFileTimeLimit
    /// The default ``fileTimeLimit``: generous. A 5 MB generated file
    /// parses in 0.6 s in a release build but 14 s in a debug build (which
    /// is what a plugin may run), so 10 s would skip real files.
    package static let defaultFileTimeLimit: Double = 60
    /// Corrections of targets' build settings, by target name (`targets`).
    package var targetOverrides: [String: TargetSettingsOverride] = [:]
    /// Whether the package manifests above the linted files are read with
    /// `swift package dump-package` (which runs the manifest's code).
    package var readsPackageManifests = true

    package init(root: String = FileManager.default.currentDirectoryPath) {
        self.root = Self.absolute(root)
    }

    /// The configuration file for `paths`: the first `.isolation-probe.json`
    /// in their common directory or a directory above it.
    package static func discover(for paths: [String]) throws(Failure) -> LintConfiguration? {
        var directory = commonDirectory(of: paths.map(absolute))
        while true {
            let candidate = (directory as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate) { return try load(candidate) }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }

    /// Reads and validates the configuration file at `path`.
    package static func load(_ path: String) throws(Failure) -> LintConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(file: path, problem: "cannot read: \(error.localizedDescription)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(file: path, problem: "not valid JSON: \((error as NSError).userInfo["NSDebugDescription"] ?? error)")
        }
        guard let settings = object as? [String: Any] else {
            throw Failure(file: path, problem: "expected a JSON object at the top level")
        }
        var configuration = LintConfiguration(root: (absolute(path) as NSString).deletingLastPathComponent)
        configuration.file = path
        func strings(_ key: String) throws(Failure) -> [String] {
            guard let value = settings[key] else { return [] }
            guard let list = value as? [String], !(value is String) else {
                throw Failure(file: path, problem: "key \"\(key)\" must be an array of strings")
            }
            return list
        }
        let known = ["included", "excluded", "rules", "safeWrappers", "unsafeBoxes", "baseline", "fileTimeLimit", "targets"]
        for key in settings.keys.sorted() where !known.contains(key) {
            throw Failure(file: path, problem: "unknown key \"\(key)\" (known keys: \(known.joined(separator: ", ")))")
        }
        configuration.included = try strings("included")
        configuration.excluded = try strings("excluded")
        configuration.safeWrappers = Set(try strings("safeWrappers"))
        configuration.unsafeBoxes = Set(try strings("unsafeBoxes"))
        if let rules = settings["rules"] {
            guard let table = rules as? [String: Any] else {
                throw Failure(file: path, problem: "key \"rules\" must be an object mapping rule ids to off, warning or error")
            }
            for (id, value) in table.sorted(by: { $0.key < $1.key }) {
                configuration.severities[try rule(id, in: "key \"rules\"", file: path)] =
                    try severity(value, for: "rules.\(id)", file: path)
            }
        }
        if let baseline = settings["baseline"] {
            guard let name = baseline as? String, !name.isEmpty else {
                throw Failure(file: path, problem: "key \"baseline\" must be a file path")
            }
            configuration.baseline = name
        }
        if let limit = settings["fileTimeLimit"] {
            guard let seconds = (limit as? NSNumber)?.doubleValue, let valid = try? validFileTimeLimit(seconds)
            else {
                throw Failure(file: path, problem: "key \"fileTimeLimit\" must be a number of seconds from 0.001 to \(Int(maximumFileTimeLimit)), not \(limit)")
            }
            configuration.fileTimeLimit = valid
        }
        if let targets = settings["targets"] {
            guard let table = targets as? [String: Any] else {
                throw Failure(file: path, problem: "key \"targets\" must be an object mapping target names to their settings")
            }
            for (name, value) in table {
                configuration.targetOverrides[name] = try TargetSettingsOverride.parse(value, target: name, file: path)
            }
        }
        return configuration
    }

    /// The largest ``fileTimeLimit`` accepted: one day.
    package static let maximumFileTimeLimit: Double = 86_400

    /// `seconds`, when it is a usable ``fileTimeLimit``.
    package static func validFileTimeLimit(_ seconds: Double) throws(Failure) -> Double {
        guard seconds.isFinite, seconds >= 0.001, seconds <= maximumFileTimeLimit else {
            throw Failure(file: "--file-time-limit", problem: "must be a number of seconds from 0.001 to \(Int(maximumFileTimeLimit)), not \(seconds)")
        }
        return seconds
    }

    /// Applies `RULE=SEVERITY` settings from the command line.
    package mutating func override(rules settings: [String]) throws(Failure) {
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw Failure(file: "--rule", problem: "expected RULE=off|warning|error, got \"\(setting)\"")
            }
            severities[try Self.rule(parts[0], in: "--rule", file: "--rule")] =
                try Self.severity(parts[1], for: parts[0], file: "--rule")
        }
    }

    /// Whether findings of `rule` are reported at all.
    package func isEnabled(_ rule: LintRule) -> Bool { severity(of: rule) != .off }

    /// How findings of `rule` are reported.
    package func severity(of rule: LintRule) -> Severity { severities[rule] ?? rule.defaultSeverity }

    /// Whether `file` is linted: it matches an `included` glob (when there
    /// are any) and no `excluded` glob, or lies in a directory that does.
    package func includes(_ file: String) -> Bool {
        let relative = relativePath(file)
        if !included.isEmpty, !included.contains(where: { Glob.matches($0, pathOrAncestor: relative) }) { return false }
        return !excluded.contains { Glob.matches($0, pathOrAncestor: relative) }
    }

    /// `file` relative to `root` (as given when it is outside).
    package func relativePath(_ file: String) -> String {
        let path = Self.absolute(file)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `path` resolved against `root` unless absolute.
    package func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
    }

    /// `path` made absolute against the current directory, `.` and `..` removed.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func commonDirectory(of paths: [String]) -> String {
        let directories = paths.map { path -> [Substring] in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let directory = exists && isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
            return directory.split(separator: "/")
        }
        guard var common = directories.first else { return FileManager.default.currentDirectoryPath }
        for directory in directories.dropFirst() {
            common = Array(zip(common, directory).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    private static func rule(_ id: String, in place: String, file: String) throws(Failure) -> LintRule {
        guard let rule = LintRule(rawValue: id) else {
            throw Failure(file: file, problem: "unknown rule \"\(id)\" in \(place) (rules: \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return rule
    }

    private static func severity(_ value: Any, for key: String, file: String) throws(Failure) -> Severity {
        guard let name = value as? String, let severity = Severity(rawValue: name) else {
            throw Failure(file: file, problem: "\"\(key)\" must be \"off\", \"warning\" or \"error\", not \(value)")
        }
        return severity
    }
}

/// Path globs as `.gitignore` and SwiftLint write them: `*` and `?` within
/// one path component, `**` across components.
///
/// ```swift
/// Glob.matches("Sources/**/Generated/*.swift", pathOrAncestor: "Sources/App/Generated/A.swift")  // true
/// ```
enum Glob {
    /// Whether `pattern` matches `path` or one of its ancestor directories.
    static func matches(_ pattern: String, pathOrAncestor path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        let anyDepth = Array("**".unicodeScalars)
        for count in stride(from: components.count, through: 1, by: -1) {
            let matched = wildcardMatch(parts, Array(components.prefix(count)), isStar: { $0 == anyDepth }) { part, component in
                wildcardMatch(part, component, isStar: { $0 == "*" }) { $0 == "?" || $0 == $1 }
            }
            if matched { return true }
        }
        return false
    }

    /// Matches `text` against `pattern`, whose star elements match any run
    /// of elements and whose others match one element each. Iterative, going
    /// back only to the latest star: time at most pattern × text, constant
    /// stack, so no pattern (a 100,000-character one, many `**`) can exhaust
    /// the stack or take exponential time.
    private static func wildcardMatch<Element, Target>(
        _ pattern: [Element], _ text: [Target],
        isStar: (Element) -> Bool, matchesOne: (Element, Target) -> Bool
    ) -> Bool {
        var patternIndex = 0
        var textIndex = 0
        // The latest star and the text position its match currently ends at.
        var star: (pattern: Int, text: Int)?
        while textIndex < text.count {
            if patternIndex < pattern.count, isStar(pattern[patternIndex]) {
                star = (patternIndex, textIndex)
                patternIndex += 1
            } else if patternIndex < pattern.count, matchesOne(pattern[patternIndex], text[textIndex]) {
                patternIndex += 1
                textIndex += 1
            } else if let latest = star {
                // Let the star take one more element and retry after it.
                star = (latest.pattern, latest.text + 1)
                patternIndex = latest.pattern + 1
                textIndex = latest.text + 1
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, isStar(pattern[patternIndex]) { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
