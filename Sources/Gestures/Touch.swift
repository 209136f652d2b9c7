/// One finger, mouse button or key press, as the recognizers see it.
///
/// A value: each recognizer holds its own copy of the touches it tracks, refreshed at delivery.
public struct Touch: Sendable {
    public let id: TouchID
    public internal(set) var phase: TouchPhase
    public internal(set) var location: GPoint
    public internal(set) var previousLocation: GPoint
    public let initialLocation: GPoint
    public let initialTimestamp: GestureTime
    public internal(set) var timestamp: GestureTime
    public let source: TouchSource
    public let modifiers: Modifiers
    /// Computed once when the touch began (or supplied by the synthesizer); never recomputed.
    public let hit: HitResult

    init(id: TouchID, location: GPoint, timestamp: GestureTime, source: TouchSource,
         modifiers: Modifiers, hit: HitResult) {
        self.id = id
        phase = .began
        self.location = location
        previousLocation = location
        initialLocation = location
        initialTimestamp = timestamp
        self.timestamp = timestamp
        self.source = source
        self.modifiers = modifiers
        self.hit = hit
    }
}
