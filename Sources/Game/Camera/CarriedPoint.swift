import Gestures

/// The thing in hand as the player sees it move: the spot grabbed on a piece or tile, carried
/// with the pointer by the `Draggable` plan (which adds each pan's delta to the position, in
/// cells) and put back by the plan's performer when the carry is cancelled. Its `position` is
/// how far the spot has been carried from where it was grabbed (`grip`), in columns and rows;
/// the directors hand the screens where it is, never a step: the Soma session carries the
/// piece to where that point's ray meets the piece's floor plane, the pentomino session puts
/// the grabbed square on the board square under it.
final class CarriedPoint: ScreenPlaneTarget {
    /// Where the carry began, in iso units.
    private(set) var grip = GPoint.zero

    /// A carry begins with the touch's first point: the pan's snapshot says where the touch is
    /// and how far it has gone (the plan has carried the point by that much already).
    func grab(_ snapshot: GestureSnapshot) {
        let t: GPoint = if case let .pan(translation, _, _) = snapshot.values { translation } else { .zero }
        grip = GPoint(x: snapshot.location.x - t.x, y: snapshot.location.y - t.y)
    }

    /// How far the spot has been carried, in columns and rows.
    var carried: (columns: Double, rows: Double) { (position.x, position.y) }

    /// The screen cell the spot is over: the grip plus the distance carried.
    var cell: (col: Int, row: Int) {
        metrics.cell(GPoint(x: grip.x + position.x, y: grip.y + position.y * metrics.aspect))
    }

    /// The carry is over: the next one starts from nothing.
    func letGo() {
        position = .zero
    }
}
