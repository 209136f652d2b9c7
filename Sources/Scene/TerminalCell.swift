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
