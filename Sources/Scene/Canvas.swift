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

/// One terminal cell of a `Canvas`.
public struct TerminalCell: Sendable, Equatable {
    public var glyph: Character
    public var style: TextStyle
    /// Distance from the camera of what is drawn here (smaller is nearer); `.infinity` when empty.
    public var depth: Float
    public var id: HitID

    public init(glyph: Character, style: TextStyle = .plain, depth: Float = .infinity, id: HitID = .none) {
        self.glyph = glyph
        self.style = style
        self.depth = depth
        self.id = id
    }

    public static let blank = TerminalCell(glyph: " ")
}

/// How a cell looks: colours from the terminal's palette and a few attributes. The presenter maps
/// these onto what the terminal can do (256, 16 or no colours).
public struct TextStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = TextStyle()
}

/// A colour of the terminal palette: the terminal's default, or an index 0-255 (0-15 are the
/// ANSI colours every colour terminal has; 16-255 the xterm 256-colour cube and greys).
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case index(UInt8)
}

/// What a canvas cell shows, for hit testing: nothing, the floor, or a face of one cube of a piece
/// (or a board square / tile in the flat view), or a piece of user interface text.
public enum HitID: Hashable, Sendable {
    case none
    /// A floor (or board) cell at lattice (x, y).
    case floor(x: Int, y: Int)
    /// Face `face` of cube `cube` of piece `piece`.
    case piece(piece: Int, cube: Int, face: Face)
    /// The ghost of the target figure at a lattice cell.
    case ghost(x: Int, y: Int, z: Int, face: Face)
    /// A user interface element (legend entry, button) with an application-defined tag.
    case control(Int)
}
