/// Whether a text's prose says the program hangs: the words people use
/// for a program that stopped responding without crashing.
///
/// ```swift
/// HangWords.occur(in: ["The app freezes when I tap Save"])   // true
/// HangWords.occur(in: ["hangman.swift"])                      // false: not a word of its own
/// ```
enum HangWords {
    static let words: Set<String> = [
        "hang", "hangs", "hung", "hanging", "freeze", "freezes", "froze", "frozen", "freezing",
        "deadlock", "deadlocks", "deadlocked", "unresponsive", "stuck",
    ]

    /// Lines looked at, and characters of each: prose says it early.
    static let lineLimit = 400
    static let characterLimit = 400

    static func occur(in lines: [String]) -> Bool {
        for line in lines.prefix(lineLimit) {
            var word = ""
            for character in line.prefix(characterLimit).lowercased() {
                if character.isLetter { word.append(character); continue }
                if words.contains(word) { return true }
                word = ""
            }
            if words.contains(word) { return true }
        }
        return false
    }
}
