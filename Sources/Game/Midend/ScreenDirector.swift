import Gestures

/// A screen's gesture director: its recognizers, attached to the host's gesture manager, and
/// what they did since the last `flush`. An object, because recognizers have identity.
public protocol ScreenDirector: AnyObject {
    associatedtype Screen
    /// Attaches the screen's recognizers to `manager`.
    init(manager: GestureManager)
    /// Applies to `screen` what the gestures did since the last call, for a terminal of
    /// `width` x `height` at time `now`.
    func flush(into screen: inout Screen, width: Int, height: Int, now: Double) -> [GameEffect]
    /// The pointer moved to screen cell (`column`, `row`) with no button held (only while the
    /// screen's `followsPointer` asks for it); the next `flush` applies it.
    func pointerMoved(column: Int, row: Int)
}

extension ScreenDirector {
    public func pointerMoved(column: Int, row: Int) {}
}
