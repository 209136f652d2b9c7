import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Watching across the instances of one cluster (`--peer-listen`, `--peer-secret-file`):
/// PostgreSQL and two `soma serve --database` instances on free ports of 127.0.0.1, started and
/// stopped by the test, with the real OpenSSH client in tmux. A player on instance 1 lets others
/// watch; a watcher on instance 2 finds them through the `playing` table and sees their moves;
/// what each side sees when the watcher leaves and when the player quits; a name no one lets
/// watch is refused as on one instance.
@Suite("soma serve: watching a player on another instance", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.postgres),
       .requires(.soma), .requires(.somaServer))
struct ServeWatchAcrossTests {
    /// Two instances of one database, each taking the other's watchers on a port of its own.
    struct Cluster {
        let database: PostgresServer
        let instances: [SomaServer]
        let peerPorts: [Int]
        let healthPorts: [Int]
        /// The secret's file, the same for every instance.
        let secret: String

        init() throws {
            database = try PostgresServer()
            let folder = "/tmp/soma-peers-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            secret = folder + "/peer-secret"
            try Data("a secret shared by the cluster's instances\n".utf8).write(to: URL(fileURLWithPath: secret))
            chmod(secret, 0o600)
            var instances: [SomaServer] = [], peerPorts: [Int] = [], healthPorts: [Int] = []
            for _ in 0..<2 {
                let port = try LoopbackSSH.freePort(), health = try LoopbackSSH.freePort()
                instances.append(try SomaServer(options: ["--database", database.url, "--host-key", folder + "/ssh_host_ed25519_key",
                                                          "--peer-listen", "127.0.0.1:\(port)", "--peer-secret-file", secret,
                                                          "--health", "127.0.0.1:\(health)"]))
                peerPorts.append(port)
                healthPorts.append(health)
            }
            self.instances = instances
            self.peerPorts = peerPorts
            self.healthPorts = healthPorts
        }
    }

    static func play(_ server: SomaServer, key: String) throws -> Tmux {
        let tmux = try Tmux(server.sshCommand(key: key), width: 100, height: 36)
        try #require(tmux.waitForScreen(containing: "moves ", timeout: 30), "no game: \((try? tmux.screen()) ?? "")\n\(server.log())")
        return tmux
    }

    /// `ssh -tt HOST watch NAME` to `server`, or to `port` (the balancer's) with its host key.
    static func watch(_ server: SomaServer, key: String, name: String, port: Int? = nil) throws -> Tmux {
        var arguments = server.sshArguments(key: key, options: ["-tt"]) + ["watch", name]
        if let port, let index = arguments.firstIndex(of: "\(server.port)") { arguments[index] = "\(port)" }
        let command = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try Tmux(command + "; echo \"EXIT=$?\"; exec sleep 600", width: 100, height: 36)
    }

