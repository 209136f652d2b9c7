/// Turns the rasterizer's samples into terminal cells for a style: in ascii one sample makes a
/// character (faces shaded by density, edges by line characters); in blocks two samples, upper
/// and lower, make a half-block character with a foreground and a background colour.
///
/// A half-block cell reports the hit id (and depth) of one of its two samples: a piece before
/// the ghost, the ghost before the floor, the floor before nothing, and between two of a kind the
/// nearer one (the upper on ties). A pointer on a cell half covered by a piece thus picks the
/// piece, as a finger on a touch screen would expect.
struct SampleShader {
    let style: RenderStyle
    /// Per piece of the model, in model order: its colour at levels 0...3, looked up once here
    /// rather than per sample.
    private let pieceColors: [TerminalColor]
    private let pieceMarks: [ScenePiece.Marks]

    init(model: SceneModel, style: RenderStyle) {
        self.style = style
        var colors: [TerminalColor] = []
        colors.reserveCapacity(model.pieces.count * 4)
        for piece in model.pieces {
            let selected = piece.marks.contains(.selected), hint = piece.marks.contains(.hint)
            for level in 0...3 {
                // Hints are drawn two levels darker, quiet like the ghost.
                let shown = hint ? max(0, level - 2) : level
                colors.append(PiecePalette.terminalColor(piece.color, level: shown, selected: selected, colors: style.colors))
            }
        }
        pieceColors = colors
        pieceMarks = model.pieces.map(\.marks)
    }

    /// Face shades from dark to lit.
    static let shades: [Character] = [".", ":", "-", "=", "%", "#"]

    func canvas(from raster: Rasterizer) -> Canvas {
        let rows = raster.height / raster.samplesPerRow, width = raster.width
        var cells: [TerminalCell] = []
        cells.reserveCapacity(width * rows)
        raster.samples.withUnsafeBufferPointer { samples in
            if style.usesBlocks {
                for r in 0..<rows {
                    for c in 0..<width {
                        cells.append(blockCell(top: samples[(2 * r) * width + c], bottom: samples[(2 * r + 1) * width + c]))
                    }
                }
            } else {
                for k in 0..<(rows * width) { cells.append(asciiCell(samples[k])) }
            }
        }
        return Canvas(width: width, height: rows, cells: cells)
    }

    // MARK: Ascii

    func asciiCell(_ s: SceneSample) -> TerminalCell {
        let colors = style.colors
        switch s.layer {
        case .empty:
            return .blank
        case .floor:
            let grey: TerminalColor = colors == .none ? .default : .index(colors == .xterm256 ? 240 : 8)
            return TerminalCell(glyph: s.edge == .none ? " " : ".", style: TextStyle(foreground: grey),
                                depth: s.depth, id: s.id)
        case .ghost:
            let grey: TerminalColor = colors == .none ? .default : .index(colors == .xterm256 ? 244 : 8)
            return TerminalCell(glyph: s.edge == .none ? " " : s.edge.glyph,
                                style: TextStyle(foreground: grey, dim: colors == .none), depth: s.depth, id: s.id)
        case .piece:
            let marks = pieceMarks[Int(s.source)]
            let selected = marks.contains(.selected)
            let invalid = marks.contains(.invalid)
            let hint = marks.contains(.hint)
            var glyph: Character
            if s.edge != .none {
                glyph = s.edge.glyph
            } else if invalid {
                glyph = "x"
            } else if hint {
                glyph = " "
            } else {
                glyph = SampleShader.shades[min(5, Int(s.intensity * 6))]
            }
            var text = TextStyle()
            if invalid, colors != .none {
                text.foreground = .index(colors == .xterm256 ? 196 : 9)
            } else {
                text.foreground = pieceColors[Int(s.source) * 4 + (s.edge != .none ? 2 : Self.level(s.intensity))]
            }
            text.bold = selected
            text.reverse = selected && colors == .none && s.edge == .none
            text.dim = hint
            return TerminalCell(glyph: glyph, style: text, depth: s.depth, id: s.id)
        }
    }

    // MARK: Blocks

    /// The three lit levels of a face: 3 turned to the light, 1 turned away.
    static func level(_ intensity: Float) -> Int { intensity >= 0.8 ? 3 : (intensity >= 0.5 ? 2 : 1) }

    func color(of s: SceneSample) -> TerminalColor? {
        let x256 = style.colors == .xterm256
        switch s.layer {
        case .empty:
            return nil
        case .floor:
            if s.edge != .none { return .index(x256 ? 238 : 8) }
            return s.marked && x256 ? .index(233) : nil
        case .ghost:
            if s.edge != .none { return .index(x256 ? 242 : 8) }
            return x256 ? .index(UInt8(233 + Self.level(s.intensity))) : nil
        case .piece:
            if pieceMarks[Int(s.source)].contains(.invalid), s.marked || s.edge != .none {
                return .index(x256 ? 196 : 9)
            }
            return pieceColors[Int(s.source) * 4 + (s.edge != .none ? 0 : Self.level(s.intensity))]
        }
    }

    func blockCell(top: SceneSample, bottom: SceneSample) -> TerminalCell {
        let near = bottom.layer.rawValue > top.layer.rawValue
            || (bottom.layer == top.layer && bottom.depth < top.depth) ? bottom : top
        let t = color(of: top), b = color(of: bottom)
        let glyph: Character
        var text = TextStyle()
        switch (t, b) {
        case (nil, nil):
            glyph = " "
        case let (t?, nil):
            glyph = "▀"; text.foreground = t
        case let (nil, b?):
            glyph = "▄"; text.foreground = b
        case let (t?, b?):
            if t == b {
                glyph = " "; text.background = t
            } else {
                glyph = "▀"; text.foreground = t; text.background = b
            }
        }
        return TerminalCell(glyph: glyph, style: text, depth: near.depth, id: near.id)
    }
}
