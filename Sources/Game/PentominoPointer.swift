import Polycube

/// What the pointer did on the flat board, in board cells (the session maps screen positions):
/// the gesture director's report to a `PentominoSession`.
///
/// Two ways to play with a pointer, as on a tablet: drag a tile (press on one of its squares,
/// move, release to put it down), or click a tile to pick it up and click a square to put its
/// centre there. A click on the tile in hand turns it (the pentomino app's tap-to-rotate), a
/// double click turns it over.
enum PentominoPointer: Hashable, Sendable {
    case press(Cell)
    case drag(to: Cell)
    case release
    case tap(Cell)
    case doubleTap(Cell)
    /// Wheel or right button: turn the tile in hand.
    case turn(clockwise: Bool)
}
