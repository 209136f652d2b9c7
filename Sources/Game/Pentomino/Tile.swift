import Polycube
import Scene

/// A pentomino tile: its letter, its shape lying flat, and its palette colour (the same in the
/// board, the legend and the 3D view).
public struct Tile: Hashable, Sendable {
    public var letter: Character
    public var shape: Shape
    var color: PieceColor
}
