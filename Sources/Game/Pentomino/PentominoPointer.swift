import Polycube

/// What the pointer did on the flat board, in board cells (the session maps screen positions):
/// the gesture director's report to a `PentominoSession`.
///
/// Two ways to play with a pointer, as on a tablet: drag a tile (press on one of its own
/// squares, move, release to put it down), or click a tile to pick it up and click a square to
/// put it there. A click on the tile in hand turns it (the pentomino app's tap-to-rotate); a
/// right click or a double click turns it over; a long press picks up a tile among others
/// without moving it, so the player sees which one they hold before carrying it.
enum PentominoPointer: Hashable, Sendable {
    case press(Cell)
    case drag(to: Cell)
    case release
    /// The drag was cancelled (Esc, resize, focus lost): the tile goes back where it came from.
    case cancel
    case tap(Cell)
    case longPress(Cell)
    case turnOver(Cell)
    /// Wheel: turn the tile in hand.
    case turn(clockwise: Bool)
    /// The pointer moved over this cell with no button held: a tile picked up by a click
    /// follows it, so the player sees where it lands before the click that puts it there.
    case hover(Cell)
}
