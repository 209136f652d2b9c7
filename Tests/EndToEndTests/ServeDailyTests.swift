import Foundation
import Polycube
import Testing
@testable import Game

/// The daily figure under `soma serve --database` with two instances behind HAProxy: the
/// day's solve and the streak are kept in PostgreSQL through the store line, so a player who
/// comes back through the other instance finds them (issue 27).
///
/// A served game inherits no environment, so `SOMA_TODAY` cannot set its day: the test plays
/// the real day's figure (`soma daily --print` with no date, UTC), built by the key planner
/// with the assist off, or, when that planner finds no way for today's figure, by the fit
/// planner with the default assist. A test run across midnight UTC fails with a message that
/// says so.
@Suite("the daily figure behind a balancer", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.postgres),
       .requires(.haproxy),
       .requires(.soma), .requires(.somaServer))
struct ServeDailyTests {
    static let (width, height) = (120, 40)

    /// The keys that solve today's figure, in batches to send, and the assist they are typed
    /// with; `perPiece`: each batch places one piece (one move), awaited before the next.
    static func plan(_ figure: Figure) -> (assist: String, batches: [[String]], perPiece: Bool)? {
        var session = SomaSession(game: SomaGame(figure: figure))
        session.resize(width: width, height: height)
        guard let solution = SomaKeyPlanner.firstSolution(of: figure) else { return nil }
        if let steps = SomaKeyPlanner.steps(solving: session, with: solution) {
            let names = steps.map { SomaKeyPlanner.tmuxName($0.key) }
            return ("off", stride(from: 0, to: names.count, by: 12).map { Array(names[$0..<min(names.count, $0 + 12)]) }, false)
        }
        session.assist = Settings().assist
        guard let pieces = SomaFitPlanner.keys(solving: session, with: solution) else { return nil }
        return (session.assist.rawValue, pieces.map { $0.steps.map { $0 == .character(" ") ? "Space" : SomaKeyPlanner.tmuxName($0) } }, true)
    }

