import ArgumentParser

/// The `soma` command: the game, the solver and the tools around them.
/// `soma` alone plays the Soma cube (see ARCHITECTURE.md "Command line").
@main
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
            ShowCommand.self,
            FiguresCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )
}
