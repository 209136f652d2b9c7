import Polycube
import Testing
@testable import Game

/// The pentomino game's keys moved by the settings (`[pento-keys]`): the moved key acts, the
/// old one is free, the help shows the new one, the capitals that pick up tiles stay put, and
/// the keys stay moved on the next board the menu opens.
@Suite("Pentomino keys remapped")
struct PentominoKeyRemapTests {
    static let remap: [GameKey: GameKey] = [.character("h"): .character("k"), .character("u"): .character("z")]

    func remapped(_ board: Figure = PentominoGameTests.board6x10) throws -> PentominoSession {
        var s = PentominoSession(board: board)
        try s.remapKeys(Self.remap)
        return s
    }

    @Test("k asks for the hint and h no longer does")
    func movedHint() throws {
        var s = try remapped()
        #expect(s.handle(.character("h"), now: 0) == [])
        let effects = s.handle(.character("k"), now: 0)
        #expect(effects.count == 1)
        guard case .computeHint? = effects.first else { Issue.record("no hint asked: \(effects)"); return }
    }

    @Test("z undoes and u no longer does")
    func movedUndo() throws {
        var s = Played(try remapped())   // undo is the midend's
        s.handle(.character("X"), now: 0)
        s.handle(.enter, now: 0)
        let x = s.game.tiles.firstIndex { $0.letter == "X" }!
        #expect(s.game.isOnBoard(x))
        s.handle(.character("u"), now: 0)
        #expect(s.game.isOnBoard(x), "u is free now: the tile stays down")
        s.handle(.character("z"), now: 0)
        #expect(!s.game.isOnBoard(x))
    }

    @Test("the help lists k for the hint and z for undo, and no h or u")
    func helpShowsTheBoundKeys() throws {
        let s = try remapped()
        let text = s.helpView(width: 100, height: 40)
        #expect(text.contains(try Regex(#"│ k +hint "#)), "\(text)")
        #expect(text.contains(try Regex(#"│ z +undo "#)), "\(text)")
        let oldHint = try Regex(#" h +hint "#), oldUndo = try Regex(#" u +undo "#)
        #expect(!text.contains(oldHint) && !text.contains(oldUndo))
        #expect(s.keys.help.map(\.keys).contains("k") && !s.keys.help.map(\.keys).contains("h"))
    }

    @Test("the status lines' reminders name the keys as bound")
    func remindersNameTheBoundKeys() throws {
        var s = PentominoSession(board: PentominoGameTests.board6x10)
        try s.remapKeys([.character("h"): .character("k"), .character("?"): .character("/"),
                         .character("f"): .character("o"), .escape: .character("b")])
        var lines = s.view(width: 100, height: 30, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasSuffix(" / help  q quit"), "\(lines[0])")
        #expect(lines[lines.count - 1].contains("k: hint   s: solution") && !lines[lines.count - 1].contains("h: hint"), "\(lines[lines.count - 1])")
        s.handle(.character("X"), now: 0)
        lines = s.view(width: 100, height: 30, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[lines.count - 1].contains("r/R: turn   o: turn over   Space: put down   b: put back"), "\(lines[lines.count - 1])")
        // Unmoved, they read as they always did.
        let plain = PentominoSession(board: PentominoGameTests.board6x10).view(width: 100, height: 30, now: 0).text
        #expect(plain.contains("F I L N P T U V W X Y Z or Tab: pick up   drag a tile   h: hint   s: solution"))
    }

    @Test("capitals that pick up tiles cannot be moved or taken; R (a turn) can move")
    func capitalsStayPut() throws {
        #expect(throws: KeyRemapError.tileKey(movedFrom: .character("F"), to: .character("k"))) {
            try PentominoKeyMap.tables(tileLetters: PentominoKeyMap.pentominoLetters, remap: [.character("F"): .character("k")])
        }
        // K is no pentomino, but it may be a tile on a board of another set: every capital is kept for tiles.
        #expect(throws: KeyRemapError.tileKey(movedFrom: .character("h"), to: .character("K"))) {
            try PentominoKeyMap.tables(tileLetters: PentominoKeyMap.pentominoLetters, remap: [.character("h"): .character("K")])
        }
        #expect(throws: KeyRemapError.alreadyBound(.character("s"), movedFrom: .character("h"))) {
            try PentominoKeyMap.tables(tileLetters: PentominoKeyMap.pentominoLetters, remap: [.character("h"): .character("s")])
        }
        let turned = try PentominoKeyMap.tables(tileLetters: PentominoKeyMap.pentominoLetters, remap: [.character("R"): .character("<")]).own
        #expect(turned.action(for: .character("<")) == .command(.turn(clockwise: false)))
        #expect(turned.action(for: .character("R")) == nil)
        #expect(turned.help.contains(HelpLine("r/<", "turn right/left")))
        var s = PentominoSession(board: PentominoGameTests.board6x10)
        #expect(throws: KeyRemapError.self) { try s.remapKeys([.character("h"): .character("L")]) }
        #expect(s.handle(.character("h"), now: 0).count == 1, "a refused remapping leaves the keys as they were")
    }

    @Test("the next board the menu opens keeps the moved keys")
    func keptOnTheNextBoard() throws {
        let s = try remapped()
        var next = try #require(s.resuming(try Catalog.figure(named: "5x12"), from: Progress()))
        #expect(next.game.board.name == "5x12 rectangle" || next.game.board.name.hasPrefix("5x12"))
        #expect(next.handle(.character("h"), now: 0) == [])
        #expect(next.handle(.character("k"), now: 0).count == 1)
    }
}
