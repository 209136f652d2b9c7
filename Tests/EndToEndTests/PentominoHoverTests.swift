import Foundation
import Testing

/// The tile picked up by a click follows the pointer (issue 24 item 6): soma asks tmux for every
/// motion (mode 1003) only while such a tile is in hand, draws the tile under the pointer as
/// motion reports come (coarse: cells skipped, 8-60 ms apart, one burst), and the click puts it
/// down exactly where it was drawn.
@Suite("soma pento: the tile in hand follows the pointer", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PentominoHoverTests {
    typealias Square = PentominoTests.Square

    /// tmux's any-event flag for the pane: 1 while the program asked for every motion (1003).
    static func tracksAnyMotion(_ tmux: Tmux) throws -> Bool { try tmux.format("#{mouse_all_flag}") == "1" }

    /// Motion with no button held (SGR code 35), 1-based on the wire.
    static func hover(_ tmux: Tmux, to s: Square) throws { try tmux.sendMouse(35, column: s.x + 1, row: s.y + 1) }

    /// Every square of the tile labelled `letter` while it is in hand: `▓▓`/`××` and its label.
    static func held(_ letter: Character, in lines: [[Character]]) -> Set<Square> {
        Set(PentominoTests.inHand(lines) + [PentominoTests.find(letter, in: lines)].compactMap { $0 })
    }

    /// `soma pento 6x10` at 80x24, settled: the screen and the squares of the resting I.
    static func start() throws -> (Tmux, String, [[Character]], [Square]) {
        let stateFile = SomaBinary.temporaryStateFile()
        let tmux = try Tmux(SomaBinary.command(["pento", "6x10", "--state-file", stateFile]), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        let start = try #require(PentominoTests.settled(tmux) { _ in true })
        return (tmux, stateFile, start, try #require(PentominoTests.squares(of: "I", in: start)))
    }

    @Test("click I, move the pointer onto the board with coarse reports: I is drawn under it all the way; the click puts it there")
    func clickedTileFollowsPointer() throws {
        let (tmux, stateFile, start, i) = try Self.start()
        defer { SomaBinary.removeState(stateFile) }
        try #require(i.count == 5, "\(i)")
        #expect(try !Self.tracksAnyMotion(tmux), "no tile in hand: motion only with a button held")
        // The board's top-left square: empty squares are drawn " ." (the cursor `[]` is inside).
        var dots: [Square] = []
        for y in 1..<min(start.count, 23) {
            for x in start[y].indices.dropFirst() where start[y][x] == "." && start[y][x - 1] == " " { dots.append(Square(x - 1, y)) }
        }
        let corner = try #require(dots.min { ($0.y, $0.x) < ($1.y, $1.x) })
        // I lies across; grab its leftmost square and aim it at the board's second row, left edge.
        let grip = try #require(i.min { ($0.x, $0.y) < ($1.x, $1.y) })
        let target = Square(corner.x, corner.y + 1)

        // A click (press and release on the spot) picks I up; soma then asks for every motion.
        try PentominoTests.press(tmux, at: grip)
        try PentominoTests.release(tmux, at: grip)
        #expect(tmux.wait { Self.held("I", in: try PentominoTests.lines(tmux)).count == 5 }, "\((try? tmux.screen()) ?? "")")
        #expect(tmux.wait { try Self.tracksAnyMotion(tmux) }, "a clicked tile in hand turns on any-event tracking")

        // The pointer travels to the target as a terminal reports it: one report per cell it
        // enters, many skipped, 8-60 ms apart, the last two in one burst.
        let dx = target.x - grip.x, dy = target.y - grip.y
        let path = [0.2, 0.45, 0.6, 0.85].map { f in
            Square(grip.x + Int((Double(dx) * f).rounded()), grip.y + Int((Double(dy) * f).rounded()))
        }
        for (k, at) in path.enumerated() {
            try Self.hover(tmux, to: at)
            usleep(UInt32([8, 60, 25, 40][k] * 1000))
        }
        try tmux.send(literal: "\u{1b}[<35;\(target.x);\(target.y + 1)M\u{1b}[<35;\(target.x + 1);\(target.y + 1)M")
        // Drawn under the pointer: the grabbed square on the target, the rest of I as it was
        // around it, before any click.
        let expected = Set(i.map { Square($0.x + dx, $0.y + dy) })
        let shown = PentominoTests.settled(tmux) { Self.held("I", in: $0) == expected }
        #expect(shown != nil, "I in hand at \(expected.sorted { ($0.y, $0.x) < ($1.y, $1.x) }):\n\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("moves 0"), "following the pointer is not a move")

        // The click there puts it down on the squares where it was drawn: one move, nothing in
        // hand, and motion is reported only with a button held again.
        try PentominoTests.press(tmux, at: target)
        try PentominoTests.release(tmux, at: target)
        #expect(tmux.waitForScreen(containing: "1/12 on the board"), "\((try? tmux.screen()) ?? "")")
        let placed = try #require(PentominoTests.settled(tmux) { PentominoTests.inHand($0).isEmpty })
        #expect(Set(PentominoTests.squares(of: "I", in: placed) ?? []) == expected, "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("moves 1"))
        #expect(tmux.wait { try !Self.tracksAnyMotion(tmux) }, "nothing in hand: any-event tracking is off")
        let modes = try tmux.modes()
        #expect(modes == .playing, "back on button-event tracking: \(modes)")

        // Motion with nothing in hand (a terminal may still report some) moves nothing.
        let before = try PentominoTests.picture(tmux)
        try Self.hover(tmux, to: grip)
        try tmux.send(keys: "f")
        #expect(tmux.waitForScreen(containing: "Pick up a tile first"), "\((try? tmux.screen()) ?? "")")
        #expect(try PentominoTests.picture(tmux) == before)
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a key takes the tile over from the pointer: after the arrows, motion no longer moves it")
    func keyTakesOver() throws {
        let (tmux, stateFile, start, i) = try Self.start()
        defer { SomaBinary.removeState(stateFile) }
        let grip = try #require(i.min { ($0.x, $0.y) < ($1.x, $1.y) })
        try PentominoTests.press(tmux, at: grip)
        try PentominoTests.release(tmux, at: grip)
        #expect(tmux.wait { try Self.tracksAnyMotion(tmux) }, "\((try? tmux.screen()) ?? "")")
        // One square toward the board's rows (the cursor roams the board and the tiles around it).
        var dots: [Int] = []
        for y in 1..<min(start.count, 23) where start[y].contains(".") { dots.append(y) }
        let down = grip.y <= (dots.min() ?? 0)
        try tmux.send(keys: down ? "Down" : "Up")
        let moved = Set(i.map { Square($0.x, $0.y + (down ? 1 : -1)) })
        let afterKey = PentominoTests.settled(tmux) { Self.held("I", in: $0) == moved }
        #expect(afterKey != nil, "\((try? tmux.screen()) ?? "")")
        #expect(tmux.wait { try !Self.tracksAnyMotion(tmux) }, "the keys hold the tile now")
        try Self.hover(tmux, to: Square(grip.x - 6, grip.y + 3))
        try tmux.send(keys: down ? "Up" : "Down")
        #expect(PentominoTests.settled(tmux) { Self.held("I", in: $0) == Set(i) } != nil,
                "only the key moved it: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
