import Crypto
import Foundation
import NIOSSH
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve` against clients that break the rules, and the limits: each bad client is
/// refused, cut off or clamped, and the server goes on serving everyone else.
@Suite("soma serve against bad clients", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma), .requires(.somaServer))
struct ServeBadClientTests {
    /// A raw TCP connection from `source`; nil when refused.
    static func rawConnect(port: Int, source: String = "127.0.0.1") -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &local) { l in
            withUnsafePointer(to: &remote) { r in
                l.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } == 0
                    && r.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } == 0
            }
        }
        guard connected else { close(fd); return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Writes `bytes` (as much as the peer takes) and reads until the peer closes (or 10 s);
    /// what was read, and whether the peer closed.
    static func exchange(_ fd: Int32, sending bytes: [UInt8]) -> (reply: String, closed: Bool) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, min($0.count, 65536), Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 || (n < 0 && errno == ECONNRESET) { return (String(decoding: reply, as: UTF8.self), true) }
            if n < 0 { return (String(decoding: reply, as: UTF8.self), false) }
            reply += buffer.prefix(n)
        }
    }

    /// Moves piece 1 right and quits; then the same key, connecting again, must find the move
    /// in its first frame (a frame after a key redraws only the cells that changed, so the move
    /// is read where the whole screen is drawn).
    static func moveQuitAndFind(_ client: SSHTestClient, server: SomaServer, key: Curve25519.Signing.PrivateKey,
                                source: String = "127.0.0.1") throws {
        // Right as xterm sends it once the game turned on the keypad's application mode.
        try client.send("1")
        try client.send("\u{1b}OC")
        try client.send(" ")   // the default assist steers a ghost; Space puts the piece there
        try client.send("q")
        #expect(client.wait { $0.exitStatus != nil }, "the game still answers keys")
        #expect(client.exitStatus == 0)
        #expect(server.waitForNoGames())
        let again = try SSHTestClient(port: server.port, source: source, key: key)
        #expect(again.waitFor("moves 1"), "the move was kept")
        try again.send("q")
        #expect(again.wait { $0.exitStatus == 0 })
    }

    /// A session with a fresh key still plays: the proof that the server keeps serving.
    static func stillServes(_ server: SomaServer, source: String = "127.0.0.1") throws {
        let client = try SSHTestClient(port: server.port, source: source, key: Curve25519.Signing.PrivateKey())
        #expect(client.waitFor("moves 0"), "a new session after the bad client: \(server.log())")
        try client.send("q")
        #expect(client.wait { $0.exitStatus == 0 })
    }

    @Test("wrong protocol bytes, a 1 MB version line and garbage after a good one: closed, and only those")
    func wrongBytes() throws {
        let server = try SomaServer()
        let playerKey = Curve25519.Signing.PrivateKey()
        let player = try SSHTestClient(port: server.port, key: playerKey)
        #expect(player.waitFor("moves 0"))

        let http = try #require(Self.rawConnect(port: server.port))
        let answer = Self.exchange(http, sending: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        close(http)
        #expect(answer.closed)
        #expect(answer.reply.hasPrefix("SSH-2.0-"))
        #expect(answer.reply.hasSuffix("soma: this port speaks SSH-2.0 only\r\n"))

        let long = try #require(Self.rawConnect(port: server.port))
        let banner = Self.exchange(long, sending: Array("SSH-2.0-".utf8) + Array(repeating: UInt8(ascii: "A"), count: 1 << 20))
        close(long)
        #expect(banner.closed, "a 1 MB version line is cut off")

        let garbage = try #require(Self.rawConnect(port: server.port))
        var noise = SeededBytes(seed: 17)
        let after = Self.exchange(garbage, sending: Array("SSH-2.0-noise\r\n".utf8) + (0..<65536).map { _ in noise.next() })
        close(garbage)
        #expect(after.closed, "bytes that are not SSH packets end the connection")

        #expect(server.log().contains("not an SSH-2.0 client"))
        #expect(server.log().contains("a version line over 255 bytes"))
        // The player who was there plays on, and newcomers are served.
        try Self.moveQuitAndFind(player, server: server, key: playerKey)
        try Self.stillServes(server)
        #expect(server.stop().status == 0)
    }

    @Test("a flood of new connections from one address is refused; other addresses are served")
    func flood() throws {
        let server = try SomaServer(options: ["--connections-per-minute", "20"])
        var opened: [Int32] = []
        var refused = 0
        for _ in 0..<200 {
            guard let fd = Self.rawConnect(port: server.port, source: "127.0.0.2") else { refused += 1; continue }
            opened.append(fd)
        }
        // A refused connection is accepted by the kernel, told why (soma's version line and an SSH
        // disconnect message, no key exchange) and closed by the server.
        var told = 0
        for fd in opened {
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let reply = Self.exchange(fd, sending: [])
            if reply.closed && reply.reply.hasPrefix("SSH-2.0-soma\r\n") { refused += 1 }
            if reply.reply.contains("soma: more than 20 new connections a minute from your address; please wait a minute") { told += 1 }
        }
        #expect(told >= 170, "\(told) told the rate")
        opened.forEach { close($0) }
        let refusedLines = server.log().split(separator: "\n").filter { $0.contains("refused 127.0.0.2") }.count
        #expect(refusedLines >= 180, "\(refusedLines) of 200 refused (20 a minute allowed)")
        #expect(refused >= 180)
        try Self.stillServes(server, source: "127.0.0.1")
        #expect(server.stop().status == 0)
    }

    /// The size the game's terminal has, read from the child's own terminal.
    static func childTerminalSize(_ server: SomaServer) -> (columns: Int, rows: Int)? {
        guard let child = server.children().first else { return nil }
        let fd = open("/proc/\(child)/fd/0", O_RDONLY | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    @Test("window-change to 0x0 keeps the size; to 10000x10000 is cut to 500x200; the game plays on")
    func windowChanges() throws {
        let server = try SomaServer()
        let key = Curve25519.Signing.PrivateKey()
        let client = try SSHTestClient(port: server.port, key: key, width: 90, height: 30)
        #expect(client.waitFor("moves 0"))
        #expect(Self.childTerminalSize(server).map { [$0.columns, $0.rows] } == [90, 30])
        try client.windowChange(width: 0, height: 0)
        try client.windowChange(width: 70, height: 0)
        #expect(client.wait(timeout: 10) { _ in Self.childTerminalSize(server).map { [$0.columns, $0.rows] } == [70, 30] },
                "0 keeps the size it had")
        let before = client.receivedCount
        try client.windowChange(width: 10000, height: 10000)
        #expect(client.wait(timeout: 10) { _ in Self.childTerminalSize(server).map { [$0.columns, $0.rows] } == [500, 200] })
        try client.windowChange(width: 0, height: 0)
        // The frame a resize draws is whole: 500 columns hold the status line.
        #expect(client.waitFor("moves 0", after: before))
        #expect(Self.childTerminalSize(server).map { [$0.columns, $0.rows] } == [500, 200])
        try Self.moveQuitAndFind(client, server: server, key: key)
        try Self.stillServes(server)
        #expect(server.stop().status == 0)
    }

    @Test("input faster than the cap disconnects that player only, after their game saved")
    func inputFlood() throws {
        let server = try SomaServer(options: ["--max-input-rate", "4096"])
        let calmKey = Curve25519.Signing.PrivateKey()
        let calm = try SSHTestClient(port: server.port, source: "127.0.0.3", key: calmKey)
        let flooder = try SSHTestClient(port: server.port, source: "127.0.0.4", key: Curve25519.Signing.PrivateKey())
        #expect(calm.waitFor("moves 0") && flooder.waitFor("moves 0"))
        try flooder.send(String(repeating: "u", count: 100_000))
        #expect(flooder.waitFor("soma: more than 4096 bytes of input in one second: disconnected", timeout: 10))
        #expect(flooder.wait(timeout: 10) { $0.closed })
        #expect(flooder.exitStatus == 129, "the game was hung up (SIGHUP) and saved")
        // The other player is untouched.
        try Self.moveQuitAndFind(calm, server: server, key: calmKey, source: "127.0.0.3")
        #expect(calm.wait(timeout: 5) { _ in server.log().contains("input over 4096 bytes/s") }, "logged when the connection closed")
        #expect(server.stop().status == 0)
    }

    @Test("idle timeout and session limit close the session with a line; past max sessions a player is told the server is full")
    func timeLimits() throws {
        let idle = try SomaServer(options: ["--idle-timeout", "2s", "--max-sessions", "2"])
        let sleeper = try SSHTestClient(port: idle.port, key: Curve25519.Signing.PrivateKey())
        let other = try SSHTestClient(port: idle.port, source: "127.0.0.5", key: Curve25519.Signing.PrivateKey())
        #expect(sleeper.waitFor("moves 0") && other.waitFor("moves 0"))
        // A third is let in to be told, and runs nothing.
        let third = try SSHTestClient(port: idle.port, source: "127.0.0.6", key: Curve25519.Signing.PrivateKey())
        #expect(third.waitFor("soma: the server is full (2 players); please try again later\r\n", timeout: 10))
        #expect(third.wait(timeout: 5) { $0.exitStatus == 1 })
        #expect(idle.children().count == 2)
        #expect(sleeper.waitFor("soma: no input for 2s: disconnected (your progress is saved)", timeout: 10))
        #expect(sleeper.wait(timeout: 5) { $0.closed })
        #expect(sleeper.wait(timeout: 5) { _ in idle.log().contains("idle for 2s") }, "logged when the connection closed")
        #expect(idle.stop().status == 0)

        let limited = try SomaServer(options: ["--session-limit", "3s"])
        let busy = try SSHTestClient(port: limited.port, key: Curve25519.Signing.PrivateKey())
        #expect(busy.waitFor("moves 0"))
        for _ in 0..<8 where !busy.closed {
            try? busy.send("\u{1b}OC")
            usleep(500_000)
        }
        #expect(busy.waitFor("soma: sessions last at most 3s: disconnected (your progress is saved)", timeout: 10))
        #expect(limited.stop().status == 0)
    }
}

/// Bytes from a fixed seed (xorshift), for noise that is the same on every run.
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt8 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}
