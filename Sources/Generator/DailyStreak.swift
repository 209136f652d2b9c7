/// The run of consecutive days whose daily figure was solved, ending today, or yesterday while
/// today's is still open (a streak is not broken before the day is over).
public enum DailyStreak {
    public static func length(solved: Set<PuzzleDay>, today: PuzzleDay) -> Int {
        var day = solved.contains(today) ? today : today.previous
        var length = 0
        while solved.contains(day) {
            length += 1
            day = day.previous
        }
        return length
    }
}
