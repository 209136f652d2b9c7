import ArgumentParser
import CommandOptions
import SolveJobs

/// `soma solve`: counts and lists the solutions of figures.
///
/// Exit status: 0 when every figure has a solution, 1 when one has none, 2 on bad input (an
/// unknown figure, a figure the pieces cannot fill), reported after the other figures are solved.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Count and list the solutions of figures.",
        discussion: """
            FIGURE is a name from `soma figures`, a figure file (native, yass .soma or the \
            standard notation), a pentomino board WxH or a solid-pentomino box AxBxC.
            Distinct solutions are counted up to the symmetries of the figure (mirror images \
            included when the piece set is mirror-closed); raw solutions are all of them.
            With --shard K/N the search is divided into N parts worked out alike on every \
            machine, and this run counts part K (1 to N); `soma merge` adds the parts up. \
            --checkpoint FILE saves the progress every few seconds and resumes from it.
            Every figure given is tried: a bad one is reported on stderr and the rest are still \
            solved. With --limit N the count stops at N distinct solutions; the text says so and \
            --json says "complete":false when there were more.
            Exit status: 0 solved, 1 a figure has no solution, 2 a figure was bad (after the others).
            """)

    // The options' values are read by their own types (`WholeNumber`, `ShardSpec`,
    // `CheckpointInterval`): a bad one is the parser's to answer, naming the option and, in its
    // help line, what it takes (exit status 2, as `Soma.main` gives every usage mistake).
    @Argument(help: "Figures to solve: names, boards (6x10) or boxes (3x4x5).")
    var figures: [String] = []

    @Flag(help: "Print one summary line per figure and no solution.")
    var count = false

    @Flag(help: "List every distinct solution (with --raw: every raw one).")
    var all = false

    @Flag(help: "With --all, list every raw solution instead of one per symmetry class.")
    var raw = false

    @Option(help: ArgumentHelp("Stop after this many solutions (a whole number, at least 1).", valueName: "n"))
    var limit: WholeNumber<AtLeastOne>?

    @Flag(help: "Draw each solution as an isometric picture of the assembled figure and an exploded view.")
    var draw = false

    @OptionGroup(title: "Pictures (with --draw)") var picture: PictureOptions

    @Flag(help: "Print JSON, one object per figure and line.")
    var json = false

    @Flag(help: "Print the time the search took (preparing the figure included).")
    var time = false

    @Option(help: ArgumentHelp("Worker threads, at least 1 (default and most: the cores this process may use).", valueName: "n"))
    var threads: WholeNumber<AtLeastOne>?

    @Option(help: ArgumentHelp("Count only part K of N of the search (1 <= K <= N, N at most \(ShardSpec.maximumCount)); see `soma merge`.",
                               valueName: "K/N"))
    var shard: ShardSpec?

    @Option(help: ArgumentHelp("Save the search's progress in this file and resume from it.", valueName: "file"))
    var checkpoint: String?

    @Option(help: ArgumentHelp("Seconds between checkpoints, above 0 and at most \(Int(CheckpointInterval.maximumSeconds)) (a week); default 5.", valueName: "s"))
    var checkpointInterval: CheckpointInterval?

    /// What was asked, as a plain value: `SolveRequest` does the work, and the quick path of
    /// `Soma.main` (`QuickCommandLine`) builds the same value without the parser.
    var request: SolveRequest {
        SolveRequest(figures: figures, count: count, all: all, raw: raw, limit: limit,
                     pictureOptions: draw ? picture : nil, json: json, time: time, threads: threads,
                     shard: shard, checkpoint: checkpoint, checkpointInterval: checkpointInterval)
    }

    func run() throws {
        try request.run()
    }
}
