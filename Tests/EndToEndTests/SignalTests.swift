import Foundation
import Testing

/// Signals from outside, on every play screen and on both builds: the release binary players
/// run and the debug binary developers run. A signal that ends the program must give the
/// terminal back (mouse modes off, normal screen, cursor visible), save progress, and exit with
/// 128 + n, the process gone (how soon is not asserted: the machine is shared); job control must stop and continue it cleanly.
///
/// Progress is checked as a player would find it: the program is started again on the same
/// state folder and must show the change made before the signal.
@Suite("signals from outside, every screen, release and debug builds", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux))
struct SignalTests {
    /// A play screen: how to start it on a state folder, and a change that must survive.
    struct Screen: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: @Sendable (_ stateDirectory: String) -> [String]
        /// On screen once it is ready for input.
        let ready: String
        /// Keys that change the position, and what the screen says afterwards (and after a restart).
        let change: [String]
        let changed: String
        var testDescription: String { name }

        static let play = Screen(
            name: "play", arguments: { ["play", "--state-dir", $0] },
            ready: "moves 0", change: ["1", "Right", "Space"], changed: "moves 1")
        static let pento = Screen(
            name: "pento", arguments: { ["pento", "6x10", "--state-dir", $0] },
            ready: "0/12 on the board", change: ["X", "Enter"], changed: "1/12 on the board")
        static let design = Screen(
            name: "design",
            arguments: { ["design", "--state-dir", $0, "--figures-dir", $0 + "/figures", "--style", "ascii"] },
            ready: "0/27 cubes", change: ["Space"], changed: "1/27 cubes")
        static let all = [play, pento, design]
    }

    struct Ending: CustomTestStringConvertible, Sendable {
        let number: Int32
        let name: String
        var testDescription: String { "\(screen.name) SIG\(name)" }
        let screen: Screen

        static let all: [Ending] = Screen.all.flatMap { screen in
            [(SIGTERM, "TERM"), (SIGHUP, "HUP"), (SIGINT, "INT"), (SIGQUIT, "QUIT")]
                .map { Ending(number: $0.0, name: $0.1, screen: screen) }
        }
    }

    /// A fresh state folder for one test.
    static func stateDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-signal-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts `screen` with `build` and waits until it shows `text` with its modes on.
    func start(_ screen: Screen, _ build: SomaBinary.Build, stateDirectory: String, showing text: String) throws -> Tmux {
        let tmux = try Tmux(SomaBinary.command(screen.arguments(stateDirectory), binary: build.path), width: 100, height: 32)
        try #require(tmux.waitForScreen(containing: text) && tmux.wait { try tmux.modes() == .playing },
                     "soma \(screen.name) (\(build.name)) did not show \(text): \((try? tmux.screen()) ?? "")")
        return tmux
    }

    /// Makes the screen's change and waits until it is shown.
    func change(_ screen: Screen, in tmux: Tmux) throws {
        try tmux.tmux(["send-keys", "-t", tmux.target] + screen.change)
        try #require(tmux.waitForScreen(containing: screen.changed), "\((try? tmux.screen()) ?? "")")
    }

    @Test("TERM, HUP, INT, QUIT: exit 128+n, the process gone, terminal restored, progress saved",
          arguments: SomaBinary.builds, Ending.all)
    func ending(build: SomaBinary.Build, ending: Ending) throws {
        try #require(build.exists, "\(build.path) is not built (make test builds the release one; swift build --build-tests the debug one)")
        let state = Self.stateDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try start(ending.screen, build, stateDirectory: state, showing: ending.screen.ready)
        try change(ending.screen, in: tmux)
        if ending.screen.name != "design" {
            try tmux.sendMouse(0, column: 20, row: 10)   // mid-drag, as a real hang-up could be
        }

        let pid = try tmux.programPID()
        kill(pid, ending.number)
        // Outcome, not a stopwatch: the status 128+n, the process gone (not a zombie, not
        // lingering), the terminal given back.
        let status = tmux.waitForExit(timeout: 30)
        #expect(status == Int(128 + ending.number))
        #expect(!SomaBinary.isRunning(pid), "soma \(pid) still runs after its exit status was printed")
        #expect(try tmux.modes() == .restored)

        // Started again on the same state, it shows the change made before the signal.
        let again = try start(ending.screen, build, stateDirectory: state, showing: ending.screen.changed)
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    /// The newest modification of the progress database (and its write-ahead log), or nil.
    static func lastWrite(in state: String) -> Date? {
        ["soma.db", "soma.db-wal"].compactMap {
            try? FileManager.default.attributesOfItem(atPath: state + "/" + $0)[.modificationDate] as? Date
        }.max()
    }

    /// SIGKILL cannot be caught: no save at exit. The midend saves in the background (at most
    /// every 5 s while the position changes), so a killed game loses at most those seconds.
    @Test("SIGKILL mid-play: the position saved in the background is there on the next start",
          arguments: [Screen.play, Screen.pento])
    func killed(screen: Screen) throws {
        let build = SomaBinary.builds[0]
        try #require(build.exists, "\(build.path) is not built")
        let state = Self.stateDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try start(screen, build, stateDirectory: state, showing: screen.ready)
        let before = Self.lastWrite(in: state)
        try change(screen, in: tmux)
        // The save in the background, within 5 s of the start (and a second's tick).
        #expect(tmux.wait(timeout: 10) { Self.lastWrite(in: state).map { $0 > (before ?? .distantPast) } ?? false },
                "no save in the background")
        kill(try tmux.programPID(), SIGKILL)
        _ = tmux.waitForExit(timeout: 5)
        let again = try start(screen, build, stateDirectory: state, showing: screen.changed)
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    /// Job control needs a shell that does it: in a pane run by `sh -c`, soma's process group
    /// is orphaned and the kernel discards a stop signal's default action, so an interactive
    /// shell starts soma here, as a player's shell does.
    @Test("an outside SIGTSTP stops it at once with the terminal given back; fg brings the modes and the screen back",
          arguments: SomaBinary.builds, Screen.all)
    func stopAndContinue(build: SomaBinary.Build, screen: Screen) throws {
        try #require(build.exists, "\(build.path) is not built (make test builds the release one; swift build --build-tests the debug one)")
        let state = Self.stateDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try Tmux("exec env PS1='prompt$ ' TERM=xterm-256color bash --norc --noprofile -i", width: 100, height: 32)
        try #require(tmux.waitForScreen(containing: "prompt$"))
        try tmux.send(literal: "'\(build.path)' " + screen.arguments(state).map { "'\($0)'" }.joined(separator: " "))
        try tmux.send(keys: "Enter")
        try #require(tmux.waitForScreen(containing: screen.ready) && tmux.wait { try tmux.modes() == .playing },
                     "\((try? tmux.screen()) ?? "")")
        try change(screen, in: tmux)
        let pid = try tmux.programPID()

        kill(pid, SIGTSTP)
        #expect(tmux.wait(timeout: 10) { Self.isStopped(pid) }, "stopped by the first SIGTSTP")
        #expect(tmux.waitForScreen(containing: "Stopped"), "the shell has the terminal: \((try? tmux.screen()) ?? "")")
        #expect(try tmux.modes() == .restored, "the shell gets a clean terminal while soma is stopped")

        try tmux.send(literal: "fg")   // the shell continues the job with SIGCONT
        try tmux.send(keys: "Enter")
        #expect(tmux.wait(timeout: 5) { try tmux.modes() == .playing }, "mouse modes back after SIGCONT")
        #expect(tmux.waitForScreen(containing: screen.changed), "repainted: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.wait { try tmux.modes() == .restored && !Self.isRunning(pid) })
    }

    /// Whether the process still exists (and is not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].first != "Z"
    }

    /// Whether the process is stopped (state `T` in /proc/PID/stat).
    static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].first == "T"
    }
}
