import CNcurses
import Scene

/// Puts a `Canvas` on the terminal, sending only the cells that changed since the last frame.
///
/// The previous frame is kept and only the cells that differ are sent, so a one-cell move of a
/// piece costs a few hundred bytes, which matters over SSH. The whole screen is repainted only
/// after `invalidate()` (resize, resume). The bytes are made by `FrameEncoder` from the
/// terminal's own strings (`TerminalStrings`); a terminal that lacks one of those is drawn
/// through ncurses' windows and `doupdate`, the changed cells diffed by `CanvasDiff`.
final class Presenter {
    private let depth: ColorDepth
    /// The locale is not UTF-8: every glyph goes through `AsciiFallback`.
    private let asciiOnly: Bool
    private var pairs: ColorPairTable
    private var previous: Canvas?
    private var needsClear = false
    /// Nil when the terminal is drawn through ncurses.
    private var encoder: FrameEncoder?

    /// `strings`: the terminal's strings to write frames with (`TerminalStrings.current`), nil
    /// to draw through ncurses.
    init(depth: ColorDepth, pairCapacity: Int, asciiOnly: Bool = false, strings: TerminalStrings?) {
        self.depth = depth
        self.asciiOnly = asciiOnly
        self.pairs = ColorPairTable(capacity: depth == .none ? 0 : pairCapacity)
        encoder = strings.map { FrameEncoder(strings: $0, depth: depth, asciiOnly: asciiOnly) }
        if encoder != nil { cn_send_output_unprocessed() }
    }

    /// The next frame repaints every cell and clears the physical screen first.
    func invalidate() {
        previous = nil
        needsClear = true
    }

    func present(_ canvas: Canvas) {
        if encoder != nil {
            presentEncoded(canvas)
        } else {
            presentThroughNcurses(canvas)
        }
        previous = canvas
        needsClear = false
    }

    private func presentEncoded(_ canvas: Canvas) {
        // What ncurses itself still has pending (the clear at start, after a resize or a
        // resume) is forgotten, not sent: nothing of it may come after the frame (the next read
        // would refresh it over the frame), and this frame clears and repaints the whole screen
        // itself. Its windows stay blank. Sending it cost a login 0.43M instructions (issue 35).
        var over = previous
        if cn_has_pending() != 0 {
            cn_forget_pending()
            over = nil
        }
        // With no previous frame the encoder clears the screen itself.
        let bytes = encoder?.frame(canvas, over: over) ?? []
        bytes.withUnsafeBytes { frame in _ = cn_write_all(1, frame.baseAddress, frame.count) }
    }

    private func presentThroughNcurses(_ canvas: Canvas) {
        let screen = cn_stdscr()
        if needsClear { clearok(cn_curscr(), true) }
        if previous.map({ $0.width != canvas.width || $0.height != canvas.height }) ?? true {
            werase(screen)
        }
        // The pair table is held in a local while the cells are drawn: a stored property of the
        // class is checked for exclusive access at every cell (3,000 checks a first frame of
        // 100x30, issue 35). Taken out, not copied, so its arrays stay unshared.
        var table = pairs
        pairs = ColorPairTable(capacity: 0)
        for index in CanvasDiff.changedCells(from: previous, to: canvas) {
            let cell = canvas.cells[index]
            draw(cell, row: Int32(index / canvas.width), column: Int32(index % canvas.width), on: screen, pairs: &table)
        }
        pairs = table
        wnoutrefresh(screen)
        // The frame in one write, not one per cursor movement (output_hold.c).
        cn_hold_output(1)
        doupdate()
        cn_release_output()
    }

    private func draw(_ cell: TerminalCell, row: Int32, column: Int32, on screen: UnsafeMutablePointer<WINDOW>?,
                      pairs: inout ColorPairTable) {
        let look = CellAppearance(cell.style, depth: depth)
        var attributes = cn_A_NORMAL()
        if look.bold { attributes |= cn_A_BOLD() }
        if look.dim { attributes |= cn_A_DIM() }
        if look.reverse { attributes |= cn_A_REVERSE() }
        if look.underline { attributes |= cn_A_UNDERLINE() }
        let (pair, isNew) = pairs.pair(foreground: look.foreground, background: look.background)
        if isNew { init_pair(Int16(pair), Int16(look.foreground), Int16(look.background)) }
        // One scalar that needs no fallback, nearly every cell: straight to ncurses, with no
        // `Character` made and released (issue 35). Control bytes become a space, as below.
        if let value = cell.cellGlyph.singleScalarValue, !asciiOnly || value < 128 {
            var text: (wchar_t, wchar_t) = (Self.shown(wchar_t(bitPattern: value)), 0)
            withUnsafeMutablePointer(to: &text) { both in
                both.withMemoryRebound(to: wchar_t.self, capacity: 2) { scalars in
                    _ = cn_put_cell(screen, row, column, scalars, attributes, Int32(pair))
                }
            }
            return
        }
        let glyph = asciiOnly ? AsciiFallback.glyph(for: cell.glyph) : cell.glyph
        let scalars = glyph.unicodeScalars
        // The glyph's scalars and the ending NUL in a buffer on the stack, not an array per
        // cell (a tenth of the first frame's instructions, issue 35); a longer glyph (none
        // is drawn) takes an array as before.
        let fits = withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Self.textCapacity) { text -> Bool in
            var count = 0
            for scalar in scalars {
                guard count < Self.textCapacity - 1 else { return false }
                text[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            if count == 0 || Self.shown(text[0]) != text[0] {
                text[0] = 32
                count = 1
            }
            text[count] = 0
            _ = cn_put_cell(screen, row, column, text.baseAddress, attributes, Int32(pair))
            return true
        }
        if !fits { put(Array(scalars), row: row, column: column, attributes: attributes, pair: pair, on: screen) }
    }

    /// What a cell starting with `scalar` shows first: a space for a control character, which
    /// is never sent to the terminal; else the scalar.
    private static func shown(_ scalar: wchar_t) -> wchar_t {
        scalar < 32 || scalar == 127 ? 32 : scalar
    }

    /// Room for a glyph's scalars and the NUL after them (ncurses keeps at most five a cell).
    private static let textCapacity = 16

    private func put(_ scalars: [Unicode.Scalar], row: Int32, column: Int32, attributes: attr_t, pair: Int,
                     on screen: UnsafeMutablePointer<WINDOW>?) {
        var text = scalars.map { wchar_t(bitPattern: $0.value) }
        if text.first.map({ Self.shown($0) != $0 }) ?? true { text = [wchar_t(32)] }
        text.append(0)
        _ = cn_put_cell(screen, row, column, text, attributes, Int32(pair))
    }
}
