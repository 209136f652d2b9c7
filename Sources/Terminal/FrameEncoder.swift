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
    /// `setaf`/`setab` of each palette index, formatted when first used.
    private var foregrounds: [[UInt8]]
    private var backgrounds: [[UInt8]]

    /// Where the cursor is; -1 when not known (after the last column: terminals wrap there
    /// differently).
    private var row = -1
    private var column = -1
    private var attributes: UInt8 = 0
    private var foreground = -1
    private var background = -1

    /// A cell's attributes as bits.
    static let boldBit: UInt8 = 1, dimBit: UInt8 = 2, reverseBit: UInt8 = 4, underlineBit: UInt8 = 8

    init(strings: TerminalStrings, depth: ColorDepth, asciiOnly: Bool) {
        self.strings = strings
        self.depth = depth
        self.asciiOnly = asciiOnly
        foregrounds = Array(repeating: [], count: 256)
        backgrounds = Array(repeating: [], count: 256)
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
            resetAttributes(&out)
            out.append(contentsOf: strings.clearScreen)
            row = 0
            column = 0
        }
        let lastCell = strings.scrollsAtLastCell ? width * height - 1 : -1
        // A screen just cleared shows a blank canvas.
        let shown = (known ? previous : nil) ?? Canvas(width: width, height: height)
        canvas.cells.withUnsafeBufferPointer { cells in
            CanvasDiff.forEachChange(from: shown, to: canvas) { index in
                if index != lastCell { put(cells[index], at: index, width: width, to: &out) }
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
        let look = CellAppearance(cell.style, depth: depth)
        var wanted: UInt8 = 0
        if look.bold { wanted |= Self.boldBit }
        if look.dim { wanted |= Self.dimBit }
        if look.reverse { wanted |= Self.reverseBit }
        if look.underline { wanted |= Self.underlineBit }
        var foreground = look.foreground, background = look.background
        if (foreground >= 0 || background >= 0) && wanted & strings.attributesWithoutColor != 0 {
            // Reverse video that cannot be shown with colours is shown by swapping them, as
            // ncurses does; the other attributes are left off.
            if wanted & strings.attributesWithoutColor & Self.reverseBit != 0 { swap(&foreground, &background) }
            wanted &= ~strings.attributesWithoutColor
        }
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
            if foregrounds[wantedForeground].isEmpty, let setaf = strings.foreground {
                setaf.append(wantedForeground, count: 1, to: &foregrounds[wantedForeground])
            }
            out.append(contentsOf: foregrounds[wantedForeground])
            foreground = wantedForeground
        }
        if wantedBackground != background, wantedBackground >= 0, wantedBackground < 256 {
            if backgrounds[wantedBackground].isEmpty, let setab = strings.background {
                setab.append(wantedBackground, count: 1, to: &backgrounds[wantedBackground])
            }
            out.append(contentsOf: backgrounds[wantedBackground])
            background = wantedBackground
        }
    }

    /// The glyph's bytes, one column wide: a control character is a space (never sent), and a
    /// glyph the terminal would draw wider or narrower than one cell (`wcwidth`) a `?`, so that
    /// no cell after it moves.
    private func appendGlyph(_ glyph: CellGlyph, to out: inout [UInt8]) {
        if let value = glyph.singleScalarValue {
            if value < 0x80 {
                out.append(value < 32 || value == 127 ? 32 : UInt8(truncatingIfNeeded: value))
                return
            }
            if !asciiOnly {
                appendScalar(value, checkingWidth: true, to: &out)
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
                if !appendScalar(scalar.value, checkingWidth: true, to: &out) { return }
                first = false
            } else {
                appendScalar(scalar.value, checkingWidth: false, to: &out)
            }
        }
        if first { out.append(32) }
    }

    /// Appends `value` in UTF-8 (ASCII only when the locale is not UTF-8); false when it was
    /// replaced by a `?` because it is not one column wide.
    @discardableResult
    private func appendScalar(_ value: UInt32, checkingWidth: Bool, to out: inout [UInt8]) -> Bool {
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
