/// Turns the rasterizer's samples into quadrant or sextant cells (`RenderStyle.Cells`): per cell
/// the block glyph and the two colours that match its 2x2 or 2x3 samples best, as terminal image
/// viewers do (a cell can show only a foreground and a background).
///
/// A cell of one or two colours is drawn exactly. With more (where a piece's outline, its face
/// and the floor meet in one cell) every pair of them is tried, each sample goes to the nearer
/// colour of the pair, and the pair with the least squared RGB error is drawn. The terminal's
/// background (a sample with no colour) can be one of the two; it is then the cell's
/// background, so the cell shows the terminal's own background there.
///
/// A cell keeps the hit id and depth of one sample, as a half-block cell does (`SampleShader`),
/// among the samples whose colour is drawn (a sample outvoted by two other colours is not
/// seen, so a click there must not take it): a piece before the ghost, the ghost before the
/// floor, the floor before nothing; in a layer a sample not crossed by the ghost's wire first,
/// then the nearest (the first in reading order on ties).
struct BlockEncoder {
    let cells: RenderStyle.Cells
    /// The colour of a sample without one (the terminal's background), to weigh errors by.
    let background: (red: Int, green: Int, blue: Int)

    init(cells: RenderStyle.Cells, theme: Theme) {
        self.cells = cells
        background = theme == .light ? (255, 255, 255) : (0, 0, 0)
    }

    /// A sample's colour as a small key: 0 the terminal's background, 1 its default colour,
    /// 2 + i palette entry i. Keys make a cell's colours comparable and cacheable as integers.
    static func key(_ color: TerminalColor?) -> UInt16 {
        switch color {
        case nil: 0
        case .default?: 1
        case .index(let i)?: 2 + UInt16(i)
        }
    }

    static func color(key: UInt16) -> TerminalColor? {
        key == 0 ? nil : (key == 1 ? .default : .index(UInt8(key - 2)))
    }

    /// The RGB of each key (index = key), made once for each background rather than per frame.
    /// The background is told by its value, not by reading the light table's first entry: that
    /// made both tables (each a colour worked out for all 256 indices) in a dark frame.
    private func palette() -> [(red: Int, green: Int, blue: Int)] {
        background == (255, 255, 255) ? BlockEncoder.light : BlockEncoder.dark
    }

    private static let dark: [(red: Int, green: Int, blue: Int)] = [(0, 0, 0), (128, 128, 128)] + (0...255).map { TerminalColor.rgb(index: UInt8($0)) }
    private static let light: [(red: Int, green: Int, blue: Int)] = [(255, 255, 255), (128, 128, 128)] + (0...255).map { TerminalColor.rgb(index: UInt8($0)) }

    /// `encode`'s choices kept from frame to frame (`RenderBuffers`): a choice depends only on
    /// the colours it is looked up by, the kind of cell and the background.
    struct Choices {
        /// A choice and the packed colour keys it was made for (`UInt64.max`: none).
        struct Entry {
            var key = UInt64.max
            var choice = Choice(cellGlyph: .space, style: .plain)
        }

        var entries: [Entry] = []
        var cells: RenderStyle.Cells?
        var background = (red: 0, green: 0, blue: 0)
        /// The shift that takes a 64-bit hash to an entry: 64 less the table's bits.
        var shift: UInt64 = 64

        /// Empties the table unless it was made for `encoder`'s cells and background and a
        /// frame of `frameCells` cells' size (`cacheBits`).
        mutating func prepare(for encoder: BlockEncoder, frameCells: Int) {
            let bits = BlockEncoder.cacheBits(cells: frameCells)
            guard encoder.cells != cells || encoder.background != background || entries.count != 1 << bits else { return }
            cells = encoder.cells
            background = encoder.background
            shift = UInt64(64 - bits)
            entries = [Entry](repeating: Entry(), count: 1 << bits)
        }
    }

    /// The glyph of a cell whose foreground covers the samples in `mask` (bit k = sample k,
    /// in reading order: left to right, top to bottom).
    static func glyph(mask: Int, cells: RenderStyle.Cells) -> Character {
        switch cells {
        case .halves:
            return [" ", "▀", "▄", "█"][mask & 3]
        case .quadrants:
            return quadrants[mask & 15]
        case .sextants:
            return sextants[mask & 63]
        }
    }

    /// The sextant glyph of each mask, made once: a `Character` made from a scalar per cell
    /// was a string built per cell.
    static let sextants: [Character] = (0..<64).map { m in
        switch m {
        case 0: return " "
        case 63: return "█"
        case 21: return "▌"
        case 42: return "▐"
        default:
            // U+1FB00 onwards in order of the mask, leaving out the four above.
            let offset = m - 1 - (m > 21 ? 1 : 0) - (m > 42 ? 1 : 0)
            return Character(Unicode.Scalar(0x1FB00 + UInt32(offset))!)
        }
    }

