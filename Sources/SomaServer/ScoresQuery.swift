import ArgumentParser
import Files
import Server
import SharedStore
#if canImport(Glibc)
import Glibc
#endif

/// `soma-server scores --database URL [FIGURE]`: the hall of fame read from PostgreSQL for
/// `soma scores --database`, which runs it (the game's binary links no PostgreSQL client; this
/// one does). It prints one line per table, the store line's own form (`StoreLine.FameTables`,
/// compact JSON), and `soma scores` lays them out as it lays out SQLite's; a table's standings
/// say who is in a game now. Not a command for people: `soma scores --database` is.
struct ScoresQuery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soma-server scores",
        abstract: "The hall of fame in PostgreSQL as lines for `soma scores --database` (run that instead).",
        shouldDisplay: false)

    /// The first argument that makes `soma-server` this command rather than the server.
    static let word = "scores"

    @Option(help: ArgumentHelp("The database `soma serve --database` was given (password: $PGPASSWORD).",
                               valueName: "postgres://user@host[:port]/db"))
    var database: DatabaseAddress

    @Option(name: .customLong("playing-window"),
            help: ArgumentHelp("A player counts as playing while their server said so within this time (3s to 1h).",
                               valueName: "time"))
    var playingWindow = PlayingWindow(clamping: TimeSpan(seconds: 60))

    @Argument(help: "A figure's stored name: its tables; none: every figure's leaders.")
    var figure: String?

    func validate() throws {
        if let figure, figure.utf8.count > 1000 { throw ValidationError("a figure's name is at most 1000 bytes") }
    }

    func run() throws {
        var address = database
        if address.password == nil { address.password = ServeCommand.environment("PGPASSWORD") }
        let lines: [String]
        do throws(SharedStoreError) {
            lines = try ScoresReader.lines(address: address, figure: figure, playingWindow: playingWindow.seconds)
        } catch {
            StandardStreams.printError("soma scores: cannot read the hall of fame at \(address): \(error.reason)")
            throw ExitCode(1)
        }
        for line in lines { print(line) }
    }
}
