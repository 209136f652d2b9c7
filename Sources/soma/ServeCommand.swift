import ArgumentParser
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
/// slow its start (docs/ARCHITECTURE.md, "`soma serve`").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the game over SSH: `ssh -p 2222 HOST` plays (runs soma-server; `soma serve --help` lists its options).",
        discussion: "Options: --listen host:port (default 127.0.0.1:2222; a public address must be given explicitly), "
            + "--state-dir DIR (host key and progress), --max-sessions N, --idle-timeout TIME, --session-limit TIME, "
            + "--connections-per-minute N, --max-input-rate N, --pending-logins N, --pending-logins-per-address N, "
            + "--command-cpu TIME, --command-output SIZE, --metrics host:port (Prometheus), --log-format text|json, --playing-window TIME.")

    /// Every argument after `serve`, `--help` included, for the server to read.
    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        let server = Self.serverPath()
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

    /// `soma-server` in the folder of this binary: the file the kernel ran, not `argv[0]`.
    static func serverPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash]) + "/soma-server"
    }
}
