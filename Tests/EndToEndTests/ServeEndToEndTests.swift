import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve` with the real OpenSSH client (Debian's openssh-client) in tmux, on a free port of
/// 127.0.0.1, with keys made for the test: each player keeps their own progress across
/// connections, lost connections and a server restart; the server's answers to a client without
/// a terminal, to commands, and to SIGTERM.
@Suite("soma serve with the OpenSSH client", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.soma), .requires(.somaServer))
struct ServeEndToEndTests {
    /// Connects with `key` in a new pane and waits for the game's first frame.
    func play(_ server: SomaServer, key: String?, user: String = "player", width: Int = 100, height: Int = 36) throws -> Tmux {
        let tmux = try Tmux(server.sshCommand(key: key, user: user), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves ", timeout: 30),
                     "no game over SSH: \((try? tmux.screen()) ?? "")\n\(server.log())")
        return tmux
    }

    /// The games' database is made by the server at its start, not by the first login's game
    /// (issue 35: 3-4 ms of that game's CPU, while the other games of the burst waited for it).
    @Test("the games' database has its schema before anyone logs in")
    func databaseMadeAtStart() throws {
        let server = try SomaServer()
        // Closed after it was made: its header is in the file itself (no write-ahead log left).
        let header = try #require(FileManager.default.contents(atPath: server.stateDirectory + "/soma.db"),
                                  "soma.db made at the start: \(server.log())")
        try #require(header.count >= 100)
        #expect(Array(header.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        // The schema's version (`PRAGMA user_version`), bytes 60-63, big-endian.
        #expect(Array(header[60..<64]) == [0, 0, 0, 3])
        #expect(server.stop().status == 0)
    }

    @Test("a player moves a piece and leaves; the same key finds the move again, another key a fresh game")
    func progressFollowsTheKey() throws {
        let server = try SomaServer()
        let alice = try server.makeKey("alice"), bob = try server.makeKey("bob")
        let first = try play(server, key: alice)
        #expect(try first.screen().contains("moves 0"))
        try first.send(keys: "1", "Right", "Space")
        #expect(first.waitForScreen(containing: "moves 1"))
        try first.send(keys: "q")
        #expect(first.waitForExit(timeout: 10) == 0, "ssh ends with the game's status")
        #expect(server.waitForNoGames())
        #expect(server.log().contains("player \(try server.fingerprint(ofKey: alice))"), "the log names the key's fingerprint")

        let again = try play(server, key: alice)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)

        let other = try play(server, key: bob)
        #expect(try other.screen().contains("moves 0"), "\((try? other.screen()) ?? "")")
        try other.send(keys: "q")
        #expect(other.waitForExit() == 0)
        #expect(server.stop().status == 0)
        #expect(!server.log().contains("ssh-ed25519"), "no key material in the log")
    }

    @Test("a session killed mid-game (the client dies) keeps its progress")
    func killedClient() throws {
        let server = try SomaServer()
        let key = try server.makeKey("carol")
        let tmux = try play(server, key: key)
        try tmux.send(keys: "2", "Up", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        kill(try tmux.programPID(), SIGKILL)
        #expect(tmux.wait(timeout: 10) { server.log().contains("disconnect") }, "the server saw the connection go")
        // Hung up (SIGHUP), the game saves and leaves (a timeout, not a threshold: nothing else
        // would end it for minutes, the server's idle limit).
        #expect(server.waitForNoGames(timeout: 10), "the game was hung up and left")
        let again = try play(server, key: key)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }

    @Test("a resize of the client's terminal reaches the game")
    func resize() throws {
        let server = try SomaServer()
        let key = try server.makeKey("dave")
        let tmux = try play(server, key: key, width: 80, height: 24)
        func lastDrawnRow() throws -> Int {
            try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
                .lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? -1
        }
        #expect(try lastDrawnRow() <= 23)
        try tmux.resize(width: 140, height: 44)
        #expect(tmux.wait { try lastDrawnRow() >= 40 }, "the game draws on 44 rows: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }

    @Test("ssh -T (no terminal) gets one line of explanation and status 1")
    func noTerminal() throws {
        let server = try SomaServer()
        let key = try server.makeKey("erin")
        let result = try Tmux.run(server.sshArguments(key: key, options: ["-T"]))
        #expect(result.status == 1)
        #expect(result.output == "soma: this server plays a full-screen game and needs a terminal: "
                + "connect with ssh -t, or run a command: figures, show FIGURE, solve FIGURE\r\n")
        #expect(server.children().isEmpty)
        #expect(server.stop().status == 0)
    }

    @Test("a port in use, a host key others can read, a bad option: one line and a non-zero exit")
    func refusesToStart() throws {
        let server = try SomaServer()
        let taken = try Tmux.run([SomaBinary.path, "serve", "--listen", "127.0.0.1:\(server.port)", "--state-dir", server.stateDirectory])
        #expect(taken.status == 1)
        #expect(taken.error == "soma serve: cannot listen on 127.0.0.1:\(server.port): address already in use\n")
        #expect(server.stop().status == 0)

        let key = server.stateDirectory + "/ssh_host_ed25519_key"
        chmod(key, 0o644)
        let exposed = try Tmux.run([SomaBinary.path, "serve", "--listen", "127.0.0.1:\(server.port)", "--state-dir", server.stateDirectory])
        #expect(exposed.status == 1)
        #expect(exposed.error == "soma serve: the host key \(key) can be read by others (mode 644); run chmod 600 on it\n")

        let bad = try Tmux.run([SomaBinary.path, "serve", "--idle-timeout", "soon"])
        #expect(bad.status == 2)
        #expect(bad.error.hasPrefix("Error: The value 'soon' is invalid for '--idle-timeout <time>'\nHelp:  --idle-timeout <time>  "
                                    + "Close a connection with no input for this long (90s, 30m, 2h)."), "\(bad.error)")
    }

    @Test("commands: figures, show and solve on built-in names; anything else is refused")
    func commands() throws {
        let server = try SomaServer()
        let key = try server.makeKey("frank")
        let figures = try Tmux.run(server.sshArguments(key: key) + ["figures"])
        #expect(figures.status == 0)
        #expect(figures.output.contains("cube"))
        let solve = try Tmux.run(server.sshArguments(key: key) + ["solve", "cube", "--count"])
        #expect(solve.status == 0)
        #expect(solve.output.contains("240"), "\(solve.output)")
        for refused in [["show", "/etc/passwd"], ["sh", "-c", "id"], ["solve", "../cube"], ["solve", "cube", "--checkpoint", "/tmp/x"]] {
            let result = try Tmux.run(server.sshArguments(key: key) + refused)
            #expect(result.status == 2, "\(refused)")
            #expect(result.error.hasPrefix("soma: "), "\(refused): \(result.error)")
            #expect(result.output.isEmpty)
        }
        #expect(server.stop().status == 0)
    }

    @Test("a guest (no key) plays, is told on screen that nothing is kept, and nothing is")
    func guest() throws {
        let server = try SomaServer()
        let tmux = try play(server, key: nil, user: "guest", width: 80, height: 24)
        #expect(tmux.waitForScreen(containing: "Progress NOT saved: you play as a guest (no SSH key)"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(server.log().contains(" guest"))
        let again = try play(server, key: nil, user: "guest")
        #expect(try again.screen().contains("moves 0"))
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }

    @Test("SIGTERM: each session is told, games save, the server exits 0 within 5 s; a restart keeps the host key")
    func shutdown() throws {
        let server = try SomaServer()
        let key = try server.makeKey("grace")
        let tmux = try play(server, key: key)
        try tmux.send(keys: "3", "Down", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        /// "host key SHA256:...": what the log says at the start.
        let hostKey = { (log: String) -> String? in
            log.range(of: "host key SHA256:").map { String(log[$0.lowerBound...].prefix { $0 != "," }) }
        }
        let firstHostKey = try #require(hostKey(server.log()))
        let stopped = server.stop()
        // Exit 0 within `stop`'s patience (how soon is not asserted: the machine is shared).
        #expect(stopped.status == 0, "not stopped after \(stopped.seconds) s")
        #expect(tmux.waitForScreen(containing: "soma: server shutting down"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForExit() != nil)
        #expect(try !tmux.screen().contains("closed by remote host"), "the client closed the connection itself")
        #expect(try tmux.modes() == .restored, "the game gave the terminal back before the line was said")

        var status = stat()
        #expect(stat(server.stateDirectory + "/ssh_host_ed25519_key", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let restarted = try SomaServer(directory: server.directory)
        #expect(hostKey(restarted.log()) == firstHostKey)
        let again = try play(restarted, key: key)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(restarted.stop().status == 0)
    }
}
