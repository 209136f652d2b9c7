import Scene

/// What the pointer did, in screen terms: the gesture director's report to the session, which
/// knows the view and turns screen movements into lattice steps and turns (the SceneKit Soma
/// app's design: gestures act on the piece they started on, or on the camera when they started
/// on nothing).
enum SomaPointer: Hashable, Sendable {
    /// A drag on piece `piece` started: it becomes selected and its steps will undo as one.
    case beginDrag(piece: Int)
    /// The drag moved by (columns, rows) since the last report.
    case drag(columns: Double, rows: Double)
    case endDrag
    /// The system took the drag away (focus lost, a second button): undo what it did.
    case cancelDrag
    /// A drag that started off every piece: orbit the view by (columns, rows).
    case orbit(columns: Double, rows: Double)
    /// A flick on a piece: tumble it 90 degrees the way the flick went.
    case swipe(piece: Int, ScreenDirection)
    /// A click: select the piece, or turn it about the line of sight if it is already selected;
    /// a click on nothing deselects.
    case tap(piece: Int?)
    /// A double click on a piece drops it.
    case doubleTap(piece: Int?)
    /// Wheel or pinch: zoom by this factor (above 1 zooms in).
    case zoom(factor: Double)
    /// A shake on empty space: all pieces back to the start.
    case shake
}
