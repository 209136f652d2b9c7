import CNcurses
import Scene

/// Turns a canvas into the bytes that put it on the terminal: the cells that differ from the
/// frame already there, each reached with a cursor move, its attributes and colours changed only
/// where they differ from the cell written before it, and its glyph in UTF-8.
///
/// It keeps what it has told the terminal (cursor, attributes, colours), as ncurses' `doupdate`
/// does, and leaves the terminal after every frame as ncurses believes it to be: attributes
/// reset and the cursor home (ncurses, which still starts, reads and ends the session, never drew
/// on the screen itself and finds it so at `endwin`). Why not ncurses: `TerminalStrings`.
struct FrameEncoder {
    private let strings: TerminalStrings
    private let depth: ColorDepth
    /// The locale is not UTF-8: glyphs go through `AsciiFallback`, bytes are ASCII only.
    private let asciiOnly: Bool
    /// `setaf`/`setab` of each palette index, formatted when first used, one after another in
    /// `colorBytes`; `foregrounds[i]` and `backgrounds[i]` say where (start << 8 | length, 0 not
    /// yet formatted). One array, not one per colour: taking a colour's own array out of an array
    /// of arrays, retained and released, was most of a colour change's cost (issue 35).
    private var colorBytes: [UInt8] = []
    private var foregrounds: [UInt32]
    private var backgrounds: [UInt32]
    /// The last glyph whose width was asked of `wcwidth`, and whether it is one column.
    private var lastCheckedScalar: UInt32 = 0
    private var lastCheckedFits = true

    /// Where the cursor is; -1 when not known (after the last column: terminals wrap there
    /// differently).
    private var row = -1
    private var column = -1
    private var attributes: UInt8 = 0
    private var foreground = -1
    private var background = -1
    /// The last cell's style and what it came to (attributes as bits, colours after `ncv`):
    /// neighbouring cells often share a style (two in five of a first frame's), and working it
    /// out at every cell was a fifth of the encoder's work (issue 35).
    private var lastStyle: TextStyle?
    private var lastLook = (attributes: UInt8(0), foreground: -1, background: -1)

    /// A cell's attributes as bits.
    static let boldBit: UInt8 = 1, dimBit: UInt8 = 2, reverseBit: UInt8 = 4, underlineBit: UInt8 = 8

    init(strings: TerminalStrings, depth: ColorDepth, asciiOnly: Bool) {
        self.strings = strings
        self.depth = depth
        self.asciiOnly = asciiOnly
        foregrounds = Array(repeating: 0, count: 256)
        backgrounds = Array(repeating: 0, count: 256)
    }

    /// The bytes that change the screen from `previous` (what is on it; nil when unknown) to
    /// `canvas`. Unknown, or of another size, the screen is cleared and every cell that is not
    /// blank is written.
    mutating func frame(_ canvas: Canvas, over previous: Canvas?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(previous == nil ? canvas.width * canvas.height * 6 : 1024)
        let width = canvas.width, height = canvas.height
        let known = previous.map { $0.width == width && $0.height == height } ?? false
        if !known {
            // Whatever the terminal was left with (nothing of ncurses' has been sent before the
            // first frame): attributes and colours reset, so that the clear paints the default
            // background.
            out.append(contentsOf: strings.resetAttributes)
            if depth != .none, let defaults = strings.defaultColors { out.append(contentsOf: defaults) }
            attributes = 0
            foreground = -1
            background = -1
            out.append(contentsOf: strings.clearScreen)
            row = 0
            column = 0
        }
        let lastCell = strings.scrollsAtLastCell ? width * height - 1 : -1
        canvas.cells.withUnsafeBufferPointer { cells in
            if known, let previous {
                CanvasDiff.forEachChange(from: previous, to: canvas) { index in
                    if index != lastCell { put(cells[index], at: index, width: width, to: &out) }
                }
            } else {
                // A screen just cleared shows blank cells.
                let blank = TerminalCell.blank
                for index in cells.indices where index != lastCell && !CanvasDiff.looksAlike(blank, cells[index]) {
                    put(cells[index], at: index, width: width, to: &out)
                }
            }
        }
        // As ncurses left it: attributes off, cursor home.
        resetAttributes(&out)
        move(toRow: 0, column: 0, to: &out)
        return out
    }

