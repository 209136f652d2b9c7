/// What a game answers about its play, for the midend's clock and the solve it records: as
/// Tatham's games answer `game_status` and `timing_state` and `midend.c` keeps the timer, a game
/// here says whether play has begun and whether the figure is done, and the `Midend` owns the
/// `PlayClock` (its start, its stop, the seconds saved) and the `Solved` it records. The rules of
/// what counts (a move, a tile lifted, a new attempt) stay with the game.
public struct PlayState: Hashable, Sendable {
    /// The attempt: a new one (a solved figure reset) starts the clock over from nothing.
    public var attempt: Int
    /// True once the player's first move of this sitting happened (a tile lifted counts): the
    /// clock runs from the event that made it true.
    public var started: Bool
    /// True once the attempt filled the figure (kept until a new attempt, whatever moves after):
    /// the clock stops at the event that made it true, and the solve is recorded then.
    public var completed: Bool
    /// Moves of the attempt so far: what a solve records.
    public var moves: Int
    /// The help the attempt had (the assist it is recorded under, the hints that arrived):
    /// what a solve records, as they stood at the completion.
    public var assist: Assist
    public var hints: Int
    /// Seconds played in earlier sittings (the saved position's): where the clock starts.
    public var earlierSeconds: Double

    public init(attempt: Int = 0, started: Bool = false, completed: Bool = false, moves: Int = 0,
                assist: Assist = .off, hints: Int = 0, earlierSeconds: Double = 0) {
        self.attempt = attempt
        self.started = started
        self.completed = completed
        self.moves = moves
        self.assist = assist
        self.hints = hints
        self.earlierSeconds = earlierSeconds
    }
}
