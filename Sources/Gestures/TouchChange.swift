/// One change to one touch, as the front end reports it. A `GestureManager.handle` call takes a list
/// of them: that list is one event, so a synthetic pair can begin both touches at once, or end a
/// wheel pair and begin the mouse press that interrupts it.
///
/// One exception: to replace a mouse touch whose release was lost, send its `cancelled` in a
/// `handle` call of its own, before the new press. New touches are assigned to recognizers before
/// the event is delivered (spec B5 step 3), so a recognizer still tracking the stale touch (a pan
/// at its maximum of one touch) would otherwise not be free to take the new one.
public struct TouchChange: Sendable {
    public var id: TouchID
    public var phase: TouchPhase
    /// Required for `began` and `moved`; `nil` for `ended`/`cancelled` keeps the last location.
    public var location: GPoint?
    public var source: TouchSource
    public var modifiers: Modifiers
    /// The hit result to use instead of asking the hit tester (both touches of a wheel pair share
    /// the hit of the pointer they are centred on; keyboard pans carry the selected piece).
    public var hitOverride: HitResult?

    public init(id: TouchID, phase: TouchPhase, location: GPoint?, source: TouchSource = .mouse(.left),
                modifiers: Modifiers = [], hitOverride: HitResult? = nil) {
        self.id = id
        self.phase = phase
        self.location = location
        self.source = source
        self.modifiers = modifiers
        self.hitOverride = hitOverride
    }

    public static func began(_ id: TouchID, at p: GPoint, source: TouchSource = .mouse(.left),
                             modifiers: Modifiers = [], hit: HitResult? = nil) -> TouchChange {
        TouchChange(id: id, phase: .began, location: p, source: source, modifiers: modifiers, hitOverride: hit)
    }

    public static func moved(_ id: TouchID, to p: GPoint) -> TouchChange {
        TouchChange(id: id, phase: .moved, location: p)
    }

    public static func ended(_ id: TouchID, at p: GPoint? = nil) -> TouchChange {
        TouchChange(id: id, phase: .ended, location: p)
    }

    public static func cancelled(_ id: TouchID) -> TouchChange {
        TouchChange(id: id, phase: .cancelled, location: nil)
    }
}