    @Test("a watcher on instance 2 sees the moves of a player on instance 1; leaving, and the player quitting, end it cleanly")
    func watchAcross() throws {
        let cluster = try Cluster()
        let (one, two) = (cluster.instances[0], cluster.instances[1])
        let ann = try one.makeKey("ann"), bob = try one.makeKey("bob")
        let annPlayer = try one.fingerprint(ofKey: ann)
        _ = try cluster.database.query("INSERT INTO names (player, name, folded, chosen_at) VALUES ('\(annPlayer)', 'Ann', 'ann', 0)")

        let player = try Self.play(one, key: ann)
        try player.send(keys: "W")
        #expect(player.waitForScreen(containing: "others may watch (Ann); W stops"), "\((try? player.screen()) ?? "")")
        // Instance 1 says where its players' games can be watched from.
        #expect(one.wait(timeout: 10) {
            (try? cluster.database.query("SELECT peer FROM playing WHERE player = '\(annPlayer)'")) == "127.0.0.1:\(cluster.peerPorts[0])"
        })

        let watcher = try Self.watch(two, key: bob, name: "ann")
        #expect(watcher.waitForScreen(containing: "moves 0", timeout: 15), "\((try? watcher.screen()) ?? "")\n\(two.log())")
        #expect(player.waitForScreen(containing: "1 person is watching you"), "\((try? player.screen()) ?? "")")
        try player.send(keys: "1", "Right", "Space")
        #expect(player.waitForScreen(containing: "moves 1"))
        #expect(watcher.waitForScreen(containing: "moves 1"), "\((try? watcher.screen()) ?? "")")
        #expect(two.log().contains("watch 127.0.0.1:"), "\(two.log())")
        #expect(two.log().contains(" Ann on 127.0.0.1:\(cluster.peerPorts[0])"), "\(two.log())")
        #expect(one.log().contains("watch from peer 127.0.0.1:"), "\(one.log())")

        // The watcher leaves: its terminal given back with a line; the player is told.
        try watcher.send(keys: "q")
        #expect(watcher.waitForScreen(containing: "soma: stopped watching Ann"), "\((try? watcher.screen()) ?? "")")
        #expect(watcher.waitForScreen(containing: "EXIT=0"))
        #expect(player.wait { try player.screen().contains("others may watch (Ann); W stops") && !player.screen().contains("watching you") },
                "\((try? player.screen()) ?? "")")

        // A name no one lets watch: refused in the words one instance uses.
        let nobody = try Self.watch(two, key: bob, name: "cy")
        #expect(nobody.waitForScreen(containing: "EXIT=1", timeout: 15), "\((try? nobody.screen()) ?? "")")
        #expect(try nobody.screen().contains("soma: no one named 'cy' lets others watch just now"), "\((try? nobody.screen()) ?? "")")

        // Watching again, then the player quits: the watcher is told the game ended.
        let again = try Self.watch(two, key: bob, name: "Ann")
        #expect(again.waitForScreen(containing: "moves 1", timeout: 15), "\((try? again.screen()) ?? "")")
        #expect(player.waitForScreen(containing: "1 person is watching you"), "\((try? player.screen()) ?? "")")
        try player.send(keys: "q")
        #expect(player.waitForExit() == 0)
        #expect(again.waitForScreen(containing: "soma: the game ended; stopped watching"), "\((try? again.screen()) ?? "")")
        #expect(again.waitForScreen(containing: "EXIT=0"))

        for instance in cluster.instances { #expect(instance.stop().status == 0) }
    }

    @Test("through HAProxy (the README's recipe): every watcher finds the player, whichever instance it lands on")
    func watchThroughBalancer() throws {
        let cluster = try Cluster()
        let balancer = try Balancer(backends: zip(cluster.instances, cluster.healthPorts).map { ($0.port, $1) })
        let one = cluster.instances[0]
        let ann = try one.makeKey("ann"), bob = try one.makeKey("bob")
        let annPlayer = try one.fingerprint(ofKey: ann)
        _ = try cluster.database.query("INSERT INTO names (player, name, folded, chosen_at) VALUES ('\(annPlayer)', 'Ann', 'ann', 0)")
        let player = try Self.play(one, key: ann)
        try player.send(keys: "W")
        #expect(player.waitForScreen(containing: "others may watch (Ann); W stops"), "\((try? player.screen()) ?? "")")
        #expect(one.wait(timeout: 10) {
            (try? cluster.database.query("SELECT peer FROM playing WHERE player = '\(annPlayer)'")) == "127.0.0.1:\(cluster.peerPorts[0])"
        })
        // Four watchers one after another (one instance alone found the player 2 times in 4).
        for attempt in 1...4 {
            let watcher = try Self.watch(one, key: bob, name: "Ann", port: balancer.port)
            #expect(watcher.waitForScreen(containing: "moves 0", timeout: 15), "watch \(attempt): \((try? watcher.screen()) ?? "")")
            try watcher.send(keys: "q")
            #expect(watcher.waitForScreen(containing: "EXIT=0"), "watch \(attempt): \((try? watcher.screen()) ?? "")")
        }
        // Each was served where it landed: here (a watcher of instance 1) or from here (instance 2's, over the peer port).
        let local = one.log().split(separator: "\n").filter { $0.contains("soma serve: watch 127.0.0.1:") && $0.hasSuffix(" Ann") }.count
        let remote = cluster.instances[1].log().split(separator: "\n").filter { $0.hasSuffix(" Ann on 127.0.0.1:\(cluster.peerPorts[0])") }.count
        #expect(local + remote == 4, "\(one.log())\n\(cluster.instances[1].log())")
        // HAProxy's leastconn takes turns between instances of equal load: some landed on instance 2.
        #expect(remote >= 1, "\(cluster.instances[1].log())")
        try player.send(keys: "q")
        #expect(player.waitForExit() == 0)
        for instance in cluster.instances { #expect(instance.stop().status == 0) }
    }

    @Test("a peer port in use: one line and exit 1 (the debug build does not trap), the SSH port freed")
    func peerPortTaken() throws {
        let cluster = try Cluster()
        let taken = cluster.peerPorts[0]
        for binary in SomaBinary.builds.map(\.path) where FileManager.default.isExecutableFile(atPath: binary + "-server") {
            let state = "/tmp/soma-peer-taken-\(UUID().uuidString)"
            defer { _ = try? FileManager.default.removeItem(atPath: state) }
            let result = try Tmux.run([binary, "serve", "--listen", "127.0.0.1:\(try LoopbackSSH.freePort())", "--state-dir", state,
                                       "--database", cluster.database.url, "--peer-listen", "127.0.0.1:\(taken)",
                                       "--peer-secret-file", cluster.secret])
            #expect(result.status == 1, "\(binary): \(result.error)")
            #expect(result.error.contains("soma serve: cannot listen for peers on 127.0.0.1:\(taken): address already in use\n"),
                    "\(binary): \(result.error)")
            #expect(!result.error.contains("Fatal error"), "\(binary): \(result.error)")
        }
        for instance in cluster.instances { #expect(instance.stop().status == 0) }
    }
}