    static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    /// `glyph(mask:cells:)` packed (`CellGlyph`), from tables made once.
    static func cellGlyph(mask: Int, cells: RenderStyle.Cells) -> CellGlyph {
        switch cells {
        case .halves: return halvesGlyphs[mask & 3]
        case .quadrants: return quadrantGlyphs[mask & 15]
        case .sextants: return sextantGlyphs[mask & 63]
        }
    }

    private static let halvesGlyphs = (0..<4).map { CellGlyph(glyph(mask: $0, cells: .halves)) }
    private static let quadrantGlyphs = quadrants.map(CellGlyph.init)
    private static let sextantGlyphs = sextants.map(CellGlyph.init)

    /// What one cell shows: its glyph and colours, worked out from its samples' colour keys.
    struct Choice: Equatable {
        var cellGlyph: CellGlyph
        var style: TextStyle
        /// The colour keys drawn (the same twice for one colour): a cell's hit id comes from a
        /// sample of one of them, so a click takes what the cell shows.
        var drawn: (UInt16, UInt16) = (0, 0)
        /// Whether every sample's colour is drawn (a cell of one or two colours, most of a
        /// frame): its hit id may then come from any of its samples, none need be left out.
        var whole = true

        init(glyph: Character, style: TextStyle, drawn: (UInt16, UInt16) = (0, 0), whole: Bool = true) {
            self.init(cellGlyph: CellGlyph(glyph), style: style, drawn: drawn, whole: whole)
        }

        init(cellGlyph: CellGlyph, style: TextStyle, drawn: (UInt16, UInt16) = (0, 0), whole: Bool = true) {
            self.cellGlyph = cellGlyph
            self.style = style
            self.drawn = drawn
            self.whole = whole
        }

        /// The glyph as a character.
        var glyph: Character { cellGlyph.character }

        /// Glyph and colours: what the terminal shows.
        static func == (x: Choice, y: Choice) -> Bool { x.cellGlyph == y.cellGlyph && x.style == y.style }
    }

    /// The glyph and colours for samples of colour `keys` (reading order, `cells`' count).
    ///
    /// Without allocating: the distinct colours and each sample's index among them live in
    /// fixed tuples on the stack, their distances in scratch there, and each pair's error is summed over the
    /// distinct colours (weighted by how many samples have each), not over every sample with
    /// two distances apiece: a cell of six colours asks for 15 distances, not 180 (issue 34,
    /// round 4: `choose` was a third of a sextant frame).
    func choose(_ keys: UnsafeBufferPointer<UInt16>, rgb: UnsafeBufferPointer<(red: Int, green: Int, blue: Int)>) -> Choice {
        // The distances between distinct colours, row-major 6x6, in scratch left uninitialized:
        // only the pairs in use are set, and only those are read (zeroed as a tuple, they were
        // a memset for every choice of a first frame).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 36) { choose(keys, rgb: rgb, distances: $0) }
    }

