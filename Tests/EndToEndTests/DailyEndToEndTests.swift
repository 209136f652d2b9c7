import Foundation
import Polycube
import Store
import Testing
@testable import Game

/// Issue 26 on the release binary: `soma generate` piped into `soma solve -`, and the daily
/// figure opened, solved by keys in tmux, recorded for its day with the streak, and shared.
@Suite("soma generate and soma daily", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma))
struct DailyEndToEndTests {
    /// A fresh folder for the figures soma keeps (`XDG_CONFIG_HOME`), removed by the caller.
    static func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("soma generate --solutions 1 --seed 7 | soma solve - reports 1 distinct; the same seed gives the same bytes")
    func generateIntoSolve() throws {
        let config = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let soma = "'\(SomaBinary.path)'"
        let piped = try Tmux.run(["/bin/sh", "-c",
                                  "XDG_CONFIG_HOME='\(config)' \(soma) generate --solutions 1 --seed 7 | \(soma) solve - --count"])
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.output.hasSuffix(": 1 distinct solution (1 raw)\n") || piped.output.contains(": 1 distinct solution ("),
                "\(piped.output)")
        let env = ["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", SomaBinary.path, "generate", "--solutions", "1", "--seed", "7"]
        let once = try Tmux.run(env), twice = try Tmux.run(env + ["--threads", "1"])
        #expect(once.output == twice.output && !once.output.isEmpty)
        let id = try #require(once.output.split(separator: "\n").first { $0.hasPrefix("name: g-") }?.dropFirst(6))
        // Kept by id, and found by it: `soma solve ID`.
        let byID = try Tmux.run(["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", SomaBinary.path, "solve", String(id), "--count"])
        #expect(byID.output == "\(id): 1 distinct solution (1 raw)\n" || byID.output.hasPrefix("\(id): 1 distinct solution"),
                "\(byID.output) \(byID.error)")
        // Through a file, too, and the header says what the solver finds.
        let file = config + "/g.figure"
        try once.output.write(toFile: file, atomically: true, encoding: .utf8)
        let viaFile = try Tmux.run([SomaBinary.path, "solve", file, "--count"])
        #expect(viaFile.output.hasPrefix("\(id): 1 distinct solution"))
        #expect(once.output.contains("; id \(id); grade "))
        // Several, as JSON, into a folder.
        let json = try Tmux.run(["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", SomaBinary.path, "generate", "--seed", "3",
                                 "--count", "4", "--json", "--out", config + "/out"])
        let objects = json.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 4)
        for object in objects {
            let path = try #require(object["file"] as? String)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a mistyped command is answered with the command it is near")
    func didYouMean() throws {
        let result = try Tmux.run([SomaBinary.path, "solev", "cube"])
        #expect(result.status == 2)
        #expect(result.error == "soma: `solev` is neither a command nor a figure; did you mean `soma solve`? (soma --help lists the commands)\n")
    }

    @Test("soma daily opens the day's figure; solving it by keys records the day and the streak; --share prints the line",
          .requires(.tmux))
    func dailySolve() throws {
        let (width, height) = (120, 40)
        let config = Self.temporaryFolder()
        let stateFile = SomaBinary.temporaryStateFile()
        defer {
            try? FileManager.default.removeItem(atPath: config)
            SomaBinary.removeState(stateFile)
        }
        // The first of these days whose figure the key planner can build (deterministic).
        var chosen: (day: String, figure: Figure, steps: [SomaKeyPlanner.Step])?
        for day in ["2026-11-25", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"] where chosen == nil {
            let printed = try Tmux.run([SomaBinary.path, "daily", "--print", "--date", day])
            #expect(printed.status == 0 && printed.output.hasPrefix("; The daily figure of \(day) (daily rule 1).\n"))
            let figure = try FigureReader.read(text: printed.output, path: "daily.figure")
            var session = SomaSession(game: SomaGame(figure: figure))
            session.resize(width: width, height: height)
            if let solution = SomaKeyPlanner.firstSolution(of: figure),
               let steps = SomaKeyPlanner.steps(solving: session, with: solution) {
                chosen = (day, figure, steps)
            }
        }
        let (day, figure, steps) = try #require(chosen)
        // The day before was solved already: the streak becomes 2.
        let previous = "2026-11-\(Int(day.suffix(2))! - 1)"
        try ProgressStore(path: stateFile).recordDaily(.init(day: previous, figure: "g-000000", grade: 3, seconds: 99,
                                                              moves: 9, hints: 1))

        let command = "env TERM=xterm-256color SOMA_TODAY=\(day) XDG_CONFIG_HOME='\(config)' '\(SomaBinary.path)' daily "
            + "--assist off --state-file '\(stateFile)'; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        // The day's figure by its day and grade (the file's `; id g-...; grade G of 5;`), not by its id alone.
        let printed = try Tmux.run([SomaBinary.path, "daily", "--print", "--date", day]).output
        let grade = try #require(printed.split(separator: "\n").first { $0.hasPrefix("; id \(figure.name); grade ") }?
            .split(separator: ";")[1].split(separator: " ")[1])
        #expect(try tmux.screen().contains(" Daily \(day), grade \(grade) "), "the day's figure: \((try? tmux.screen()) ?? "")")
        for start in stride(from: 0, to: steps.count, by: 12) {
            let batch = steps[start..<min(steps.count, start + 12)]
            try tmux.tmux(["send-keys", "-t", tmux.target] + batch.map { SomaKeyPlanner.tmuxName($0.key) })
        }
        #expect(tmux.waitForScreen(containing: "Solved"), "\((try? tmux.screen()) ?? "")")
        // The solved moment takes the first key; it ends by itself within 1.7 s.
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        print("\(width)x\(height), the daily figure solved:\n" + (try tmux.screen()))
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("Solved the daily figure of \(day). Streak: 2 days."), "\((try? tmux.screen()) ?? "")")
        // Kept by id: `soma figures` lists it under its own heading.
        let figures = try Tmux.run(["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", SomaBinary.path, "figures"])
        #expect(figures.output.contains("Generated figures ("))
        #expect(figures.output.contains("  \(figure.name) "))

        let moves = steps.filter(\.startsMove).count
        let share = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(day)", SomaBinary.path, "daily", "--share", "--state-file", stateFile])
        #expect(share.status == 0, "\(share.error)")
        #expect(share.output.hasPrefix("soma daily \(day) \(figure.name) grade "), "\(share.output)")
        #expect(share.output.contains(", \(moves) moves, no hints. Streak: 2 days.\n"), "\(share.output)")
        // No spoiler: no piece letter placed, no picture.
        #expect(share.output.split(separator: "\n").count == 1)
        // The day's table across players.
        let table = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(day)", SomaBinary.path, "scores", "daily", "--state-file", stateFile])
        #expect(table.output.hasPrefix("Daily figure of \(day) (\(figure.name), grade "), "\(table.output)")
        #expect(table.output.contains("    1  anonymous "), "\(table.output)")
        #expect(table.output.contains("\(moves) moves   0 hints\n"), "\(table.output)")
        // The next day, not yet solved: the streak is said only for a solved day.
        let next = try Tmux.run([SomaBinary.path, "daily", "--share", "--date", "2027-01-01", "--state-file", stateFile])
        #expect(next.status == 1)
        #expect(next.error == "soma daily: the figure of 2027-01-01 is not solved yet; `soma daily` plays it\n")
        let bad = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=tomorrow", SomaBinary.path, "daily", "--print"])
        #expect(bad.status == 2 && bad.error.contains("SOMA_TODAY must be a date written YYYY-MM-DD"))
    }
}
