import ArgumentParser
import Files

/// Where the games keep saved progress, shared by `soma play` and `soma pento` so both read and
/// write the same file: `$XDG_STATE_HOME/soma/progress.json` unless told otherwise.
struct ProgressOptions: ParsableArguments {
    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where progress is saved (default: $XDG_STATE_HOME/soma, or ~/.local/state/soma).",
                               valueName: "dir"))
    var stateDirectory: String?

    /// One exact file instead of a folder; what the end-to-end tests use.
    @Option(name: .customLong("state-file"), help: .hidden)
    var stateFile: String?

    var store: ProgressStore {
        ProgressStore(path: stateFile ?? XDGPaths.current.progressFile(in: stateDirectory))
    }
}