    /// Opens today's figure from the menu (the first entry), types the plan, waits for the
    /// solve, quits, and answers the screen after the game ended.
    static func solveToday(_ farm: ServeBalancerTests.Farm, key: String, title: String,
                           plan: (assist: String, batches: [[String]], perPiece: Bool)) throws -> String {
        let tmux = try ServeBalancerTests.play(farm, key: key, width: width, height: height)
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Today's figure"), "\((try? tmux.screen()) ?? "")")
        try tmux.tmux(["send-keys", "-t", tmux.target, "PageUp", "PageUp", "PageUp", "Enter"])
        #expect(tmux.wait(timeout: 30) { try tmux.screen().contains(title) && !tmux.screen().contains("Today's figure") },
                "\((try? tmux.screen()) ?? "")")
        for (index, batch) in plan.batches.enumerated() {
            try tmux.tmux(["send-keys", "-t", tmux.target] + batch)
            if plan.perPiece && index + 1 < plan.batches.count {
                #expect(tmux.waitForScreen(containing: "moves \(index + 1)"), "\((try? tmux.screen()) ?? "")")
            }
        }
        #expect(tmux.wait(timeout: 30) { (try tmux.screen().split(separator: "\n").first ?? "").contains("Solved in ") },
                "\((try? tmux.screen()) ?? "")")
        // The solved moment ends by itself within 2 s; then q quits.
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 30) == 0, "\((try? tmux.screen()) ?? "")")
        return try tmux.screen()
    }

    @Test("today's figure solved on one instance: the row is in PostgreSQL, the streak counts yesterday's row; solved again on the other, the day's row keeps the least")
    func dailyAcrossInstances() throws {
        let printed = try Tmux.run([SomaBinary.path, "daily", "--print"])
        let day = try #require(printed.output.split(separator: "\n").first.flatMap { line in
            line.hasPrefix("; The daily figure of ") ? String(line.dropFirst(22).prefix(10)) : nil
        }, "\(printed.output)")
        let figure = try FigureReader.read(text: printed.output, path: "daily.figure")
        let grade = try #require(printed.output.range(of: "; grade ").flatMap { printed.output[$0.upperBound...].first?.wholeNumberValue })
        let plan = try #require(Self.plan(figure), "neither planner builds the figure of \(day), \(figure.name)")
        print("the daily figure of \(day): \(figure.name), grade \(grade), solved with the assist \(plan.assist)")

        let farm = try ServeBalancerTests.Farm()
        for instance in farm.instances {
            let folder = instance.stateDirectory + "/config/soma"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "assist = \"\(plan.assist)\"\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        }
        #expect(try farm.database.query("SELECT version FROM soma_schema") == PostgresServer.schemaVersion)
        #expect(try farm.database.query("SELECT count(*) FROM daily_pento") == "0", "the pentomino puzzle's table exists")

        let ann = try farm.instances[0].makeKey("ann")
        let fingerprint = try farm.instances[0].fingerprint(ofKey: ann)
        // Yesterday's figure was solved already (on some instance): kept in PostgreSQL only.
        try _ = farm.database.query("""
            INSERT INTO daily (player, day, figure, grade, seconds, moves, hints, solved_at)
            VALUES ('\(fingerprint)', (DATE '\(day)' - 1)::text, 'g-000000', 3, 99, 9, 1, 0)
            """)

        let first = try Self.solveToday(farm, key: ann, title: " Daily \(day), grade \(grade) ", plan: plan)
        let now = try Tmux.run([SomaBinary.path, "daily", "--print"]).output
        try #require(now == printed.output, "the test ran across midnight UTC: today's figure changed; run it again")
        #expect(first.contains("Solved the daily figure of \(day). Streak: 2 days."), "\(first)")
        let row = try farm.database.query("SELECT figure, grade, hints, moves > 0 FROM daily WHERE player = '\(fingerprint)' AND day = '\(day)'")
        #expect(row == "\(figure.name)|\(grade)|0|t", "\(row)")
        let firstSeconds = try farm.database.query("SELECT seconds FROM daily WHERE player = '\(fingerprint)' AND day = '\(day)'")

        // Back through the balancer: the other instance. The day's row is read there (the streak
        // is 2 again, yesterday's row and today's), and the second solve merges into it.
        let second = try Self.solveToday(farm, key: ann, title: " Daily \(day), grade \(grade) ", plan: plan)
        #expect(farm.sessions(of: fingerprint) == [1, 1], "one session on each instance: \(farm.sessions(of: fingerprint))")
        #expect(second.contains("Solved the daily figure of \(day). Streak: 2 days."), "\(second)")
        #expect(try farm.database.query("SELECT count(*) FROM daily WHERE player = '\(fingerprint)'") == "2")
        let seconds = try farm.database.query("SELECT seconds FROM daily WHERE player = '\(fingerprint)' AND day = '\(day)'")
        #expect((Double(seconds) ?? .infinity) <= (Double(firstSeconds) ?? -.infinity), "the least time of the day is kept: \(firstSeconds), then \(seconds)")
        // Neither instance wrote a file of its own.
        for instance in farm.instances {
            #expect(!FileManager.default.fileExists(atPath: instance.stateDirectory + "/soma.db"), "\(instance.stateDirectory)/soma.db")
        }
        for instance in farm.instances { #expect(instance.stop().status == 0) }
    }

    @Test("a database of schema 1 (before daily_pento) is brought up to date by the next instance, its rows kept")
    func upgradeFromOne() throws {
        let database = try PostgresServer()
        let first = try SomaServer(options: ["--database", database.url])
        #expect(first.stop().status == 0)
        try _ = database.query("""
            DROP TABLE daily_pento;
            UPDATE soma_schema SET version = 1;
            INSERT INTO daily (player, day, figure, grade, seconds, moves, hints, solved_at)
            VALUES ('SHA256:x', '2026-11-26', 'g-000000', 3, 99, 9, 1, 0)
            """)
        let second = try SomaServer(options: ["--database", database.url])
        #expect(try database.query("SELECT version FROM soma_schema") == PostgresServer.schemaVersion)
        #expect(try database.query("SELECT count(*) FROM daily_pento") == "0")
        #expect(try database.query("SELECT figure, moves FROM daily") == "g-000000|9")
        #expect(second.stop().status == 0)
    }
}
