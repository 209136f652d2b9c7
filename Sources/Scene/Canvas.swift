/// A grid of terminal cells: what the renderer draws and the terminal presents.
///
/// Besides the glyph and its style, every cell keeps the depth of what was drawn there and the
/// id of the thing drawn (piece, cube, face), so hit testing reads the very picture the user sees
/// (SceneKit's `hitTest`) instead of re-projecting geometry a second way that could disagree.
///
/// A second id layer, the ground, says what lies beneath whatever is drawn at a cell. On the flat
/// board a cell needs two answers: which tile is drawn there (`id`: what a drag starts on) and
/// which square the cell lies over (`ground`: where the drag lands), a question asked of grid
/// lines, lifted tiles and the margin around the board alike. Renderers that have a ground lay
/// it; it is `.none` everywhere else, and text written with `put` leaves it as it is.
public struct Canvas: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [TerminalCell]
    /// The ground of each cell, row by row; empty until a renderer lays one, so the pictures that
    /// have none (the 3-D scene) pay nothing for it.
    private var grounds: [HitID] = []

    public init(width: Int, height: Int, fill: TerminalCell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// A canvas over cells already laid out row by row: the renderer builds them in one pass
    /// instead of filling a blank canvas and overwriting every cell.
    init(width: Int, height: Int, cells: [TerminalCell]) {
        precondition(width >= 0 && height >= 0 && cells.count == width * height, "cells must fill the canvas")
        self.width = width
        self.height = height
        self.cells = cells
    }

    @inlinable
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < width && row < height
    }

    public subscript(column: Int, row: Int) -> TerminalCell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Copies every cell of `picture` onto this canvas with its top left corner at (column,
    /// row), clipped to the canvas; the grounds stay as they are, as when each cell is assigned
    /// through the subscript. One pass over the two arrays' buffers: the subscript's get and set
    /// per cell cost the first frame about 370,000 instructions at 100x30 (issue 35).
    public mutating func copy(_ picture: Canvas, column: Int, row: Int) {
        let first = max(0, -column), end = min(picture.width, width - column)
        let top = max(0, -row), bottom = min(picture.height, height - row)
        guard first < end, top < bottom else { return }
        let width = self.width
        picture.cells.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { target in
                // A row at a time: cells are plain bits, so a row is one block of memory.
                for r in top..<bottom {
                    let from = r * picture.width + first, to = (row + r) * width + column + first
                    (target.baseAddress! + to).update(from: source.baseAddress! + from, count: end - first)
                }
            }
        }
    }

    /// Runs `body` over the cells, row by row, to read and write them in place (a subscript's
    /// get and set copy a whole cell each).
    mutating func withCells<R>(_ body: (UnsafeMutableBufferPointer<TerminalCell>) throws -> R) rethrows -> R {
        try cells.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// What lies beneath the cell at (column, row): on the flat board the square (`.floor`) it
    /// lies over; `.none` where no ground was laid.
    public func ground(column: Int, row: Int) -> HitID {
        grounds.isEmpty ? .none : grounds[row * width + column]
    }

    mutating func setGround(_ id: HitID, column: Int, row: Int) {
        if grounds.isEmpty { grounds = Array(repeating: .none, count: cells.count) }
        grounds[row * width + column] = id
    }

    /// Writes `text` left to right from (column, row), clipped to the canvas. Text drawn this way
    /// (legends, status lines, banners) sits in front of the scene and carries `id` for hit tests.
    public mutating func put(_ text: String, column: Int, row: Int, style: TextStyle = .plain, id: HitID = .none) {
        guard row >= 0, row < height else { return }
        // Most text is ASCII (status lines, the plan's rows): there every byte is a character
        // of its own, but for a CR LF pair, and its cell is made from the byte, without the
        // grapheme breaking a `Character` takes (some 260 instructions a cell; issue 35). A
        // byte beyond ASCII anywhere (a combining mark joins the letter before it) takes the
        // general way.
        let width = self.width, base = row * width
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return false }
            cells.withUnsafeMutableBufferPointer { cells in
                var c = column
                for byte in bytes {
                    if c >= width { break }
                    if c >= 0 {
                        cells[base + c] = TerminalCell(cellGlyph: CellGlyph(ascii: byte), style: style, depth: -.infinity, id: id)
                    }
                    c += 1
                }
            }
            return true
        }
        if ascii == true { return }
        var c = column
        for ch in text {
            if c >= width { break }
            if c >= 0 { self[c, row] = TerminalCell(glyph: ch, style: style, depth: -.infinity, id: id) }
            c += 1
        }
    }

    /// Plain text of the canvas, rows joined by newlines with trailing spaces trimmed: what
    /// snapshot tests compare and what `tmux capture-pane -p` shows.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(height)
        for r in 0..<height {
            var line = String(cells[(r * width)..<(r * width + width)].map(\.glyph))
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
