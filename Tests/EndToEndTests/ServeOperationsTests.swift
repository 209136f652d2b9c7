import Foundation
import Store
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the operators and players of `soma serve` see of it beyond the game, with the release
/// binaries and the OpenSSH client in tmux: the Prometheus endpoint and JSON log lines, watching
/// another player's game, and a returning player opening on the figure they were last playing.
@Suite("soma serve: metrics, watching, the figure last played", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.soma), .requires(.somaServer))
struct ServeOperationsTests {
    /// Connects with `key` in a new pane and waits for the game's first frame.
    func play(_ server: SomaServer, key: String?, width: Int = 100, height: Int = 36) throws -> Tmux {
        let tmux = try Tmux(server.sshCommand(key: key), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves ", timeout: 30),
                     "no game over SSH: \((try? tmux.screen()) ?? "")\n\(server.log())")
        return tmux
    }

    /// `ssh -tt HOST watch NAME` in a new pane, then `EXIT=status`.
    func watch(_ server: SomaServer, key: String, name: String, height: Int = 36) throws -> Tmux {
        let command = (server.sshArguments(key: key, options: ["-tt"]) + ["watch", name]).map { "'\($0)'" }.joined(separator: " ")
        return try Tmux(command + "; echo \"EXIT=$?\"; exec sleep 600", width: 100, height: height)
    }

    /// `GET path` on 127.0.0.1:`port`, read to the end (the endpoint closes after its answer).
    static func httpGet(port: Int, path: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("no socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw HarnessError("cannot connect to the metrics port \(port)") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The value of one sample line of Prometheus text (`name` with its labels), or nil.
    static func sample(_ text: String, _ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.dropFirst(name.count + 1)) }
    }

    @Test("--metrics: the endpoint shows the session, the login and the first-frame histogram; --log-format json writes objects")
    func metrics() throws {
        // Two free ports asked for one after the other may be the same: another try then.
        var started: (port: Int, server: SomaServer)?
        for _ in 0..<5 where started == nil {
            let port = try LoopbackSSH.freePort()
            started = (try? SomaServer(options: ["--metrics", "127.0.0.1:\(port)", "--log-format", "json"])).map { (port, $0) }
        }
        let (port, server) = try #require(started, "soma serve did not start with --metrics")
        let before = try Self.httpGet(port: port, path: "/metrics")
        #expect(before.hasPrefix("HTTP/1.1 200 OK"), "\(before)")
        #expect(before.contains("Content-Type: text/plain; version=0.0.4"), "\(before)")
        #expect(Self.sample(before, "soma_sessions") == 0, "\(before)")
        #expect(Self.sample(before, "soma_first_frame_seconds_count") == 0, "\(before)")

        let key = try server.makeKey("mira")
        // The server's own figure for the first frame lies within the test's wait for it (an
        // order, not a threshold: the wait is whatever the machine made it).
        let asked = Date()
        let tmux = try play(server, key: key)
        let waited = Date().timeIntervalSince(asked)
        let during = try Self.httpGet(port: port, path: "/metrics")
        #expect(Self.sample(during, "soma_sessions") == 1, "\(during)")
        #expect(Self.sample(during, #"soma_logins_total{outcome="player"}"#) == 1, "\(during)")
        #expect(Self.sample(during, "soma_first_frame_seconds_count") == 1, "\(during)")
        #expect(Self.sample(during, #"soma_first_frame_seconds_bucket{le="+Inf"}"#) == 1, "\(during)")
        let firstFrame = Self.sample(during, "soma_first_frame_seconds_sum") ?? -1
        #expect(firstFrame > 0 && firstFrame <= waited, "a first frame of \(firstFrame) s, seen by the test after \(waited) s")

        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(server.waitForNoGames())
        #expect(tmux.wait {
            let after = try Self.httpGet(port: port, path: "/metrics")
            return Self.sample(after, "soma_sessions") == 0 && Self.sample(after, #"soma_game_exits_total{status="0"}"#) == 1
                && Self.sample(after, "soma_session_length_seconds_count") == 1
        }, "\((try? Self.httpGet(port: port, path: "/metrics")) ?? "")")
        let other = try Self.httpGet(port: port, path: "/")
        #expect(other.hasPrefix("HTTP/1.1 404"), "\(other)")

