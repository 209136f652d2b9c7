import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// HAProxy (Debian's `haproxy`) in TCP mode on a free port of 127.0.0.1, in front of `soma
/// serve` instances, configured by the README's recipe as written (`recipe`: its `haproxy.cfg`
/// block, read from README.md), with only what names this machine changed: the `bind` line is
/// the test's port, and each `server` line's address and `check port` are an instance's SSH and
/// `--health` ports, with the recipe's own check timings, `retries` and `option redispatch`
/// (`send-proxy-v2` kept only when asked: `ServeProxyProtocolTests`).
final class Balancer: @unchecked Sendable {
    let directory: String
    let port: Int
    let pid: pid_t
    var logPath: String { directory + "/haproxy.log" }

    static var path: String? {
        ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isAvailable: Bool { path != nil }

    /// `backends`: each instance's SSH port and health port; `sendProxy`: each connection to an
    /// instance begins with a PROXY protocol version 2 header (`send-proxy-v2`) naming the client.
    init(backends: [(ssh: Int, health: Int)], sendProxy: Bool = false) throws {
        guard let haproxy = Self.path else { throw HarnessError("HAProxy is not installed") }
        directory = "/tmp/soma-haproxy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = try LoopbackSSH.freePort()
        let recipe = try Self.recipe()
        guard let template = recipe.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("server ") }) else {
            throw HarnessError("the README's HAProxy recipe has no server line")
        }
        let indent = String(template.prefix { $0 == " " })
        var options = template.split(separator: " ").dropFirst(3).map(String.init)
        if let comment = options.firstIndex(where: { $0.hasPrefix("#") }) { options.removeSubrange(comment...) }
        if !sendProxy { options.removeAll { $0 == "send-proxy-v2" } }
        var configuration = ["global", "    maxconn 4096"]
        var serversWritten = false
        for line in recipe {
            let words = line.split(separator: " ")
            if words.first == "bind" {
                configuration.append(indent + "bind 127.0.0.1:\(port)")
            } else if words.first == "server" {
                guard !serversWritten else { continue }
                serversWritten = true
                for (index, backend) in backends.enumerated() {
                    let own = options.map { $0 == "8022" ? "\(backend.health)" : $0 }
                    configuration.append(indent + "server soma\(index + 1) 127.0.0.1:\(backend.ssh) " + own.joined(separator: " "))
                }
            } else {
                configuration.append(line)
            }
        }
        let text = configuration.joined(separator: "\n") + "\n"
        try text.write(toFile: directory + "/haproxy.cfg", atomically: true, encoding: .utf8)
        pid = try ChildProcess.spawn([haproxy, "-db", "-f", directory + "/haproxy.cfg"], output: directory + "/haproxy.log")
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard Date() < deadline, SomaBinary.isRunning(pid) else {
                throw HarnessError("haproxy did not start: \((try? String(contentsOfFile: directory + "/haproxy.log", encoding: .utf8)) ?? "")")
            }
            usleep(50_000)
        }
    }

    /// What HAProxy said (run with `-db`, it writes its warnings to standard error, here).
    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Whether HAProxy has taken backend `server` (0-based, in `backends` order) out of the
    /// rotation: its failed checks reached `fall`, and it said so ("Server soma/soma1 is DOWN").
    /// A test waits for this state instead of sleeping through the checks' time.
    func isDown(server: Int) -> Bool {
        let name = "Server soma/soma\(server + 1) is "
        // The last word about this server counts (it may have come back up since).
        let said = log().split(separator: "\n").last { $0.contains(name + "DOWN") || $0.contains(name + "UP") }
        return said?.contains(name + "DOWN") ?? false
    }

    /// The README's `haproxy.cfg`: the indented block under `# /etc/haproxy/haproxy.cfg`, its
    /// four spaces of indentation taken off.
    static func recipe() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "# /etc/haproxy/haproxy.cfg" }) else {
            throw HarnessError("README.md has no HAProxy recipe")
        }
        let block = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }
        return block.map { String($0.dropFirst(4)) }
    }

    /// Whether something listens on `port` of 127.0.0.1.
    static func accepts(_ port: Int) -> Bool {
        guard let fd = connected(port) else { return false }
        close(fd)
        return true
    }

    /// A socket connected to `port` of 127.0.0.1 (reads time out after 3 s), or nil.
    static func connected(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let done = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard done else {
            close(fd)
            return nil
        }
        return fd
    }

    /// What an HTTP check on `port` answers: its status code (200, 503), or nil when nothing
    /// answers.
    static func health(_ port: Int) -> Int? {
        guard let fd = connected(port) else { return nil }
        defer { close(fd) }
        let request = Array("GET / HTTP/1.0\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while answer.count < 8192 {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            answer += buffer[..<n]
        }
        let status = String(decoding: answer, as: UTF8.self).split(separator: " ")
        return status.count > 1 && status[0].hasPrefix("HTTP/") ? Int(status[1]) : nil
    }

    deinit {
        kill(pid, SIGTERM)
        _ = ChildProcess.wait(pid)
        _ = try? Tmux.run(["rm", "-rf", directory])
    }
}
