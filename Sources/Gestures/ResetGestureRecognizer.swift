/// The "shake to reset" gesture of Apple's sample, adapted to a terminal: one touch moving left and
/// right with at least `minimumTurnings` changes of direction, decided at release (discrete).
///
/// Deviations from the sample, on purpose (pitfall D11): it stays `possible` while tracking instead
/// of going `began` at touch-down (which would block every other recognizer), and horizontal runs
/// shorter than `minimumRun` are dropped before counting, so one-cell jitter at a cell boundary does
/// not produce turnings. With `minimumRun = 0` it counts exactly as the sample does.
///
/// A terminal adds a reason to time the legs: its mouse drag on empty space is also the camera's
/// orbit, and a player looking around swings the view left and right, slowly, several times. A
/// hand's shake is quick: each leg takes a fraction of a second. With `maximumLegDuration` set,
/// only legs that took at most that long count, and `minimumTurnings + 1` of them in a row must
/// fit in `maximumShakeDuration`; a slow orbit then never resets, however many legs it has.
open class ResetGestureRecognizer: GestureRecognizer {
    public var minimumTurnings = 3
    public var minimumRun = 2.0
    /// The longest a leg of the shake may take, from one turning to the next; nil: no limit.
    public var maximumLegDuration: GestureTime?
    /// The longest the legs of one shake may take together; nil: no limit.
    public var maximumShakeDuration: GestureTime?

    open override class var isDiscrete: Bool { true }

    @exclusivity(unchecked) private var xs: [Double] = []
    @exclusivity(unchecked) private var times: [GestureTime] = []
    @exclusivity(unchecked) private var tracked: TouchID?

    public override init(name: String = "reset") {
        super.init(name: name)
    }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        if tracked == nil {
            if touches.count > 1 {
                request(.failed)
                return
            }
            tracked = touches[0].id
            xs.append(touches[0].location.x)
            times.append(event.timestamp)
        } else {
            for t in touches { ignore(t.id) }
        }
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        for t in touches where t.id == tracked {
            xs.append(t.location.x)
            times.append(event.timestamp)
        }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        guard let t = touches.first(where: { $0.id == tracked }) else { return }
        if t.location.x != xs.last {
            xs.append(t.location.x)
            times.append(event.timestamp)
        }
        let shaken: Bool
        if maximumLegDuration == nil && maximumShakeDuration == nil {
            shaken = Self.turnings(xs, minimumRun: minimumRun) >= minimumTurnings
        } else {
            shaken = Self.isShake(Self.legs(xs, times, minimumRun: minimumRun), turnings: minimumTurnings,
                                  leg: maximumLegDuration, shake: maximumShakeDuration)
        }
        request(shaken ? .ended : .failed)
    }

    /// One leg of a path: a maximal horizontal run one way, from the turning before it (`start`)
    /// to its last report (`end`), after jitter runs are dropped and what is left merged.
    struct Leg: Hashable, Sendable {
        var rightward: Bool
        var length: Double
        var start: GestureTime
        var end: GestureTime
    }

    /// The legs of a path of x coordinates reported at `times`, ignoring runs shorter than
    /// `minimumRun`.
    static func legs(_ xs: [Double], _ times: [GestureTime], minimumRun: Double) -> [Leg] {
        var runs: [Leg] = []
        for i in xs.indices.dropFirst() {
            let dx = xs[i] - xs[i - 1]
            if dx == 0 { continue }
            if let last = runs.last, last.rightward == (dx > 0) {
                runs[runs.count - 1].length += abs(dx)
                runs[runs.count - 1].end = times[i]
            } else {
                runs.append(Leg(rightward: dx > 0, length: abs(dx), start: times[i - 1], end: times[i]))
            }
        }
        var kept: [Leg] = []
        for run in runs where run.length >= minimumRun {
            if let last = kept.last, last.rightward == run.rightward {
                kept[kept.count - 1].length += run.length
                kept[kept.count - 1].end = run.end
            } else {
                kept.append(run)
            }
        }
        return kept
    }

    /// True when `turnings + 1` consecutive legs each took at most `leg` and together at most
    /// `shake`.
    static func isShake(_ legs: [Leg], turnings: Int, leg: GestureTime?, shake: GestureTime?) -> Bool {
        let needed = turnings + 1
        guard legs.count >= needed else { return false }
        var streak = 0
        for (i, l) in legs.enumerated() {
            let quick = leg.map { l.end - l.start <= $0 } ?? true
            streak = quick ? streak + 1 : 0
            guard streak >= needed else { continue }
            if let shake, l.end - legs[i - needed + 1].start > shake { continue }
            return true
        }
        return false
    }

    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) { request(.failed) }

    /// Counts the changes of horizontal direction along a path of x coordinates, ignoring runs
    /// shorter than `minimumRun`.
    public static func turnings(_ xs: [Double], minimumRun: Double) -> Int {
        var runs: [(sign: Bool, length: Double)] = []
        for i in xs.indices.dropFirst() {
            let dx = xs[i] - xs[i - 1]
            if dx == 0 { continue }
            let positive = dx > 0
            if let last = runs.last, last.sign == positive {
                runs[runs.count - 1].length += abs(dx)
            } else {
                runs.append((positive, abs(dx)))
            }
        }
        var kept: [Bool] = []
        for run in runs where run.length >= minimumRun {
            if kept.last != run.sign { kept.append(run.sign) }
        }
        return max(0, kept.count - 1)
    }

    open override func reset() {
        xs.removeAll()
        times.removeAll()
        tracked = nil
    }
}
