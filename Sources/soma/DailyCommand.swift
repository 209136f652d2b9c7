import ArgumentParser
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Game
import Generator
import Polycube
import Store
import App

/// `soma daily`: the day's figure, the same for every player (`Generator.DailyRule`), played
/// with saved progress; a solve is kept per day (the Store's `daily` table), with the streak of
/// days solved in a row and a line to share. `soma daily pento`: the day's pentomino puzzle
/// (`Generator.DailyPentoRule`), the same way, with records and a streak of its own.
struct DailyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "Play the day's figure: the same new figure for everyone, every UTC day.",
        discussion: """
            The figure is made from the date alone (UTC), by a rule that never changes a day \
            already published: every player on every machine gets the same one, with exactly one \
            solution. Solving it records the day, your time, moves and hints, and your streak of \
            days solved in a row. --print prints the figure file instead of playing; --share \
            prints a line about today's solve to paste in a chat (no spoiler). The date is \
            today's in UTC, or --date, or $SOMA_TODAY (YYYY-MM-DD). `soma daily pento` is the \
            day's pentomino puzzle: a board with a few tiles fixed in place (drawn grey; they \
            cannot be moved) and exactly one way to finish it; the same options work for it.
            """)

    @Argument(help: ArgumentHelp("`pento` for the day's pentomino puzzle; nothing for the day's Soma figure.", valueName: "puzzle"))
    var puzzle: String?

    @Flag(help: "Print the day's figure file instead of playing it.")
    var print = false

    @Flag(help: "Print a line about the day's solve to share: date, time, moves, hints, grade, streak.")
    var share = false

    @Option(help: ArgumentHelp("The day, YYYY-MM-DD from 1970 to 9999 (UTC); default: today, or $SOMA_TODAY.", valueName: "date"))
    var date: PuzzleDay?

    @Option(name: .customLong("assist"),
            help: "How pieces find their place: off, fits or solvable (as for soma play). Overrides `assist` in config.toml.")
    var assist: Assist?

    @OptionGroup var progressOptions: ProgressOptions

    @OptionGroup(title: "Appearance") var appearance: AppearanceOptions

    func run() throws {
        let day = try Self.day(option: date)
        let kind: ProgressStore.DailyKind
        switch puzzle {
        case nil, "figure": kind = .figure
        case "pento", "pentomino", "pentominoes": kind = .pento
        case let other?:
            StandardStreams.printError("soma daily: `\(UntrustedText.shown(other, limit: 40))` is not a daily puzzle; "
                                       + "`soma daily` plays the day's figure, `soma daily pento` the pentomino puzzle")
            throw ExitCode(2)
        }
        if share { return try shareLine(day, kind: kind) }
        if kind == .pento { return try runPento(day) }
        guard case let .success(generated) = try DailyRule.figure(for: day) else {
            // Rule 1's request always finds a figure; said plainly if that ever changes.
            StandardStreams.printError("soma daily: no figure could be made for \(day)")
            throw ExitCode(1)
        }
        let text = DailyRule.fileText(generated, day: day)
        if print {
            Swift.print(text, terminator: "")
            return
        }
        GeneratedFigures().keep(id: generated.id.text, text: text)
        let name = generated.figure.name
        let solve = DailyRecord.Solve(kind: .figure, day: day, label: generated.id.text, grade: generated.grade.value)
        var figure = generated.figure
        figure.title = GeneratedFigures.title(id: generated.id.text, grade: generated.grade.value, day: "\(day)")
        let (program, before) = try PlayCommand.play(figure, progressOptions: progressOptions, appearance: appearance,
                                                     assist: assist, command: "soma daily") { [progressOptions] program, before in
            // Kept the moment the solve is saved: `soma daily --share` finds it with this game still open.
            guard let record = DailyRecord.solvedNow(name, before: before, after: program.progressToSave) else { return }
            try? DailyRecord.record(solve, record: record, hints: program.hintsAsked[name] ?? 0, options: progressOptions,
                                    command: "soma daily", quiet: true)
        }
        // Solved in this game: more solves of the figure than when it opened.
        guard let record = DailyRecord.solvedNow(name, before: before, after: program.progressToSave) else { return }
        try DailyRecord.record(solve, record: record, hints: program.hintsAsked[name] ?? 0, options: progressOptions,
                               command: "soma daily")
    }

    /// `soma daily pento`: the day's pentomino puzzle, printed or played and recorded.
    private func runPento(_ day: PuzzleDay) throws {
        let puzzle = try DailyPentoRule.puzzle(for: day)
        if print {
            Swift.print(puzzle.fileText, terminator: "")
            return
        }
        let today = try Self.day(option: nil)
        let (program, before) = try PentoCommand.play(puzzle.figure, progressOptions: progressOptions, today: today,
                                                      command: "soma daily pento")
        // Another day's puzzle (`--date`) left for the menu's "Today's puzzle" and solved counts too.
        if today != day {
            try DailyRecord.recordDailyPento(before: before, after: program.progressToSave, hints: program.hintsAsked,
                                             today: today, options: progressOptions, command: "soma daily pento")
        }
        let name = puzzle.figure.name
        guard let record = DailyRecord.solvedNow(name, before: before, after: program.progressToSave) else { return }
        try DailyRecord.record(.init(kind: .pento, day: day, label: puzzle.boardName, grade: puzzle.grade.value),
                               record: record, hints: program.hintsAsked[name] ?? 0, options: progressOptions,
                               command: "soma daily pento")
    }

    /// The share line of `day`'s solve, or why there is none.
    private func shareLine(_ day: PuzzleDay, kind: ProgressStore.DailyKind) throws {
        let rows: [ProgressStore.DailyRow]
        var streak = 0
        // No database file yet: nothing solved (reading creates none); a store line is always read.
        if progressOptions.isGuest
            || (progressOptions.storeDescriptor == nil && !FileManager.default.fileExists(atPath: progressOptions.databasePath)) {
            rows = []
        } else {
            do {
                let store = try progressOptions.keeper()
                rows = try store.dailyResults(kind: kind, through: "\(day)")
                streak = try DailyRecord.streak(kind: kind, today: day, store: store)
            } catch {
                StandardStreams.printError("soma daily: cannot read the daily results at \(error.path): \(error.reason)")
                throw ExitCode(1)
            }
        }
        guard let row = rows.first(where: { $0.day == "\(day)" }) else {
            StandardStreams.printError(kind == .pento
                ? "soma daily: the pentomino puzzle of \(day) is not solved yet; `soma daily pento` plays it"
                : "soma daily: the figure of \(day) is not solved yet; `soma daily` plays it")
            throw ExitCode(1)
        }
        Swift.print(row.shareText(streak: streak, kind: kind))
    }

    /// The day asked for: `--date` (read by the parser), else `$SOMA_TODAY`, else today in UTC.
    static func day(option: PuzzleDay?) throws -> PuzzleDay {
        if let option { return option }
        guard let text = ProgressOptions.served("SOMA_TODAY") else { return PuzzleDay(secondsSince1970: Date().timeIntervalSince1970) }
        guard let day = PuzzleDay(parsing: text) else {
            StandardStreams.printError("soma daily: SOMA_TODAY must be a date written YYYY-MM-DD (1970 to 9999)")
            throw ExitCode(2)
        }
        return day
    }
}

/// `--date`, read by the parser: anything but a real day written YYYY-MM-DD (1970 to 9999) is
/// its to answer, with the option's help line saying what it takes.
extension PuzzleDay: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
