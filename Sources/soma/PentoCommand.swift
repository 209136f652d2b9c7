import ArgumentParser
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Game
import Records
import Generator
import Polycube
import Terminal
import App

/// `soma pento [BOARD]`: pentominoes (or any flat set) on a flat board, in the terminal.
struct PentoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pento",
        abstract: "Play pentominoes: fill a flat board with the twelve tiles.",
        discussion: "Needs a full-screen terminal. Mouse: drag a tile by one of its squares, Space while dragging "
            + "turns it, right-click turns it over, a long press picks up a tile among others. Keys: F I L N P T U V W X Y Z "
            + "(capitals) or Tab pick up a tile, arrows move it, r/R turn, f turns over, Space or Enter puts it down, "
            + "Backspace takes a tile off, Esc puts it back, u undo, Ctrl-R redo, h hint, s show a solution, m opens the "
            + "board menu (today's puzzle first, as `soma daily pento` plays it), ? every key, q quit. Progress is saved on every exit.")

    @Argument(help: "The board: a flat board from `soma figures` (6x10, 5x12, 4x15, 3x20, 8x8-hole, ...) or a board file.")
    var board: String = "6x10"

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        let loaded = try Self.loadBoard(board)
        let today = try DailyCommand.day(option: nil)
        let (program, before) = try Self.play(loaded, progressOptions: progressOptions, today: today, command: "soma pento")
        // The day's pentomino puzzle played from the menu's "Today's puzzle", or from its file
        // (`soma daily pento --print`), counts as in `soma daily pento`.
        try DailyRecord.recordDailyPento(before: before, after: program.progressToSave, hints: program.hintsAsked,
                                         today: today, options: progressOptions, command: "soma pento")
    }

    /// Plays `loaded` in the terminal until the player quits, with the board menu, saved
    /// progress and the hall of fame; answers the program as it ended and the progress read at
    /// the start, so a caller sees what was solved. `soma pento` and `soma daily pento` start here.
    /// The menu's first entry is `today`'s pentomino puzzle (`DailyPentoRule`), made when
    /// chosen (`FigureMaker`); the caller records a solve of it (`DailyRecord.recordDailyPento`).
    static func play(_ loaded: Figure, progressOptions: ProgressOptions, today: PuzzleDay, command: String)
        throws -> (program: PentominoProgram, before: Records.Progress) {
        let settings = try AppearanceOptions.settings(command: command)
        try PlayCommand.requireTerminal()
        let menu = FigureMenu.boards(today: "\(today)", keptAs: DailyPentoRule.name(for: today))
        let saved = SavedProgress(progressOptions, command: command,
                                  figure: PlayCommand.lookup([loaded] + Catalog.figures.map(\.figure)))
        let progress = saved.progress
        let terminal = try PlayCommand.startTerminal(asksBackground: settings.theme == nil)
        var screen = PentominoSession(game: progress.resume(board: loaded) ?? PentominoGame(board: loaded))
        try? screen.remapKeys(settings.pentoKeys)   // checked as the settings were read
        let program = PlayCommand.program(screen, progress: progress, menu: menu, saved: saved, assist: .off,
                                          style: AppearanceOptions.style(for: terminal, settings: settings))
        return (try program.run(in: terminal, saving: saved), progress)
    }

    /// The board named on the command line, or a message and exit status 2: an unknown name
    /// lists the boards there are, a bad file says where (file:line:column), a solid figure
    /// points to `soma play`.
    static func loadBoard(_ argument: String) throws -> Figure {
        let boards = Catalog.figures.filter { $0.figure.pieceSet.isFlat }.map(\.name)
        let figure: Figure
        do {
            figure = try FigureReader.load(nameOrPath: argument)
        } catch is UnknownFigureError {
            PlayCommand.complain("soma pento: no board named `\(argument)`; known boards: \(boards.joined(separator: ", "))")
            throw ExitCode(2)
        } catch {
            PlayCommand.complain("soma pento: \(error)")
            throw ExitCode(2)
        }
        guard figure.pieceSet.isFlat, figure.cells.allSatisfy({ $0.z == 0 }) else {
            PlayCommand.complain("soma pento: `\(argument)` is not a flat board (play it with `soma play \(argument)`); "
                + "known boards: \(boards.joined(separator: ", "))")
            throw ExitCode(2)
        }
        return figure
    }
}
