@testable import Game
import Testing
@testable import Terminal
@testable import App

@Suite("Terminal keys to game keys")
struct GameKeyTests {
    @Test("characters, control letters, Shift-arrows and Shift-Tab")
    func mapping() {
        #expect(KeyPress(.character("q")).gameKey == .character("q"))
        #expect(KeyPress(.character("E"), .shift).gameKey == .character("E"))
        #expect(KeyPress(.character("r"), .control).gameKey == .control("r"))
        #expect(KeyPress(.up).gameKey == .up)
        #expect(KeyPress(.left, .shift).gameKey == .shiftLeft)
        #expect(KeyPress(.tab, .shift).gameKey == .backTab)
        #expect(KeyPress(.pageDown).gameKey == .pageDown)
        #expect(KeyPress(.escape).gameKey == .escape)
    }

    @Test("keys the games do not use map to nothing")
    func unused() {
        #expect(KeyPress(.character("x"), .alt).gameKey == nil)
        #expect(KeyPress(.right, .control).gameKey == nil)
        #expect(KeyPress(.function(1)).gameKey == nil)
        #expect(KeyPress(.delete, .alt).gameKey == nil)
    }

    @Test("Delete is a key of its own (the designer removes with it; the games have no use for it)")
    func delete() {
        #expect(KeyPress(.delete).gameKey == .delete)
    }
}
