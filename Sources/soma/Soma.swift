import ArgumentParser
import CommandOptions
import Files
import SolveJobs

/// The `soma` command: the game, the solver and the tools around them.
/// `soma` alone plays the Soma cube (see docs/commands.md). The process starts in
/// `SomaMain/main.swift`, which calls `runSoma()`.
struct Soma: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soma",
        abstract: "Soma cube and pentomino puzzles in the terminal, with a fast solver.",
        version: "0.1.0",
        subcommands: [
            // Each subcommand lives in its own file in this folder.
            PlayCommand.self,
            PentoCommand.self,
            SolveCommand.self,
            MergeCommand.self,
            ShowCommand.self,
            FiguresCommand.self,
            DesignCommand.self,
            GenerateCommand.self,
            DailyCommand.self,
            ScoresCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )

    /// Runs the command line. Usage mistakes (an unknown option, a missing value) exit with
    /// status 2 like every other bad input, rather than the parser's own 64, so scripts see one
    /// code for "you asked for something wrong".
    static func main() {
        StandardStreams.prepare()
        // `soma --version` answers before the parser is built: argument-parser builds every
        // command's arguments by reflection first, which costs about 8 million instructions
        // (most of the process) to print one line (issue 14, start-up).
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            print(configuration.version)
            return
        }
        do {
            // `soma solve FIGURE --count` and the like skip the parser's reflection, most of the
            // process's time on a short search (`QuickCommandLine`).
            if let request = QuickCommandLine.solveRequest(Array(CommandLine.arguments.dropFirst())) {
                try request.run()
                return
            }
            // Before the typo check: `play` is a command, but finding that out lists every
            // command's configuration (47K instructions of every login).
            switch Self.quickPlay(Array(CommandLine.arguments.dropFirst())) {
            case .defaults?:
                try PlayCommand.runDefaults()
                return
            case .parsed(let play)?:
                try play.run()
                return
            case nil:
                break
            }
            if let message = CommandSuggestion.message(for: Array(CommandLine.arguments.dropFirst())) {
                StandardStreams.printError(message)
                exit(withError: ExitCode(2))
            }
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitReportingUsage(error)
        }
    }

    /// `soma` and `soma play ...`, every login of `soma serve`, parsed by `PlayCommand` alone:
    /// the whole tree's parse also builds the root's and the completion-script pseudo-command's
    /// argument sets by reflection (issue 35, a login's start-up). Anything this parse does not
    /// accept (help, a mistake, another command) is left to the whole tree, for its messages.
    /// `soma` and `soma play` with nothing after them, what the server runs, take the defaults
    /// without the parser at all: its parse of no words still builds the argument sets by
    /// reflection, a fifth of a login's start-up (`PlayCommand.runDefaults`).
    static func quickPlay(_ arguments: [String]) -> QuickPlay? {
        guard arguments.isEmpty || arguments.first == "play" else { return nil }
        if arguments.count <= 1 { return .defaults }
        return (try? PlayCommand.parse(Array(arguments.dropFirst()))).map(QuickPlay.parsed)
    }

    /// How `quickPlay` runs the game: with the parser's defaults for no words, or as parsed.
    enum QuickPlay {
        case defaults
        case parsed(PlayCommand)
    }
}

/// Runs `soma` with the process's command line: the executable's one call (`SomaMain`). The
/// commands are a library so that the tests link them without the executable's static link flags.
public func runSoma() {
    Soma.main()
}
