/// One day's daily figure, solved: what is kept per day and shared.
public struct DailyResult: Hashable, Sendable {
    public var day: PuzzleDay
    /// The figure's id (`FigureID`), so a result says which figure it was for.
    public var figure: String
    public var grade: Int
    public var seconds: Double
    public var moves: Int
    public var hints: Int
    /// True for the day's pentomino puzzle (`figure` is then its board, `6x10`).
    public var isPento: Bool

    public init(day: PuzzleDay, figure: String, grade: Int, seconds: Double, moves: Int, hints: Int, isPento: Bool = false) {
        self.day = day
        self.figure = figure
        self.grade = grade
        self.seconds = seconds
        self.moves = moves
        self.hints = hints
        self.isPento = isPento
    }

    /// The line to paste in a chat: the day, the figure's id and grade, the time, moves, hints
    /// and the streak; nothing of the solution (no piece, no place).
    /// `soma daily 2026-11-26 g-7f3a2c grade 4/5: solved in 3:05, 9 moves, no hints. Streak: 3 days.`
    /// (`soma daily pento 2026-11-26 6x10 grade ...` for the pentomino puzzle).
    public func shareText(streak: Int) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let clock = h > 0 ? "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)" : "\(m):\(s < 10 ? "0" : "")\(s)"
        let hintText = hints == 0 ? "no hints" : hints == 1 ? "1 hint" : "\(hints) hints"
        let movesText = moves == 1 ? "1 move" : "\(moves) moves"
        let streakText = streak == 1 ? "1 day" : "\(streak) days"
        return "soma daily \(isPento ? "pento " : "")\(day) \(figure) grade \(grade)/5: solved in \(clock), \(movesText), \(hintText). Streak: \(streakText)."
    }
}
