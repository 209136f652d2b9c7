import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve --database`: progress in a PostgreSQL server of the test's own (Debian's
/// `postgresql`, on a free port of 127.0.0.1), reached by the games through their server's
/// store line. A player's move is found again on a fresh instance; a database restart
/// mid-game loses nothing (the server holds the saves and retries).
@Suite("soma serve with PostgreSQL", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.postgres),
       .requires(.soma), .requires(.somaServer))
struct ServeDatabaseTests {
    /// Connects with `key` (through `port`, the server's own unless given) and waits for the first frame.
    static func play(_ server: SomaServer, key: String?, port: Int? = nil, width: Int = 100, height: Int = 36) throws -> Tmux {
        var command = server.sshCommand(key: key)
        if let port { command = command.replacingOccurrences(of: "'-p' '\(server.port)'", with: "'-p' '\(port)'") }
        let tmux = try Tmux(command, width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves ", timeout: 30),
                     "no game over SSH: \((try? tmux.screen()) ?? "")\n\(server.log())")
        return tmux
    }

    @Test("a move saved through the server is in PostgreSQL, and a fresh instance on the same database finds it")
    func progressInPostgres() throws {
        let database = try PostgresServer()
        let first = try SomaServer(options: ["--database", database.url])
        #expect(first.log().contains("progress kept in \(database.url)"))
        let alice = try first.makeKey("alice")
        let fingerprint = try first.fingerprint(ofKey: alice)
        let tmux = try Self.play(first, key: alice)
        #expect(try tmux.screen().contains("moves 0"))
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 10) == 0)
        #expect(first.waitForNoGames())
        #expect(tmux.wait { try database.query("SELECT figure, moves FROM positions WHERE player = '\(fingerprint)'") == "Cube|1" },
                "\((try? database.query("SELECT * FROM positions")) ?? "")")
        #expect(try database.query("SELECT version FROM soma_schema") == PostgresServer.schemaVersion)
        #expect(!FileManager.default.fileExists(atPath: first.stateDirectory + "/soma.db"), "the SQLite file is not used")
        #expect(first.stop().status == 0)

        // Another instance, another state directory: the same database, so the same progress.
        let second = try SomaServer(options: ["--database", database.url])
        let again = try Self.play(second, key: alice)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(second.stop().status == 0)
        #expect(!second.log().contains("ssh-ed25519"))
    }

    /// A server on `database` with `--metrics` (and `options`) on a free port, and that port.
    static func serveWithMetrics(_ database: PostgresServer, options: [String] = []) throws -> (server: SomaServer, metrics: Int) {
        // Two free ports asked for one after the other may be the same: another try then.
        for _ in 0..<5 {
            let port = try LoopbackSSH.freePort()
            if let server = try? SomaServer(options: ["--database", database.url, "--metrics", "127.0.0.1:\(port)"] + options) {
                return (server, port)
            }
        }
        throw HarnessError("soma serve did not start with --database and --metrics")
    }

    /// The store's counters on the metrics page: (errors, retries).
    static func storeCounts(_ port: Int) -> (errors: Double?, retries: Double?) {
        let page = (try? ServeOperationsTests.httpGet(port: port, path: "/metrics")) ?? ""
        return (ServeOperationsTests.sample(page, "soma_store_errors_total"), ServeOperationsTests.sample(page, "soma_store_retries_total"))
    }

    @Test("PostgreSQL restarted mid-game: the saves wait in the server, counted as store errors and retries, and are written when it is back")
    func databaseRestart() throws {
        let database = try PostgresServer()
        let (server, metrics) = try Self.serveWithMetrics(database)
        let bob = try server.makeKey("bob")
        let fingerprint = try server.fingerprint(ofKey: bob)
        let tmux = try Self.play(server, key: bob)
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        let healthy = Self.storeCounts(metrics)
        #expect(healthy.errors == 0 && healthy.retries == 0, "nothing failed yet: \(healthy)")
        database.stop()
        try tmux.send(keys: "2", "Left", "Space")
        #expect(tmux.waitForScreen(containing: "moves 2"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 20) == 0, "the save was taken by the server: \((try? tmux.screen()) ?? "")")
        #expect(tmux.wait(timeout: 10) { server.log().contains("waits for the database") }, "\(server.log())")
        #expect(tmux.wait(timeout: 10) {
            let counts = Self.storeCounts(metrics)
            return (counts.errors ?? 0) > 0 && (counts.retries ?? 0) > 0
        }, "the failed tries and the retries are counted: \(Self.storeCounts(metrics))")
        try database.start()
        #expect(tmux.wait(timeout: 20) {
            (try? database.query("SELECT moves FROM positions WHERE player = '\(fingerprint)' AND figure = 'Cube'")) == "2"
        }, "\(server.log())")
        #expect(server.log().contains("was written after"), "\(server.log())")
        // Every failed try but the last was followed by a retry, and the last by the try that wrote it.
        #expect(tmux.wait(timeout: 10) {
            let counts = Self.storeCounts(metrics)
            return counts.errors != nil && counts.errors == counts.retries
        }, "\(Self.storeCounts(metrics))")
        let again = try Self.play(server, key: bob)
        #expect(again.waitForScreen(containing: "moves 2"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(server.stop().status == 0)
    }

    @Test("SIGTERM while PostgreSQL is down: the health check says 503 until the last save is written, then the server exits 0")
    func drainAnswersHealthChecks() throws {
        let database = try PostgresServer()
        let health = try LoopbackSSH.freePort()
        let (server, metrics) = try Self.serveWithMetrics(database, options: ["--health", "127.0.0.1:\(health)"])
        #expect(Balancer.health(health) == 200)
        let carol = try server.makeKey("carol")
        let fingerprint = try server.fingerprint(ofKey: carol)
        let tmux = try Self.play(server, key: carol)
        database.stop()
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 20) == 0, "\((try? tmux.screen()) ?? "")")
        #expect(server.waitForNoGames())
        #expect(server.wait { server.log().contains("waits for the database") }, "\(server.log())")

        // The games are gone, the save waits: the server stays, saying 503, for as long as the
        // database is away (here 2 s of the drain's 10), the store counters still readable.
        kill(server.pid, SIGTERM)
        #expect(server.wait(timeout: 5) { Balancer.health(health) == 503 })
        var answers: [Int?] = []
        let until = Date().addingTimeInterval(2)
        while Date() < until {
            answers.append(Balancer.health(health))
            usleep(100_000)
        }
        #expect(!answers.isEmpty && answers.allSatisfy { $0 == 503 }, "\(answers)")
        #expect((Self.storeCounts(metrics).retries ?? 0) > 0, "\(Self.storeCounts(metrics))")
        #expect(SomaBinary.isRunning(server.pid), "still draining")

        try database.start()
        let stopped = server.stop()
        #expect(stopped.status == 0, "\(server.log())")
        #expect(Balancer.health(health) == nil, "closed once the saves are written")
        #expect(try database.query("SELECT moves FROM positions WHERE player = '\(fingerprint)' AND figure = 'Cube'") == "1",
                "\(server.log())")
        #expect(server.log().contains("was written after"), "\(server.log())")
        #expect(!server.log().contains("could not be written"), "\(server.log())")
    }

    @Test("the game binary carries no PostgreSQL client; the server's does")
    func gameStaysSmall() throws {
        let marker = Data("PostgresNIO".utf8)
        let game = try Data(contentsOf: URL(fileURLWithPath: SomaBinary.path), options: .alwaysMapped)
        let server = try Data(contentsOf: URL(fileURLWithPath: SomaBinary.path + "-server"), options: .alwaysMapped)
        #expect(game.range(of: marker) == nil, "soma links postgres-nio")
        #expect(server.range(of: marker) != nil, "soma-server has the PostgreSQL client")
    }

    @Test("a database that cannot be reached, a bad address: one line and a non-zero exit")
    func refusesToStart() throws {
        let port = try LoopbackSSH.freePort()
        let unreachable = try Tmux.run([SomaBinary.path, "serve", "--listen", "127.0.0.1:\(try LoopbackSSH.freePort())",
                                        "--state-dir", "/tmp/soma-pg-none-\(UUID().uuidString)",
                                        "--database", "postgres://soma:hunter2@127.0.0.1:\(port)/soma"])
        #expect(unreachable.status == 1)
        #expect(unreachable.error.hasPrefix("soma serve: cannot use the database postgres://soma@127.0.0.1:\(port)/soma: "),
                "\(unreachable.error)")
        #expect(!unreachable.error.contains("hunter2"), "the password is never shown")
        let bad = try Tmux.run([SomaBinary.path, "serve", "--database", "mysql://x@y/z"])
        #expect(bad.status == 2)
        #expect(bad.error.hasPrefix("Error: The value 'mysql://x@y/z' is invalid for '--database <postgres://user@host[:port]/db>'"),
                "\(bad.error)")
    }
}
