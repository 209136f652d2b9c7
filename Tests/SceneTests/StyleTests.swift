import Testing
import Polycube
@testable import Scene

@Suite struct StyleTests {
    @Test func ansiTextEncodesColoursAndResetsAtLineEnds() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("ab", column: 0, row: 0, style: TextStyle(foreground: .index(1)))
        canvas.put("c", column: 2, row: 0, style: TextStyle(foreground: .index(12), background: .index(200), bold: true))
        canvas.put("d", column: 1, row: 1)
        canvas.put(" ", column: 3, row: 1, style: TextStyle(background: .index(8), reverse: true))
        #expect(canvas.ansiText ==
            "\u{1B}[0;31mab\u{1B}[0;1;94;48;5;200mc\u{1B}[0m\n" +
            " d \u{1B}[0;7;100m \u{1B}[0m")
        #expect(canvas.text == "abc\n d")
    }

    @Test func automaticStyleFollowsTheTerminal() {
        #expect(RenderStyle.automatic(colorCount: 256, unicode: true) == RenderStyle(glyphs: .blocks, colors: .xterm256))
        #expect(RenderStyle.automatic(colorCount: 16, unicode: true) == RenderStyle(glyphs: .blocks, colors: .ansi16))
        #expect(RenderStyle.automatic(colorCount: 256, unicode: false) == RenderStyle(glyphs: .ascii, colors: .xterm256))
        #expect(RenderStyle.automatic(colorCount: 8, unicode: true) == RenderStyle(glyphs: .ascii, colors: .ansi16))
        #expect(RenderStyle.automatic(colorCount: 0, unicode: true) == RenderStyle(glyphs: .ascii, colors: .none))
    }

    @Test func thePaletteGivesEveryPieceItsOwnColour() {
        for set in [PieceSet.soma, .pentominoes] {
            let colours = set.pieces.map { PiecePalette.color(for: $0.letter, in: set) }
            #expect(colours == set.pieces.indices.map { PieceColor.palette($0) })
            let lit = colours.map { PiecePalette.terminalColor($0, level: 3, colors: .xterm256) }
            #expect(Set(lit).count == set.pieces.count, "\(set.name)")
        }
        // The seven Soma pieces are told apart in 16 colours too.
        let soma16 = PieceSet.soma.pieces.indices.map {
            PiecePalette.terminalColor(.palette($0), level: 3, colors: .ansi16)
        }
        #expect(Set(soma16).count == 7)
        #expect(PiecePalette.color(for: "Q", in: .soma) == .neutral)
        // Shades darken from lit to edge.
        #expect(PiecePalette.terminalColor(.palette(0), level: 3, colors: .xterm256) == .index(203))
        #expect(PiecePalette.terminalColor(.palette(0), level: 0, colors: .xterm256) == .index(88))
        #expect(PiecePalette.terminalColor(.palette(0), level: 2, colors: .none) == .default)
    }
}
