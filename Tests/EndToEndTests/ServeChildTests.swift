import Crypto
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve`'s children (issue 23, issue 27): a game holds no descriptor of the server or of
/// another player; a command is capped in number, CPU time and output, and says so when stopped;
/// a game that dies leaves the player's terminal restored and a line that says what happened.
/// Also the connection's keepalive and the state directory's checks.
@Suite("soma serve's games and commands", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.soma), .requires(.somaServer))
struct ServeChildTests {
    /// What each descriptor of `pid` is (`/proc/PID/fd`): `socket:[...]`, `/dev/pts/3`, a file.
    static func descriptors(of pid: pid_t) -> [Int: String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var links: [Int: String] = [:]
        for name in names {
            guard let fd = Int(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name) else { continue }
            links[fd] = target
        }
        return links
    }

    @Test("three players on: no game holds a socket, a terminal master, or another player's terminal")
    func gamesHoldOnlyTheirOwnTerminal() throws {
        let server = try SomaServer()
        var players: [SSHTestClient] = []
        for index in 0..<3 {
            let player = try SSHTestClient(port: server.port, source: "127.0.0.\(21 + index)", key: Curve25519.Signing.PrivateKey())
            #expect(player.waitFor("moves 0"), "player \(index)")
            players.append(player)
        }
        let games = server.children()
        #expect(games.count == 3)
        var terminals: Set<String> = []
        for game in games {
            let links = Self.descriptors(of: game)
            let own = try #require(links[0], "game \(game) has no standard input")
            #expect(own.hasPrefix("/dev/pts/"))
            terminals.insert(own)
            #expect(links[1] == own && links[2] == own)
            for (fd, target) in links.sorted(by: { $0.key < $1.key }) {
                #expect(!target.hasPrefix("socket:"), "game \(game) holds fd \(fd): \(target)")
                #expect(target != "/dev/ptmx", "game \(game) holds a terminal master, fd \(fd)")
                #expect(!target.hasPrefix("/dev/pts/") || target == own, "game \(game) holds another terminal, fd \(fd): \(target)")
            }
        }
        #expect(terminals.count == 3, "each game on its own terminal: \(terminals)")
        for player in players {
            try player.send("q")
            #expect(player.wait { $0.exitStatus == 0 })
        }
        #expect(server.stop().status == 0)
    }

    @Test("a game killed mid-play: the terminal is given back and the player told what happened")
    func killedGameRestoresTheTerminal() throws {
        let server = try SomaServer()
        let key = try server.makeKey("victim")
        let tmux = try Tmux(server.sshCommand(key: key), width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 0", timeout: 30), "\(server.log())")
        #expect(try tmux.modes() == .playing)
        let game = try #require(server.children().first)
        kill(game, SIGKILL)
        #expect(tmux.waitForScreen(containing: "soma: the game was killed (signal 9, SIGKILL); moves since its last save may be lost"),
                "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForExit() == 137)
        #expect(try tmux.modes() == .restored, "\((try? tmux.modes())?.description ?? "?")")
        #expect(server.log().contains("the game was killed (signal 9, SIGKILL)"))
        #expect(server.stop().status == 0)
    }

    @Test("a command past its CPU time is stopped and says so; a third command of one key waits")
    func commandsAreCapped() throws {
        let server = try SomaServer(options: ["--command-cpu", "2s"])
        let key = try server.makeKey("solver")
        let heavy = try Tmux.run(server.sshArguments(key: key) + ["solve", "bedlam", "--count"])
        #expect(heavy.status == 152, "stopped by SIGXCPU: \(heavy.status) \(heavy.error)")
        #expect(heavy.error.contains("soma: the command was stopped: it used its 2s of CPU time (the server's limit for one command)"),
                "\(heavy.error)")

        let solver = Curve25519.Signing.PrivateKey()
        let first = try SSHTestClient(port: server.port, source: "127.0.0.31", key: solver, width: nil, exec: "solve bedlam --count")
        let second = try SSHTestClient(port: server.port, source: "127.0.0.32", key: solver, width: nil, exec: "solve bedlam --count")
        #expect(server.wait { server.children().count == 2 })
        let third = try SSHTestClient(port: server.port, source: "127.0.0.33", key: solver, width: nil, exec: "solve bedlam --count")
        #expect(third.waitFor("soma: 2 commands of yours are running already; please wait for one to end", timeout: 10))
        #expect(third.wait(timeout: 10) { $0.exitStatus == 1 })
        #expect(server.children().count == 2)
        // Another key is not held back by this one.
        let other = try Tmux.run(server.sshArguments(key: key) + ["solve", "cube", "--count"])
        #expect(other.status == 0 && other.output.contains("240"), "\(other.error)")
        first.close()
        second.close()
        #expect(server.waitForNoGames())
        #expect(server.stop().status == 0)
    }

    @Test("a command past its output bound is stopped and says so")
    func commandOutputIsBounded() throws {
        let server = try SomaServer(options: ["--command-output", "64K"])
        let key = try server.makeKey("printer")
        let result = try Tmux.run(server.sshArguments(key: key) + ["solve", "cube", "--all", "--raw"])
        #expect(result.status == 137)
        #expect(result.error.contains("soma: the command was stopped: its output passed 64K (the server's limit for one command)"),
                "\(result.error)")
        #expect(result.output.utf8.count <= 64 << 10 && result.output.utf8.count > 32 << 10, "\(result.output.utf8.count) bytes")
        #expect(server.waitForNoGames())
        #expect(server.stop().status == 0)
    }

    /// Issue 36: 16 `solve ... | sleep 3600` held every command slot at no CPU, so neither the CPU
    /// nor the output limit ended them. A command ends on wall time, and when its output has
    /// not been read for a while, and says why; its slot is free again.
    ///
    /// Each limit on a server of its own: on one server with both, the unread command (its
    /// output fills the SSH window, 2 MiB, before it stalls: seconds on a loaded machine) also
    /// passed the wall time, which is checked first, and was stopped for that instead.
    @Test("a command past its wall time, or whose output is not read, is stopped and says so")
    func commandsEndOnWallTimeAndUnreadOutput() throws {
        let timed = try SomaServer(options: ["--command-time", "3s", "--commands-per-address", "1"])
        let key = try timed.makeKey("slow")
        let long = try Tmux.run(timed.sshArguments(key: key, options: ["-b", "127.0.0.41"]) + ["solve", "bedlam", "--count"])
        #expect(long.status == 137, "\(long.status) \(long.error)")
        #expect(long.error.contains("soma: the command was stopped: it ran for 3s (the server's limit for one command)"), "\(long.error)")
        #expect(timed.log().contains("session 127.0.0.41:") && timed.log().contains("the command was stopped: it ran for 3s"),
                "\(timed.log().suffix(1500))")
        #expect(timed.waitForNoGames())
        // The address's one command slot is free again.
        let quick = try Tmux.run(timed.sshArguments(key: key, options: ["-b", "127.0.0.41"]) + ["solve", "cube", "--count"])
        #expect(quick.status == 0 && quick.output.contains("240"), "\(quick.error)")
        #expect(timed.stop().status == 0)

        // No wall time here (the default, 10 minutes): only the unread output can stop it.
        let server = try SomaServer(options: ["--command-unread", "2s", "--commands-per-address", "1"])
        let unread = try SSHTestClient(port: server.port, source: "127.0.0.42", key: Curve25519.Signing.PrivateKey(), width: nil,
                                       exec: "solve cube --all --raw --draw", reading: false)
        #expect(server.wait(timeout: 90) {
            server.log().contains("session 127.0.0.42:") && server.log().contains("its output was not read for 2s")
        }, "\(server.log().suffix(1500))")
        #expect(!server.log().contains("it ran for"), "\(server.log().suffix(1500))")
        #expect(server.waitForNoGames())
        // The address's one command slot is free again.
        let next = try Tmux.run(server.sshArguments(key: try server.makeKey("next"), options: ["-b", "127.0.0.42"]) + ["solve", "cube", "--count"])
        #expect(next.status == 0 && next.output.contains("240"), "\(next.error)")
        unread.close()
        #expect(server.stop().status == 0)
    }

    /// Issue 36: a guest's generated figures were written into the state directory, and `ssh
    /// HOST figures` printed the server's absolute path and every player's figures. A guest's
    /// game writes into a folder of its session's own; no listing names a server folder.
    @Test("figures names no server folder; a guest does not see the shared figures folder")
    func guestsLeaveNothingBehind() throws {
        let server = try SomaServer()
        let folder = server.stateDirectory + "/config/soma/figures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("name: Mine\n\n###\n###\n###\n\n###\n###\n###\n\n###\n###\n###\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/mine.figure"))
        let key = try server.makeKey("owner")
        let player = try Tmux.run(server.sshArguments(key: key) + ["figures"])
        #expect(player.status == 0, "\(player.error)")
        #expect(player.output.contains("Your figures\n") && player.output.contains("Mine"), "\(player.output)")
        #expect(!player.output.contains(server.directory), "\(player.output)")
        let guest = try Tmux.run(server.sshArguments(key: nil, user: "guest") + ["figures"])
        #expect(guest.status == 0, "\(guest.error)")
        #expect(guest.output.contains("cube") && !guest.output.contains("Mine"), "\(guest.output)")
        #expect(!guest.output.contains(server.directory) && !guest.output.contains("/tmp/soma-guest-"), "\(guest.output)")
        #expect(server.stop().status == 0)
    }

    @Test("a game that cannot use the database names it without the server's path")
    func noServerPathsToPlayers() throws {
        let server = try SomaServer()
        // A folder where the database should be (the one the server made at its start taken
        // away): the game says so, and plays on unsaved.
        try FileManager.default.removeItem(atPath: server.stateDirectory + "/soma.db")
        try FileManager.default.createDirectory(atPath: server.stateDirectory + "/soma.db", withIntermediateDirectories: true)
        let player = try SSHTestClient(port: server.port, key: Curve25519.Signing.PrivateKey())
        #expect(player.waitFor("moves 0"))
        #expect(player.text.contains("cannot use saved progress at ./soma.db"), "\(player.text.prefix(600))")
        #expect(!player.text.contains(server.directory), "the server's path reached the player")
        try player.send("q")
        #expect(player.wait { $0.exitStatus != nil })
        #expect(server.stop().status == 0)
    }

    @Test("connections have TCP keepalive")
    func keepAlive() throws {
        let server = try SomaServer()
        let player = try SSHTestClient(port: server.port, key: Curve25519.Signing.PrivateKey())
        #expect(player.waitFor("moves 0"))
        // ss shows one timer a socket: the retransmit timer while a frame is in flight, else keepalive.
        var sockets = ""
        #expect(server.wait(timeout: 10) {
            sockets = (try? Tmux.run(["ss", "-tnoH", "state", "established", "( sport = :\(server.port) )"]).output) ?? ""
            return sockets.contains("timer:(keepalive,")
        }, "\(sockets)")
        try player.send("q")
        #expect(player.wait { $0.exitStatus == 0 })
        #expect(server.stop().status == 0)
    }

    @Test("a state directory others may write is made 700 and the log says so; one under a folder anyone may change is refused")
    func stateDirectoryChecks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("soma-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        chmod(directory, 0o700)
        chmod(directory + "/state", 0o777)
        let server = try SomaServer(directory: directory)
        #expect(server.log().contains("the state directory \(directory)/state could be written by others (mode 777): made it 700"))
        var status = stat()
        #expect(stat(directory + "/state", &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(server.stop().status == 0)

        try FileManager.default.createDirectory(atPath: directory + "/open", withIntermediateDirectories: true)
        chmod(directory + "/open", 0o777)
        let refused = try Tmux.run([SomaBinary.path, "serve", "--listen", "127.0.0.1:\(server.port)", "--state-dir", directory + "/open/state"])
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("soma serve: the folder \(directory)/open above the state directory can be changed by another user"),
                "\(refused.error)")
    }
}
