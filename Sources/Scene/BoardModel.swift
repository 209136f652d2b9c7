import Polycube

/// What the flat board view (pentominoes) draws, as a value: the board's squares and the tiles.
///
/// A tile marked `.selected` is the one the player holds: it is drawn lifted above the board
/// (shifted by `BoardRenderer.liftOffset`), over the squares it would drop onto, which are marked
/// as the drop target: quietly when the drop is legal, with red crosses when the tile is also
/// marked `.invalid`.
public struct BoardModel: Hashable, Sendable {
    /// The board's squares (z is ignored).
    var squares: [Cell]
    /// The tiles; a tile's `cells` are the squares it covers (or would drop onto, when held).
    var tiles: [ScenePiece]

    public init(squares: [Cell], tiles: [ScenePiece] = []) {
        self.squares = squares
        self.tiles = tiles
    }
}
