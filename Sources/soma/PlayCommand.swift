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
import Scene
import Terminal
import App

/// `soma play [FIGURE]`: the game in the terminal (and what `soma` alone runs).
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play the Soma cube: build a figure from the seven pieces.",
        discussion: "Needs a full-screen terminal. Keys: Tab or 1-7 (two digits for 10 and up) select a piece, arrows and PgUp/PgDn move it, "
            + "w a s d e turn it, Space drops it, h asks for a hint, u undoes, m opens the figure menu (with your own "
            + "figures from $XDG_CONFIG_HOME/soma/figures/), ? shows every key and mouse gesture, q quits, "
            + "Ctrl-Z suspends. Progress is saved on every exit. Settings (palette, theme, plain mode, keys) are read from "
            + "$XDG_CONFIG_HOME/soma/config.toml; NO_COLOR turns colour off, SOMA_COLORS=8|16|256 overrides the guess.")

    @Argument(help: "The figure to build: a name from `soma figures` or a figure file (default: the figure you were last playing, or the cube).")
    var figure: String?

    @OptionGroup var progressOptions: ProgressOptions

    @Option(name: .customLong("assist"),
            help: "How pieces find their place: off (steer step by step), fits (snap to the placements that fit, unjudged; the default), solvable (fits judged: solvable ones first, dead ends named; j switches it in the game and the solve records it). Overrides `assist` in config.toml.")
    var assist: Assist?

    @OptionGroup(title: "Appearance") var appearance: AppearanceOptions

    /// Shows decoded terminal input instead of the game: a diagnostic, and what the
    /// end-to-end tests of the terminal layer observe.
    @Flag(name: .customLong("input-test"), help: .hidden)
    var inputTest = false

    func run() throws {
        if inputTest { return try runInputTest() }
        try Self.run(figure: figure, progress: progressOptions, appearance: appearance, assist: assist)
    }

    /// `soma play` with no words after it, as the parser reads them (no figure, no option:
    /// `PlayDefaultsTests`), without making the command: its options' property wrappers, made
    /// with the command, look up a conformance of argument-parser's by a search of every
    /// conformance in the binary, and made the parser's defaults cost a login's start-up some
    /// 430,000 instructions (issue 35). An option added to the command that the game reads
    /// must be passed here too.
    static func runDefaults() throws {
        try run(figure: nil, progress: ProgressLocation(), appearance: nil, assist: nil)
    }

    /// The game, with the command's values: `appearance` nil when no appearance option is given
    /// (the settings file and the environment alone).
    private static func run(figure: String?, progress: some ProgressLocating, appearance: AppearanceOptions?,
                            assist: Assist?) throws {
        let loaded: Figure
        do {
            loaded = try FigureReader.load(nameOrPath: figure ?? "cube")
        } catch {
            Self.complain("soma play: \(error)")
            throw ExitCode(2)
        }
        Self.keepIfGenerated(loaded)
        // A day that cannot be read is said once the game ends, as before; while it is open, nothing is kept.
        let today = try? DailyCommand.day(option: nil)
        let command = "soma play"
        let (program, before) = try Self.play(loaded, progress: progress,
                                              settings: { try appearance?.settings(command: command) ?? AppearanceOptions.settings(command: command) },
                                              assist: assist, command: command, resumeLast: figure == nil) { program, before in
            guard let today else { return }
            try? DailyRecord.recordDailyFigure(before: before, after: program.progressToSave, hints: program.hintsAsked,
                                               today: today, options: progress, command: command, quiet: true)
        }
        // Today's daily figure solved here (`soma play g-...`, or from the menu) counts as in `soma daily`.
        try DailyRecord.recordDailyFigure(before: before, after: program.progressToSave, hints: program.hintsAsked,
                                          today: try DailyCommand.day(option: nil), options: progress, command: command)
    }

    /// Plays `loaded` in the terminal until the player quits, with the menu, saved progress and
    /// the hall of fame; answers the program as it ended (its progress, hints asked) and the
    /// progress read at the start, so a caller sees what was solved. `soma play` and `soma
    /// daily` both start here. `assist` is `--assist` (nil: the settings' own). `afterSave` runs
    /// after every save while the game is open, with the progress read at the start: a day's
    /// solve is kept there the moment it is saved.
    static func play(_ loaded: Figure, progressOptions: ProgressOptions, appearance: AppearanceOptions,
                     assist: Assist? = nil, command: String, resumeLast: Bool = false,
                     afterSave: ((SomaProgram, Records.Progress) -> Void)? = nil) throws -> (program: SomaProgram, before: Records.Progress) {
        try play(loaded, progress: progressOptions, settings: { try appearance.settings(command: command) }, assist: assist,
                 command: command, resumeLast: resumeLast, afterSave: afterSave)
    }

    /// `play` with the place of the progress and the settings as values (`settings` read first,
    /// as the options are): what `soma play` alone runs without the parser's options.
    static func play(_ loaded: Figure, progress progressOptions: some ProgressLocating, settings readSettings: () throws -> Settings,
                     assist: Assist? = nil, command: String, resumeLast: Bool = false,
                     afterSave: ((SomaProgram, Records.Progress) -> Void)? = nil) throws -> (program: SomaProgram, before: Records.Progress) {
        let settings = try readSettings()
        let chosenAssist = assist ?? settings.assist
        try Self.requireTerminal()
        // Today's figure and new ones by grade first: made when chosen (`FigureMaker`).
        let mine = Self.playerFigures()
        let menu = FigureMenu.newFigures + FigureMenu.catalog(.soma) + mine
        // As the menu lists them (the one played first), parsing only a catalog figure whose file
        // states a saved name, and the rest of the catalog only if a name is not among these
        // (issue 35: a login's start-up).
        let known = Self.lookup([loaded], then: { Catalog.figure(titled: $0, of: .soma) }, mine.compactMap(\.figure),
                                orElse: { Catalog.figures.map(\.figure) })
        let saved = SavedProgress(progressOptions, command: command, figure: known)
        let progress = saved.progress
        // No figure named: a returning player opens on the figure they were last playing.
        let loaded = resumeLast ? saved.lastPlayed(known) ?? loaded : loaded
        let session = try Self.startTerminal(asksBackground: settings.theme == nil)
        var screen = SomaSession(game: progress.resume(loaded) ?? SomaGame(figure: loaded))
        screen.plain = settings.plain
        screen.assist = chosenAssist
        try? screen.remapKeys(settings.keys)   // checked as the settings were read
        let program = Self.program(screen, progress: progress, menu: menu, saved: saved, assist: chosenAssist,
                                   style: AppearanceOptions.style(for: session, settings: settings),
                                   watchHost: progressOptions.isGuest ? .guest : progressOptions.player != nil ? .served : .local)
        let ended = try program.run(in: session, saving: saved, afterSave: afterSave.map { keep in { keep($0, progress) } })
        return (ended, progress)
    }

    /// A game's program as `soma play` and `soma pento` both start it, written once so the two
    /// cannot drift: the clock from now, hints searched by the solver, the menu's figures made
    /// when chosen (`FigureMaker`), and the saves' problem and hall of fame from `saved`.
    static func program<Screen: GameScreen>(_ screen: Screen, progress: Records.Progress, menu: [FigureMenu.Entry],
                                            saved: SavedProgress, assist: Assist, style: RenderStyle,
                                            watchHost: WatchPermission.Host = .local) -> ScreenProgram<Screen> {
        var program = ScreenProgram(
            screen: screen, progress: progress, style: style, now: AppLoop.now(),
            hintSolver: { request, control in request.run(control: control) },
            menu: menu, saveProblem: saved.problem, fame: saved.fame(opening: assist), watchHost: watchHost)
        program.figureMaker = { FigureMaker.make($0) }
        return program
    }

    /// The figures by name (the first of a name wins: the one being played comes first), for
    /// checking saved positions against the figure they are for.
    static func lookup(_ figures: [Figure]) -> (String) -> Figure? {
        var byName: [String: Figure] = [:]
        for figure in figures where byName[figure.name] == nil { byName[figure.name] = figure }
        return { byName[$0] }
    }

    /// `lookup(figures + more())`, with `more` called only when a name is not among `figures`,
    /// and at most once: a login's start-up need not parse the whole catalog (issue 35).
    static func lookup(_ figures: [Figure], orElse more: @escaping () -> [Figure]) -> (String) -> Figure? {
        let first = lookup(figures)
        var rest: ((String) -> Figure?)?
        return { name in
            if let figure = first(name) { return figure }
            if rest == nil { rest = lookup(more()) }
            return rest?(name)
        }
    }

    /// `lookup(first + [the catalog's Soma figure of that name] + mine + more())`, each part
    /// asked only when the ones before it do not know the name.
    static func lookup(_ first: [Figure], then catalog: @escaping (String) -> Figure?, _ mine: [Figure],
                       orElse more: @escaping () -> [Figure]) -> (String) -> Figure? {
        let given = lookup(first)
        let rest = lookup(mine, orElse: more)
        return { name in given(name) ?? catalog(name) ?? rest(name) }
    }

    /// The player's own figures: every file in `$XDG_CONFIG_HOME/soma/figures/` (default
    /// `~/.config/soma/figures/`), in any of the three formats, sorted by name. A file that
    /// cannot be read is listed with the reason, to be fixed.
    static func playerFigures() -> [FigureMenu.Entry] {
        let mine = PlayerFigures()
        // No folder, no figures: asked of stat(2) first. Listing a folder that is not there (most
        // players have none) made FoundationEssentials build an error with a dictionary of its
        // details, whose metadata is found by a search of every conformance in the binary: a
        // sixtieth of a login's start-up (issue 35).
        var folder = stat()
        guard stat(mine.directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else { return [] }
        // A served game names no folder of the server's (issue 36).
        let section = ProgressOptions.served("SOMA_STATE_DIR") != nil ? "Your figures" : "Your figures (\(mine.directory))"
        return mine.files().map { file in
            switch file.figure {
            case .failure(let problem):
                return FigureMenu.Entry(name: file.fileName, section: section, problem: problem.description)
            case .success(let figure) where figure.pieceSet.name != PieceSet.soma.name:
                return FigureMenu.Entry(name: file.fileName, section: section,
                                        problem: "not a Soma figure (pieces: \(figure.pieceSet.name))")
            case .success(let figure):
                // Listed by the figure's own name (`My Tower`), as `soma figures` and the game show
                // it, with the file it is in, which the player may have to find.
                let name = figure.name == file.fileName ? figure.name : "\(figure.name) (\(file.fileName))"
                return FigureMenu.Entry(name: name, section: section, figure: figure)
            }
        }
    }

    private func runInputTest() throws {
        let session = try Self.startTerminal()
        let stateFile = progressOptions.stateFile
        let (_, outcome) = AppLoop.run(InputTestProgram(), in: session) { program in
            guard let stateFile else { return nil }
            try? Data(program.savedState.utf8).write(to: URL(fileURLWithPath: stateFile))
            return nil
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }

    /// Refuses, as `startTerminal` would, when standard input or output is not a terminal: before
    /// saved progress is opened, so that a redirected run touches no state and says one line.
    static func requireTerminal() throws {
        if isatty(0) != 1 || isatty(1) != 1 { _ = try startTerminal() }
    }

    /// Takes over the terminal, or explains in one line why it cannot (exit status 2);
    /// `asksBackground`: ask the terminal for its background colour (no theme chosen).
    static func startTerminal(asksBackground: Bool = true) throws -> TerminalSession {
        do {
            return try TerminalSession(asksBackground: asksBackground)
        } catch {
            complain(error.message)
            throw ExitCode(2)
        }
    }

    static func complain(_ message: String) {
        StandardStreams.printError(message)
    }
}
