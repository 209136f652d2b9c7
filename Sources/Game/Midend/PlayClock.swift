/// The clock of one attempt, the midend's (`Midend.clock`), set by what the game answers
/// (`PlayState`): it starts at the first move (not when the game is shown), carries the seconds
/// of earlier sittings when a game is resumed, stops while the player is not playing (help or a
/// menu open: `pause`, `resume`), and stops for good when the figure is first completed. Every
/// game keeps its time this way, and none keeps it itself; time comes in as `now`.
public struct PlayClock: Hashable, Sendable {
    /// When the first move of this sitting happened.
    private(set) var startTime: Double?
    /// Seconds played in earlier sittings.
    private(set) var earlierSeconds: Double
    /// Set the first time the figure is completed, and kept (the clock stops there).
    private(set) var solved: Solved?
    /// Since when the clock has been paused, if it is.
    private(set) var pausedAt: Double?
    /// Seconds of this sitting spent paused (after the first move), not counted as play.
    private(set) var pausedSeconds = 0.0

    init(earlierSeconds: Double = 0) {
        self.earlierSeconds = max(0, earlierSeconds)
    }

    /// Seconds of play: from the first move to the completion (or to `now` while playing), less
    /// the time paused.
    public func elapsed(now: Double) -> Double {
        if let solved { return solved.seconds }
        guard let startTime else { return earlierSeconds }
        return earlierSeconds + max(0, (pausedAt ?? now) - startTime - pausedSeconds)
    }

    var isPaused: Bool { pausedAt != nil }

    /// Whether the time shown moves: started, not stopped by the completion, not paused.
    public var isRunning: Bool { startTime != nil && solved == nil && pausedAt == nil }

    /// A move happened at `now`: the clock runs from the first one.
    mutating func start(at now: Double) {
        if startTime == nil { startTime = now }
    }

    /// The player stopped playing at `now` (help or a menu opened): the time stands still until
    /// `resume`. Pausing a paused clock changes nothing.
    public mutating func pause(at now: Double) {
        if pausedAt == nil { pausedAt = now }
    }

    /// Play goes on at `now`: the time since `pause` is not counted.
    public mutating func resume(at now: Double) {
        guard let pausedAt else { return }
        // A clock that starts while paused (or never started) owes nothing for the pause.
        if let startTime { pausedSeconds += max(0, now - max(pausedAt, startTime)) }
        self.pausedAt = nil
    }

    /// The figure is complete after `moves` moves: the first time, the clock stops, and the
    /// solve keeps the help it had (`assist`, `hints`), so switching it afterwards changes nothing.
    mutating func complete(moves: Int, now: Double, assist: Assist = .off, hints: Int = 0) {
        if solved == nil { solved = Solved(moves: moves, seconds: elapsed(now: now), assist: assist, hints: hints) }
    }
}
