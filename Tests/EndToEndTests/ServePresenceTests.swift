import Foundation
@testable import Game
import Store
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "Playing now" in the hall of fame under `soma serve` (issue 27): Ann, with a record on the
/// cube, is in a game; Bob opens the cube's hall of fame and finds her marked; Ann quits and
/// Bob's hall of fame, opened again, no longer marks her. On one server (SQLite), across two
/// instances sharing one PostgreSQL, and when Ann's instance is killed (her mark expires).
@Suite("soma serve: who is playing now", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.soma), .requires(.somaServer))
struct ServePresenceTests {
    /// Ann's lines in the cube's tables (solvable: 50 s, 7 moves), marked or not, at 80 columns.
    static let annMarked = " * 1. Ann                     0:50.0    * 1. Ann                          7"
    static let annPlain = "   1. Ann                     0:50.0      1. Ann                          7"

    /// Opens the hall of fame from the figure menu (`m`, `t`) and closes it again (`Escape`,
    /// `Escape`) until `wanted` holds for its screen, within `timeout` seconds: the tables are
    /// read when the screen opens, so a change shows at the next opening.
    static func hallOfFame(_ tmux: Tmux, timeout: Double = 20, until wanted: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            try tmux.send(keys: "m")
            try #require(tmux.waitForScreen(containing: "t: hall of fame"), "no menu: \((try? tmux.screen()) ?? "")")
            try tmux.send(keys: "t")
            try #require(tmux.waitForScreen(containing: "Hall of fame: Cube"), "no hall of fame: \((try? tmux.screen()) ?? "")")
            // The tables are read off the input path (issue 33): wait for them to replace "Reading".
            #expect(tmux.wait { try !tmux.screen().contains("Reading the hall of fame") }, "\((try? tmux.screen()) ?? "")")
            // They open on the game's assist (fits, the default); Ann's solve is a helped one:
            // Tab goes on to the solvable tab.
            try tmux.send(keys: "Tab")
            var screen: [String] = []
            tmux.wait(timeout: 5) {
                screen = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return wanted(screen)
            }
            if wanted(screen) || Date() > deadline { return screen }
            try close(tmux)
            usleep(300_000)
        }
    }

    /// Back from the hall of fame to the menu, and from the menu to the game.
    static func close(_ tmux: Tmux) throws {
        try tmux.send(keys: "Escape")
        #expect(tmux.waitForScreen(containing: "t: hall of fame"))
        try tmux.send(keys: "Escape")
        #expect(tmux.wait { try !tmux.screen().contains("t: hall of fame") })
    }

    /// Ann (in a game on `annServer`) marked for Bob (on `bobServer`), then not once she quit.
    static func markedWhilePlaying(ann: String, annServer: SomaServer, bob: String, bobServer: SomaServer) throws {
        let annGame = try ServeDatabaseTests.play(annServer, key: ann, width: 80, height: 24)
        let bobGame = try ServeDatabaseTests.play(bobServer, key: bob, width: 80, height: 24)
        let marked = try hallOfFame(bobGame) { $0.contains(annMarked) }
        #expect(marked.contains(annMarked), "\(marked.joined(separator: "\n"))\n\(annServer.log())")
        #expect(marked.contains(" * playing now"), "\(marked.joined(separator: "\n"))")
        // Bob, in a game too but with no record, is in no table; his own game marks no one else.
        #expect(marked.filter { $0.contains("*") }.count == 2)
        try close(bobGame)

        try annGame.send(keys: "q")
        #expect(annGame.waitForExit(timeout: 10) == 0)
        let after = try hallOfFame(bobGame) { $0.contains(annPlain) }
        #expect(after.contains(annPlain), "\(after.joined(separator: "\n"))")
        #expect(!after.contains(" * playing now"))
        try close(bobGame)
        try bobGame.send(keys: "q")
        #expect(bobGame.waitForExit(timeout: 10) == 0)
    }

    @Test("one server (SQLite): a player in a game is marked in another's hall of fame until they quit")
    func oneServer() throws {
        let server = try SomaServer()
        let ann = try server.makeKey("ann"), bob = try server.makeKey("bob")
        // Ann's solve and name, as her earlier session left them in the server's soma.db.
        let store = try ProgressStore(path: server.stateDirectory + "/soma.db", player: try server.fingerprint(ofKey: ann))
        var progress = try store.load().progress
        progress.recordSolve(figure: "Cube", Solved(moves: 7, seconds: 50, assist: .solvable))
        try store.save(progress)
        #expect(try store.chooseName("Ann") == .accepted("Ann"))
        try Self.markedWhilePlaying(ann: ann, annServer: server, bob: bob, bobServer: server)
        // SIGTERM: the server takes its rows with it.
        #expect(server.stop().status == 0)
        let left = try ProgressStore(path: server.stateDirectory + "/soma.db", player: "check")
        #expect(try left.hallOfFame(figure: "Cube", assist: .solvable).byTime.map(\.isPlayingNow) == [false])
    }

    @Test("two instances on one PostgreSQL: a player on one is marked on the other",
          .requires(.postgres))
    func twoInstances() throws {
        let (database, first, second, ann, bob) = try Self.sharedDatabase()
        try Self.markedWhilePlaying(ann: ann, annServer: first, bob: bob, bobServer: second)
        #expect(try database.query("SELECT version FROM soma_schema") == PostgresServer.schemaVersion)
        #expect(first.stop().status == 0)
        #expect(second.stop().status == 0)
        // Both instances removed their rows on the way out.
        #expect(try database.query("SELECT count(*) FROM playing") == "0")
    }

    /// A PostgreSQL, two instances on it, Ann's and Bob's keys, and Ann's solve (50 s, 7 moves,
    /// solvable) and name in the database.
    /// `window`: both instances' `--playing-window` (the product's 60 s unless a test shortens it).
    static func sharedDatabase(window: String = "60s") throws -> (PostgresServer, SomaServer, SomaServer, ann: String, bob: String) {
        let database = try PostgresServer()
        let first = try SomaServer(options: ["--database", database.url, "--playing-window", window])
        let second = try SomaServer(options: ["--database", database.url, "--playing-window", window])
        let ann = try first.makeKey("ann"), bob = try first.makeKey("bob")
        let fingerprint = try first.fingerprint(ofKey: ann)
        _ = try database.query("""
            INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at)
            VALUES ('\(fingerprint)', 'Cube', 'solvable', 1, 50, 7, 1, 1);
            INSERT INTO names (player, name, folded, chosen_at) VALUES ('\(fingerprint)', 'Ann', 'ann', 1)
            """)
        return (database, first, second, ann, bob)
    }

    /// The window is the product's setting, shortened here to 6 s (heartbeats every 2 s): the
    /// test waits for the state (Ann unmarked while her row is still there), not for a minute.
    @Test("an instance killed: its players stop being marked by themselves, once its last word is a window old",
          .requires(.postgres))
    func killedInstance() throws {
        let (database, first, second, ann, bob) = try Self.sharedDatabase(window: "6s")
        let fingerprint = try first.fingerprint(ofKey: ann)
        let annGame = try ServeDatabaseTests.play(first, key: ann, width: 80, height: 24)
        let bobGame = try ServeDatabaseTests.play(second, key: bob, width: 80, height: 24)
        let marked = try Self.hallOfFame(bobGame) { $0.contains(Self.annMarked) }
        #expect(marked.contains(Self.annMarked), "\(marked.joined(separator: "\n"))")
        try Self.close(bobGame)
        // SIGKILL: the instance deletes nothing; its row stays, and grows old.
        kill(first.pid, SIGKILL)
        #expect(annGame.wait(timeout: 10) { try annGame.screen().contains("EXIT=") })
        let after = try Self.hallOfFame(bobGame, timeout: 60) { $0.contains(Self.annPlain) }
        #expect(after.contains(Self.annPlain), "\(after.joined(separator: "\n"))")
        // Unmarked by age, not by a delete: the killed instance's row is still there.
        #expect(try database.query("SELECT count(*) FROM playing WHERE player = '\(fingerprint)'") == "1",
                "the killed instance's row is still there, old")
        try Self.close(bobGame)
        try bobGame.send(keys: "q")
        #expect(bobGame.waitForExit(timeout: 10) == 0)
        #expect(second.stop().status == 0)
    }
}
