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

    /// The RGB of each key (index = key).
    private func palette() -> [(red: Int, green: Int, blue: Int)] {
        [background, (128, 128, 128)] + (0...255).map { TerminalColor.rgb(index: UInt8($0)) }
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
            let m = mask & 63
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
    }

    static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    /// What one cell shows: its glyph and colours, worked out from its samples' colour keys.
    struct Choice: Equatable {
        var glyph: Character
        var style: TextStyle
        /// The colour keys drawn (the same twice for one colour): a cell's hit id comes from a
        /// sample of one of them, so a click takes what the cell shows.
        var drawn: (UInt16, UInt16) = (0, 0)

        init(glyph: Character, style: TextStyle, drawn: (UInt16, UInt16) = (0, 0)) {
            self.glyph = glyph
            self.style = style
            self.drawn = drawn
        }

        /// Glyph and colours: what the terminal shows.
        static func == (x: Choice, y: Choice) -> Bool { x.glyph == y.glyph && x.style == y.style }
    }

    /// The glyph and colours for samples of colour `keys` (reading order, `cells`' count).
    func choose(_ keys: UnsafeBufferPointer<UInt16>, rgb: UnsafeBufferPointer<(red: Int, green: Int, blue: Int)>) -> Choice {
        let n = keys.count
        // The distinct colours, in order of first appearance (at most six).
        var distinct: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &distinct) { raw in
            let d = raw.bindMemory(to: UInt16.self)
            for k in keys where !d[0..<count].contains(k) {
                d[count] = k
                count += 1
            }
        }
        let colours = withUnsafeBytes(of: distinct) { Array($0.bindMemory(to: UInt16.self).prefix(count)) }
        var a = colours[0], b = colours[0]
        if count == 2 {
            b = colours[1]
        } else if count > 2 {
            func distance(_ x: UInt16, _ y: UInt16) -> Int { BlockEncoder.distance(x, y, rgb) }
            var best = Int.max
            for i in 0..<count {
                for j in (i + 1)..<count {
                    var error = 0
                    for k in keys { error += min(distance(k, colours[i]), distance(k, colours[j])) }
                    if error < best { best = error; a = colours[i]; b = colours[j] }
                }
            }
        }
        // Samples that go to b (nearer b than a; exactly b when only two colours).
        var mask = 0
        if a != b {
            for (index, k) in keys.enumerated() where k == b || (k != a && nearer(k, b, than: a, rgb)) {
                mask |= 1 << index
            }
        }
        let full = (1 << n) - 1
        if mask == 0 || mask == full {
            let c = mask == 0 ? a : b
            return Choice(glyph: " ", style: TextStyle(background: BlockEncoder.color(key: c) ?? .default), drawn: (c, c))
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
        return Choice(glyph: BlockEncoder.glyph(mask: mask, cells: cells), style: style, drawn: (a, b))
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

    /// Encodes the samples of `width` x `rows` cells (the rasterizer's grid, `cells.columns`
    /// x `cells.rows` samples per cell) into `out`.
    func encode(_ samples: UnsafeBufferPointer<SceneSample>, _ ids: UnsafeBufferPointer<HitID>,
                _ colors: UnsafeBufferPointer<TerminalColor?>, width: Int, rows: Int,
                into out: UnsafeMutableBufferPointer<TerminalCell>) {
        let across = cells.columns, down = cells.rows, n = across * down
        let sampleWidth = width * across
        let lookKeys = colors.map(BlockEncoder.key)
        let rgbTable = palette()
        // Neighbouring cells mostly show the same colours (the inside of a face): the last
        // cell's choice is kept and made again only when its colours change.
        var lastKey = UInt64.max
        var last = Choice(glyph: " ", style: .plain)
        var keys = [UInt16](repeating: 0, count: n)
        rgbTable.withUnsafeBufferPointer { rgb in
            keys.withUnsafeMutableBufferPointer { keys in
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
                        guard anything else { cell.initialize(to: .blank); continue }
                        if packed != lastKey {
                            lastKey = packed
                            last = choose(UnsafeBufferPointer(keys), rgb: rgb)
                        }
                        var near: SceneSample?
                        for dy in 0..<down {
                            let line = rowStart + dy * sampleWidth + c * across
                            for dx in 0..<across {
                                let s = line[dx], k = keys[dy * across + dx]
                                guard k == last.drawn.0 || k == last.drawn.1 else { continue }
                                guard let n = near else { near = s; continue }
                                if s.layer.rawValue > n.layer.rawValue
                                    || (s.layer == n.layer && ((n.wired && !s.wired) || (n.wired == s.wired && s.depth < n.depth))) {
                                    near = s
                                }
                            }
                        }
                        let shown = near ?? rowStart[c * across]
                        cell.initialize(to: TerminalCell(glyph: last.glyph, style: last.style, depth: shown.depth, id: ids[Int(shown.face)]))
                    }
                }
            }
        }
    }
}
