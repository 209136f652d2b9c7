import Gestures
import Scene

/// What the pointer did, in screen terms: the gesture director's report to the session, which
/// knows the view and turns screen movements into lattice steps and turns (the SceneKit Soma
/// app's design: gestures act on the piece they started on, or on the camera when they started
/// on nothing).
enum SomaPointer: Hashable, Sendable {
    /// A drag on piece `piece` started: it becomes selected and is carried; the carry and its
    /// drop undo as one move.
    case beginDrag(piece: Int)
    /// The pointer moved by (columns, rows) since the last report: the piece follows it over
    /// the floor plane of its layer.
    case drag(columns: Double, rows: Double)
    /// The grabbed spot is (columns, rows) on screen from where the carry began (the director's
    /// `CarriedPoint`): the piece is carried there over the floor plane of its layer.
    case carry(columns: Double, rows: Double)
    /// The carry ended: drop the piece where it hovers, as Space does.
    case endDrag
    /// The carry ended as a flick (released within 200 ms of the press): take the carry back
    /// and tumble the piece the way the flick went, as one move.
    case flick(piece: Int, ScreenDirection)
    /// The system took the drag away (focus lost, a second button): undo what it did.
    case cancelDrag
    /// A drag that started off every piece: orbit the view by (columns, rows).
    case orbit(columns: Double, rows: Double)
    /// The wheel's twist (with Alt): turn the view about the vertical by this angle, radians,
    /// the recognizer's own, straight onto the camera's yaw.
    case turnView(radians: Double)
    /// A flick on a piece: tumble it 90 degrees the way the flick went.
    case swipe(piece: Int, ScreenDirection)
    /// A click: select the piece, or turn it about the line of sight if it is already selected;
    /// a click on nothing deselects. `at`: the screen point clicked, in cells (a cell's centre
    /// is + 0.5), so that the turn pivots about the cube drawn there.
    case tap(piece: Int?, at: GPoint? = nil)
    /// A double click on a piece drops it.
    case doubleTap(piece: Int?)
    /// Wheel or pinch: zoom by this factor (above 1 zooms in) toward the screen cell (column,
    /// row) the pointer is on.
    case zoom(factor: Double, column: Double, row: Double)
    /// A shake on empty space: all pieces back to the start.
    case shake

    /// A click on the screen cell (`column`, `row`), at its centre, as the director reports
    /// one there.
    static func tap(piece: Int?, column: Int, row: Int) -> SomaPointer {
        .tap(piece: piece, at: GPoint(x: Double(column) + 0.5, y: Double(row) + 0.5))
    }
}
