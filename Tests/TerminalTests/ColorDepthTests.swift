@testable import Scene
import Testing
@testable import Terminal

@Suite("Colour depth and cell appearance")
struct ColorDepthTests {
    @Test("detection from ncurses' answers")
    func detection() {
        #expect(ColorDepth.detect(hasColors: false, colors: 256) == .none)
        #expect(ColorDepth.detect(hasColors: true, colors: 256) == .full256)
        #expect(ColorDepth.detect(hasColors: true, colors: 16) == .ansi16)
        #expect(ColorDepth.detect(hasColors: true, colors: 8) == .ansi8)
    }

    @Test("256 colours pass through; default stays default")
    func full() {
        #expect(ColorDepth.full256.index(of: .index(208)) == 208)
        #expect(ColorDepth.full256.index(of: .default) == -1)
    }

    @Test("the colour cube and greys fall to the nearest ANSI colour")
    func sixteen() {
        #expect(ColorDepth.ansi16.index(of: .index(196)) == 9)    // pure red -> bright red
        #expect(ColorDepth.ansi16.index(of: .index(21)) == 4)     // pure blue -> blue
        #expect(ColorDepth.ansi16.index(of: .index(232)) == 0)    // darkest grey -> black
        #expect(ColorDepth.ansi16.index(of: .index(255)) == 7)    // lightest grey -> light grey
        #expect(ColorDepth.ansi16.index(of: .index(231)) == 15)   // white -> bright white
        #expect(ColorDepth.ansi16.index(of: .index(3)) == 3)
    }

    @Test("eight colours fold the bright half down")
    func eight() {
        #expect(ColorDepth.ansi8.index(of: .index(9)) == 1)
        #expect(ColorDepth.ansi8.index(of: .index(46)) == 2)      // pure green
    }

    @Test("no colours: every colour is the default")
    func none() {
        #expect(ColorDepth.none.index(of: .index(208)) == -1)
    }

    @Test("without colours a coloured background becomes reverse video")
    func monochromeBackground() {
        let piece = TextStyle(foreground: .index(16), background: .index(208))
        #expect(CellAppearance(piece, depth: .none).reverse)
        #expect(!CellAppearance(piece, depth: .full256).reverse)
        #expect(CellAppearance(TextStyle(reverse: true), depth: .full256).reverse)
        #expect(!CellAppearance(.plain, depth: .none).reverse)
    }

    @Test("colour pairs are numbered on first use and reused")
    func pairs() {
        var table = ColorPairTable(capacity: 2)
        #expect(table.pair(foreground: -1, background: -1) == (0, false))
        #expect(table.pair(foreground: 1, background: -1) == (1, true))
        #expect(table.pair(foreground: 2, background: 3) == (2, true))
        #expect(table.pair(foreground: 1, background: -1) == (1, false))
        #expect(table.pair(foreground: 1, background: -1) == (1, false))   // the same as the last: remembered
        #expect(table.pair(foreground: 2, background: 3) == (2, false))
        #expect(table.pair(foreground: 4, background: 4) == (0, false))   // full: default pair
        #expect(table.pair(foreground: 4, background: 4) == (0, false))
        #expect(table.pair(foreground: 2, background: 3) == (2, false))
        table.reset()
        // The last pair is forgotten with the rest: ncurses must be told it again.
        #expect(table.pair(foreground: 2, background: 3) == (1, true))
        #expect(table.pair(foreground: 4, background: 4) == (2, true))
        #expect(table.pair(foreground: 2, background: 3) == (1, false))
    }

    @Test("pairs of the terminal's own colour and of colours beyond the palette are numbered in one series")
    func pairsBeyondThePalette() {
        var table = ColorPairTable(capacity: 5)
        #expect(table.pair(foreground: -1, background: 255) == (1, true))
        #expect(table.pair(foreground: 255, background: -1) == (2, true))
        #expect(table.pair(foreground: 256, background: 0) == (3, true))   // beyond the palette
        #expect(table.pair(foreground: 0, background: -2) == (4, true))
        #expect(table.pair(foreground: -1, background: 255) == (1, false))
        #expect(table.pair(foreground: 256, background: 0) == (3, false))
        #expect(table.pair(foreground: 255, background: -1) == (2, false))
        #expect(table.pair(foreground: 0, background: -2) == (4, false))
        #expect(table.pair(foreground: 7, background: 7) == (5, true))
        #expect(table.pair(foreground: 300, background: 300) == (0, false))   // full
        #expect(table.pair(foreground: 8, background: 8) == (0, false))
        table.reset()
        #expect(table.pair(foreground: 256, background: 0) == (1, true))
        #expect(table.pair(foreground: 7, background: 7) == (2, true))
    }
}
