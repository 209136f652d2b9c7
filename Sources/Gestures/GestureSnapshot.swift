/// What an action receives: an immutable picture of a recognizer at the moment it committed a
/// state. Actions run after the dispatch, so reading the live recognizer there would be wrong.
public struct GestureSnapshot: Sendable {
    public let name: String
    public let state: GestureRecognizer.State
    /// The dispatch time: the event's timestamp, or the deadline's time for a deadline dispatch.
    public let timestamp: GestureTime
    /// The centroid of the tracked touches (the swipe's start point, the tap's release point).
    public let location: GPoint
    public let numberOfTouches: Int
    /// `hit.node` of the first touch of the attempt: what the gesture started on.
    public let initialHit: NodeID?
    /// The modifiers and source of the first touch of the attempt.
    public let source: TouchSource?
    public let modifiers: Modifiers
    public let values: GestureValues
    /// The cell aspect the manager was configured with, for `translationInCells`.
    public let aspect: Double
    /// Distinguishes dispatches, so a performer can act once per target per dispatch.
    let dispatchSerial: UInt64

    /// The pan translation as (columns, rows); zero for other recognizers.
    public var translationInCells: GPoint {
        if case let .pan(t, _, _) = values { return GPoint(x: t.x, y: t.y / aspect) }
        return .zero
    }

    /// The pan delta as (columns, rows); zero for other recognizers.
    public var deltaInCells: GPoint {
        if case let .pan(_, d, _) = values { return GPoint(x: d.x, y: d.y / aspect) }
        return .zero
    }
}
