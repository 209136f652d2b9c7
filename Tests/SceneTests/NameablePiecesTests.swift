import Polycube
import Testing
@testable import Scene

/// Issue 34, round 4: in the issue's position (`SeenAsDrawnTests.issuePosition`) each of the
/// seven pieces can be named from the picture alone, checked on the rendered cells. Without
/// colour at 80x24, the issue's hardest case: every piece shows enough of its fill to be
/// recognised, V's fill is unlike the veil's light shade, the selection's frame carries B's
/// grid rather than swallowing it. In colour: the assist's fit (B's ghost) is in B's own hue,
/// never in a colour nearer another piece's (it was a dark teal, close to A's cyan).
@Suite struct NameablePiecesTests {
    static let nocolor = RenderStyle(glyphs: .shades, colors: .none)

    /// The cells of piece `id` in `canvas`.
    static func cells(of id: Int, in canvas: Canvas) -> [TerminalCell] {
        canvas.cells.filter { if case .piece(id, _, _) = $0.id { true } else { false } }
    }

    /// The issue's position drawn as the game first shows it (view 0).
    static func position(width: Int, height: Int, style: RenderStyle) -> Canvas {
        let model = SeenAsDrawnTests.issuePosition
        return SeenAsDrawnTests.render(model, like: model, width: width, height: height, style: style)
    }

    /// The glyphs of a piece's fill, any light, either cell of the checker.
    static func family(_ piece: Int, unicode: Bool = true) -> Set<Character> {
        let texture = FillTexture.of(.palette(piece))
        return Set((1...3).flatMap { level in [false, true].map { texture.glyph(level: level, unicode: unicode, odd: $0) } })
    }

    @Test("without colour at 80x24 and 120x40 every piece shows its fill in several cells, each its own")
    func everyFillSeen() {
        // At least this many cells of each piece's fill (V L T Z A B P): L, set in the cube
        // behind Z and V, shows least. This camera frames the scene alone; the game's, beside
        // the legend, draws it smaller, and there L shows three cells at 80x24
        // (`PicturesSeenTests`).
        for (width, height, least) in [(80, 24, 5), (120, 40, 12)] {
            let canvas = Self.position(width: width, height: height, style: Self.nocolor)
            for piece in 0..<7 {
                let seen = Self.cells(of: piece, in: canvas).filter { Self.family(piece).contains($0.glyph) }.count
                #expect(seen >= least, "\(width)x\(height): piece \(piece) shows its fill in \(seen) cells")
            }
        }
    }

