import Polycube
@testable import Scene
import Testing
@testable import Game

/// Every key line of the help overlay (`?`) does what its text says: each key is pressed in a
/// position where its documented action can be seen, and the resulting state is checked
/// against that action, worked out here from the lattice (not with the code under test).
@Suite("Soma help keys")
struct SomaHelpKeysTests {
    /// Piece 1 (V) selected: lying on the floor, beside the figure.
    static func selected() -> SomaSession {
        var s = SomaSession(figure: Fixtures.cube)
        s.handle(.character("1"), now: 0)
        return s
    }

    /// Piece 1 selected and raised one level: free to move and turn every way.
    static func raised() -> SomaSession {
        var s = selected()
        s.handle(.pageUp, now: 0)
        return s
    }

    /// The session after `key`, pressed as a player does: through the midend, which carries
    /// out the common keys (undo, reset, help...).
    static func press(_ key: GameKey, on start: SomaSession) -> (SomaSession, [GameEffect]) {
        var s = Played(start)
        let effects = s.handle(key, now: 1)
        return (s.screen, effects)
    }

    /// The lattice step piece 0 made from `a` to `b`, if it moved without turning.
    static func step(_ a: SomaSession, _ b: SomaSession) -> Cell? {
        let before = a.game.cells(ofPiece: 0), after = b.game.cells(ofPiece: 0)
        let d = after[0] - before[0]
        return zip(before, after).allSatisfy { $1 - $0 == d } && d != .origin ? d : nil
    }

    /// The quarter turns (axis, count in 1...3) that take piece 0's shape in `a` to its shape in `b`.
    static func turns(_ a: SomaSession, _ b: SomaSession) -> [(Axis, Int)] {
        let before = a.game.cells(ofPiece: 0), after = Shape(b.game.cells(ofPiece: 0))
        return Axis.allCases.flatMap { axis in
            (1...3).compactMap { n in Shape(before.map(axis.rotation(quarterTurns: n).apply)) == after ? (axis, n) : nil }
        }
    }

    static func isUnitHorizontal(_ c: Cell?) -> Bool {
        guard let c else { return false }
        return c.z == 0 && abs(c.x) + abs(c.y) == 1
    }

