import Foundation
import Testing

/// `soma scores --database`: an operator reads the hall of fame `soma serve --database` keeps in
/// PostgreSQL (issue 35), with the binaries and a PostgreSQL server of the test's own: every
/// figure's leaders and one figure's tables, as `soma scores` prints SQLite's, a player in a game
/// now (the `playing` table, within the minute) marked `*`; a database that cannot be reached is
/// said in one line, exit 1.
@Suite("soma scores --database: the operator's hall of fame from PostgreSQL, who is playing marked", .serialized,
       .timeLimit(.minutes(5)), .requires(.soma), .requires(.somaServer), .requires(.postgres))
struct ScoresDatabaseTests {
    static func scores(_ database: PostgresServer, _ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        try Tmux.run([SomaBinary.path, "scores"] + arguments + ["--database", database.url])
    }

    @Test("an empty database, then two players' solves of the cube: the leaders, the cube's tables, the JSON; Bob playing is marked")
    func leadersAndTables() throws {
        let database = try PostgresServer()
        // No schema yet: it is made as soma serve makes it, and nothing is solved.
        let empty = try Self.scores(database)
        #expect(empty.status == 0, "\(empty.error)")
        #expect(empty.output == "No entries yet: solve a figure in `soma play` or `soma pento`.\n")

        let now = Date().timeIntervalSince1970
        _ = try database.query("""
            INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at)
            VALUES ('SHA256:ann', 'Cube', 'off', 2, 95.5, 12, 1, 1), ('SHA256:bob', 'Cube', 'off', 1, 80, 14, 2, 2),
                   ('SHA256:bob', 'Cube', 'fits', 1, 60, 9, 3, 3);
            INSERT INTO names (player, name, folded, chosen_at) VALUES ('SHA256:ann', 'Ann', 'ann', 1), ('SHA256:bob', 'Bob', 'bob', 1);
            INSERT INTO playing (player, instance, seen_at) VALUES ('SHA256:bob', 'db-test:1', \(now)),
                   ('SHA256:ann', 'db-test:2', \(now - 3600));
            """)
        let leaders = try Self.scores(database)
        #expect(leaders.status == 0, "\(leaders.error)")
        #expect(leaders.output == """
            figure  assist  best time  by     fewest moves  by     players
            cube    off        1:20.0  Bob *            12  Ann          2
            cube    fits       1:00.0  Bob *             9  Bob *        1

            * playing now

            """, "\(leaders.output)")

        let cube = try Self.scores(database, ["cube"])
        #expect(cube.status == 0, "\(cube.error)")
        #expect(cube.output.hasPrefix("Hall of fame: cube (Cube)\n\nAssist off (steered step by step), 2 players\n\n"),
                "\(cube.output)")
        #expect(cube.output.contains("Best times\n* 1. Bob  1:20.0\n  2. Ann  1:35.5\n"), "\(cube.output)")
        #expect(cube.output.contains("Fewest moves\n  1. Ann  12\n* 2. Bob  14\n"), "\(cube.output)")
        #expect(cube.output.hasSuffix("\n* playing now\n"), "\(cube.output)")
        #expect(!cube.output.contains("solvable"), "an assist with no entries has no tables")

        let json = try Self.scores(database, ["cube", "--json"])
        #expect(json.output.contains(#"{"rank":1,"player":"Bob","seconds":80.0,"playing":true}"#), "\(json.output)")
        #expect(json.output.contains(#"{"rank":2,"player":"Ann","seconds":95.5}"#), "\(json.output)")
    }

    @Test("a database that does not answer: one line that names it (no password), exit 1")
    func unreachable() throws {
        let port = try LoopbackSSH.freePort()
        let result = try Tmux.run([SomaBinary.path, "scores", "--database", "postgres://soma:secret@127.0.0.1:\(port)/soma"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.hasPrefix("soma scores: cannot read the hall of fame at postgres://soma@127.0.0.1:\(port)/soma: "),
                "\(result.error)")
        #expect(!result.error.contains("secret"))
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    }
}