    /// The kind of shape a fill glyph is, as the eye sorts them at a few cells: a full block,
    /// bars down, bars across, quadrant speckle, a triangle, a round dot, thin box-drawing
    /// lines; an ascii character is a kind of its own.
    static func kind(_ glyph: Character) -> String {
        switch glyph {
        case "█": "solid"
        case "▌", "▐", "▏", "▎", "▍": "bars down"
        case "▁", "▂", "▃", "▄", "▅", "▆", "▇", "▀", "▔": "bars across"
        case "▘", "▝", "▖", "▗", "▚", "▞", "▙", "▛", "▜", "▟": "quadrants"
        case "◢", "◣", "◤", "◥": "triangle"
        case "●", "○", "•": "dot"
        case "░", "▒", "▓": "shade"
        default: glyph.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } == true ? "lines" : String(glyph)
        }
    }

    @Test("without colour, in eight colours and in ascii at 80x24 the seven pieces are drawn in seven kinds of glyph, no two of them quadrant speckle",
          arguments: [NameablePiecesTests.nocolor, RenderStyle(glyphs: .shades, colors: .ansi8), .ascii])
    func sevenKindsOfFill(style: RenderStyle) {
        let canvas = Self.position(width: 80, height: 24, style: style)
        // Each piece's commonest glyph among those that name it (`SeenAsDrawnTests.names`:
        // not an outline, the cage, the veil or a letter), as rendered.
        var kinds: [String] = []
        for piece in 0..<7 {
            var counts: [Character: Int] = [:]
            for cell in Self.cells(of: piece, in: canvas) where SeenAsDrawnTests.names(cell.glyph) { counts[cell.glyph, default: 0] += 1 }
            let commonest = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
            #expect(commonest.map { Self.family(piece, unicode: style.unicode).contains($0.key) } == true,
                    "\(SeenAsDrawnTests.name(style)): piece \(piece) shows \(counts)")
            kinds.append(commonest.map { Self.kind($0.key) } ?? "none")
        }
        // Seven kinds: Z's and A's stripes of quadrants beside P's checker were three speckles
        // told apart only by their letters (round 7, in a real xterm).
        #expect(Set(kinds).count == 7, "\(SeenAsDrawnTests.name(style)): \(kinds)")
    }

    @Test("V's fill is unlike the veil: solid in every light, never a shade a real xterm draws as a stipple")
    func solidUnlikeVeil() {
        #expect(Self.family(0) == ["█"])
        // A dark face is told from a lit one by faintness; the veil is the light shade, faint.
        let canvas = Self.position(width: 120, height: 40, style: Self.nocolor)
        let v = Self.cells(of: 0, in: canvas).filter { Self.family(0).contains($0.glyph) }
        #expect(v.contains { !$0.style.dim } && v.contains(where: \.style.dim), "\(Set(v.map { "\($0.glyph)\($0.style.dim ? " dim" : "")" }))")
        // No glyph of V's fill is a shade: only V's part seen through the figure is `░`.
        #expect(Self.family(0).isDisjoint(with: ["░", "▒", "▓"]))
        // L's bars are half a cell wide in every light, not hairlines.
        #expect(Self.family(1) == ["▌"])
    }

    @Test("without colour and in eight colours the selected piece's frame shows its fill reversed: B reads as a grid, and as selected")
    func frameCarriesTheFill() {
        for style in [Self.nocolor, RenderStyle(glyphs: .shades, colors: .ansi8)] {
            for (width, height) in [(80, 24), (120, 40)] {
                let b = Self.cells(of: 5, in: Self.position(width: width, height: height, style: style))
                let grid = b.filter { $0.glyph == "┼" }
                let framed = grid.filter(\.style.reverse)
                // The frame is still there (reversed cells), and is itself B's grid.
                #expect(!framed.isEmpty, "\(width)x\(height) \(style.colors)")
                // No blank reversed cell: the frame never hides the fill.
                #expect(!b.contains { $0.style.reverse && $0.glyph == " " }, "\(width)x\(height) \(style.colors)")
                // Most of B's cells show the grid (the rest: its letter, seams, the veil behind the figure).
                #expect(grid.count * 4 >= b.count * 3, "\(width)x\(height) \(style.colors): \(grid.count) of \(b.count) cells")
            }
        }
    }

    /// The block-cell styles: 256 colours in half blocks and quadrants, a light background, 16 colours.
    static let colourStyles: [RenderStyle] = {
        var quadrants = RenderStyle.blocks256
        quadrants.cells = .quadrants
        var light = quadrants
        light.theme = .light
        var sixteen = quadrants
        sixteen.colors = .ansi16
        return [.blocks256, quadrants, light, sixteen]
    }()

    @Test("in colour the fit's ghost wears B's own hue, lit in its stripes, never A's colours or B's old dark teal",
          arguments: NameablePiecesTests.colourStyles)
    func ghostInItsOwnHue(style: RenderStyle) {
        func hue(_ piece: Int, _ levels: ClosedRange<Int>) -> Set<TerminalColor> {
            Set(levels.flatMap { level in
                [false, true].map { PiecePalette.terminalColor(.palette(piece), level: level, selected: $0, colors: style.colors) }
            })
        }
        let lit = PiecePalette.terminalColor(.palette(5), level: 3, colors: style.colors)
        // B's darkest shade, the fit's colour before: a dark teal in 256 colours (black in
        // sixteen, where it is also every piece's contact line).
        let teal = PiecePalette.terminalColor(.palette(5), level: 0, colors: style.colors)
        let cyan = hue(4, 0...3).subtracting(hue(5, 0...3))
        for (width, height) in [(80, 24), (120, 40)] {
            let fit = Self.cells(of: 90, in: Self.position(width: width, height: height, style: style))
            let place = "\(SeenAsDrawnTests.name(style)) \(width)x\(height)"
            let shown = fit.flatMap { [$0.style.foreground, $0.style.background] }
            // B's hue in most of the fit's cells, its lit hue (the stripes) in several.
            let inHue = fit.filter { !hue(5, 1...3).isDisjoint(with: [$0.style.foreground, $0.style.background]) }.count
            let stripes = fit.filter { $0.style.foreground == lit || $0.style.background == lit }.count
            #expect(inHue * 2 >= fit.count && stripes >= (width >= 120 ? 12 : 4),
                    "\(place): \(inHue) of \(fit.count) cells in B's hue, \(stripes) lit: \(Set(shown))")
            // Never A's colours, nor B's darkest shade (in 256 colours the teal that read as A's cyan).
            #expect(shown.allSatisfy { !cyan.contains($0) && ($0 != teal || style.colors != .xterm256) }, "\(place): \(Set(shown))")
        }
    }

    @Test("in eight colours the fit's ghost is B's grid in B's hue, faint")
    func ghostInEightColours() {
        let hue = PiecePalette.terminalColor(.palette(5), level: 1, colors: .ansi8)
        for (width, height) in [(80, 24), (120, 40)] {
            let fit = Self.cells(of: 90, in: Self.position(width: width, height: height, style: RenderStyle(glyphs: .shades, colors: .ansi8)))
            let grid = fit.filter { $0.glyph == "┼" }
            #expect(grid.count >= 3 && grid.allSatisfy { $0.style.foreground == hue && $0.style.dim }, "\(width)x\(height): \(grid.count)")
        }
    }
}
