import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of the test's own (Debian's `postgresql` package): `initdb` into a new
/// folder, `postgres` on a free port of 127.0.0.1 with trust authentication for the user
/// `soma` and a database `soma`. As root (CI, this machine) it runs as the package's `postgres`
/// user through `setpriv`, which execs in place, so the pid the test holds is the server's.
/// `stop` (fast shutdown) and `start` again keep the data: a database restart mid-game.
final class PostgresServer: @unchecked Sendable {
    /// The schema version soma-server's `PostgresSchema` brings a database to: raise it with
    /// that one (the tests cannot import SharedStore; they drive the release binaries).
    static let schemaVersion = "7"

    let directory: String
    let port: Int
    private(set) var pid: pid_t = 0
    var url: String { "postgres://soma@127.0.0.1:\(port)/soma" }
    var logPath: String { directory + "/postgres.log" }

    /// The newest `initdb` the package installed.
    static var binaries: String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        guard let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb") else { return nil }
        return "\(root)/\(newest)/bin"
    }

    static var isAvailable: Bool { binaries != nil && (getuid() != 0 || getpwnam("postgres") != nil) }

    /// The prefix that runs a command as the server's user: nothing, or setpriv to `postgres`.
    static var asServerUser: [String] {
        getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", "--"] : []
    }

    init() throws {
        guard let bin = Self.binaries else { throw HarnessError("PostgreSQL is not installed") }
        directory = "/tmp/soma-pg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0, let user = getpwnam("postgres") {
            chown(directory, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(directory, 0o700)
        port = try LoopbackSSH.freePort()
        let made = try Tmux.run(Self.asServerUser + [bin + "/initdb", "-D", directory + "/data", "-U", "soma", "--auth=trust",
                                                      "-E", "UTF8", "--no-locale", "--no-sync"])
        guard made.status == 0 else { throw HarnessError("initdb failed: \(made.error)") }
        try start()
        let created = try Tmux.run(["psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "soma", "-d", "postgres", "-q",
                                    "-c", "CREATE DATABASE soma"])
        guard created.status == 0 else { throw HarnessError("createdb failed: \(created.error)") }
    }

    /// Starts the server on the same data and port; returns once it takes connections.
    func start() throws {
        guard let bin = Self.binaries else { return }
        pid = try ChildProcess.spawn(Self.asServerUser + [bin + "/postgres", "-D", directory + "/data", "-p", "\(port)",
                                                          "-h", "127.0.0.1", "-k", directory, "-c", "fsync=off",
                                                          "-c", "max_connections=200"],
                                     output: logPath, appending: true)
        let deadline = Date().addingTimeInterval(30)
        while true {
            let ready = try Tmux.run(["psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "soma", "-d", "postgres", "-qAt", "-c", "SELECT 1"])
            if ready.status == 0 { return }
            guard Date() < deadline, SomaBinary.isRunning(pid) else {
                throw HarnessError("postgres did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
            }
            usleep(100_000)
        }
    }

    /// Fast shutdown (SIGINT: sessions ended, data kept), waited for.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGINT)
        _ = ChildProcess.wait(pid)
        pid = 0
    }

    /// One SQL query's rows, `|`-separated (psql -At).
    func query(_ sql: String) throws -> String {
        let result = try Tmux.run(["psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "soma", "-d", "soma", "-qAt", "-c", sql])
        guard result.status == 0 else { throw HarnessError("psql failed: \(result.error)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        stop()
        _ = try? Tmux.run(["rm", "-rf", directory])
    }
}
