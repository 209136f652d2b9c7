@testable import Polycube
@testable import Scene
import Testing
@testable import Game

@Suite("Hall of fame screen")
struct HallOfFameScreenTests {
    typealias S = HallOfFame.Standing

    /// Eleven players on the cube; the one looking is twelfth by time and second by moves.
    static let fame = HallOfFame(
        figure: "Cube", assist: .solvable,
        byTime: (1...10).map(Self.standing) + [S(rank: 12, name: nil, score: 3725.5, isOwn: true)],
        byMoves: [S(rank: 1, name: "Ann", score: 27), S(rank: 2, name: nil, score: 31, isOwn: true),
                  S(rank: 3, name: "a-very-long-name.20", score: 118)],
        players: 12)

    /// The `rank`th player by time: every third one nameless.
    static func standing(_ rank: Int) -> S {
        let name: String? = rank % 3 == 0 ? nil : "player\(rank)"
        return S(rank: rank, name: name, score: 60 + Double(rank) * 7.25)
    }

    func lines(_ screen: HallOfFameScreen, width: Int = 80, height: Int = 24) -> [String] {
        screen.view(width: width, height: height).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("80x24: both tables side by side, the player's own places marked and reversed, the twelfth below the ten")
    func view() {
        let screen = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(Self.fame)], ownName: nil, isGuest: false)
        let canvas = screen.view(width: 80, height: 24)
        #expect(lines(screen) == [
            " Hall of fame: Cube                                     n: your name  Esc: back",
            " Assist:  off: nobody   fits: nobody   solvable: 12 players",
            "  Best times                             Fewest moves",
            "   1. player1                 1:07.2      1. Ann                         27",
            "   2. player2                 1:14.5    > 2. anonymous                   31",
            "   3. anonymous               1:21.7      3. a-very-long-name.20        118",
            "   4. player4                 1:29.0",
            "   5. player5                 1:36.2",
            "   6. anonymous               1:43.5",
            "   7. player7                 1:50.7",
            "   8. player8                 1:58.0",
            "   9. anonymous               2:05.2",
            "  10. player10                2:12.5",
            "",
            " >12. anonymous            1:02:05.5",
            " You have no name yet and show as anonymous: n chooses one.",
            "", "", "", "", "", "", "",
            " Tab: other assists   Esc: back   n: choose your name",
        ])
        // Own lines are reversed, others not; anonymous players dim.
        #expect(canvas[2, 14].style.reverse && canvas[41, 4].style.reverse)
        #expect(!canvas[2, 3].style.reverse && !canvas[41, 3].style.reverse)
        #expect(canvas[8, 5].style.dim && !canvas[8, 3].style.dim)
    }

    @Test("a figure nobody solved, a table that cannot be read, a guest")
    func emptyFailedGuest() {
        let empty = HallOfFameScreen(figure: "Tower", tables: [.solvable: .success(HallOfFame(figure: "Tower", assist: .solvable))], ownName: "Ann",
                                     isGuest: false)
        #expect(Array(lines(empty)[2...4]) == ["  Best times                             Fewest moves",
                                                "  nobody has solved it yet               nobody has solved it yet", ""])
        #expect(lines(empty)[15] == " You are Ann.")
        #expect(lines(empty)[0].hasSuffix("Tower" + String(repeating: " ", count: 50) + "Esc: back"), "no n once named")
        #expect(lines(empty)[23] == " Tab: other assists   Esc: back")
        let failed = HallOfFameScreen(figure: "Tower", tables: [.solvable: .failure(.init("the disk is full, at /x/soma.db"))],
                                      ownName: nil, isGuest: false)
        #expect(lines(failed)[2] == " The hall of fame cannot be read: the disk is full, at /x/soma.db")
        var guest = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(Self.fame)], ownName: nil, isGuest: true)
        #expect(lines(guest)[15] == " You play as a guest: your solves are not kept here.")
        #expect(guest.handle(.character("n")) == nil)
        #expect(guest.prompt == nil)
        #expect(lines(guest)[23] == " Guests have no name: connect with an SSH key to choose one")
    }

    @Test("n opens the prompt: allowed characters only, at most 20, Enter hands the name over, the answer shows")
    func prompt() {
        var screen = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(Self.fame)], ownName: nil, isGuest: false)
        #expect(screen.handle(.character("n")) == nil)
        #expect(screen.prompt == "")
        #expect(screen.handle(.enter) == nil)
        #expect(lines(screen)[23] == " Type a name first (Esc cancels)")
        for c in " Ann ö/" { _ = screen.handle(.character(c)) }
        #expect(screen.prompt == " Ann ")
        #expect(lines(screen)[23] == " A name may hold letters a-z, digits, spaces, - _ and .")
        #expect(lines(screen)[22] == " Your name (chosen once):  Ann _")
        #expect(screen.handle(.character("q")) == nil, "q is a letter while typing, not quit")
        _ = screen.handle(.backspace)
        #expect(screen.handle(.enter) == .choose("Ann"))
        screen.named(.refused("Ann is another player's name: choose another"), tables: [.solvable: .success(Self.fame)])
        #expect(screen.prompt == " Ann ")
        #expect(lines(screen)[23] == " Ann is another player's name: choose another")
        for _ in 0..<5 { _ = screen.handle(.backspace) }
        for c in "abcdefghijklmnopqrstuvwxyz" { _ = screen.handle(.character(c)) }
        #expect(screen.prompt == "abcdefghijklmnopqrst")
        #expect(lines(screen)[23] == " A name has at most 20 characters")
        #expect(screen.handle(.enter) == .choose("abcdefghijklmnopqrst"))
        var renamed = Self.fame
        renamed.byMoves[1].name = "abcdefghijklmnopqrst"
        screen.named(.accepted("abcdefghijklmnopqrst"), tables: [.solvable: .success(renamed)])
        #expect(screen.prompt == nil && screen.ownName == "abcdefghijklmnopqrst")
        #expect(lines(screen)[4].hasSuffix("> 2. abcdefghijklmnopqrst        31"))
        #expect(lines(screen)[15] == " You are abcdefghijklmnopqrst.")
        #expect(lines(screen)[23] == " You are abcdefghijklmnopqrst in every hall of fame from now on")
        // Chosen once: n says so; Esc (or t, m, q) goes back.
        #expect(screen.handle(.character("n")) == nil)
        #expect(lines(screen)[23] == " Your name is abcdefghijklmnopqrst: it is chosen once and stays")
        #expect(screen.handle(.escape) == .close)
        #expect(screen.handle(.character("t")) == .close)
    }

    @Test("Esc in the prompt closes the prompt, not the screen; the narrowest screen cuts long names")
    func escapeAndNarrow() {
        var screen = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(Self.fame)], ownName: nil, isGuest: false,
                                      prompting: true)
        #expect(screen.prompt == "")
        #expect(screen.handle(.escape) == nil)
        #expect(screen.prompt == nil)
        #expect(screen.handle(.escape) == .close)
        let narrow = lines(screen, width: 60, height: 20)
        #expect(narrow[5] == "   3. anonymous         1:21.7   3. a-very-long-n~       118")
        #expect(narrow[14] == " >12. anonymous      1:02:05.5")
        #expect(narrow[19] == " Tab: other assists   Esc: back   n: choose your name")
    }

    @Test("each assist ranked apart: the screen opens on the game's assist, Tab and the arrows show the others")
    func assists() {
        let off = HallOfFame(figure: "Cube", assist: .off, byTime: [S(rank: 1, name: "Bo", score: 300)],
                             byMoves: [S(rank: 1, name: "Bo", score: 40)], players: 1)
        var screen = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(Self.fame), .off: .success(off),
                                                               .fits: .success(HallOfFame(figure: "Cube", assist: .fits))],
                                      shown: .off, ownName: "Ann", isGuest: false)
        #expect(screen.shown == .off)
        #expect(lines(screen)[1] == " Assist:  off: 1 player   fits: nobody   solvable: 12 players")
        #expect(lines(screen)[3] == "   1. Bo                      5:00.0      1. Bo                          40")
        let canvas = screen.view(width: 80, height: 24)
        #expect(canvas[12, 1].style.reverse && !canvas[50, 1].style.reverse, "the shown assist's tab is reversed")
        #expect(screen.handle(.tab) == nil)
        #expect(screen.shown == .fits)
        #expect(lines(screen)[3] == "  nobody has solved it yet               nobody has solved it yet")
        _ = screen.handle(.right)
        #expect(screen.shown == .solvable)
        #expect(lines(screen)[3] == "   1. player1                 1:07.2      1. Ann                         27")
        _ = screen.handle(.tab)
        #expect(screen.shown == .off, "round")
        _ = screen.handle(.left)
        #expect(screen.shown == .solvable)
        _ = screen.handle(.backTab)
        #expect(screen.shown == .fits)
    }

    @Test("players in a game now are marked with * and a line says what it means; the player's own place is not")
    func playingNow() {
        let fame = HallOfFame(
            figure: "Cube", assist: .solvable,
            byTime: [S(rank: 1, name: "Ann", score: 61, isPlayingNow: true), S(rank: 2, name: nil, score: 70, isPlayingNow: true),
                     S(rank: 3, name: "Bo", score: 75, isOwn: true, isPlayingNow: true), S(rank: 4, name: "Cy", score: 80)],
            byMoves: [S(rank: 1, name: "Cy", score: 27), S(rank: 2, name: "Bo", score: 30, isOwn: true, isPlayingNow: true),
                      S(rank: 3, name: "Ann", score: 31, isPlayingNow: true)],
            players: 4)
        let screen = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(fame)], ownName: "Bo", isGuest: false)
        let canvas = screen.view(width: 80, height: 24)
        #expect(Array(lines(screen)[2...16]) == [
            "  Best times                             Fewest moves",
            " * 1. Ann                     1:01.0      1. Cy                          27",
            " * 2. anonymous               1:10.0    > 2. Bo                          30",
            " > 3. Bo                      1:15.0    * 3. Ann                         31",
            "   4. Cy                      1:20.0",
            "", "", "", "", "", "", "", "",
            " You are Bo.",
            " * playing now",
        ])
        // The mark stands out (green, bold), also on an anonymous player's dim line.
        #expect(canvas[1, 3].style.bold && canvas[1, 3].style.foreground == .index(10))
        #expect(canvas[1, 4].style.foreground == .index(10) && canvas[8, 4].style.dim)
        // Nobody else playing now: no mark, no line (the player's own game is not news to them).
        let alone = HallOfFame(figure: "Cube", assist: .solvable, byTime: [S(rank: 1, name: "Bo", score: 75, isOwn: true, isPlayingNow: true)],
                               byMoves: [S(rank: 1, name: "Bo", score: 30, isOwn: true, isPlayingNow: true)], players: 1)
        let quiet = HallOfFameScreen(figure: "Cube", tables: [.solvable: .success(alone)], ownName: "Bo", isGuest: false)
        #expect(lines(quiet)[15...16] == [" You are Bo.", ""])
        #expect(!lines(quiet).joined().contains("*"))
        // 120x40 draws the same lines, wider.
        #expect(lines(screen, width: 120, height: 40)[3].hasPrefix(" * 1. Ann "))
        #expect(lines(screen, width: 120, height: 40)[16] == " * playing now")
    }

    @Test("times in tenths, cut and not rounded; moves whole")
    func formats() {
        #expect(HallOfFame.time(0) == "0:00.0")
        #expect(HallOfFame.time(75.29) == "1:15.2")
        #expect(HallOfFame.time(0.7) == "0:00.7")
        #expect(HallOfFame.time(3599.99) == "59:59.9")
        #expect(HallOfFame.time(3725.5) == "1:02:05.5")
        #expect(HallOfFame.moves(27) == "27")
        // Issue 36: an answer's score of 1e19 trapped in Int(_:) when `t` drew the table.
        #expect(HallOfFame.moves(1e19) == "-")
        #expect(HallOfFame.moves(-1) == "-")
        #expect(HallOfFame.moves(.nan) == "-")
        #expect(HallOfFame.time(1e19) == "-")
        #expect(HallOfFame.time(.infinity) == "-")
        #expect(HallOfFame.time(359_999.9) == "99:59:59.9")
        #expect(Panels.clock(1e19) == "277777777:46:40")
        #expect(Panels.clock(.nan) == "0:00")
    }

    @Test("t in the figure menu asks for the highlighted figure's hall of fame, n for it with the prompt")
    func menuKeys() throws {
        var menu = FigureMenu(current: "cube")
        let cube = FigureMenu.Entry(try Catalog.entry(named: "cube"))
        #expect(menu.handle(.character("t")) == .hallOfFame(cube, naming: false))
        #expect(menu.handle(.character("n")) == .hallOfFame(cube, naming: true))
        let broken = FigureMenu.Entry(name: "broken.txt", section: "Your figures", problem: "line 2")
        var mine = FigureMenu(entries: [broken])
        #expect(mine.handle(.character("t")) == nil, "a file that cannot be read has no hall of fame")
    }
}
