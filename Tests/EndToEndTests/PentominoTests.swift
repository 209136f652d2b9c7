import Foundation
import Testing

/// `soma pento` in a real terminal (tmux), driven as a player would: keys, and SGR mouse
/// reports for press, drag and release. The screen is read as text; on an 80x24 terminal the
/// board is drawn compact, each square two columns wide, a tile as `██` with its letter on one
/// square, the tile in hand as `▓▓`.
@Suite("soma pento in a terminal", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PentominoTests {
    /// Starts `soma pento board` with a fresh progress file and waits for the board.
    func start(_ board: String = "6x10") throws -> (Tmux, String) {
        let stateFile = SomaBinary.temporaryStateFile()
        let tmux = try Tmux(SomaBinary.command(["pento", board, "--state-file", stateFile]), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        return (tmux, stateFile)
    }

    // MARK: Keyboard

    @Test("3x20 solved by keyboard alone, from the solver's solution: Solved")
    func keyboardSolve() throws {
        let (tmux, stateFile) = try start("3x20")
        defer { SomaBinary.removeState(stateFile) }
        try Self.typeSolution(of3x20: tmux)
        print("soma pento 3x20, solved by keyboard:\n" + (try tmux.screen()))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // Progress is saved with the Soma progress: started again, the menu lists 3x20 as solved.
        let again = try Tmux(SomaBinary.command(["pento", "3x20", "--state-file", stateFile]), width: 80, height: 24)
        try Self.expectSolved3x20(again)
    }

    @Test("two games on one state folder: one solves 3x20 while the other is open on it; the other quits later; the solve stays")
    func twoGamesOneState() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let arguments = ["pento", "3x20", "--state-dir", state]
        // B opens first and puts a tile down: a position of its own, and an old copy of the records.
        let b = try Tmux(SomaBinary.command(arguments), width: 80, height: 24)
        try #require(b.waitForScreen(containing: "0/12 on the board"), "\((try? b.screen()) ?? "")")
        try b.send(keys: "X", "Enter")
        #expect(b.waitForScreen(containing: "1/12 on the board"), "\((try? b.screen()) ?? "")")
        // A solves the board while B is open, and quits.
        let a = try Tmux(SomaBinary.command(arguments), width: 80, height: 24)
        try #require(a.waitForScreen(containing: "0/12 on the board"), "\((try? a.screen()) ?? "")")
        try Self.typeSolution(of3x20: a)
        try a.send(keys: "q")
        #expect(a.waitForExit() == 0)
        // B quits later, saving its old copy: the solve stays, and B's position is the one kept.
        try b.send(keys: "q")
        #expect(b.waitForExit() == 0)
        let again = try Tmux(SomaBinary.command(arguments), width: 80, height: 24)
        #expect(again.waitForScreen(containing: "1/12 on the board"), "B's position: \((try? again.screen()) ?? "")")
        try Self.expectSolved3x20(again)
    }

    /// Opens the board menu in `tmux` (a game of 3x20 just started), checks that 3x20 is listed
    /// as solved in 12 moves, and quits.
    static func expectSolved3x20(_ tmux: Tmux) throws {
        try #require(tmux.waitForScreen(containing: "/12 on the board"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Pentomino boards"), "\((try? tmux.screen()) ?? "")")
        let line = SomaBinary.menuLine(try tmux.screen(), naming: "3x20") ?? ""
        #expect(line.contains("solved, best") && line.contains(" in 12 moves"), "the solve is recorded: \(line)")
        try tmux.send(keys: "Escape")
        #expect(tmux.waitForScreen(containing: "/12 on the board"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0, "\((try? tmux.screen()) ?? "")")
    }

    /// Solves 3x20 in `tmux` by keys, from the solver's first solution, and waits for Solved.
    static func typeSolution(of3x20 tmux: Tmux) throws {
        let solve = try Tmux.run([SomaBinary.path, "solve", "3x20", "--json", "--limit", "1"])
        try #require(solve.status == 0, "\(solve.error)")
        var pieces = try Self.solutionPieces(solve.output)
        try #require(pieces.count == 12)
        // `soma solve 3x20` stands its board upright (3 wide, 20 tall); the catalog board the
        // game plays lies flat (20 wide). Swapping x and y is a reflection, and tiles may be
        // turned over, so the swapped solution solves the game's board.
        let solved = pieces.flatMap(\.cells)
        if solved.map(\.x).max()! < solved.map(\.y).max()! {
            pieces = pieces.map { SolvedPiece(letter: $0.letter, cells: $0.cells.map { Square($0.y, $0.x) }) }
        }
        // The cursor starts in the middle of the board.
        let board = pieces.flatMap(\.cells)
        var cursor = Square((board.map(\.x).min()! + board.map(\.x).max()!) / 2,
                            (board.map(\.y).min()! + board.map(\.y).max()!) / 2)
        for (n, piece) in pieces.enumerated() {
            let keys = try #require(Self.keys(placing: piece, cursor: &cursor), "\(piece.letter)")
            try tmux.tmux(["send-keys", "-t", tmux.target] + keys)
            // The last tile solves the board: the news then replaces the count.
            #expect(tmux.waitForScreen(containing: n == pieces.count - 1 ? "Solved in " : "\(n + 1)/12 on the board"),
                    "after \(piece.letter) (\(keys.joined(separator: " "))):\n\((try? tmux.screen()) ?? "")")
        }
        #expect(tmux.waitForScreen(containing: "Solved in "), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains(", 12 moves."))
    }

    @Test("m opens the board menu on the board being played; choosing 5x12 plays it; the 6x10 position is kept")
    func boardMenu() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        try tmux.send(keys: "X", "Enter")
        #expect(tmux.waitForScreen(containing: "1/12 on the board"))
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Pentomino boards"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().hasPrefix(" Boards"), "the menu is headed Boards: \((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains(">  6x10"), "the cursor starts on the board being played")
        #expect(try !tmux.screen().contains("cube"), "only boards are listed: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Down")
        #expect(tmux.waitForScreen(containing: ">  5x12"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Enter")
        #expect(tmux.waitForScreen(containing: "5x12 rectangle"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "0/12 on the board"))
        // Back to 6x10 through the menu: the tile put down there is still on the board.
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: ">  5x12"))
        try tmux.send(keys: "Up", "Enter")
        #expect(tmux.waitForScreen(containing: "1/12 on the board"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("undo restores the previous board")
    func undo() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        let before = try Self.picture(tmux)
        try tmux.send(keys: "X", "Enter")
        #expect(tmux.waitForScreen(containing: "1/12 on the board"))
        #expect(try Self.picture(tmux) != before)
        try tmux.send(keys: "u")
        #expect(tmux.waitForScreen(containing: "0/12 on the board"))
        #expect(tmux.wait { try Self.picture(tmux) == before }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "C-r")
        #expect(tmux.waitForScreen(containing: "1/12 on the board"))
    }

    @Test("[pento-keys] in the settings file moves undo to z and the hint to k: the old keys do nothing, help shows the new ones")
    func remappedKeys() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer {
            SomaBinary.removeState(stateFile)
            try? FileManager.default.removeItem(atPath: config)
        }
        try FileManager.default.createDirectory(atPath: config + "/soma", withIntermediateDirectories: true)
        try "[keys]\nh = \"H\"\n\n[pento-keys]\nu = \"z\"\nh = \"k\"\n"
            .write(toFile: config + "/soma/config.toml", atomically: true, encoding: .utf8)
        let tmux = try Tmux("XDG_CONFIG_HOME='\(config)' " + SomaBinary.command(["pento", "6x10", "--state-file", stateFile]),
                            width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("drag a tile   k: hint   s: solution"), "the reminder names k: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "X", "Enter")
        #expect(tmux.waitForScreen(containing: "1/12 on the board"))
        // u, then ? as a marker: once the help is up, u has been read, and the tile is still down.
        try tmux.send(keys: "u", "?")
        #expect(tmux.waitForScreen(containing: "Pentominoes: keys"), "\((try? tmux.screen()) ?? "")")
        let help = try tmux.screen()
        #expect(help.contains("1/12 on the board"), "u no longer undoes: \(help)")
        let lines = help.split(separator: "\n").map(String.init)
        let bound = { (pattern: String) in lines.contains { $0.contains(try! Regex(pattern)) } }
        // An entry begins a row of the box (`│ `) or a column or entry after it (three spaces):
        // undo begins the common keys' section, the hint is in the right column at 80x24.
        #expect(bound("(│|   ) z +undo ") && bound("(│|   ) k +hint "), "help shows the moved keys: \(help)")
        #expect(!bound(" u +undo ") && !bound(" h +hint "), "\(help)")
        try tmux.send(keys: "Space", "z")   // any key closes the help without acting
        #expect(tmux.waitForScreen(containing: "0/12 on the board"), "z undoes: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "k")
        #expect(tmux.waitForScreen(containing: "Hint: "), "k asks for a hint: \((try? tmux.screen()) ?? "")")
        print("soma pento with [pento-keys], after k:\n" + (try tmux.screen()))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("s shows a solution tile by tile until Solved; q saves, and the position comes back")
    func showSolutionAndResume() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        try tmux.send(keys: "s")
        #expect(tmux.waitForScreen(containing: "Showing a solution"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "6/12 on the board"), "tiles go down one at a time")
        #expect(tmux.waitForScreen(containing: "Solved by the solver", timeout: 20), "\((try? tmux.screen()) ?? "")")
        #expect(!(try tmux.screen().contains("┌")), "no box over the solution")
        try tmux.send(keys: "u", "u")
        #expect(tmux.waitForScreen(containing: "10/12 on the board"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        let again = try Tmux(SomaBinary.command(["pento", "6x10", "--state-file", stateFile]), width: 80, height: 24)
        #expect(again.waitForScreen(containing: "10/12 on the board"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    // MARK: The board at 120x40

    @Test("at 120x40 the board fills the window: squares of 4 by 2, one letter per tile (the exact screen)")
    func board120x40() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux(SomaBinary.command(["pento", "6x10", "--state-file", stateFile]), width: 120, height: 40)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        _ = Self.settled(tmux) { _ in true }
        let screen = try tmux.screen()
        print("soma pento 6x10 at 120x40:\n" + screen)
        #expect(screen == Self.board120x40 + "\n", "\(screen)")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("after a refused drop, h replaces 'Doesn't fit there' with the hint; the carried tile sits on the grid")
    func hintAfterRefusal() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux(SomaBinary.command(["pento", "6x10", "--state-file", stateFile]), width: 120, height: 40)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "X")
        #expect(tmux.waitForScreen(containing: "┏"), "the carried tile is framed heavily: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Enter")
        #expect(tmux.waitForScreen(containing: "Doesn't fit there"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "h")
        #expect(tmux.waitForScreen(containing: "where the ghost is"), "\((try? tmux.screen()) ?? "")")
        #expect(try !tmux.screen().contains("Doesn't fit"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    /// What `soma pento 6x10` shows first on a 120x40 terminal.
    static let board120x40 = """
         6x10 rectangle   0/12 on the board   moves 0   0:00                                                     ? help  q quit




                                             ┌───────┐           ┌───────┐
                                             │       │           │       │
                                             └───┐   │       ┌───┘   ┌───┘
                                                 │ Z │       │     F │
                             ┌───────────────┐   │   └───┐   └───┐   │   ┌───────────────────┐
                             │     Y         │   │       │       │   │   │         I         │
                             └───┐   ┌───────┘   └───────┘       └───┘   └───────────────────┘
                                 │   │
                         ┌───┐   └───┘       ┌───┬───┬───┬───┬───┬───┬───┬───┬───┬───┐   ┌───────────────┐
                         │   │               │   │   │   │   │   │   │   │   │   │   │   │     L         │
                     ┌───┘   └───┐           ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤   │   ┌───────────┘
                     │     X     │           │   │   │   │   │   │   │   │   │   │   │   │   │
                     └───┐   ┌───┘           ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤   └───┘   ┌───────┐
                         │   │               │   │   │   │   │   │   │   │   │   │   │           │       │
                         └───┘               ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤           └───┐   └───────┐
                                             │   │   │   │   │[ ]│   │   │   │   │   │               │ N         │
                         ┌───┐               ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤               └───────────┘
                         │   │               │   │   │   │   │   │   │   │   │   │   │
                         │   └───┐           ├───┼───┼───┼───┼───┼───┼───┼───┼───┼───┤       ┌───────┐
                         │     W │           │   │   │   │   │   │   │   │   │   │   │       │       │
                         └───┐   └───┐       └───┴───┴───┴───┴───┴───┴───┴───┴───┴───┘       │       │
                             │       │                                                       │ P     │
                             └───────┘   ┌───┐                               ┌───────────┐   │   ┌───┘
                                         │   │                               │           │   │   │
                                         │   │               ┌───┐   ┌───┐   └───┐   ┌───┘   └───┘
                                         │ V │               │   │   │   │       │ T │
                                         │   └───────┐       │   └───┘   │       │   │
                                         │           │       │     U     │       │   │
                                         └───────────┘       └───────────┘       └───┘





         F I L N P T U V W X Y Z or Tab: pick up   drag a tile   h: hint   s: solution
        """

    // MARK: Mouse

    @Test("a drag that starts on an empty corner of a tile's bounding box does not pick it up")
    func boundingBoxCorner() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        let screen = try Self.lines(tmux)
        let v = try #require(Self.squares(of: "V", in: screen))
        try #require(v.count == 5)
        let (cols, rows) = (v.map(\.x), v.map(\.y))
        let corners = [Square(cols.min()!, rows.min()!), Square(cols.max()!, rows.min()!),
                       Square(cols.min()!, rows.max()!), Square(cols.max()!, rows.max()!)]
        let empty = try #require(corners.first { !v.contains($0) })
        let before = try Self.picture(tmux)
        try Self.drag(tmux, from: empty, by: [Square(2, 0), Square(4, 1), Square(6, 2)])
        // Nothing moved and nothing is in hand (f, turn over, says so once the drag is handled).
        try tmux.send(keys: "f")
        #expect(tmux.waitForScreen(containing: "Pick up a tile first"), "\((try? tmux.screen()) ?? "")")
        #expect(try Self.picture(tmux) == before)
        #expect(try tmux.screen().contains("moves 0"))
        // The same drag from one of V's own squares does lift it (the corner was the only difference).
        try Self.press(tmux, at: v[0])
        try Self.move(tmux, to: Square(v[0].x + 2, v[0].y))
        #expect(tmux.wait { !Self.inHand(try Self.lines(tmux)).isEmpty }, "\((try? tmux.screen()) ?? "")")
        try Self.release(tmux, at: Square(v[0].x + 2, v[0].y))
    }

    @Test("an illegal drop returns the tile where it came from, with a visible cue")
    func illegalDrop() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        let before = try Self.picture(tmux)
        let screen = try Self.lines(tmux)
        let i = try #require(Self.squares(of: "I", in: screen))
        // Carry the I a little way (still beside the board, so not wholly on it) and let go.
        try Self.drag(tmux, from: i[0], by: [Square(2, 0), Square(4, 0), Square(4, 1)])
        #expect(tmux.waitForScreen(containing: "back where it came from"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("<>"), "the returned tile is marked")
        #expect(try tmux.screen().contains("moves 0"))
        // The cue lasts until the next command; then every tile is exactly where it was before
        // (the keyboard cursor, `[]`, stays where the pointer let go: issue 24).
        func tiles(_ picture: String) -> [Substring] {
            picture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)]
            }
        }
        try tmux.send(keys: "Left", "Right")
        #expect(tmux.wait { tiles(try Self.picture(tmux)) == tiles(before) }, "\((try? tmux.screen()) ?? "")")
        // A new action replaces the old message: h after the refusal says the hint.
        try Self.drag(tmux, from: i[0], by: [Square(2, 0), Square(4, 0), Square(4, 1)])
        #expect(tmux.waitForScreen(containing: "back where it came from"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "h")
        #expect(tmux.waitForScreen(containing: "where the ghost is"), "\((try? tmux.screen()) ?? "")")
        #expect(try !tmux.screen().contains("back where it came from"), "\((try? tmux.screen()) ?? "")")
    }

    @Test("Space while dragging turns the tile without moving it")
    func tapWhileDragging() throws {
        let (tmux, stateFile) = try start()
        defer { SomaBinary.removeState(stateFile) }
        let lines = try Self.lines(tmux)
        let t = try #require(Self.squares(of: "T", in: lines))
        let grip = try #require(t.first { Self.label(at: $0, in: lines) == nil })
        try Self.press(tmux, at: grip)
        var at = grip
        for step in 1...3 {
            at = Square(grip.x + 2 * step, grip.y)
            try Self.move(tmux, to: at)
        }
        // In hand: four squares drawn ▓▓ (×× where it cannot go down) and the labelled one.
        let carried = try #require(Self.settled(tmux) { Self.inHand($0).count == 4 }, "\((try? tmux.screen()) ?? "")")
        let held = Self.inHand(carried)
        let heldLabel = try #require(Self.find("T", in: carried))
        try tmux.send(keys: "Space")
        let after = try #require(Self.settled(tmux) { Self.inHand($0).count == 4 && Set(Self.inHand($0)) != Set(held) },
                                 "\((try? tmux.screen()) ?? "")")
        let turned = Self.inHand(after)
        // Turned: the new squares are the old ones a quarter turn about the labelled square,
        // which has not moved.
        let turnedLabel = try #require(Self.find("T", in: after))
        #expect(turnedLabel == heldLabel)
        let all = Set(held + [heldLabel]), now = Set(turned + [turnedLabel])
        #expect(Self.normalised(now) == Self.normalised(Set(all.map { Self.quarterTurn($0) }))
                || Self.normalised(now) == Self.normalised(Set(all.map { Self.quarterTurn(Self.quarterTurn(Self.quarterTurn($0))) })),
                "held \(all.sorted { ($0.y, $0.x) < ($1.y, $1.x) }), turned \(now.sorted { ($0.y, $0.x) < ($1.y, $1.x) })\n\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("moves 0"))
        try Self.release(tmux, at: at)
    }

    // MARK: Screen reading

    /// A square on screen: `x` its first column (0-based), `y` its row (0-based); or a board
    /// cell, with y up, in the solver's coordinates.
    struct Square: Hashable, CustomStringConvertible {
        var x: Int
        var y: Int
        init(_ x: Int, _ y: Int) { self.x = x; self.y = y }
        var description: String { "(\(x), \(y))" }
    }

    static func lines(_ tmux: Tmux) throws -> [[Character]] {
        try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    }

    /// The screen once it satisfies `condition` and has stopped changing (the same on two polls
    /// in a row): a capture can land between the first and last cell of a frame being drawn, or
    /// before the last of a burst of mouse reports is handled. Nil on timeout.
    static func settled(_ tmux: Tmux, _ condition: ([[Character]]) -> Bool) -> [[Character]]? {
        var last: [[Character]]?
        var result: [[Character]]?
        tmux.wait {
            let now = try lines(tmux)
            defer { last = now }
            if now == last && condition(now) { result = now }
            return result != nil
        }
        return result
    }

    /// The tiles in the picture between the status line and the feedback line: the board's
    /// empty squares (`.`) and the keyboard cursor (`[]`) blanked, since a click moves the cursor.
    static func picture(_ tmux: Tmux) throws -> String {
        let lines = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines.dropFirst().prefix(22).joined(separator: "\n").map { "[].".contains($0) ? " " : $0 })
    }

    static func glyph(_ lines: [[Character]], _ s: Square) -> Character? {
        guard s.y >= 1, s.y < min(lines.count, 23), s.x >= 0, s.x < lines[s.y].count else { return nil }
        return lines[s.y][s.x]
    }

    /// The letter drawn on a square, if it is a tile's labelled square.
    static func label(at s: Square, in lines: [[Character]]) -> Character? {
        guard let g = glyph(lines, s), g.isUppercase, g.isLetter else { return nil }
        return g
    }

    /// The squares of the resting tile labelled `letter`: the square holding the letter and
    /// every square joined to it drawn as a tile (resting tiles lie apart around the board).
    static func squares(of letter: Character, in lines: [[Character]]) -> [Square]? {
        guard let start = find(letter, in: lines) else { return nil }
        var seen: Set<Square> = [start], todo = [start], out: [Square] = []
        while let s = todo.popLast() {
            out.append(s)
            for n in [Square(s.x + 2, s.y), Square(s.x - 2, s.y), Square(s.x, s.y + 1), Square(s.x, s.y - 1)]
            where !seen.contains(n) {
                seen.insert(n)
                if let g = glyph(lines, n), g == "█" || g == letter { todo.append(n) }
            }
        }
        return out.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Where `letter` is drawn in the picture as a label (followed by a blank).
    static func find(_ letter: Character, in lines: [[Character]]) -> Square? {
        for y in 1..<min(lines.count, 23) {
            for x in lines[y].indices where lines[y][x] == letter && (x + 1 >= lines[y].count || lines[y][x + 1] == " ") {
                return Square(x, y)
            }
        }
        return nil
    }

    /// The unlabelled squares of the tile in hand: `▓▓`, or `××` where it could not go down.
    static func inHand(_ lines: [[Character]]) -> [Square] {
        squares(glyph: "▓", in: lines) + squares(glyph: "×", in: lines)
    }

    /// Squares drawn with `glyph`.
    static func squares(glyph: Character, in lines: [[Character]]) -> [Square] {
        var out: [Square] = []
        for y in 1..<min(lines.count, 23) {
            var x = 0
            while x + 1 < lines[y].count {
                if lines[y][x] == glyph && lines[y][x + 1] == glyph { out.append(Square(x, y)); x += 2 } else { x += 1 }
            }
        }
        return out
    }

    /// A quarter turn on screen, in square units (2 columns, 1 row): the direction does not
    /// matter for comparing shapes up to translation, only that it is a quarter turn.
    static func quarterTurn(_ s: Square) -> Square { Square(-s.y * 2, s.x / 2) }

    static func normalised(_ squares: Set<Square>) -> Set<Square> {
        let (x0, y0) = (squares.map(\.x).min() ?? 0, squares.map(\.y).min() ?? 0)
        return Set(squares.map { Square($0.x - x0, $0.y - y0) })
    }

    // MARK: Mouse reports (SGR, 1-based)

    static func press(_ tmux: Tmux, at s: Square) throws { try tmux.sendMouse(0, column: s.x + 1, row: s.y + 1) }
    static func move(_ tmux: Tmux, to s: Square) throws { try tmux.sendMouse(32, column: s.x + 1, row: s.y + 1) }
    static func release(_ tmux: Tmux, at s: Square) throws { try tmux.sendMouse(0, column: s.x + 1, row: s.y + 1, final: "m") }

    /// Press at `start`, move through `start + offsets`, release at the last one.
    static func drag(_ tmux: Tmux, from start: Square, by offsets: [Square]) throws {
        try press(tmux, at: start)
        var last = start
        for o in offsets {
            last = Square(start.x + o.x, start.y + o.y)
            try move(tmux, to: last)
        }
        try release(tmux, at: last)
    }

    // MARK: Planning keyboard play from a solution

    struct SolvedPiece {
        var letter: Character
        var cells: [Square]
    }

    /// The pieces of the first solution in `soma solve --json` output.
    static func solutionPieces(_ json: String) throws -> [SolvedPiece] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        guard let solutions = object?["solutions"] as? [[[String: Any]]], let first = solutions.first else {
            throw HarnessError("no solution in \(json)")
        }
        return try first.map { piece in
            guard let letter = (piece["piece"] as? String)?.first, let cells = piece["cells"] as? [[Int]] else {
                throw HarnessError("bad piece \(piece)")
            }
            return SolvedPiece(letter: letter, cells: cells.map { Square($0[0], $0[1]) })
        }
    }

    /// The twelve pentominoes as the game first shows them (rows top first), which is how
    /// they are turned from: `f` mirrors x, `r` turns a quarter clockwise.
    static let shapes: [Character: [String]] = [
        "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."], "N": ["##..", ".###"],
        "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"], "V": ["#..", "#..", "###"],
        "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."], "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
    ]

    /// The keys (`f` then some `r`) that turn `letter` from how it starts into the shape of `cells`.
    static func keysToTurn(_ letter: Character, into cells: [Square]) -> [String]? {
        guard let rows = shapes[letter] else { return nil }
        var start: [Square] = []
        for (r, row) in rows.enumerated() {
            for (x, ch) in row.enumerated() where ch == "#" { start.append(Square(x, rows.count - 1 - r)) }
        }
        let goal = normalisedCells(cells)
        for flip in [false, true] {
            var shape = flip ? start.map { Square(-$0.x, $0.y) } : start
            for k in 0..<4 {
                if normalisedCells(shape) == goal { return (flip ? ["f"] : []) + Array(repeating: "r", count: k) }
                shape = shape.map { Square($0.y, -$0.x) }   // clockwise, y up
            }
        }
        return nil
    }

    static func normalisedCells(_ cells: [Square]) -> Set<Square> {
        let (x0, y0) = (cells.map(\.x).min() ?? 0, cells.map(\.y).min() ?? 0)
        return Set(cells.map { Square($0.x - x0, $0.y - y0) })
    }

    /// The square a tile in hand hangs from (the game's rule): nearest its centre, the topmost
    /// then leftmost of equals.
    /// The keys that pick `piece` up by its letter, turn it, carry it from `cursor` (then
    /// where it went down) and put it down; nil for a letter `shapes` does not know.
    static func keys(placing piece: SolvedPiece, cursor: inout Square) -> [String]? {
        guard let turns = keysToTurn(piece.letter, into: piece.cells) else { return nil }
        let target = anchor(of: piece.cells)
        var keys = [String(piece.letter)] + turns
        keys += Array(repeating: target.x > cursor.x ? "Right" : "Left", count: abs(target.x - cursor.x))
        keys += Array(repeating: target.y > cursor.y ? "Up" : "Down", count: abs(target.y - cursor.y))
        keys.append("Enter")
        cursor = target
        return keys
    }

    static func anchor(of cells: [Square]) -> Square {
        let n = Double(cells.count)
        let cx = Double(cells.map(\.x).reduce(0, +)) / n, cy = Double(cells.map(\.y).reduce(0, +)) / n
        func d(_ c: Square) -> Double { (Double(c.x) - cx) * (Double(c.x) - cx) + (Double(c.y) - cy) * (Double(c.y) - cy) }
        return cells.min { a, b in
            let (da, db) = (d(a), d(b))
            if abs(da - db) > 1e-9 { return da < db }
            return a.y != b.y ? a.y > b.y : a.x < b.x
        }!
    }
}
