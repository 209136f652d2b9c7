import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube

/// "Did you mean `figures`?" for a mistyped command. `soma WORD` plays the figure WORD (`soma`
/// alone plays the cube), so `soma figure` or `soma solev cube` used to be read as a figure name
/// and answered with the list of every name; a word that is no figure but is within two edits
/// of a command is a typo of that command.
enum CommandSuggestion {
    /// The commands `soma` takes, and `help`.
    static var commands: [String] {
        Soma.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The message for a command line whose first word is a mistyped command, or nil when the
    /// word is a command, an option, a figure (built in, a file, one of the player's, an id)
    /// or near no command.
    static func message(for arguments: [String], isFigure: (String) -> Bool = Self.isFigure) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word),
              let command = suggestion(for: word, among: commands), !isFigure(word) else { return nil }
        // Never echo the word raw: it may hold control characters.
        let shown = String(word.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(40))
        return "soma: `\(shown)` is neither a command nor a figure; did you mean `soma \(command)`? (soma --help lists the commands)"
    }

    /// The command nearest `word` by edit distance, when at most two edits away (one for words
    /// of up to four letters, so that short figure names are not taken for commands).
    static func suggestion(for word: String, among commands: [String]) -> String? {
        EditDistance.nearest(to: word, among: commands)
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit (`solev`).
    static func distance(_ a: String, _ b: String) -> Int { EditDistance.between(a, b) }

    /// True when `soma play WORD` would find a figure.
    static func isFigure(_ word: String) -> Bool {
        if Catalog.names.contains(word) || FileManager.default.fileExists(atPath: word) { return true }
        if PlayerFigures().find(word) != nil { return true }
        return GeneratedFigures().path(of: word) != nil
    }
}
