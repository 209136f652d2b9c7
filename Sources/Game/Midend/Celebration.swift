/// The solved moment: the pieces lit one after another in legend order, then all together,
/// over less than two seconds. A value with its start time; what is lit at a time is computed
/// from `now` (the injected clock), so the host only has to redraw at `nextChange`.
struct Celebration: Hashable, Sendable {
    let start: Double
    /// How many pieces take their turn.
    let count: Int

    /// How long all the pieces are lit together at the end.
    static let finale = 0.3

    /// How long each piece is lit alone: 0.2 s, shorter for large sets, so the whole moment
    /// stays under 2 s (at most 1.4 s of turns and the finale).
    var step: Double { min(0.2, 1.4 / Double(max(1, count))) }

    /// When the moment is over.
    var end: Double { start + step * Double(count) + Self.finale }

    /// Which turn `now` falls in (0-based; `count` and above: the finale). A hair of tolerance,
    /// so that a tick at exactly a step's time shows that step.
    private func turn(at now: Double) -> Int { Int(((now - start) / step + 1e-9).rounded(.down)) }

    /// The pieces lit at `now`: one in its turn, all in the finale, none once it is over (nil).
    func lit(at now: Double) -> Set<Int>? {
        guard now < end else { return nil }
        let k = max(0, turn(at: now))
        return k < count ? [k] : Set(0..<count)
    }

    func isOver(at now: Double) -> Bool { now >= end }

    /// When the picture changes next after `now` (the next turn or the end), nil once over.
    func nextChange(after now: Double) -> Double? {
        guard now < end else { return nil }
        let k = max(0, turn(at: now))
        return k < count ? min(end, start + Double(k + 1) * step) : end
    }
}