        // Every line of the log is one JSON object with its time, event, level and message.
        #expect(server.stop().status == 0)
        let lines = server.log().split(separator: "\n")
        #expect(lines.count >= 5, "\(server.log())")
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
            #expect(object?.keys.sorted() == ["event", "level", "message", "time"], "not a log object: \(line)")
        }
        #expect(lines.contains { $0.contains(#""event":"auth""#) && $0.contains(#""level":"info""#)
                && $0.contains(try! server.fingerprint(ofKey: key)) })
        #expect(lines.contains { $0.contains(#""event":"listening""#) && $0.contains("metrics on http://127.0.0.1:\(port)/metrics") })
    }

    @Test("W lets others watch: `watch NAME` shows the game live, read-only; the player is told; without leave it is refused")
    func watching() throws {
        let server = try SomaServer()
        let ann = try server.makeKey("ann"), bob = try server.makeKey("bob"), cy = try server.makeKey("cy")
        // Ann has a display name (chosen once, in the hall of fame): watchers name her by it.
        let names = try ProgressStore(path: server.stateDirectory + "/soma.db", player: try server.fingerprint(ofKey: ann))
        #expect(try names.chooseName("Ann") == .accepted("Ann"))

        let player = try play(server, key: ann)
        // Not allowed yet: refused, with a reason, and no word of whether Ann plays.
        let refused = try watch(server, key: cy, name: "ann", height: 10)
        #expect(refused.waitForScreen(containing: "EXIT=1"), "\((try? refused.screen()) ?? "")")
        #expect(try refused.screen().contains("soma: no one named 'ann' lets others watch just now"), "\((try? refused.screen()) ?? "")")

        try player.send(keys: "W")
        #expect(player.waitForScreen(containing: "others may watch (Ann); W stops"), "\((try? player.screen()) ?? "")")
        let watcher = try watch(server, key: bob, name: "ann")
        #expect(player.waitForScreen(containing: "1 person is watching you"), "\((try? player.screen()) ?? "")")
        #expect(watcher.waitForScreen(containing: "moves 0"), "the watcher sees the game: \((try? watcher.screen()) ?? "")")
        // The player's move appears on the watcher's screen.
        try player.send(keys: "1", "Right", "Space")
        #expect(player.waitForScreen(containing: "moves 1"))
        #expect(watcher.waitForScreen(containing: "moves 1"), "\((try? watcher.screen()) ?? "")")
        // The watcher's keys do nothing to the game.
        try watcher.send(keys: "2", "Left", "Space", "m")
        Thread.sleep(forTimeInterval: 0.5)   // a negative: give wrongly passed keys time to show
        #expect(try player.screen().contains("moves 1") && !player.screen().contains("Soma figures"), "\((try? player.screen()) ?? "")")
        // q leaves: the watcher's terminal is given back with a line; the player is told.
        try watcher.send(keys: "q")
        #expect(watcher.waitForScreen(containing: "soma: stopped watching Ann"), "\((try? watcher.screen()) ?? "")")
        #expect(watcher.waitForScreen(containing: "EXIT=0"))
        #expect(player.waitForScreen(containing: "others may watch (Ann); W stops"), "\((try? player.screen()) ?? "")")
        // W again: no one may watch; a new watcher is refused.
        try player.send(keys: "W")
        #expect(player.wait { try !player.screen().contains("others may watch") })
        let late = try watch(server, key: bob, name: "Ann", height: 10)
        #expect(late.waitForScreen(containing: "EXIT=1"), "\((try? late.screen()) ?? "")")
        try player.send(keys: "q")
        #expect(player.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }

    @Test("a returning player opens on the figure they were last playing, not the cube")
    func lastFigure() throws {
        let server = try SomaServer()
        let key = try server.makeKey("lena")
        let first = try play(server, key: key)
        try first.send(keys: "m")
        #expect(first.waitForScreen(containing: "Soma figures"), "\((try? first.screen()) ?? "")")
        try first.send(keys: "Down")
        // The figure under the cursor: the menu marks it with `>`.
        var name = ""
        #expect(first.wait {
            let line = try first.screen().split(separator: "\n").first { $0.hasPrefix(">") } ?? ""
            name = String(line.dropFirst(3).prefix { $0 != " " })
            return !name.isEmpty && name.lowercased() != "cube"
        }, "\((try? first.screen()) ?? "")")
        try first.send(keys: "Enter")
        #expect(first.wait { try !first.screen().contains("Soma figures") })
        try first.send(keys: "1", "Right", "Space")
        #expect(first.waitForScreen(containing: "moves 1"), "\((try? first.screen()) ?? "")")
        // The top line names the figure by its title (the menu lists its file's name).
        let title = (try first.screen().split(separator: "\n").first.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespaces).components(separatedBy: "   ").first ?? ""
        #expect(!title.isEmpty && title != "Cube", "playing \(name): \(title)")
        try first.send(keys: "q")
        #expect(first.waitForExit() == 0)
        #expect(server.waitForNoGames())

        let again = try play(server, key: key)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        let top = try again.screen().split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.hasPrefix(" \(title)   "), "back on \(title): \(top)")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }
}
