import Gestures

/// Turns terminal input into the touches the gesture core understands (spec B8 in
/// docs/gestures.md), so one recognizer graph serves mouse and wheel alike. Keys are not
/// gestures: they go to the screens' key tables, where a key is an exact lattice step.
///
/// - A mouse button held down is one touch: press begins it, each drag into another cell moves
///   it, release ends it. A press while a touch is still active (its release was lost) first
///   cancels the old touch, in a dispatch of its own.
/// - The wheel is a two-finger pinch around the pointer (zoom); Alt+wheel a two-finger rotation.
///   The pair lives until the wheel has been idle for `pairIdle` (`pairDeadline`,
///   `expirePair(at:)`), or until a mouse press or a pair of the other kind ends it.
/// - ESC, resize, focus-out and suspend cancel every active touch.
///
/// A value with no clock and no I/O: it is given each event's time and answers with the
/// dispatches to make, each a list of `TouchChange` for one `GestureManager.handle` call.
public struct TouchSynthesizer: Sendable {
    private enum PairKind: Sendable { case pinch, rotation }

    private struct Pair: Sendable {
        var kind: PairKind
        var a: TouchID
        var b: TouchID
        var centre: GPoint
        var radius: Double
        var angle: Double
        var lastNotch: GestureTime

        var locations: (GPoint, GPoint) {
            let (s, c) = Trigonometry.sinCos(angle)
            let offset = GPoint(x: c, y: s) * radius
            return (centre - offset, centre + offset)
        }
    }

    let metrics: CellMetrics
    /// Half the distance between the two touches of a new pair, in iso units.
    let pairRadius: Double
    /// How long after its last notch a wheel pair ends.
    let pairIdle: GestureTime

    private var nextRaw: UInt64 = 1
    private var mouse: (id: TouchID, column: Int, row: Int)?
    private var pair: Pair?
    /// The last pointer position: where wheel pairs are centred.
    private var pointer = GPoint.zero

    public init(metrics: CellMetrics = CellMetrics(), pairRadius: Double = 4, pairIdle: GestureTime = .ms(200)) {
        self.metrics = metrics
        self.pairRadius = pairRadius
        self.pairIdle = pairIdle
    }

    /// True while a mouse touch is down.
    var isMouseTouchActive: Bool { mouse != nil }

    /// When the active wheel pair ends if no further notch comes; nil without a pair.
    public var pairDeadline: GestureTime? { pair.map { $0.lastNotch + pairIdle } }

    /// The dispatches for one input event read at time `t`. `hitTest` answers for the centre of
    /// a new wheel pair. Events that are not gestures (keys, hover) give no dispatch.
    public mutating func touches(for event: InputEvent, at t: GestureTime,
                                 hitTest: (GPoint) -> HitResult) -> [[TouchChange]] {
        switch event {
        case .mouse(let m):
            return mouseTouches(m, at: t, hitTest: hitTest)
        case .key(KeyPress(.escape, [])), .resize, .focus(false):
            return cancelAll()
        case .key, .focus(true), .hostNote, .background:
            return []
        }
    }

    /// Cancels every active touch (ESC, resize, focus-out, suspend).
    public mutating func cancelAll() -> [[TouchChange]] {
        var changes: [TouchChange] = []
        if let m = mouse { changes.append(.cancelled(m.id)) }
        if let p = pair { changes += [.cancelled(p.a), .cancelled(p.b)] }
        mouse = nil
        pair = nil
        return changes.isEmpty ? [] : [changes]
    }

    /// Ends the wheel pair if its idle deadline has come (call when the loop ticks).
    public mutating func expirePair(at t: GestureTime) -> [[TouchChange]] {
        guard let deadline = pairDeadline, deadline <= t else { return [] }
        let changes = endPair()
        return changes.isEmpty ? [] : [changes]
    }

    // MARK: Mouse

    private mutating func mouseTouches(_ m: MouseEvent, at t: GestureTime, hitTest: (GPoint) -> HitResult) -> [[TouchChange]] {
        let location = metrics.iso(col: m.column, row: m.row)
        switch m.action {
        case .press:
            guard let button = m.button else { return [] }
            var dispatches: [[TouchChange]] = []
            if let stale = mouse { dispatches.append([.cancelled(stale.id)]) }
            let id = newID()
            mouse = (id, m.column, m.row)
            pointer = location
            dispatches.append(endPair() + [.began(id, at: location, source: .mouse(button), modifiers: Self.modifiers(m.modifiers))])
            return dispatches
        case .drag:
            pointer = location
            guard let active = mouse, (active.column, active.row) != (m.column, m.row) else { return [] }
            mouse = (active.id, m.column, m.row)
            return [[.moved(active.id, to: location)]]
        case .release:
            pointer = location
            guard let active = mouse else { return [] }
            mouse = nil
            return [[.ended(active.id, at: location)]]
        case .move:
            pointer = location
            return []
        case .wheelUp, .wheelDown:
            guard mouse == nil else { return [] }   // one pointer: the wheel waits for the button
            pointer = location
            let kind: PairKind = m.modifiers.contains(.alt) ? .rotation : .pinch
            let up = m.action == .wheelUp
            var dispatches: [[TouchChange]] = []
            if pair?.kind != kind {
                let ended = endPair()
                let began = beginPair(kind, centre: pointer, hit: hitTest(pointer), at: t)
                dispatches.append(ended + began)
            }
            dispatches.append(notch(up: up, at: t))
            return dispatches
        case .wheelLeft, .wheelRight:
            return []
        }
    }

    private mutating func beginPair(_ kind: PairKind, centre: GPoint, hit: HitResult, at t: GestureTime) -> [TouchChange] {
        let p = Pair(kind: kind, a: newID(), b: newID(), centre: centre, radius: pairRadius, angle: 0, lastNotch: t)
        pair = p
        let (a, b) = p.locations
        return [.began(p.a, at: a, source: .synthetic, hit: hit), .began(p.b, at: b, source: .synthetic, hit: hit)]
    }

    /// Wheel up zooms in (the fingers spread) or turns counter-clockwise; down the opposite.
    private mutating func notch(up: Bool, at t: GestureTime) -> [TouchChange] {
        guard var p = pair else { return [] }
        switch p.kind {
        case .pinch: p.radius *= up ? 1.1 : 1 / 1.1
        case .rotation: p.angle += (up ? -15 : 15) * .pi / 180
        }
        p.lastNotch = t
        pair = p
        let (a, b) = p.locations
        return [.moved(p.a, to: a), .moved(p.b, to: b)]
    }

    private mutating func endPair() -> [TouchChange] {
        guard let p = pair else { return [] }
        pair = nil
        return [.ended(p.a), .ended(p.b)]
    }

    // MARK: Helpers

    private mutating func newID() -> TouchID {
        defer { nextRaw += 1 }
        return TouchID(nextRaw)
    }

    private static func modifiers(_ m: KeyModifiers) -> Modifiers {
        var result: Modifiers = []
        if m.contains(.shift) { result.insert(.shift) }
        if m.contains(.alt) { result.insert(.alt) }
        if m.contains(.control) { result.insert(.control) }
        return result
    }
}
