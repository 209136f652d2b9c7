import ArgumentParser
import Files

extension ParsableCommand {
    /// Leaves the process for `error`, the one way every command line here does (`soma`,
    /// `soma-server`): a usage mistake (an unknown option, a value its type refused) prints the
    /// parser's full message (the mistake, then the option's help line) and exits with status 2,
    /// as every other bad input does, rather than the parser's own 64, so scripts and `soma serve`
    /// see one code for "you asked for something wrong"; anything else exits as the parser would.
    public static func exitReportingUsage(_ error: any Error) -> Never {
        // A command's own exit status (a game ended by a hang-up or a signal, a count that
        // failed) says nothing more: the parser's reports would first build every command's
        // help by reflection, 3.8M instructions at the end of every served game (issue 35).
        if let code = error as? ExitCode { StandardStreams.exitProcess(status: code.rawValue) }
        if exitCode(for: error) == .validationFailure {
            StandardStreams.printError(fullMessage(for: error))
            exit(withError: ExitCode(2))
        }
        exit(withError: error)
    }
}
