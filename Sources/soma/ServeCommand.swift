import ArgumentParser
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `soma serve`: the game over SSH. The server is a binary of its own, `soma-server`, installed
/// beside this one, and this command becomes it (`execv`, same process, same arguments): the SSH
/// library brings full Foundation and ICU, which would triple the size of the game binary and
/// slow its start (docs/serve.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the game over SSH: `ssh -p 2222 HOST` plays (runs soma-server; `soma serve --help` lists its options).",
        // No copy of the server's options here: every argument goes to soma-server as it is,
        // `--help` too, so the server's own help is the one list.
        discussion: "Every option is soma-server's: `soma serve --help` runs `soma-server --help`.")

    /// Every argument after `serve`, `--help` included, for the server to read.
    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        let server = OwnExecutable.sibling("soma-server")
        guard let server, access(server, X_OK) == 0 else {
            StandardStreams.printError(Self.missingServer(server ?? "soma-server"))
            throw ExitCode(1)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([server] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(server, argv)
        StandardStreams.printError("soma serve: cannot run \(server): \(String(cString: strerror(errno)))")
        throw ExitCode(1)
    }

    /// One line for a missing `soma-server` (`make run` builds the game alone): how to build it
    /// beside this binary, or install both.
    static func missingServer(_ path: String) -> String {
        "soma serve: \(path) is missing or cannot be run (make run builds the game alone): build it with "
            + "`swift build -c release --product soma-server` (or `make build`), or install both with `make install`"
    }
}
