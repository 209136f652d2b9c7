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

    /// The same run over any number of days, read a page at a time: `days(through)` answers
    /// solved days on or before `through`, newest first, as many as the store gives at once
    /// (it bounds its answer: issue 36's streak stopped at 3,999 days, the store's window,
    /// which future-dated rows used up too). A page is read again from the first day the run
    /// still needs, so the count goes on for as long as the run does; days after the one
    /// wanted (a store that answers more than asked) are passed over.
    public static func length<Failure: Error>(today: PuzzleDay,
                                              days: (_ through: PuzzleDay) throws(Failure) -> [PuzzleDay]) throws(Failure) -> Int {
        var page = try days(today)
        var wanted = page.contains(today) ? today : today.previous
        var length = 0
        while true {
            var counted = 0
            for day in page where day <= wanted {
                guard day == wanted else { return length }
                length += 1
                counted += 1
                wanted = wanted.previous
            }
            // A page without the day wanted ends the run; each further read starts a day
            // earlier than the one before, so the reads end.
            guard counted > 0 else { return length }
            page = try days(wanted)
        }
    }
}
