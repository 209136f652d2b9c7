import ArgumentParser
import Files
import Game
import Generator
import Store

/// Keeps a solve of a daily puzzle in the Store's daily tables (`daily` for the figure,
/// `daily_pento` for the pentomino puzzle) and says the streak: the one place every way of
/// playing the day's puzzle ends (`soma daily`, `soma daily pento`, `soma play ID`, the menu,
/// `soma pento FILE`), so a solve counts toward the day's record however it was opened.
public enum DailyRecord {
    /// What was solved: the day, which puzzle, and the facts kept of it.
    public struct Solve {
        var kind: ProgressStore.DailyKind
        var day: PuzzleDay
        /// The figure's id, or the pento puzzle's board.
        var label: String
        var grade: Int

        public init(kind: ProgressStore.DailyKind, day: PuzzleDay, label: String, grade: Int) {
            self.kind = kind
            self.day = day
            self.label = label
            self.grade = grade
        }
    }

    /// The record of `name` when the game that just ended solved it (more solves than when it
    /// opened), else nil.
    public static func solvedNow(_ name: String, before: Progress, after: Progress) -> FigureRecord? {
        guard let record = after.record(of: name), record.timesSolved > before.record(of: name)?.timesSolved ?? 0 else { return nil }
        return record
    }

    /// The names solved in the game that just ended.
    static func solvedNames(before: Progress, after: Progress) -> [String] {
        Set(after.records.keys.map(\.figure)).sorted().filter { solvedNow($0, before: before, after: after) != nil }
    }

    /// Records `solve` (its time and moves from `record`, `hints` asked) for this player and
    /// prints the streak; a guest keeps nothing. Under `soma serve --database` the record and
    /// the streak's days go through the server's store line (`ProgressLocating.keeper`), so the
    /// streak is the same on every instance. A store that cannot be written is said, with exit
    /// status 1.
    /// `quiet`: while the game is still open (`ScreenProgram.run`'s `afterSave`), kept without a
    /// word (the terminal is the game's), a failure left for the record at the end to say.
    public static func record(_ solve: Solve, record: FigureRecord, hints: Int, options: some ProgressLocating, command: String,
                              quiet: Bool = false) throws {
        guard !options.isGuest else { return }
        do {
            let store = try options.keeper()
            try store.recordDaily(.init(day: "\(solve.day)", figure: solve.label, grade: solve.grade, seconds: record.bestSeconds,
                                        moves: record.fewestMoves, hints: hints), kind: solve.kind)
            if quiet { return }
            let streak = try Self.streak(kind: solve.kind, today: solve.day, store: store)
            let what = solve.kind == .pento ? "the daily pentomino puzzle" : "the daily figure"
            let share = solve.kind == .pento ? "soma daily pento --share" : "soma daily --share"
            print("Solved \(what) of \(solve.day). Streak: \(streak == 1 ? "1 day" : "\(streak) days"). "
                  + "`\(share)` prints a line to share.")
        } catch {
            if quiet { return }
            StandardStreams.printError("\(command): the day's solve was not recorded at \(error.path): \(error.reason)")
            throw ExitCode(1)
        }
    }

    /// The player's streak of `kind` ending `today` (or yesterday), over any number of days:
    /// the store's results read a page at a time back from `today` (`DailyStreak`).
    public static func streak(kind: ProgressStore.DailyKind, today: PuzzleDay, store: any ProgressKeeper) throws(StoreError) -> Int {
        try DailyStreak.length(today: today) { (through: PuzzleDay) throws(StoreError) -> [PuzzleDay] in
            try store.dailyResults(kind: kind, through: "\(through)").compactMap { PuzzleDay(parsing: $0.day) }
        }
    }

    /// After `soma play` or `soma daily`: when a generated figure was solved and it is today's
    /// daily figure (`today`: `SOMA_TODAY` or the clock), the day's record and streak. The
    /// figure is made again only when a generated figure (`g-...`) was solved.
    public static func recordDailyFigure(before: Progress, after: Progress, hints: [String: Int], today: PuzzleDay,
                                  options: some ProgressLocating, command: String, quiet: Bool = false) throws {
        let solved = solvedNames(before: before, after: after).filter { FigureID(parsing: $0) != nil }
        guard !solved.isEmpty, case let .success(daily) = try DailyRule.figure(for: today),
              solved.contains(daily.figure.name), let done = solvedNow(daily.figure.name, before: before, after: after)
        else { return }
        try record(Solve(kind: .figure, day: today, label: daily.id.text, grade: daily.grade.value), record: done,
                   hints: hints[daily.figure.name] ?? 0, options: options, command: command, quiet: quiet)
    }

    /// After `soma pento` or `soma daily pento`: when a daily pentomino puzzle of `today` was
    /// solved, the day's record and streak.
    public static func recordDailyPento(before: Progress, after: Progress, hints: [String: Int], today: PuzzleDay,
                                 options: some ProgressLocating, command: String) throws {
        let name = DailyPentoRule.name(for: today)
        guard let done = solvedNow(name, before: before, after: after) else { return }
        let puzzle = try DailyPentoRule.puzzle(for: today)
        try record(Solve(kind: .pento, day: today, label: puzzle.boardName, grade: puzzle.grade.value), record: done,
                   hints: hints[name] ?? 0, options: options, command: command)
    }
}
