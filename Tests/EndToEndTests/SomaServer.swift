import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve` (the release binary) started by a test on a free port of 127.0.0.1, with a state
/// directory of its own and its log in a file there; `stop()` sends SIGTERM and waits, by pid.
/// Player keys are made with ssh-keygen into the same directory.
final class SomaServer: Sendable {
    let directory: String
    let port: Int
    let pid: pid_t
    let logPath: String
    var stateDirectory: String { directory + "/state" }

    /// Starts the server with `options` added to `--listen` and `--state-dir`, in `directory`
    /// (a new one unless given: a restart on the same state).
    init(options: [String] = [], directory given: String? = nil) throws {
        directory = given ?? FileManager.default.temporaryDirectory.appendingPathComponent("soma-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        Self.directoriesInUse.retain(directory)
        port = try LoopbackSSH.freePort()
        logPath = directory + "/serve-\(port).log"
        pid = try Self.spawn([SomaBinary.path, "serve", "--listen", "127.0.0.1:\(port)", "--state-dir", directory + "/state"] + options,
                             log: logPath)
        let deadline = Date().addingTimeInterval(20)
        while !log().contains("listening on") {
            guard Date() < deadline, SomaBinary.isRunning(pid) else {
                throw HarnessError("soma serve did not start: \(log())")
            }
            usleep(20_000)
        }
    }

    deinit {
        if SomaBinary.isRunning(pid) { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // The last server on a directory removes it (a restart shares its directory).
        if !Self.directoriesInUse.release(directory) { _ = try? Tmux.run(["rm", "-rf", directory]) }
    }

    /// How many servers use each directory.
    private static let directoriesInUse = Users()

    private final class Users: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func retain(_ directory: String) { lock.withLock { counts[directory, default: 0] += 1 } }
        /// False when it was the last user.
        func release(_ directory: String) -> Bool {
            lock.withLock {
                counts[directory, default: 1] -= 1
                if counts[directory] == 0 { counts[directory] = nil; return false }
                return true
            }
        }
    }

    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// SIGTERM; the exit status and the seconds it took, or nil status after `timeout`. It
    /// waits for the exit. The wait is the harness's bound, above the server's
    /// own (`--drain-time`, 10 s by default, then the store's last writes), so a loaded machine
    /// cannot turn a slow drain into a missing exit status.
    func stop(timeout: Double = 30) -> (status: Int32?, seconds: Double) {
        let asked = Date()
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while Date().timeIntervalSince(asked) < timeout {
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                return (code, Date().timeIntervalSince(asked))
            }
            usleep(20_000)
        }
        return (nil, Date().timeIntervalSince(asked))
    }

    /// The server's child processes (the sessions' games) now.
    func children() -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass (the log, the
    /// children: anything the server shows from outside).
    @discardableResult
    func wait(timeout: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Waits until every game has ended (saved and gone).
    func waitForNoGames(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !children().isEmpty {
            if Date() > deadline { return false }
            usleep(50_000)
        }
        return true
    }

    /// The server's resident memory in kilobytes (VmRSS).
    func residentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ")[1])
    }

    /// A new Ed25519 key pair in the directory; the private key's path.
    func makeKey(_ name: String) throws -> String {
        let path = directory + "/" + name
        let made = try Tmux.run([LoopbackSSH.keygen, "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
        guard made.status == 0 else { throw HarnessError("ssh-keygen failed: \(made.error)") }
        return path
    }

    /// The fingerprint OpenSSH gives the key (`SHA256:...`).
    func fingerprint(ofKey path: String) throws -> String {
        let listed = try Tmux.run([LoopbackSSH.keygen, "-lf", path + ".pub"])
        return String(listed.output.split(separator: " ")[1])
    }

    /// The OpenSSH client's arguments for this server with `key` (nil: no key, as `user`).
    func sshArguments(key: String?, user: String = "player", options: [String] = []) -> [String] {
        var arguments = [LoopbackSSH.client, "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                         "-o", "LogLevel=ERROR", "-o", "BatchMode=yes"]
        if let key { arguments += ["-i", key, "-o", "IdentitiesOnly=yes"] } else { arguments += ["-o", "PubkeyAuthentication=no"] }
        return arguments + options + ["\(user)@127.0.0.1"]
    }

    /// A shell command line for a tmux pane: ssh with a terminal (`-tt`), then `EXIT=status`.
    func sshCommand(key: String?, user: String = "player", options: [String] = []) -> String {
        (sshArguments(key: key, user: user, options: ["-tt"] + options).map { "'\($0)'" }.joined(separator: " "))
            + "; echo \"EXIT=$?\"; exec sleep 600"
    }

    /// Starts a program in the background with stdin from /dev/null and stdout and stderr
    /// appended to `log`, every signal at its default (`ChildProcess`).
    static func spawn(_ arguments: [String], log: String) throws -> pid_t {
        try ChildProcess.spawn(arguments, output: log, appending: true)
    }
}
