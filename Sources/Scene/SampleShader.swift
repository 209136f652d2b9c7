/// Turns the rasterizer's samples into terminal cells: in ascii one sample makes a character;
/// in blocks two samples, upper and lower, make a half-block character with a foreground and a
/// background colour; in quadrant and sextant cells (`RenderStyle.Cells`) the `BlockEncoder`
/// chooses a glyph and two colours for four or six samples.
///
/// A half-block cell reports the hit id (and depth) of one of its two samples: a piece before
/// the ghost, the ghost before the floor, the floor before nothing, and between two of a kind the
/// nearer one (the upper on ties). A pointer on a cell half covered by a piece thus picks the
/// piece, as a finger on a touch screen would expect.
struct SampleShader {
    let style: RenderStyle
    let looks: LookTable

    /// The canvas of the raster's samples, in `storage`'s cells (moved out of it, so that they
    /// are written in place when no earlier frame still holds them) with its block encoder's
    /// choices (`RenderBuffers`).
    func canvas(from raster: Rasterizer, in storage: inout RenderBuffers.Storage) -> Canvas {
        let rows = raster.height / raster.samplesPerRow, width = raster.width / raster.samplesPerColumn
        let blank = TerminalCell.blank
        var cells = moveOut(&storage.cells)
        if cells.count != width * rows {
            if cells.capacity >= width * rows {
                cells.removeAll(keepingCapacity: true)
                cells.append(contentsOf: repeatElement(blank, count: width * rows))
            } else {
                // A first frame: the encoders below write every cell, so the new array is not
                // filled with blanks first (a cell is plain bits, `TerminalCell`).
                cells = [TerminalCell](unsafeUninitializedCapacity: width * rows) { _, made in made = width * rows }
            }
        }
        // Every cell is written: the encoders assign over the last frame's cells.
        cells.withUnsafeMutableBufferPointer { cells in
            raster.samples.withUnsafeBufferPointer { samples in
                raster.ids.withUnsafeBufferPointer { ids in
                    looks.glyphs.withUnsafeBufferPointer { glyphs in
                        looks.styles.withUnsafeBufferPointer { styles in
                            looks.colors.withUnsafeBufferPointer { colors in
                                if style.usesBlocks && style.cells != .halves {
                                    BlockEncoder(cells: style.cells, theme: style.theme)
                                        .encode(samples, ids, colors, width: width, rows: rows, into: cells,
                                                choices: &storage.choices)
                                } else if style.usesBlocks {
                                    blocks(samples, ids, colors, width: width, rows: rows, blank: blank, into: cells)
                                } else {
                                    looks.alternates.withUnsafeBufferPointer { alternates in
                                        // One sample a cell: its look's glyph, or on the odd cells of
                                        // the screen's checker its alternate (a two-cell fill, `FillTexture`).
                                        for row in 0..<rows {
                                            for column in 0..<width {
                                                let k = row &* width &+ column
                                                let s = samples[k]
                                                let l = Int(s.look)
                                                let glyph = (column &+ row) & 1 == 0 ? glyphs[l] : alternates[l]
                                                cells[k] = s.layer == .empty ? blank
                                                    : TerminalCell(glyph: glyph, style: styles[l], depth: s.depth, id: ids[Int(s.face)])
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Canvas(width: width, height: rows, cells: cells)
    }

    /// The three glyphs a half-block cell can show.
    private enum HalfBlock { case space, upper, lower }

    /// Two samples per cell, the upper as foreground of `▀` and the lower as its background.
    ///
    /// Neighbouring cells mostly show the same pair of looks (the inside of a face), so the
    /// glyph and colours of the last pair are kept and worked out again only when it changes.
    private func blocks(_ samples: UnsafeBufferPointer<SceneSample>, _ ids: UnsafeBufferPointer<HitID>,
                        _ colors: UnsafeBufferPointer<TerminalColor?>,
                        width: Int, rows: Int, blank: TerminalCell, into cells: UnsafeMutableBufferPointer<TerminalCell>) {
        // `cells` holds cells already (the last frame's, or blanks): each is assigned over.
        var lastPair = UInt32.max, half = HalfBlock.space, text = TextStyle()
        let space = CellGlyph.space, upper = CellGlyph("▀"), lower = CellGlyph("▄")
        var cell = cells.baseAddress!
        for r in 0..<rows {
            let top = samples.baseAddress! + (2 * r) * width, bottom = top + width
            for c in 0..<width {
                let t = top[c], b = bottom[c]
                defer { cell += 1 }
                if t.layer == .empty && b.layer == .empty { cell.pointee = blank; continue }
                let pair = UInt32(t.look) << 16 | UInt32(b.look)
                if pair != lastPair {
                    lastPair = pair
                    text = TextStyle()
                    switch (colors[Int(t.look)], colors[Int(b.look)]) {
                    case (nil, nil):
                        half = .space
                    case let (tc?, nil):
                        half = .upper; text.foreground = tc
                    case let (nil, bc?):
                        half = .lower; text.foreground = bc
                    case let (tc?, bc?):
                        if tc == bc {
                            half = .space; text.background = tc
                        } else {
                            half = .upper; text.foreground = tc; text.background = bc
                        }
                    }
                }
                var near = b.layer.rawValue > t.layer.rawValue || (b.layer == t.layer && b.depth < t.depth) ? b : t
                // A half showing the ghost's wire over a piece gives way to a half showing a piece.
                if near.wired && t.layer == b.layer && t.wired != b.wired { near = t.wired ? b : t }
                let glyph: CellGlyph
                switch half {
                case .space: glyph = space
                case .upper: glyph = upper
                case .lower: glyph = lower
                }
                cell.pointee = TerminalCell(cellGlyph: glyph, style: text, depth: near.depth, id: ids[Int(near.face)])
            }
        }
    }
}
