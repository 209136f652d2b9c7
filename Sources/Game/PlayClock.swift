/// The clock of one game: it starts at the first move (not when the game is shown), carries the
/// seconds of earlier sittings when a game is resumed, and stops for good when the figure is
/// first completed. Both games keep their time this way; time comes in as `now`.
struct PlayClock: Hashable, Sendable {
    /// When the first move of this sitting happened.
    private(set) var startTime: Double?
    /// Seconds played in earlier sittings.
    private(set) var earlierSeconds: Double
    /// Set the first time the figure is completed, and kept (the clock stops there).
    private(set) var solved: Solved?

    init(earlierSeconds: Double = 0) {
        self.earlierSeconds = max(0, earlierSeconds)
    }

    /// Seconds of play: from the first move to the completion (or to `now` while playing).
    func elapsed(now: Double) -> Double {
        if let solved { return solved.seconds }
        guard let startTime else { return earlierSeconds }
        return earlierSeconds + max(0, now - startTime)
    }

    /// A move happened at `now`: the clock runs from the first one.
    mutating func start(at now: Double) {
        if startTime == nil { startTime = now }
    }

    /// The figure is complete after `moves` moves: the first time, the clock stops.
    mutating func complete(moves: Int, now: Double) {
        if solved == nil { solved = Solved(moves: moves, seconds: elapsed(now: now)) }
    }
}
