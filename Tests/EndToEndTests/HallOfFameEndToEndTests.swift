import Foundation
@testable import Game
import Store
import Testing

/// The hall of fame on the release binary: two players' saves in one database (made through
/// the Store, as two `soma serve` sessions would leave them), then `soma scores` prints the
/// exact tables, each assist ranked apart, and `t` in the game's figure menu shows them (Tab:
/// the other assists), `n` names the local player.
@Suite("hall of fame", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct HallOfFameEndToEndTests {
    /// A database with Ann (named) and a player without a name on the cube steered (`off`), Ann
    /// alone on the cube with the assist and on 6x10.
    static func database() throws -> String {
        let path = SomaBinary.temporaryStateFile()
        let ann = try ProgressStore(path: path, player: "SHA256:ann-key")
        var progress = try ann.load().progress
        progress.recordSolve(figure: "Cube", Solved(moves: 31, seconds: 75.25))
        progress.recordSolve(figure: "6x10 rectangle", Solved(moves: 60, seconds: 200.5))
        progress.recordSolve(figure: "Cube", Solved(moves: 7, seconds: 50, assist: .solvable))
        try ann.save(progress)
        #expect(try ann.chooseName("Ann") == .accepted("Ann"))
        let other = try ProgressStore(path: path, player: "SHA256:other-key")
        progress = try other.load().progress
        progress.recordSolve(figure: "Cube", Solved(moves: 28, seconds: 80))
        try other.save(progress)
        return path
    }

    static func scores(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Tmux.run([SomaBinary.path, "scores"] + arguments)
    }

    @Test("soma scores: one line per figure, a figure's tables, JSON, an unknown figure")
    func scores() throws {
        let path = try Self.database()
        defer { SomaBinary.removeState(path) }
        let all = try Self.scores(["--state-file", path])
        #expect(all.status == 0)
        #expect(all.error == "")
        #expect(all.output == """
            figure  assist    best time  by   fewest moves  by         players
            cube    off          1:15.2  Ann            28  anonymous        2
            cube    solvable     0:50.0  Ann             7  Ann              1
            6x10    off          3:20.5  Ann            60  Ann              1

            """)
        let cube = try Self.scores(["cube", "--state-file", path])
        #expect(cube.status == 0)
        #expect(cube.output == """
            Hall of fame: cube (Cube)

            Assist off (steered step by step), 2 players

            Best times
              1. Ann        1:15.2
              2. anonymous  1:20.0

            Fewest moves
              1. anonymous  28
              2. Ann        31

            Assist solvable (helped: judged fits or hints), 1 player

            Best times
              1. Ann  0:50.0

            Fewest moves
              1. Ann  7

            """)
        #expect(!(all.output + cube.output).contains("SHA256"), "players never show by key")
        let json = try Self.scores(["cube", "--json", "--state-file", path])
        #expect(json.output == """
            {"figure":"cube","name":"Cube","assists":[{"assist":"off","players":2,"byTime":[{"rank":1,"player":"Ann","seconds":75.25},\
            {"rank":2,"player":"anonymous","seconds":80.0}],"byMoves":[{"rank":1,"player":"anonymous","moves":28},\
            {"rank":2,"player":"Ann","moves":31}]},{"assist":"solvable","players":1,"byTime":[{"rank":1,"player":"Ann","seconds":50.0}],\
            "byMoves":[{"rank":1,"player":"Ann","moves":7}]}]}

            """)
        let none = try Self.scores(["tower", "--state-file", path])
        #expect(none.output == "Hall of fame: tower (Tower)\nNobody has solved it yet.\n")
        let unknown = try Self.scores(["nosuch", "--state-file", path])
        #expect(unknown.status == 2)
        #expect(unknown.output == "")
        #expect(unknown.error == "soma scores: no figure named `nosuch`; `soma figures` lists the built-in names, "
                + "`soma scores` alone the figures with entries\n")
        let empty = SomaBinary.temporaryStateFile()
        #expect(try Self.scores(["--state-file", empty]).output
                == "No entries yet: solve a figure in `soma play` or `soma pento`.\n")
        #expect(!FileManager.default.fileExists(atPath: empty), "reading scores makes no database")
    }

    @Test("t in the figure menu shows the cube's tables; n names the local player, once")
    func inTheGame() throws {
        let path = try Self.database()
        defer { SomaBinary.removeState(path) }
        // With judging on (`--assist solvable`), so the tables open on the helped solves' tab.
        let tmux = try Tmux(SomaBinary.command(["play", "--assist", "solvable", "--state-file", path]), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "t: hall of fame"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "t")
        #expect(tmux.waitForScreen(containing: "Hall of fame: Cube"), "\((try? tmux.screen()) ?? "")")
        // The tables are read off the input path (issue 33): the screen says it is reading first.
        #expect(tmux.waitForScreen(containing: "Best times"), "\((try? tmux.screen()) ?? "")")
        let screen = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // It opens on the game's assist (solvable here, the last tab); Tab goes round to
        // the steered solves (off, the first).
        #expect(Array(screen.prefix(5)) == [
            " Hall of fame: Cube                                     n: your name  Esc: back",
            " Assist:  off: 2 players   fits: nobody   solvable: 1 player",
            "  Best times                             Fewest moves",
            "   1. Ann                     0:50.0      1. Ann                          7",
            "",
        ])
        try tmux.send(keys: "Tab")
        #expect(tmux.waitForScreen(containing: "anonymous"), "\((try? tmux.screen()) ?? "")")
        let steered = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(steered.prefix(6)).dropFirst(2) == [
            "  Best times                             Fewest moves",
            "   1. Ann                     1:15.2      1. anonymous                   28",
            "   2. anonymous               1:20.0      2. Ann                         31",
            "",
        ])
        #expect(screen.contains(" You have no name yet and show as anonymous: n chooses one."))
        try tmux.send(keys: "n")
        #expect(tmux.waitForScreen(containing: "Your name (chosen once):"))
        try tmux.send(literal: "ann")
        try tmux.send(keys: "Enter")
        #expect(tmux.waitForScreen(containing: "Ann is another player's name: choose another"),
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "BSpace", "BSpace", "BSpace")
        try tmux.send(literal: "Zed")
        try tmux.send(keys: "Enter")
        #expect(tmux.waitForScreen(containing: "You are Zed in every hall of fame from now on"),
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Escape")
        #expect(tmux.waitForScreen(containing: "t: hall of fame"))
        try tmux.send(keys: "Escape")
        #expect(tmux.wait { try !tmux.screen().contains("t: hall of fame") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(try ProgressStore(path: path).displayName() == "Zed")
    }
}
