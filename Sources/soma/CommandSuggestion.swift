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
        let limit = word.count <= 4 ? 1 : 2
        let scored = commands.map { (command: $0, distance: distance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.command
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit (`solev`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty, a.count <= 64 else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// True when `soma play WORD` would find a figure.
    static func isFigure(_ word: String) -> Bool {
        if Catalog.names.contains(word) || FileManager.default.fileExists(atPath: word) { return true }
        if PlayerFigures().find(word) != nil { return true }
        return GeneratedFigures().path(of: word) != nil
    }
}
