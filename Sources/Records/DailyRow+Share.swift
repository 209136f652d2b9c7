extension DailyRow {
    /// The line to paste in a chat: the day, the puzzle's id and grade, the time, moves, hints
    /// and the streak; nothing of the solution (no piece, no place).
    /// `soma daily 2026-11-26 g-7f3a2c grade 4/5: solved in 3:05, 9 moves, no hints. Streak: 3 days.`
    /// (`soma daily pento 2026-11-26 6x10 grade ...` for the pentomino puzzle).
    public func shareText(streak: Int, kind: DailyKind) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let clock = h > 0 ? "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)" : "\(m):\(s < 10 ? "0" : "")\(s)"
        let hintText = hints == 0 ? "no hints" : hints == 1 ? "1 hint" : "\(hints) hints"
        let movesText = moves == 1 ? "1 move" : "\(moves) moves"
        let streakText = streak == 1 ? "1 day" : "\(streak) days"
        let command = kind == .pento ? "soma daily pento" : "soma daily"
        return "\(command) \(day) \(figure) grade \(grade)/5: solved in \(clock), \(movesText), \(hintText). Streak: \(streakText)."
    }
}
