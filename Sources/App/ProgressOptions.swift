import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Where the games keep saved progress (`ProgressLocating`), as the command line says it:
/// `--state-dir` and the hidden `--state-file`.
public struct ProgressOptions: ParsableArguments, ProgressLocating {
    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where progress is saved (default: $XDG_STATE_HOME/soma, or ~/.local/state/soma).",
                               valueName: "dir"))
    public var stateDirectory: String?

    /// One exact database file instead of a folder (no old progress.json is imported beside
    /// it); what the end-to-end tests use.
    @Option(name: .customLong("state-file"), help: .hidden)
    public var stateFile: String?

    public init() {}

    /// A variable `soma serve` sets, when set and not empty.
    public static func served(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
