import Polycube

/// What the flat board view (pentominoes) draws, as a value: the board's squares and the tiles.
///
/// A tile marked `.selected` is the one the player holds: it is drawn on the squares it would
/// drop onto, over everything else, in a heavy frame; crossed in red when it is also marked
/// `.invalid` (it may not go down there). A tile marked `.hint` is a hint's ghost.
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