    private mutating func put(_ cell: TerminalCell, at index: Int, width: Int, to out: inout [UInt8]) {
        let cellRow = index / width, cellColumn = index % width
        move(toRow: cellRow, column: cellColumn, to: &out)
        if lastStyle.map({ $0 != cell.style }) ?? true {
            lastStyle = cell.style
            lastLook = Self.look(of: cell.style, depth: depth, attributesWithoutColor: strings.attributesWithoutColor)
        }
        let (wanted, foreground, background) = lastLook
        if attributes & ~wanted != 0 { resetAttributes(&out) }
        let added = wanted & ~attributes
        if added != 0 {
            if added & Self.boldBit != 0, let text = strings.bold { out.append(contentsOf: text) }
            if added & Self.dimBit != 0, let text = strings.dim { out.append(contentsOf: text) }
            if added & Self.reverseBit != 0, let text = strings.reverse { out.append(contentsOf: text) }
            if added & Self.underlineBit != 0, let text = strings.underline { out.append(contentsOf: text) }
            attributes = wanted
        }
        if depth != .none { setColors(foreground: foreground, background: background, to: &out) }
        appendGlyph(cell.cellGlyph, to: &out)
        column = cellColumn &+ 1
        if column >= width {
            row = -1
            column = -1
        }
    }

    /// A style as this terminal shows it: attributes as bits, palette indices (-1 the default).
    /// Static: a method that is not mutating was handed a copy of the whole encoder.
    private static func look(of style: TextStyle, depth: ColorDepth,
                             attributesWithoutColor: UInt8) -> (attributes: UInt8, foreground: Int, background: Int) {
        let look = CellAppearance(style, depth: depth)
        var wanted: UInt8 = 0
        if look.bold { wanted |= Self.boldBit }
        if look.dim { wanted |= Self.dimBit }
        if look.reverse { wanted |= Self.reverseBit }
        if look.underline { wanted |= Self.underlineBit }
        var foreground = look.foreground, background = look.background
        if (foreground >= 0 || background >= 0) && wanted & attributesWithoutColor != 0 {
            // Reverse video that cannot be shown with colours is shown by swapping them, as
            // ncurses does; the other attributes are left off.
            if wanted & attributesWithoutColor & Self.reverseBit != 0 { swap(&foreground, &background) }
            wanted &= ~attributesWithoutColor
        }
        return (wanted, foreground, background)
    }

    private mutating func move(toRow target: Int, column targetColumn: Int, to out: inout [UInt8]) {
        if row == target && column == targetColumn { return }
        if row == target, column >= 0, targetColumn > column, let right = strings.cursorRight,
           targetColumn &- column <= 99 {
            right.append(targetColumn &- column, count: 1, to: &out)
        } else {
            strings.cursorAddress.append(target, targetColumn, count: 2, to: &out)
        }
        row = target
        column = targetColumn
    }

    private mutating func resetAttributes(_ out: inout [UInt8]) {
        guard attributes != 0 || foreground != -1 || background != -1 else { return }
        out.append(contentsOf: strings.resetAttributes)
        attributes = 0
        foreground = -1
        background = -1
    }

    /// Palette indices 0-255, -1 the terminal's default.
    private mutating func setColors(foreground wantedForeground: Int, background wantedBackground: Int,
                                    to out: inout [UInt8]) {
        if (wantedForeground < 0 && foreground >= 0) || (wantedBackground < 0 && background >= 0),
           let defaults = strings.defaultColors {
            out.append(contentsOf: defaults)
            foreground = -1
            background = -1
        }
        if wantedForeground != foreground, wantedForeground >= 0, wantedForeground < 256 {
            if foregrounds[wantedForeground] == 0, let setaf = strings.foreground {
                foregrounds[wantedForeground] = format(setaf, wantedForeground)
            }
            appendColor(foregrounds[wantedForeground], to: &out)
            foreground = wantedForeground
        }
        if wantedBackground != background, wantedBackground >= 0, wantedBackground < 256 {
            if backgrounds[wantedBackground] == 0, let setab = strings.background {
                backgrounds[wantedBackground] = format(setab, wantedBackground)
            }
            appendColor(backgrounds[wantedBackground], to: &out)
            background = wantedBackground
        }
    }

