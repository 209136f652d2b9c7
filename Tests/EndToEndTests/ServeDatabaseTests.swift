import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve --database`: progress in a PostgreSQL server of the test's own (Debian's
/// `postgresql`, on a free port of 127.0.0.1), reached by the games through their server's
/// store line. A player's move is found again on a fresh instance; a database restart
/// mid-game loses nothing (the server holds the saves and retries).
@Suite("soma serve with PostgreSQL", .serialized,
       .enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"),
       .enabled(if: LoopbackSSH.isAvailable, "OpenSSH is not installed (make test installs it)"),
       .enabled(if: PostgresServer.isAvailable, "PostgreSQL is not installed (make test installs the postgresql package)"),
       .enabled(if: SomaBinary.exists, "soma is not built: run swift build -c release first"))
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

    @Test("PostgreSQL restarted mid-game: the saves wait in the server and are written when it is back")
    func databaseRestart() throws {
        let database = try PostgresServer()
        let server = try SomaServer(options: ["--database", database.url])
        let bob = try server.makeKey("bob")
        let fingerprint = try server.fingerprint(ofKey: bob)
        let tmux = try Self.play(server, key: bob)
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        database.stop()
        try tmux.send(keys: "2", "Left", "Space")
        #expect(tmux.waitForScreen(containing: "moves 2"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 20) == 0, "the save was taken by the server: \((try? tmux.screen()) ?? "")")
        #expect(tmux.wait(timeout: 10) { server.log().contains("waits for the database") }, "\(server.log())")
        try database.start()
        #expect(tmux.wait(timeout: 20) {
            (try? database.query("SELECT moves FROM positions WHERE player = '\(fingerprint)' AND figure = 'Cube'")) == "2"
        }, "\(server.log())")
        #expect(server.log().contains("was written after"), "\(server.log())")
        let again = try Self.play(server, key: bob)
        #expect(again.waitForScreen(containing: "moves 2"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
        #expect(server.stop().status == 0)
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
        #expect(bad.error.hasPrefix("Error: --database wants postgres://USER@HOST[:PORT]/DB, not 'mysql://x@y/z'"))
    }
}
