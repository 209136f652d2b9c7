import Testing
import Polycube
@testable import Scene

/// The quadrant and sextant cells (issue 25): per cell the glyph and two colours that match its
/// samples best, and pictures in them that keep one hit id per cell.
@Suite struct BlockEncoderTests {
    let quadrants = BlockEncoder(cells: .quadrants, theme: .dark)
    let red: TerminalColor = .index(196), darkRed: TerminalColor = .index(160), blue: TerminalColor = .index(21)

    @Test("two colours in a 2x2 cell are drawn exactly: the quadrant glyph of one over the other")
    func twoColours() {
        // Upper left, upper right, lower left, lower right.
        #expect(quadrants.choose([red, red, nil, red]) == .init(glyph: "▜", style: TextStyle(foreground: red)))
        #expect(quadrants.choose([nil, blue, blue, nil]) == .init(glyph: "▞", style: TextStyle(foreground: blue)))
        // Neither is the terminal's background: the foreground covers the fewer samples.
        #expect(quadrants.choose([blue, red, red, red]) == .init(glyph: "▘", style: TextStyle(foreground: blue, background: red)))
        // Half and half: the foreground takes the upper left (`▀` rather than `▄`, `▌` rather than `▐`).
        #expect(quadrants.choose([blue, blue, red, red]) == .init(glyph: "▀", style: TextStyle(foreground: blue, background: red)))
        #expect(quadrants.choose([red, blue, red, blue]) == .init(glyph: "▌", style: TextStyle(foreground: red, background: blue)))
        #expect(quadrants.choose([red, blue, blue, red]) == .init(glyph: "▚", style: TextStyle(foreground: red, background: blue)))
    }

    @Test("one colour fills the cell as its background; none leaves it blank")
    func oneColour() {
        #expect(quadrants.choose([red, red, red, red]) == .init(glyph: " ", style: TextStyle(background: red)))
        #expect(quadrants.choose([nil, nil, nil, nil]) == .init(glyph: " ", style: .plain))
    }

    @Test("three colours: the pair with the least error, each sample to the nearer of the two")
    func threeColours() {
        // Two reds over blue: the two reds are near each other, so red and blue are drawn and
        // the dark red goes to red.
        #expect(quadrants.choose([red, darkRed, blue, blue]) == .init(glyph: "▀", style: TextStyle(foreground: red, background: blue)))
        // Blue, the background (black) and red: the black sample is nearer blue than red, and
        // blue and red are the pair that loses least (black drawn blue), not blue and black
        // (red drawn black).
        #expect(quadrants.choose([blue, blue, nil, red]) == .init(glyph: "▗", style: TextStyle(foreground: red, background: blue)))
        // On a light theme the background sample is white, nearer neither: blue and red again.
        let light = BlockEncoder(cells: .quadrants, theme: .light)
        #expect(light.choose([blue, blue, nil, nil]) == .init(glyph: "▀", style: TextStyle(foreground: blue)))
    }

    @Test("sextants: 2x3 samples, the glyph of Symbols for Legacy Computing by its mask")
    func sextants() {
        let sextants = BlockEncoder(cells: .sextants, theme: .dark)
        #expect(sextants.choose([red, nil, red, nil, red, nil]) == .init(glyph: "▌", style: TextStyle(foreground: red)))
        // The upper row: sextants 1 and 2, U+1FB02.
        #expect(sextants.choose([red, red, nil, nil, nil, nil]) == .init(glyph: "\u{1FB02}", style: TextStyle(foreground: red)))
        // Upper left alone: U+1FB00; all but lower right: U+1FB1D.
        #expect(sextants.choose([blue, nil, nil, nil, nil, nil]).glyph == "\u{1FB00}")
        #expect(sextants.choose([blue, blue, blue, blue, blue, nil]).glyph == "\u{1FB1D}")
        // Each glyph is the one Unicode names by the sextants it fills (1 2 / 3 4 / 5 6).
        for mask in 1..<63 where mask != 21 && mask != 42 {
            let name = BlockEncoder.glyph(mask: mask, cells: .sextants).unicodeScalars.first!.properties.name
            var digits = ""
            for k in 0..<6 where (mask >> k) & 1 == 1 { digits += String(k + 1) }
            #expect(name == "BLOCK SEXTANT-" + digits, "mask \(mask)")
        }
        // Every mask has its own glyph, the blank and the full block at the ends.
        let glyphs = (0..<64).map { BlockEncoder.glyph(mask: $0, cells: .sextants) }
        #expect(Set(glyphs).count == 64 && glyphs.first == " " && glyphs.last == "█")
    }

    func render(_ model: SceneModel, cells: RenderStyle.Cells, theme: Theme = .dark) -> SceneFrame {
        var style = RenderStyle.blocks256
        style.cells = cells
        style.theme = theme
        let camera = SceneFixtures.camera(view: 0, for: model, width: 64, height: 26)
        return SceneRenderer.render(model, camera: camera, width: 64, height: 26, style: style)
    }

    @Test("a picture in quadrants: the same size as in half blocks, quadrant glyphs on the edges, one piece id per cell")
    func quadrantPicture() {
        let halves = render(SceneFixtures.halfBuilt, cells: .halves), quadrants = render(SceneFixtures.halfBuilt, cells: .quadrants)
        #expect(quadrants.canvas.width == 64 && quadrants.canvas.height == 26)
        let glyphs = Set(quadrants.canvas.cells.map(\.glyph))
        #expect(!glyphs.isDisjoint(with: ["▘", "▝", "▖", "▗", "▚", "▞", "▙", "▛", "▜", "▟"]))
        #expect(glyphs.isDisjoint(with: ["╱", "╲"]))
        // The same pieces are seen, and a piece is hit where the half-block picture hits it on
        // all but a rim of cells along the outlines.
        func pieces(_ frame: SceneFrame) -> [Int?] {
            frame.canvas.cells.map { if case .piece(let p, _, _) = $0.id { p } else { nil } }
        }
        let a = pieces(halves), b = pieces(quadrants)
        #expect(Set(a.compactMap { $0 }) == Set(b.compactMap { $0 }))
        let agree = zip(a, b).filter { $0 == $1 }.count
        #expect(agree * 100 >= 95 * a.count, "\(agree) of \(a.count) cells agree")
    }

    @Test("the solved cube in quadrants and in sextants", arguments: [RenderStyle.Cells.quadrants, .sextants])
    func snapshots(cells: RenderStyle.Cells) {
        Snapshot.check(render(SceneFixtures.complete, cells: cells).canvas, named: "cube-complete-\(cells.rawValue)-view0")
    }

    @Test("the table of choices has an entry for every two cells of a frame, from 256 to 4096")
    func tableSize() {
        #expect([0, 1, 512, 514, 2_000, 2_048, 2_050, 8_192, 12_000, 100_000].map { 1 << BlockEncoder.cacheBits(cells: $0) }
                == [256, 256, 256, 512, 1_024, 1_024, 2_048, 4_096, 4_096, 4_096])
    }
}
