import Foundation
import Polycube
import Testing
@testable import Game

/// Issue 26 in the play menu on the release binary: "Today's figure" opens the day's figure
/// (the one `soma daily` plays), and "A new figure, grade 1" says it is being made, then opens
/// a generated figure, kept by its id.
@Suite("the play menu's new figures", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct MenuNewFiguresEndToEndTests {
    @Test("m, Today's figure: the day's figure opens; m, A new figure (grade 1, then 5): a generated figure of that grade, kept by its id")
    func todayAndNew() throws {
        let day = "2026-11-26"
        let printed = try Tmux.run([SomaBinary.path, "daily", "--print", "--date", day])
        let dailyID = try #require(printed.output.split(separator: "\n").first { $0.hasPrefix("name: g-") }?.dropFirst(6))
        // The grade the file states (`; id g-...; grade G of 5; ...`): the top line shows it with the day.
        let dailyGrade = try #require(printed.output.split(separator: "\n").first { $0.hasPrefix("; id g-") }?
            .split(separator: ";")[1].split(separator: " ")[1])
        let config = DailyEndToEndTests.temporaryFolder()
        let stateFile = SomaBinary.temporaryStateFile()
        defer {
            try? FileManager.default.removeItem(atPath: config)
            SomaBinary.removeState(stateFile)
        }
        let command = "env TERM=xterm-256color SOMA_TODAY=\(day) XDG_CONFIG_HOME='\(config)' '\(SomaBinary.path)' play cube "
            + "--state-file '\(stateFile)'; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: 120, height: 40)
        try #require(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Today's figure"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("A new figure, grade 5"))
        // The cursor is on the cube, the first catalog figure: six lines up is today's.
        try tmux.tmux(["send-keys", "-t", tmux.target] + Array(repeating: "Up", count: 6) + ["Enter"])
        // Shown by its day and grade, not by its id alone.
        #expect(tmux.waitForScreen(containing: " Daily \(day), grade \(dailyGrade) "), "\((try? tmux.screen()) ?? "")")
        #expect(!(try tmux.screen().contains("Today's figure")), "the menu closed")

        // A new figure of grade 1, then one of grade 5, each from a fresh seed: each opens a
        // figure not seen before, of the grade asked for, kept by its id. Whether the progress
        // line shows depends on how fast this machine makes the figure (it waits a frame so
        // that a figure made at once does not flash it): ScreenProgramTests checks it on the
        // program's own clock.
        var seen = [String(dailyID)]
        for grade in [1, 5] {
            try tmux.send(keys: "m")
            #expect(tmux.waitForScreen(containing: "Today's figure"), "\((try? tmux.screen()) ?? "")")
            // The figure played is not in the menu's list: the cursor starts at the top.
            try tmux.tmux(["send-keys", "-t", tmux.target] + Array(repeating: "Down", count: grade) + ["Enter"])
            var newID: String?
            let opened = tmux.wait(timeout: 30) {
                let screen = try tmux.screen()
                guard !screen.contains("Making"), !screen.contains("Today's figure"),
                      let id = screen.split(separator: " ").first(where: { $0.hasPrefix("g-") && $0.count == 9 && $0.hasSuffix(",") })?
                          .dropLast(),
                      !seen.contains(String(id)) else { return false }
                newID = String(id)
                return true
            }
            #expect(opened, "\((try? tmux.screen()) ?? "")")
            let id = try #require(newID)
            seen.append(id)
            let header = try String(contentsOfFile: config + "/soma/figures/generated/\(id).figure", encoding: .utf8)
            #expect(header.contains("; id \(id); grade \(grade) of 5;"), "\(header)")
            // The top line gives its grade beside the id.
            #expect(try tmux.screen().contains(" \(id), grade \(grade) "), "\((try? tmux.screen()) ?? "")")
        }
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? tmux.screen()) ?? "")")
    }

    @Test("today's figure solved with soma play FILE (not soma daily) records the day and its streak")
    func playCountsAsDaily() throws {
        let (width, height) = (120, 40)
        let config = DailyEndToEndTests.temporaryFolder()
        let stateFile = SomaBinary.temporaryStateFile()
        defer {
            try? FileManager.default.removeItem(atPath: config)
            SomaBinary.removeState(stateFile)
        }
        // The first of these days whose figure the key planner can build (deterministic).
        var chosen: (day: String, figure: Figure, steps: [SomaKeyPlanner.Step], file: String)?
        for day in ["2026-11-25", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"] where chosen == nil {
            let printed = try Tmux.run([SomaBinary.path, "daily", "--print", "--date", day])
            let figure = try FigureReader.read(text: printed.output, path: "daily.figure")
            var session = SomaSession(game: SomaGame(figure: figure))
            session.resize(width: width, height: height)
            if let solution = SomaKeyPlanner.firstSolution(of: figure),
               let steps = SomaKeyPlanner.steps(solving: session, with: solution) {
                let file = config + "/today.figure"
                try printed.output.write(toFile: file, atomically: true, encoding: .utf8)
                chosen = (day, figure, steps, file)
            }
        }
        let (day, figure, steps, file) = try #require(chosen)
        let command = "env TERM=xterm-256color SOMA_TODAY=\(day) XDG_CONFIG_HOME='\(config)' '\(SomaBinary.path)' play "
            + "'\(file)' --assist off --state-file '\(stateFile)'; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        // Named by its day, from the file's opening comments (its name is the id).
        #expect(try tmux.screen().contains(" Daily \(day), grade "), "\((try? tmux.screen()) ?? "")")
        for start in stride(from: 0, to: steps.count, by: 12) {
            let batch = steps[start..<min(steps.count, start + 12)]
            try tmux.tmux(["send-keys", "-t", tmux.target] + batch.map { SomaKeyPlanner.tmuxName($0.key) })
        }
        #expect(tmux.waitForScreen(containing: "Solved"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("Solved the daily figure of \(day). Streak: 1 day."), "\((try? tmux.screen()) ?? "")")
        let share = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(day)", SomaBinary.path, "daily", "--share", "--state-file", stateFile])
        #expect(share.status == 0 && share.output.hasPrefix("soma daily \(day) \(figure.name) grade "), "\(share.output) \(share.error)")
        // Another day's figure played the same way is no daily solve of today.
        let other = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=2027-01-01", SomaBinary.path, "daily", "--share", "--state-file", stateFile])
        #expect(other.status == 1)
    }
}
