import ArgumentParser
import Files

/// Where the games keep saved progress, shared by `soma play` and `soma pento` so both read and
/// write the same database: `$XDG_STATE_HOME/soma/soma.db` unless told otherwise.
struct ProgressOptions: ParsableArguments {
    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where progress is saved (default: $XDG_STATE_HOME/soma, or ~/.local/state/soma).",
                               valueName: "dir"))
    var stateDirectory: String?

    /// One exact database file instead of a folder (no old progress.json is imported beside
    /// it); what the end-to-end tests use.
    @Option(name: .customLong("state-file"), help: .hidden)
    var stateFile: String?

    /// The folder: `--state-dir`, or `$XDG_STATE_HOME/soma` (`~/.local/state/soma`).
    var folder: String { stateDirectory ?? XDGPaths.current.stateDirectory }

    /// The SQLite database the progress lives in.
    var databasePath: String { stateFile ?? folder + "/soma.db" }

    /// The JSON file earlier versions wrote, imported once into the database.
    var legacyFile: String? { stateFile == nil ? XDGPaths.current.progressFile(in: stateDirectory) : nil }
}
