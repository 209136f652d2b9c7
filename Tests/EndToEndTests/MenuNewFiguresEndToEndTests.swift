import Foundation
import Testing

/// Issue 26 in the play menu on the release binary: "Today's figure" opens the day's figure
/// (the one `soma daily` plays), and "A new figure, grade 1" says it is being made, then opens
/// a generated figure, kept by its id.
@Suite("the play menu's new figures", .serialized,
       .enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"),
       .enabled(if: SomaBinary.exists, "soma is not built: run swift build first"))
struct MenuNewFiguresEndToEndTests {
    @Test("m, Today's figure: the day's figure opens; m, A new figure grade 1: the progress line, then a generated figure")
    func todayAndNew() throws {
        let day = "2026-11-26"
        let printed = try Tmux.run([SomaBinary.path, "daily", "--print", "--date", day])
        let dailyID = try #require(printed.output.split(separator: "\n").first { $0.hasPrefix("name: g-") }?.dropFirst(6))
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
        #expect(tmux.waitForScreen(containing: String(dailyID)), "\((try? tmux.screen()) ?? "")")
        #expect(!(try tmux.screen().contains("Today's figure")), "the menu closed")

        // A new figure of grade 1: Today's figure is now the current one, one line up is grade 1... the
        // menu opens on the figure played, which is not in the menu's list: the cursor is at the top.
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Today's figure"), "\((try? tmux.screen()) ?? "")")
        try tmux.tmux(["send-keys", "-t", tmux.target, "Home", "Down", "Enter"])
        var sawProgress = false
        let opened = tmux.wait(timeout: 30) {
            let screen = try tmux.screen()
            if screen.contains("Making a new figure of grade 1...") { sawProgress = true }
            return screen.contains("moves 0") && !screen.contains(String(dailyID)) && !screen.contains("Making")
        }
        #expect(opened, "\((try? tmux.screen()) ?? "")")
        #expect(sawProgress, "the progress line was never on screen")
        let screen = try tmux.screen()
        let newID = try #require(screen.split(separator: " ").first { $0.hasPrefix("g-") && $0.count == 8 }, "\(screen)")
        #expect(FileManager.default.fileExists(atPath: config + "/soma/figures/generated/\(newID).figure"))
        let header = try String(contentsOfFile: config + "/soma/figures/generated/\(newID).figure", encoding: .utf8)
        #expect(header.contains("; id \(newID); grade 1 of 5;"), "\(header)")
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0"), "\((try? tmux.screen()) ?? "")")
    }
}