    /// `string` formatted for palette index `index` at the end of `colorBytes`; where it is
    /// (0 when empty or too long to say in eight bits: nothing is sent then, as for a terminal
    /// whose colour string formats to nothing).
    private mutating func format(_ string: ParameterString, _ index: Int) -> UInt32 {
        let start = colorBytes.count
        string.append(index, count: 1, to: &colorBytes)
        let length = colorBytes.count &- start
        guard length > 0, length < 256, start < 1 << 23 else {
            colorBytes.removeSubrange(start...)
            return 0
        }
        return UInt32(start) << 8 | UInt32(length)
    }

    /// Mutating though it changes nothing: a method that is not was handed a copy of the whole
    /// encoder, its arrays retained and released, at every call (as `appendGlyph`).
    private mutating func appendColor(_ span: UInt32, to out: inout [UInt8]) {
        let start = Int(span >> 8), end = start &+ Int(span & 0xFF)
        colorBytes.withUnsafeBufferPointer { bytes in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// The glyph's bytes, one column wide: a control character is a space (never sent), and a
    /// glyph the terminal would draw wider or narrower than one cell (`wcwidth`) a `?`, so that
    /// no cell after it moves. Mutating, as the encoder's other steps: a method that is not was
    /// handed a copy of the whole encoder (280 bytes) at every cell.
    private mutating func appendGlyph(_ glyph: CellGlyph, to out: inout [UInt8]) {
        if let value = glyph.singleScalarValue {
            if value < 0x80 {
                out.append(value < 32 || value == 127 ? 32 : UInt8(truncatingIfNeeded: value))
                return
            }
            if !asciiOnly {
                // Shading repeats a few glyphs cell after cell: the last one's width is kept.
                if value >= 0x300 && value != lastCheckedScalar {
                    lastCheckedScalar = value
                    lastCheckedFits = cn_wcwidth(wchar_t(bitPattern: value)) == 1
                }
                if value >= 0x300 && !lastCheckedFits {
                    out.append(UInt8(ascii: "?"))
                } else {
                    Self.appendScalar(value, checkingWidth: false, asciiOnly: false, to: &out)
                }
                return
            }
        }
        let character = asciiOnly ? AsciiFallback.glyph(for: glyph.character) : glyph.character
        var first = true
        for scalar in character.unicodeScalars {
            if first {
                if scalar.value < 32 || scalar.value == 127 {
                    out.append(32)
                    return
                }
                if !Self.appendScalar(scalar.value, checkingWidth: true, asciiOnly: asciiOnly, to: &out) { return }
                first = false
            } else {
                Self.appendScalar(scalar.value, checkingWidth: false, asciiOnly: asciiOnly, to: &out)
            }
        }
        if first { out.append(32) }
    }

    /// Appends `value` in UTF-8 (ASCII only when the locale is not UTF-8); false when it was
    /// replaced by a `?` because it is not one column wide.
    @discardableResult
    private static func appendScalar(_ value: UInt32, checkingWidth: Bool, asciiOnly: Bool, to out: inout [UInt8]) -> Bool {
        if value < 0x80 {
            out.append(UInt8(truncatingIfNeeded: value))
            return true
        }
        if asciiOnly || (checkingWidth && value >= 0x300 && cn_wcwidth(wchar_t(bitPattern: value)) != 1) {
            if checkingWidth { out.append(UInt8(ascii: "?")) }
            return false
        }
        if value < 0x800 {
            out.append(UInt8(truncatingIfNeeded: 0xC0 | (value >> 6)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        } else if value < 0x10000 {
            out.append(UInt8(truncatingIfNeeded: 0xE0 | (value >> 12)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        } else {
            out.append(UInt8(truncatingIfNeeded: 0xF0 | (value >> 18)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        }
        return true
    }
}
