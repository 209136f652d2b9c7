import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An OpenSSH server (Debian's `openssh-server`) started by a test on a free port of 127.0.0.1
/// only, with a host key and a user key made for the test in a private directory, so the game can
/// be played over a real SSH connection (mouse reports then cross ssh, a remote pty and sshd, in
/// bursts, as players' do). `stop()` ends the server by the pid it wrote.
final class LoopbackSSH {
    static let server = "/usr/sbin/sshd", client = "/usr/bin/ssh", keygen = "/usr/bin/ssh-keygen"
    // Whether they are installed: `Requirement.openSSH`.

    let directory: String
    let port: Int

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("soma-ssh-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        for key in ["host", "user"] {
            let made = try Tmux.run([Self.keygen, "-q", "-t", "ed25519", "-N", "", "-f", "\(directory)/\(key)"])
            guard made.status == 0 else { throw HarnessError("ssh-keygen failed: \(made.error)") }
        }
        try FileManager.default.copyItem(atPath: "\(directory)/user.pub", toPath: "\(directory)/authorized_keys")
        port = try Self.freePort()
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(directory)/host
            PidFile \(directory)/sshd.pid
            AuthorizedKeysFile \(directory)/authorized_keys
            AuthenticationMethods publickey
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            PermitRootLogin prohibit-password
            AcceptEnv LANG LC_*
            """
        try config.write(toFile: "\(directory)/sshd_config", atomically: true, encoding: .utf8)
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let started = try Tmux.run([Self.server, "-f", "\(directory)/sshd_config", "-E", "\(directory)/sshd.log"])
        guard started.status == 0 else {
            throw HarnessError("sshd did not start: \(started.error) \((try? String(contentsOfFile: "\(directory)/sshd.log", encoding: .utf8)) ?? "")")
        }
    }

    /// The ssh command line that runs `command` on the server with a terminal (for a tmux pane).
    func command(_ command: String) -> String {
        "\(Self.client) -tt -q -p \(port) -i '\(directory)/user' -o StrictHostKeyChecking=no"
            + " -o UserKnownHostsFile=/dev/null -o BatchMode=yes 127.0.0.1 \"\(command)\""
    }

    /// True once a login over the connection runs a command (the server is listening).
    func isReady() -> Bool {
        let probe = try? Tmux.run([Self.client, "-q", "-p", "\(port)", "-i", "\(directory)/user",
                                   "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                   "-o", "BatchMode=yes", "127.0.0.1", "true"])
        return probe?.status == 0
    }

    /// Ends the server (its pid file names it) once it has gone, and removes the directory.
    func stop() {
        if let text = try? String(contentsOfFile: "\(directory)/sshd.pid", encoding: .utf8),
           let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
            kill(pid, SIGTERM)
            let asked = Date()
            while kill(pid, 0) == 0 && Date().timeIntervalSince(asked) < 5 { usleep(20_000) }
        }
        _ = try? Tmux.run(["rm", "-rf", directory])
    }

    /// A port of 127.0.0.1 nobody listens on: bind to port 0 and read what the kernel gave.
    static func freePort() throws -> Int {
        let (fd, port) = try loopbackSocket(listening: false)
        close(fd)
        return port
    }

    /// A TCP socket bound to a port of 127.0.0.1 the kernel picks (and listening, when asked:
    /// "in use" to anyone else while it is open), and that port. The caller closes it.
    static func loopbackSocket(listening: Bool) throws -> (descriptor: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && (!listening || listen(fd, 1) == 0) && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw HarnessError(listening ? "cannot hold a port" : "no free port")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
