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
        // Glyphs by the locale, colours by the terminal (issue 13): a UTF-8 terminal with eight
        // colours or none gets Unicode glyph shading, never the ascii art.
        #expect(RenderStyle.automatic(colorCount: 8, unicode: true) == RenderStyle(glyphs: .shades, colors: .ansi8))
        #expect(RenderStyle.automatic(colorCount: 0, unicode: true) == RenderStyle(glyphs: .shades, colors: .none))
        #expect(RenderStyle.automatic(colorCount: 8, unicode: false) == RenderStyle(glyphs: .ascii, colors: .ansi8))
        #expect(RenderStyle.automatic(colors: .none, unicode: false) == RenderStyle(glyphs: .ascii, colors: .none))
    }

    /// Every set, Bedlam's thirteen too, has a colour per piece in both palettes (A and M of
    /// Bedlam were both 203).
    @Test(arguments: PiecePalette.Scheme.allCases)
    func noTwoPiecesOfASetShareAColour(scheme: PiecePalette.Scheme) {
        let bedlam = PieceSet.bedlam
        for set in [PieceSet.soma, .pentominoes, bedlam] {
            let lit = set.pieces.map {
                PiecePalette.terminalColor(PiecePalette.color(for: $0.letter, in: set), level: 3, colors: .xterm256,
                                           scheme: scheme)
            }
            #expect(Set(lit).count == set.pieces.count, "\(set.name)")
        }
        #expect(bedlam.pieces.count == 13)
    }

    /// The colour-blind palette's Soma pieces are Okabe and Ito's seven colours, in the cube.
    @Test func theColourBlindPaletteIsOkabeItos() {
        let lit = (0..<7).map { PiecePalette.terminalColor(.palette($0), level: 3, colors: .xterm256, scheme: .colorblind) }
        // orange 208, sky blue 81, bluish green 36, yellow 227, blue 32, vermilion 166, reddish purple 175
        #expect(lit == [208, 81, 36, 227, 32, 166, 175].map { TerminalColor.index($0) })
    }

    /// Eight colours: one hue per Soma piece, all seven different, none black.
    @Test func eightColoursGiveEachSomaPieceItsHue() {
        let hues = (0..<7).map { PiecePalette.terminalColor(.palette($0), level: 3, colors: .ansi8) }
        #expect(Set(hues).count == 7)
        #expect(!hues.contains(.index(0)))
        #expect(hues.allSatisfy { if case .index(let i) = $0 { i < 8 } else { false } })
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

/// A piece's colours worked out once per frame (`LookTable.PieceHues`) are the palette's.
@Suite struct PieceHuesTests {
    @Test("each level, plain and brightened, is PiecePalette.terminalColor's",
          arguments: [RenderStyle.Colors.none, .ansi8, .ansi16, .xterm256])
    func hues(colors: RenderStyle.Colors) {
        for scheme in PiecePalette.Scheme.allCases {
            for color in [PieceColor.neutral] + (0..<16).map(PieceColor.palette) {
                let hues = LookTable.PieceHues(color, colors: colors, scheme: scheme)
                for level in 0...3 {
                    for selected in [false, true] {
                        #expect(hues.color(level, selected: selected)
                                == PiecePalette.terminalColor(color, level: level, selected: selected, colors: colors, scheme: scheme))
                    }
                }
            }
        }
        // Two distinct hues of the 256-colour cube stay distinct.
        if colors == .xterm256 {
            #expect(LookTable.PieceHues(.palette(0), colors: colors, scheme: .standard).color(3)
                    != LookTable.PieceHues(.palette(1), colors: colors, scheme: .standard).color(3))
        }
    }
}

/// Styles compare field by field (`TextStyle.==` compares them packed into one integer).
@Suite struct TextStyleEqualityTests {
    @Test("every colour and every attribute tells two styles apart, and equal styles hash alike")
    func fields() {
        let colors: [TerminalColor] = [.default, .index(0), .index(1), .index(255)]
        var styles: [TextStyle] = []
        for foreground in colors {
            for background in colors {
                for attributes in 0..<16 {
                    styles.append(TextStyle(foreground: foreground, background: background, bold: attributes & 1 != 0,
                                            dim: attributes & 2 != 0, reverse: attributes & 4 != 0, underline: attributes & 8 != 0))
                }
            }
        }
        for (i, x) in styles.enumerated() {
            for (j, y) in styles.enumerated() {
                #expect((x == y) == (i == j))
            }
            let copy = x
            #expect(copy == x && copy.hashValue == x.hashValue)
        }
        #expect(Set(styles).count == styles.count)
        #expect(TextStyle() == .plain)
        #expect(TextStyle(foreground: .index(0)) != TextStyle(background: .index(0)))
    }
}
