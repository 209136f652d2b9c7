import Testing
@testable import soma

@Suite struct CommandSuggestionTests {
    @Test("a mistyped command is answered with the command, not read as a figure name")
    func mistyped() {
        let none: (String) -> Bool = { _ in false }
        #expect(CommandSuggestion.message(for: ["figure"], isFigure: none)
            == "soma: `figure` is neither a command nor a figure; did you mean `soma figures`? (soma --help lists the commands)")
        #expect(CommandSuggestion.message(for: ["solev", "cube"], isFigure: none)?.contains("did you mean `soma solve`?") == true)
        #expect(CommandSuggestion.message(for: ["genrate"], isFigure: none)?.contains("`soma generate`") == true)
        #expect(CommandSuggestion.message(for: ["dayly"], isFigure: none)?.contains("`soma daily`") == true)
    }

    @Test("commands, options, figures and far words are left to the parser")
    func leftAlone() {
        let none: (String) -> Bool = { _ in false }
        #expect(CommandSuggestion.message(for: ["figures"], isFigure: none) == nil)
        #expect(CommandSuggestion.message(for: ["--help"], isFigure: none) == nil)
        #expect(CommandSuggestion.message(for: [], isFigure: none) == nil)
        #expect(CommandSuggestion.message(for: ["battleship"], isFigure: none) == nil)
        #expect(CommandSuggestion.message(for: ["cub"], isFigure: none) == nil)
        // A figure of the player's own named like a typo of a command is still a figure.
        #expect(CommandSuggestion.message(for: ["figure"], isFigure: { $0 == "figure" }) == nil)
    }

    @Test("edit distance counts a swap of neighbours as one edit")
    func distance() {
        #expect(CommandSuggestion.distance("solev", "solve") == 1)
        #expect(CommandSuggestion.distance("figure", "figures") == 1)
        #expect(CommandSuggestion.distance("play", "play") == 0)
        #expect(CommandSuggestion.distance("", "play") == 4)
    }

    @Test("a word with control characters is never echoed raw")
    func controlCharacters() {
        let message = CommandSuggestion.message(for: ["figur\u{1B}e"], isFigure: { _ in false })
        #expect(message?.contains("\u{1B}") == false)
    }
}