    private func choose(_ keys: UnsafeBufferPointer<UInt16>, rgb: UnsafeBufferPointer<(red: Int, green: Int, blue: Int)>,
                        distances dist: UnsafeMutableBufferPointer<Int>) -> Choice {
        let n = keys.count
        // The distinct colours in order of first appearance (at most six), how many samples
        // show each, and each sample's index among them.
        var distinct: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0)
        var weight: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
        var slot: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
        var count = 0, a: UInt16 = 0, b: UInt16 = 0, ia = 0, ib = 0
        withUnsafeMutableBytes(of: &distinct) { rawDistinct in
            withUnsafeMutableBytes(of: &weight) { rawWeight in
                withUnsafeMutableBytes(of: &slot) { rawSlot in
                    do {
                        let d = rawDistinct.bindMemory(to: UInt16.self), w = rawWeight.bindMemory(to: Int.self)
                        let at = rawSlot.bindMemory(to: Int.self)
                        for (index, k) in keys.enumerated() {
                            var i = 0
                            while i < count && d[i] != k { i += 1 }
                            if i == count { d[i] = k; count += 1 }
                            w[i] += 1
                            at[index] = i
                        }
                        ia = 0; ib = count > 1 ? 1 : 0
                        if count > 2 {
                            for i in 0..<count {
                                for j in (i + 1)..<count {
                                    let e = BlockEncoder.distance(d[i], d[j], rgb)
                                    dist[i &* 6 &+ j] = e
                                    dist[j &* 6 &+ i] = e
                                }
                            }
                            var best = Int.max
                            for i in 0..<count {
                                for j in (i + 1)..<count {
                                    var error = 0
                                    for c in 0..<count where c != i && c != j {
                                        error &+= w[c] &* min(dist[c &* 6 &+ i], dist[c &* 6 &+ j])
                                    }
                                    if error < best { best = error; ia = i; ib = j }
                                }
                            }
                        }
                        a = d[ia]; b = d[ib]
                    }
                }
            }
        }
        // Samples that go to b (nearer b than a; exactly b when only two colours).
        var mask = 0
        if a != b {
            withUnsafeBytes(of: slot) { rawSlot in
                do {
                    let at = rawSlot.bindMemory(to: Int.self)
                    for index in 0..<n {
                        let c = at[index]
                        if c == ib || (c != ia && dist[c &* 6 &+ ib] < dist[c &* 6 &+ ia]) { mask |= 1 << index }
                    }
                }
            }
        }
        let full = (1 << n) - 1
        if mask == 0 || mask == full {
            let c = mask == 0 ? a : b
            return Choice(cellGlyph: .space, style: TextStyle(background: BlockEncoder.color(key: c) ?? .default), drawn: (c, c))
        }
        // The terminal's background stays the cell's background; otherwise the foreground
        // covers the fewer samples (on a tie the one with the first sample: `▀` over `▄`, `▌`
        // over `▐`, as the half-block cells have it).
        var fg = b, bg = a
        let bits = mask.nonzeroBitCount
        if b == 0 || (a != 0 && (bits > n - bits || (bits * 2 == n && mask & 1 == 0))) {
            swap(&fg, &bg)
            mask = full & ~mask
        }
        var style = TextStyle(foreground: BlockEncoder.color(key: fg) ?? .default)
        if let background = BlockEncoder.color(key: bg) { style.background = background }
        return Choice(cellGlyph: BlockEncoder.cellGlyph(mask: mask, cells: cells), style: style, drawn: (a, b), whole: count <= 2)
    }

    /// The choice for one cell's sample colours (reading order): `choose` on its own, as the
    /// tests ask it.
    func choose(_ colors: [TerminalColor?]) -> Choice {
        precondition(colors.count == cells.columns * cells.rows, "one colour per sample")
        let keys = colors.map(BlockEncoder.key)
        return palette().withUnsafeBufferPointer { rgb in keys.withUnsafeBufferPointer { choose($0, rgb: rgb) } }
    }

    private func nearer(_ k: UInt16, _ b: UInt16, than a: UInt16, _ rgb: UnsafeBufferPointer<(red: Int, green: Int, blue: Int)>) -> Bool {
        BlockEncoder.distance(k, b, rgb) < BlockEncoder.distance(k, a, rgb)
    }

    /// The squared distance of two keys' colours, weighted as the eye weighs the channels
    /// (roughly: green most, blue least).
    @inline(__always)
    private static func distance(_ x: UInt16, _ y: UInt16, _ rgb: UnsafeBufferPointer<(red: Int, green: Int, blue: Int)>) -> Int {
        let p = rgb[Int(x)], q = rgb[Int(y)]
        let dr = p.red - q.red, dg = p.green - q.green, db = p.blue - q.blue
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }


    /// The most entries of `encode`'s table of choices. Kept from frame to frame, the table is
    /// large enough that the cells of a frame seldom evict each other: with 512 entries the
    /// half-built cube's sextant frame at 200x60 made some 660 choices a frame again, with 4096
    /// about 120 (issue 34).
    static let maxCacheBits = 12
    /// The fewest: a frame of a few cells still keeps its choices.
    static let minCacheBits = 8

    /// The table's size for a frame of `cells` cells, as a power of two (its bits): an entry for
    /// every two cells, from 256 to 4096. A login's first frame (a 3-D view of some 2,000 cells
    /// at 100x30) takes 1,024 entries, 40 KB, where 4,096 were 160 KB of memory written entry by
    /// entry, each of its pages a fault of its own (issue 35).
    static func cacheBits(cells: Int) -> Int {
        var bits = minCacheBits
        while bits < maxCacheBits && 1 << bits < cells / 2 { bits += 1 }
        return bits
    }

    /// Encodes the samples of `width` x `rows` cells (the rasterizer's grid, `cells.columns`
    /// x `cells.rows` samples per cell) into `out`, whose cells are assigned over.
    func encode(_ samples: UnsafeBufferPointer<SceneSample>, _ ids: UnsafeBufferPointer<HitID>,
                _ colors: UnsafeBufferPointer<TerminalColor?>, width: Int, rows: Int,
                into out: UnsafeMutableBufferPointer<TerminalCell>, choices table: inout Choices) {
        let n = cells.columns * cells.rows
        let blankStyle = TerminalCell.blank.style, blankDepth = TerminalCell.blank.depth, space = CellGlyph.space
        // Neighbouring cells mostly show the same colours (the inside of a face): the last
        // cell's choice is kept and made again only when its colours change. Cells further
        // apart repeat each other too (every stretch of one outline over one face), so choices
        // are also kept in a small table by their colours, direct-mapped by a hash (a packed key
        // has at most 60 bits, so `UInt64.max` marks an empty entry), kept from frame to frame.
        table.prepare(for: self, frameCells: width * rows)
        let shift = table.shift
        var entries = moveOut(&table.entries)
        defer { table.entries = entries }
        var lastKey = UInt64.max
        // The last cell's choice, as its slot in the table: read in place there.
        var lastSlot = 0
        // Each look's colour key, then one cell's sample keys, in one scratch allocation.
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: colors.count + n) { scratch in
            for (look, color) in colors.enumerated() { scratch[look] = BlockEncoder.key(color) }
            let lookKeys = UnsafeBufferPointer(rebasing: scratch[..<colors.count])
            let keys = UnsafeMutableBufferPointer(rebasing: scratch[colors.count...])
            palette().withUnsafeBufferPointer { rgb in
                entries.withUnsafeMutableBufferPointer { entries in
                    // The cells' loop with the samples per cell as constants, one copy per kind
                    // of cell, so that the loops over a cell's samples are unrolled.
                    @inline(__always)
                    func run(_ across: Int, _ down: Int) {
                        let sampleWidth = width * across
                        var cell = out.baseAddress!
                        for r in 0..<rows {
                            let rowStart = samples.baseAddress! + r * down * sampleWidth
                            for c in 0..<width {
                                defer { cell += 1 }
                                var packed: UInt64 = 0, anything = false
                                for dy in 0..<down {
                                    let line = rowStart + dy * sampleWidth + c * across
                                    for dx in 0..<across {
                                        let s = line[dx]
                                        let k = lookKeys[Int(s.look)]
                                        keys[dy * across + dx] = k
                                        packed = packed << 10 | UInt64(k)
                                        if s.layer != .empty { anything = true }
                                    }
                                }
                                guard anything else {
                                    // `TerminalCell.blank`, field by field.
                                    cell.pointee.cellGlyph = space
                                    cell.pointee.style = blankStyle
                                    cell.pointee.depth = blankDepth
                                    cell.pointee.id = .none
                                    continue
                                }
                                if packed != lastKey {
                                    lastKey = packed
                                    let slot = Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> shift)
                                    if entries[slot].key != packed {
                                        entries[slot] = Choices.Entry(key: packed, choice: choose(UnsafeBufferPointer(keys), rgb: rgb))
                                    }
                                    lastSlot = slot
                                }
                                let last = UnsafeMutablePointer(mutating: entries.baseAddress! + lastSlot)
                                // The sample shown, among those of a drawn colour: the highest
                                // layer, then one not crossed by the ghost's wire, then the
                                // nearest, the first on ties (a rank and a depth compared, not
                                // two samples). In a cell of one or two colours every sample
                                // is of a drawn colour, and the keys are not looked at again.
                                let drawn = last.pointee.choice.drawn
                                var shown = rowStart[c * across], best = -1
                                @inline(__always)
                                func consider(_ s: SceneSample) {
                                    let rank = Int(s.layer.rawValue) &* 2 &+ (s.wired ? 0 : 1)
                                    if rank > best || (rank == best && s.depth < shown.depth) { best = rank; shown = s }
                                }
                                if last.pointee.choice.whole {
                                    for dy in 0..<down {
                                        let line = rowStart + dy * sampleWidth + c * across
                                        for dx in 0..<across { consider(line[dx]) }
                                    }
                                } else {
                                    for dy in 0..<down {
                                        let line = rowStart + dy * sampleWidth + c * across
                                        for dx in 0..<across {
                                            let k = keys[dy * across + dx]
                                            if k == drawn.0 || k == drawn.1 { consider(line[dx]) }
                                        }
                                    }
                                }
                                // Field by field over the last frame's cell.
                                cell.pointee.cellGlyph = last.pointee.choice.cellGlyph
                                cell.pointee.style = last.pointee.choice.style
                                cell.pointee.depth = shown.depth
                                cell.pointee.id = ids[Int(shown.face)]
                            }
                        }
                    }
                    switch cells {
                    case .halves: run(1, 2)
                    case .quadrants: run(2, 2)
                    case .sextants: run(2, 3)
                    }
                }
            }
        }
    }
}
