import ArgumentParser
import Files
import Records
import Store
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `soma scores --database URL`: the hall of fame in PostgreSQL, read by `soma-server scores`
/// (this binary links no PostgreSQL client; the server beside it does), whose lines are the
/// store line's tables (`StoreLine.FameTables`), checked again here as the game checks a
/// server's answer (`FameTables.hallOfFame`). Its reasons for failing reach the operator on
/// standard error unchanged; its exit status is this command's.
enum ServerScores {
    /// The most bytes read from the server: thousands of tables' lines.
    static let maxBytes = 16 << 20

    /// The tables for `figure` (a stored name), or every figure's leaders.
    static func tables(database: String, figure: String?) throws -> [HallOfFame] {
        let server = OwnExecutable.sibling("soma-server")
        guard let server, access(server, X_OK) == 0 else {
            StandardStreams.printError("soma scores: --database needs soma-server beside soma: \(server ?? "soma-server") is missing "
                + "(`swift build -c release --product soma-server`, or `make install`)")
            throw ExitCode(1)
        }
        let arguments = [server, "scores", "--database", database] + (figure.map { ["--", $0] } ?? [])
        let (status, output) = try run(arguments)
        guard status == 0 else { throw ExitCode(status) }
        return output.split(separator: 0x0A).compactMap { StoreLine.decode(StoreLine.FameTables.self, from: $0)?.hallOfFame }
    }

    /// Runs `arguments` (the first the program's path) with its standard output read here, up
    /// to `maxBytes` (past them the child is stopped), and its standard error the operator's:
    /// its exit status (128 + N for signal N) and what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            StandardStreams.printError("soma scores: cannot run soma-server: \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            StandardStreams.printError("soma scores: cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
            throw ExitCode(1)
        }
        var output: [UInt8] = []
        var cut = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 {
                guard output.count <= maxBytes - count else {
                    kill(pid, SIGKILL)
                    cut = true
                    break
                }
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Part of the tables would be shown as if they were all of them: say so and stop.
        if cut {
            StandardStreams.printError("soma scores: soma-server's answer passed \(maxBytes >> 20) MiB; it was stopped and nothing is shown")
            throw ExitCode(1)
        }
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, output)
    }
}
