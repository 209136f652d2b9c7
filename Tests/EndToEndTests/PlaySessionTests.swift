import Foundation
import Testing

/// `soma play` in a real terminal (tmux): refusing unusable terminals, and giving the terminal
/// back intact on every way out.
@Suite("soma play in a terminal", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PlaySessionTests {
    /// Starts `soma play` and waits until its modes are on and something is drawn.
    func startPlaying(width: Int = 100, height: Int = 36, stateFile: String? = nil) throws -> Tmux {
        var arguments = ["play"]
        if let stateFile { arguments += ["--state-file", stateFile] }
        let tmux = try Tmux(SomaBinary.command(arguments), width: width, height: height)
        let ready = tmux.wait { try tmux.modes() == .playing && !(try tmux.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty) }
        try #require(ready, "soma play did not start: \((try? tmux.screen()) ?? "")")
        return tmux
    }

    @Test("stdin and stdout must be a terminal: one-line message, exit 2")
    func notATerminal() throws {
        let result = try Tmux.run([SomaBinary.path, "play"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing may go to a redirected stdout")
        #expect(result.error.hasPrefix("soma: play needs a terminal"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test("TERM=dumb and an unknown TERM are refused with a message and exit 2",
          arguments: [("dumb", "cannot move the cursor"), ("no-such-terminal", "unknown terminal type")])
    func unusableTerminal(term: String, message: String) throws {
        let tmux = try Tmux(SomaBinary.command(["play"], term: term))
        #expect(tmux.waitForExit() == 2)
        #expect(try tmux.screen().contains(message))
        #expect(try tmux.modes() == .restored)
    }

    @Test("plays under terminals with 256, 8 and no colours", arguments: ["xterm-256color", "screen", "vt100"])
    func colourDepths(term: String) throws {
        let tmux = try Tmux(SomaBinary.command(["play"], term: term), width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 0"), "TERM=\(term)")
        let modes = try tmux.modes()   // vt100 has no alternate screen and cannot hide the cursor
        #expect(modes.mouseDrag && modes.mouseSGR)
        try tmux.send(keys: "?")
        #expect(tmux.waitForScreen(containing: "keys"), "the help overlay shows under TERM=\(term)")
        try tmux.send(keys: "Space")   // any key closes the help
        #expect(tmux.wait { !(try tmux.screen().contains("keys")) })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.modes() == .restored)
    }

    /// ncurses' own screens are 1x1 while the game draws its frames itself (issue 35: a
    /// login's start-up); whatever ncurses does at the end must still be done for the terminal's
    /// real size: the cursor left on its last line (where the shell's prompt comes, on a
    /// terminal without an alternate screen: linux, vt100), the scrolling region the whole screen.
    @Test("after a resize and quit, the cursor is on the last line and the scrolling region is the whole screen",
          arguments: ["xterm-256color", "linux", "vt100"])
    func leftAsNcursesLeavesIt(term: String) throws {
        let tmux = try Tmux(SomaBinary.command(["play"], term: term), width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 0"), "TERM=\(term)")
        let before = try tmux.screen()
        try tmux.resize(width: 90, height: 30)
        #expect(tmux.wait { let now = try tmux.screen(); return now != before && now.contains("moves 0") },
                "redrawn at 90x30")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.format("#{scroll_region_upper} #{scroll_region_lower}") == "0 29", "TERM=\(term)")
        // With an alternate screen the cursor goes back where it was before the game.
        if term != "xterm-256color" {
            #expect(try tmux.format("#{cursor_y} #{cursor_x}") == "29 0", "TERM=\(term)")
        }
    }

    @Test("soma with no arguments plays the cube")
    func defaultCommand() throws {
        let tmux = try Tmux(SomaBinary.command([]), width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "Cube"))
        #expect(tmux.waitForScreen(containing: "moves 0"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("an unknown figure is refused before the terminal is touched")
    func unknownFigure() throws {
        let result = try Tmux.run([SomaBinary.path, "play", "no-such-figure"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("soma play:"))
    }

    @Test("q quits and restores the terminal")
    func quit() throws {
        let tmux = try startPlaying()
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.modes() == .restored)
    }

    @Test("Ctrl-C quits and restores the terminal")
    func controlC() throws {
        let tmux = try startPlaying()
        try tmux.send(keys: "C-c")
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.modes() == .restored)
    }

    @Test("a crash (SIGSEGV, SIGABRT) still gives the terminal back before dying",
          arguments: [SIGSEGV, SIGABRT])
    func crash(signal: Int32) throws {
        let tmux = try startPlaying()
        kill(try tmux.programPID(), signal)
        #expect(tmux.waitForExit() == Int(128 + signal))
        #expect(try tmux.modes() == .restored)
    }

    @Test("closing the terminal under it (a lost connection) still saves progress")
    func terminalClosed() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try startPlaying(stateFile: stateFile)
        try tmux.send(keys: "1", "Space")   // V put on its nearest fit: one move
        #expect(tmux.waitForScreen(containing: "moves 1"))
        let pid = try tmux.programPID()
        try tmux.tmux(["kill-pane", "-t", tmux.target])
        #expect(tmux.wait { !SomaBinary.isRunning(pid) }, "soma ended when its terminal closed")
        // Started again on the same state, the game resumes where it was left.
        let again = try startPlaying(stateFile: stateFile)
        #expect(again.waitForScreen(containing: "moves 1"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    @Test("progress that cannot be saved is said at the start and at the end, with the path and the reason; exit 1")
    func saveFails() throws {
        let blocker = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(blocker) }
        try "a file where the state folder should be".write(toFile: blocker, atomically: true, encoding: .utf8)
        let tmux = try Tmux(SomaBinary.command(["play", "--state-dir", blocker + "/soma"]), width: 300, height: 36)
        #expect(tmux.wait { try tmux.modes() == .playing }, "the game is played all the same")
        #expect(tmux.waitForScreen(containing: "Progress NOT saved: the folder cannot be made (not a directory), at \(blocker)/soma"),
                "said on screen while playing: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "1", "Space")   // V put on its nearest fit: one move
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 1)
        let screen = try tmux.screen()
        #expect(screen.contains("soma play: cannot use saved progress at \(blocker)/soma: the folder cannot be made "
                                + "(not a directory); this game will not be saved"), "\(screen)")
        #expect(screen.contains("soma play: progress NOT saved to \(blocker)/soma: the folder cannot be made (not a directory)"),
                "\(screen)")
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "a file where the state folder should be")
    }

    /// Issue 36, failure 11: a state folder the player cannot write to hid the saved position.
    /// Root writes anywhere, so under root the game runs as `nobody` (setpriv).
    @Test("a read-only state folder still shows the saved position, says it is not saved, changes nothing; exit 1")
    func readOnlyStateFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-ro-\(UUID().uuidString)").path
        defer {
            chmod(folder + "/state", 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let first = try Tmux(SomaBinary.command(["play", "--state-dir", folder + "/state"]), width: 100, height: 36)
        #expect(first.waitForScreen(containing: "moves 0"), "\((try? first.screen()) ?? "")")
        try first.send(keys: "1", "Space")   // V put on its nearest fit: one move
        #expect(first.waitForScreen(containing: "moves 1"))
        try first.send(keys: "q")
        #expect(first.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/state").sorted()
        #expect(files == ["soma.db"], "closed cleanly: \(files)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/state/soma.db"))
        #expect(chmod(folder + "/state", 0o555) == 0)
        #expect(chmod(folder + "/state/soma.db", 0o644) == 0)

        let asUser = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let command = asUser + "env HOME='\(folder)' XDG_CONFIG_HOME='\(folder)/config' TERM=xterm-256color '\(SomaBinary.path)' "
            + "play --state-dir '\(folder)/state'; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: 200, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 1"), "the saved position is shown: \((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "Progress NOT saved: "), "said while playing: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 1)
        #expect(try tmux.screen().contains("soma play: progress NOT saved to \(folder)/state/soma.db"), "\((try? tmux.screen()) ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/state") == ["soma.db"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state/soma.db")) == bytes, "left byte for byte")
    }

    @Test("a database from a newer soma is said at the start, left byte for byte as it was, and the run exits 1")
    func newerDatabase() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        // A database this soma made, then marked as a newer schema (user_version, bytes 60-63).
        let first = try startPlaying(stateFile: stateFile)
        try first.send(keys: "q")
        #expect(first.waitForExit() == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stateFile)))
        try #require(bytes.count >= 100 && String(decoding: bytes[0..<15], as: UTF8.self) == "SQLite format 3")
        bytes[60...63] = [0, 0, 0, 9]
        try Data(bytes).write(to: URL(fileURLWithPath: stateFile))

        let tmux = try Tmux(SomaBinary.command(["play", "--state-file", stateFile]), width: 300, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 0"), "the game is played all the same: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "1", "Space")   // V put on its nearest fit: one move
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 1)
        #expect(try tmux.screen().contains("soma play: cannot use saved progress at \(stateFile): the database was written by "
                                           + "a newer soma (schema 9, this soma knows 3); it was left as it is"), "\((try? tmux.screen()) ?? "")")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: stateFile))) == bytes)
    }

    @Test("dragging with the mouse moves a piece (from its legend entry, which stands for the piece)")
    func mouseDragMovesPiece() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try startPlaying(stateFile: stateFile)
        #expect(tmux.waitForScreen(containing: "moves 0"))
        // The legend is the rightmost 22 columns; piece 1's entry is on the fourth row.
        try tmux.sendMouse(0, column: 81, row: 4)
        for column in stride(from: 83, through: 95, by: 2) { try tmux.sendMouse(32, column: column, row: 4) }
        try tmux.sendMouse(0, column: 95, row: 4, final: "m")
        #expect(tmux.wait { !(try tmux.screen().contains("moves 0")) }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a terminal that is too small asks to be enlarged and recovers, also mid-drag")
    func tooSmall() throws {
        let tmux = try Tmux(SomaBinary.command(), width: 24, height: 8)
        #expect(tmux.waitForScreen(containing: "enlarge the"))
        #expect(try tmux.screen().contains("least"))
        #expect(try tmux.modes() == .playing)
        try tmux.resize(width: 100, height: 36)
        #expect(tmux.wait { !(try tmux.screen().contains("enlarge")) })
        try tmux.sendMouse(0, column: 30, row: 10)
        try tmux.sendMouse(32, column: 31, row: 10)
        try tmux.resize(width: 90, height: 30)
        try tmux.sendMouse(32, column: 32, row: 11)
        try tmux.resize(width: 20, height: 6)
        #expect(tmux.waitForScreen(containing: "enlarge"))
        try tmux.sendMouse(0, column: 32, row: 11, final: "m")
        try tmux.resize(width: 100, height: 36)
        #expect(tmux.wait { !(try tmux.screen().contains("enlarge")) })
        try tmux.send(keys: "C-c")
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.modes() == .restored)
    }

    @Test("Ctrl-Z gives the shell a clean terminal; fg brings back mouse modes and the screen")
    func suspendAndResume() throws {
        // An interactive shell does job control (bash -ic would start soma with SIGTSTP ignored).
        let tmux = try Tmux("exec env PS1='prompt$ ' TERM=xterm-256color bash --norc --noprofile -i", width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "prompt$"))
        try tmux.send(literal: "'\(SomaBinary.path)' play")
        try tmux.send(keys: "Enter")
        #expect(tmux.wait { try tmux.modes() == .playing })
        #expect(tmux.wait { try tmux.screen().split(separator: "\n").count > 3 })
        let top = try tmux.screen().split(separator: "\n").prefix(3)

        try tmux.send(keys: "C-z")
        #expect(tmux.waitForScreen(containing: "Stopped"))
        #expect(try tmux.modes() == .restored)

        try tmux.send(literal: "fg")
        try tmux.send(keys: "Enter")
        #expect(tmux.wait { try tmux.modes() == .playing })
        #expect(tmux.wait { try tmux.screen().split(separator: "\n").prefix(3) == top }, "the screen is repainted after fg")

        try tmux.send(keys: "C-c")
        #expect(tmux.wait { try tmux.modes() == .restored })
        try tmux.send(literal: "echo \"status=$?\"")
        try tmux.send(keys: "Enter")
        #expect(tmux.waitForScreen(containing: "status=0"))
    }
}