    @Test("every key line of the help is checked below; the rest are mouse gestures")
    func coverage() {
        let checked: Set<String> = ["Tab/S-Tab", "1-9", "arrows", "PgUp/PgDn", "w/s", "a/d", "e/E", "Space/Enter", "c/C/p", "h/j",
                                    "u/Backspace", "U/^R/^Y", "R", "Esc", "l", "Shift-arrows", "+=/-_", "0/Home", "m", "t/n", "W", "?", "q"]
        #expect(Set(SomaKeyMap.table.keyLines.map(\.label) + SomaKeyMap.common.table.keyLines.map(\.label)) == checked)
        #expect(SomaKeyMap.table.gestureLines.map(\.keys) == ["drag piece", "drag space", "flick up/down", "flick sideways", "click", "click plan",
                                                              "double-click", "wheel", "shake space"])
    }

    @Test("Tab/S-Tab: next/previous piece (wrapping)")
    func tab() {
        #expect(Self.press(.tab, on: Self.selected()).0.game.selection == 1)
        #expect(Self.press(.backTab, on: Self.selected()).0.game.selection == 0 + 6)
    }

    @Test("1-9: select piece by its number; the cube has seven, so 8 and 9 are refused")
    func digits() {
        for n in 1...7 {
            #expect(Self.press(.character(Character(String(n))), on: SomaSession(figure: Fixtures.cube)).0.game.selection == n - 1)
        }
        for n in [8, 9] {
            let (s, _) = Self.press(.character(Character(String(n))), on: SomaSession(figure: Fixtures.cube))
            #expect(s.game.selection == nil)
            #expect(s.game.feedback == .refused(.noSuchPiece))
        }
    }

    @Test("arrows: move one cell on its layer; opposite arrows opposite steps, up and right across")
    func arrows() throws {
        let start = Self.raised()
        let steps = [GameKey.up, .down, .left, .right].map { Self.step(start, Self.press($0, on: start).0) }
        for s in steps { #expect(Self.isUnitHorizontal(s)) }
        let (up, down, left, right) = (try #require(steps[0]), try #require(steps[1]), try #require(steps[2]), try #require(steps[3]))
        #expect(up + down == .origin && left + right == .origin)
        #expect(up.x * right.x + up.y * right.y == 0)
    }

    @Test("PgUp/PgDn: move up/down one level")
    func pageKeys() {
        let start = Self.raised()
        #expect(Self.step(start, Self.press(.pageUp, on: start).0) == Cell(0, 0, 1))
        #expect(Self.step(start, Self.press(.pageDown, on: start).0) == Cell(0, 0, -1))
    }

    @Test("w/s: tumble away/toward: a quarter turn about a horizontal axis, each undoing the other")
    func tumble() {
        let start = Self.raised()
        let (w, _) = Self.press(.character("w"), on: start)
        #expect(Self.turns(start, w).contains { $0.0 != .z })
        #expect(!Self.turns(start, w).contains { $0.0 == .z })
        #expect(Self.press(.character("s"), on: w).0.game.poses == start.game.poses)
    }

    @Test("the help names each flick direction, and each flick turns the piece as the key of the same words does")
    func flickDirections() {
        let help = Self.selected().helpLines
        #expect(help.contains(HelpLine("flick up/down", "tip away/toward you")))
        #expect(help.contains(HelpLine("flick sideways", "turn left/right")))
        #expect(help.contains(HelpLine("w/s", "tip away/toward you")))
        #expect(help.contains(HelpLine("a/d", "turn left/right (upright)")))
        // flick down: tip toward you (s); up: away (w); left/right: a/d. Same shape, as seen.
        let start = Self.raised()
        let pairs: [(ScreenDirection, Character)] = [(.down, "s"), (.up, "w"), (.left, "a"), (.right, "d")]
        var shapes: [Shape] = []
        for (direction, key) in pairs {
            var flicked = Played(start)   // undo is the midend's
            flicked.apply(SomaPointer.flick(piece: 0, direction), now: 1)
            let (keyed, _) = Self.press(.character(key), on: start)
            let shape = Shape(flicked.game.cells(ofPiece: 0))
            #expect(shape == Shape(keyed.game.cells(ofPiece: 0)), "flick \(direction) turns as \(key) does")
            #expect(shape != Shape(start.game.cells(ofPiece: 0)))
            #expect(flicked.game.moves == keyed.game.moves, "a flick counts as the key does")
            flicked.handle(.character("u"), now: 2)
            #expect(flicked.game.poses == start.game.poses, "one undo takes the flick back")
            shapes.append(shape)
        }
        #expect(Set(shapes).count == 4, "four directions, four different turns")
    }

    @Test("a/d: turn left/right: a quarter turn about the vertical (the screen's vertical axis), each undoing the other")
    func turnLeftRight() {
        let start = Self.raised()
        let (a, _) = Self.press(.character("a"), on: start)
        let (d, _) = Self.press(.character("d"), on: start)
        #expect(Self.turns(start, a).contains { $0.0 == .z && $0.1 != 2 })
        #expect(Self.turns(start, d).contains { $0.0 == .z && $0.1 != 2 })
        #expect(a.game.poses != d.game.poses)
        #expect(Self.press(.character("d"), on: a).0.game.poses == start.game.poses)
    }

    @Test("e/E: turn as seen, ccw/cw: looking straight down, e is a quarter turn anticlockwise about the vertical")
    func turnAsSeen() {
        var start = Self.raised()
        for _ in 0..<4 { start.handle(.shiftDown, now: 0) }   // the view from above
        #expect(start.viewpoint.camera.pitch == Camera.pitchLimit)
        let (e, _) = Self.press(.character("e"), on: start)
        let (shiftE, _) = Self.press(.character("E"), on: start)
        #expect(Self.turns(start, e).contains { $0 == (.z, 1) })
        #expect(Self.turns(start, shiftE).contains { $0 == (.z, 3) })
        #expect(Self.press(.character("E"), on: e).0.game.poses == start.game.poses)
    }

    @Test("Space/Enter: drop: the raised piece falls back to the floor")
    func drop() {
        for key: GameKey in [.character(" "), .enter] {
            #expect(Self.step(Self.raised(), Self.press(key, on: Self.raised()).0) == Cell(0, 0, -1))
        }
    }

    @Test("c/C: with the assist on, the ghost goes to the next / previous of all the piece's fits; C undoes c")
    func cycleFits() throws {
        var s = SomaSession(figure: Fixtures.cube)
        s.assist = .fits
        s.handle(.character("1"), now: 0)
        let first = try #require(s.game.ghost)
        let v = s.game.pieces[0].shape
        s.handle(.character("c"), now: 0)
        let next = try #require(s.game.ghost)
        #expect(next != first)
        // The cycle goes through every fit of V (no one cell's), and both fit the empty cube.
        #expect(s.game.fitCycle?.cell == nil && s.game.fitCycle?.order.count == s.game.fits?.count)
        #expect(next.cells(of: v).allSatisfy(Set(Fixtures.cube.cells).contains))
        s.handle(.character("C"), now: 0)
        #expect(s.game.ghost == first)
        #expect(s.game.moves == 0, "cycling moves no piece")
        // With the assist off the keys do nothing.
        var off = SomaSession(figure: Fixtures.cube)
        off.handle(.character("1"), now: 0)
        let before = off.game
        off.handle(.character("c"), now: 0)
        #expect(off.game.poses == before.poses && off.game.ghost == nil)
    }

    @Test("h: hint: the solver is asked about the position, the player told it is thinking")
    func hint() {
        let start = Self.raised()
        let (s, effects) = Self.press(.character("h"), on: start)
        #expect(effects == [.computeHint(start.game.hintRequest()!)])
        #expect(s.game.feedback == .note("Thinking..."))
    }

    @Test("u/Backspace: undo the last move")
    func undo() {
        for key: GameKey in [.character("u"), .backspace] {
            var s = Played(Self.selected())
            s.handle(.pageUp, now: 0)
            s.handle(key, now: 1)
            #expect(s.game.poses == Self.selected().game.poses)
            #expect(s.midend.canRedo)
        }
    }

    @Test("U/^R/^Y: redo what was undone")
    func redo() {
        var undone = Played(Self.selected())
        undone.handle(.pageUp, now: 0)
        undone.handle(.character("u"), now: 0)
        #expect(undone.game.poses == Self.selected().game.poses)
        for key: GameKey in [.character("U"), .control("r"), .control("y")] {
            var s = undone
            s.handle(key, now: 1)
            #expect(s.game.poses == Self.raised().game.poses, "\(key)")
        }
    }

    @Test("R: reset pieces: everything back to the start layout")
    func reset() {
        #expect(Self.press(.character("R"), on: Self.raised()).0.game.poses == SomaSession(figure: Fixtures.cube).game.poses)
    }

    @Test("Esc: deselect (or first hide a hint: see HintStaysTests)")
    func escape() {
        #expect(Self.press(.escape, on: Self.raised()).0.game.selection == nil)
    }

    /// The letters written on pieces in a view: (letter, piece index) of each bold letter cell.
    static func letters(_ s: SomaSession, width: Int = 120, height: Int = 40) -> [String] {
        let canvas = s.view(width: width, height: height, now: 0)
        let picture = SomaSession.pictureArea(width: width, height: height)
        var found: [String] = []
        for row in picture.row..<(picture.row + picture.height) {
            for column in picture.column..<(picture.column + picture.width) {
                let cell = canvas[column, row]
                if case let .piece(piece, _, _) = cell.id, cell.glyph.isLetter, cell.style.bold {
                    found.append("\(cell.glyph)\(piece)")
                }
            }
        }
        return found.sorted()
    }

    @Test("l: letters on all pieces; without it only the selected piece's letter is written on it")
    func letters() {
        #expect(Self.letters(SomaSession(figure: Fixtures.cube)) == [])
        #expect(Self.letters(Self.selected()) == ["V0"])
        let (all, effects) = Self.press(.character("l"), on: Self.selected())
        #expect(effects.isEmpty && all.showsLetters)
        #expect(Self.letters(all) == ["A4", "B5", "L1", "P6", "T2", "V0", "Z3"])
        #expect(Self.letters(all, width: 80, height: 24) == ["A4", "B5", "L1", "P6", "T2", "V0", "Z3"])
        #expect(!Self.press(.character("l"), on: all).0.showsLetters)
    }

    @Test("Shift-arrows: orbit the view 15 degrees, pieces untouched; opposite keys undo each other")
    func orbit() {
        let start = Self.raised()
        let (left, _) = Self.press(.shiftLeft, on: start)
        let (up, _) = Self.press(.shiftUp, on: start)
        #expect(left.game == start.game && up.game == start.game)
        #expect(abs(left.viewpoint.camera.yaw - start.viewpoint.camera.yaw - 15 * .pi / 180) < 1e-9)
        #expect(abs(start.viewpoint.camera.pitch - up.viewpoint.camera.pitch - 15 * .pi / 180) < 1e-9)
        #expect(Self.press(.shiftRight, on: left).0.viewpoint.camera.yaw == start.viewpoint.camera.yaw)
        #expect(Self.press(.shiftDown, on: up).0.viewpoint.camera.pitch == start.viewpoint.camera.pitch)
    }

    @Test("+=/-_: zoom in/out by a quarter")
    func zoom() {
        let start = Self.raised(), zoom = start.viewpoint.camera.zoom
        for key: GameKey in [.character("+"), .character("=")] {
            #expect(abs(Self.press(key, on: start).0.viewpoint.camera.zoom - zoom * 1.25) < 1e-9)
        }
        for key: GameKey in [.character("-"), .character("_")] {
            #expect(abs(Self.press(key, on: start).0.viewpoint.camera.zoom - zoom * 0.8) < 1e-9)
        }
    }

    @Test("0/Home: reset the view after orbiting and zooming")
    func resetView() {
        var moved = Self.raised()
        moved.handle(.shiftLeft, now: 0)
        moved.handle(.character("+"), now: 0)
        for key: GameKey in [.character("0"), .home] {
            #expect(Self.press(key, on: moved).0.viewpoint == Self.raised().viewpoint)
        }
    }

    @Test("m: figures (the menu), t/n/W: fame/name/let watch, ?: this help, q: quit")
    func programKeys() {
        let common = Self.raised().facts.commonKeys
        #expect(common.command(for: .character("m")) == .menu)
        #expect(common.command(for: .character("t")) == .fame(naming: false))
        #expect(common.command(for: .character("n")) == .fame(naming: true))
        #expect(Self.press(.character("W"), on: Self.raised()).1 == [.toggleWatching])
        var s = Played(Self.raised())
        #expect(s.handle(.character("?"), now: 1) == [] && s.midend.showsHelp)
        s.handle(.escape, now: 1)
        #expect(s.handle(.character("q"), now: 1) == [.quit])
        #expect(s.game.poses == Self.raised().game.poses, "none of them moves a piece")
    }
}
