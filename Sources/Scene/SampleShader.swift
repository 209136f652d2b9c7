/// Turns the rasterizer's samples into terminal cells: in ascii one sample makes a character;
/// in blocks two samples, upper and lower, make a half-block character with a foreground and a
/// background colour.
///
/// A half-block cell reports the hit id (and depth) of one of its two samples: a piece before
/// the ghost, the ghost before the floor, the floor before nothing, and between two of a kind the
/// nearer one (the upper on ties). A pointer on a cell half covered by a piece thus picks the
/// piece, as a finger on a touch screen would expect.
struct SampleShader {
    let style: RenderStyle
    let looks: LookTable

    func canvas(from raster: Rasterizer) -> Canvas {
        let rows = raster.height / raster.samplesPerRow, width = raster.width
        let blank = TerminalCell.blank
        let cells = [TerminalCell](unsafeUninitializedCapacity: width * rows) { cells, count in
            raster.samples.withUnsafeBufferPointer { samples in
                looks.glyphs.withUnsafeBufferPointer { glyphs in
                    looks.styles.withUnsafeBufferPointer { styles in
                        looks.colors.withUnsafeBufferPointer { colors in
                            if style.usesBlocks {
                                blocks(samples, colors, width: width, rows: rows, blank: blank, into: cells)
                            } else {
                                for k in 0..<(rows * width) {
                                    let s = samples[k]
                                    let l = Int(s.look)
                                    (cells.baseAddress! + k).initialize(to: s.layer == .empty ? blank
                                        : TerminalCell(glyph: glyphs[l], style: styles[l], depth: s.depth, id: s.id))
                                }
                            }
                        }
                    }
                }
            }
            count = width * rows
        }
        return Canvas(width: width, height: rows, cells: cells)
    }

    /// Two samples per cell, the upper as foreground of `▀` and the lower as its background.
    private func blocks(_ samples: UnsafeBufferPointer<SceneSample>, _ colors: UnsafeBufferPointer<TerminalColor?>,
                        width: Int, rows: Int, blank: TerminalCell, into cells: UnsafeMutableBufferPointer<TerminalCell>) {
        let upper: Character = "▀", lower: Character = "▄", space: Character = " "
        for r in 0..<rows {
            let top = (2 * r) * width, bottom = top + width
            for c in 0..<width {
                let t = samples[top + c], b = samples[bottom + c]
                let cell = cells.baseAddress! + (r * width + c)
                if t.layer == .empty && b.layer == .empty { cell.initialize(to: blank); continue }
                let near = b.layer.rawValue > t.layer.rawValue || (b.layer == t.layer && b.depth < t.depth) ? b : t
                var text = TextStyle()
                let glyph: Character
                switch (colors[Int(t.look)], colors[Int(b.look)]) {
                case (nil, nil):
                    glyph = space
                case let (tc?, nil):
                    glyph = upper; text.foreground = tc
                case let (nil, bc?):
                    glyph = lower; text.foreground = bc
                case let (tc?, bc?):
                    if tc == bc {
                        glyph = space; text.background = tc
                    } else {
                        glyph = upper; text.foreground = tc; text.background = bc
                    }
                }
                cell.initialize(to: TerminalCell(glyph: glyph, style: text, depth: near.depth, id: near.id))
            }
        }
    }
}
