/// The "shake to reset" gesture of Apple's sample, adapted to a terminal: one touch moving left and
/// right with at least `minimumTurnings` changes of direction, decided at release (discrete).
///
/// Deviations from the sample, on purpose (pitfall D11): it stays `possible` while tracking instead
/// of going `began` at touch-down (which would block every other recognizer), and horizontal runs
/// shorter than `minimumRun` are dropped before counting, so one-cell jitter at a cell boundary does
/// not produce turnings. With `minimumRun = 0` it counts exactly as the sample does.
open class ResetGestureRecognizer: GestureRecognizer {
    public var minimumTurnings = 3
    public var minimumRun = 2.0

    open override class var isDiscrete: Bool { true }

    @exclusivity(unchecked) private var xs: [Double] = []
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
        } else {
            for t in touches { ignore(t.id) }
        }
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        for t in touches where t.id == tracked { xs.append(t.location.x) }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        guard let t = touches.first(where: { $0.id == tracked }) else { return }
        if t.location.x != xs.last { xs.append(t.location.x) }
        request(Self.turnings(xs, minimumRun: minimumRun) >= minimumTurnings ? .ended : .failed)
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
        tracked = nil
    }
}
