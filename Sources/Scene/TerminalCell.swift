/// One terminal cell of a `Canvas`.
///
/// Plain bits (the glyph packed as a `CellGlyph`): copying a cell, as canvases do cell by cell,
/// retains nothing (issue 35: a login's first frame).
public struct TerminalCell: Sendable, Equatable {
    /// The glyph as bits; `glyph` is the same as a `Character`.
    public var cellGlyph: CellGlyph
    public var style: TextStyle
    /// Distance from the camera of what is drawn here (smaller is nearer); `.infinity` when empty.
    public var depth: Float
    public var id: HitID

    public init(glyph: Character, style: TextStyle = .plain, depth: Float = .infinity, id: HitID = .none) {
        self.init(cellGlyph: CellGlyph(glyph), style: style, depth: depth, id: id)
    }

    public init(cellGlyph: CellGlyph, style: TextStyle = .plain, depth: Float = .infinity, id: HitID = .none) {
        self.cellGlyph = cellGlyph
        self.style = style
        self.depth = depth
        self.id = id
    }

    /// What the cell shows.
    public var glyph: Character {
        get { cellGlyph.character }
        set { cellGlyph = CellGlyph(newValue) }
    }

    public static let blank = TerminalCell(glyph: " ")

    /// Equal as before the glyph was packed: glyphs compare as characters (canonically
    /// equivalent spellings are equal), the bits first.
    public static func == (x: TerminalCell, y: TerminalCell) -> Bool {
        (x.cellGlyph == y.cellGlyph || x.glyph == y.glyph) && x.style == y.style && x.depth == y.depth && x.id == y.id
    }
}
