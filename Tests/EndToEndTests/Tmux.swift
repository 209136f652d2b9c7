import Foundation

/// A private tmux server running one program in one pane, for end-to-end tests of the real
/// binary in a real terminal (recipe: docs/terminal.md §5).
///
/// Each instance has its own socket (`tmux -L`) and ignores user configuration (`-f /dev/null`).
/// The pane's shell outlives the program (`SomaBinary.command` ends with `echo EXIT=$?; sleep`),
/// so a test can still read the screen, the modes the program left behind and its exit status.
/// (A dead pane kept with `remain-on-exit` would not do: tmux hides the cursor of dead panes.)
final class Tmux {
    let socket: String
    let target = "e2e"
    private static let counter = Counter()

    /// Starts `command` (run by `sh -c`) in a pane of `width` x `height`.
    init(_ command: String, width: Int = 80, height: Int = 24) throws {
        socket = "soma-e2e-\(getpid())-\(Tmux.counter.next())"
        try tmux(["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
                  "-e", "XDG_STATE_HOME=\(Tmux.sandbox)/state", "-e", "XDG_CONFIG_HOME=\(Tmux.sandbox)/config",
                  // swift test runs its tests with NO_COLOR set, and soma honours it: the panes
                  // get an empty one (unset, as no-color.org reads it) unless a test sets it.
                  "-e", "NO_COLOR=", command])
    }

    /// Where programs in panes keep their state and figures unless a test says otherwise: a
    /// folder of this test process, so that no test reads or writes the player's own
    /// `~/.local/state/soma` or `~/.config/soma`.
    static let sandbox: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-home-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    deinit {
        _ = try? Tmux.run(["tmux", "-L", socket, "kill-server"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try Tmux.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        guard result.status == 0 else {
            throw HarnessError("tmux \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result.output
    }

    /// The pane's text, one line per row, trailing blanks trimmed.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target])
    }

    /// A tmux format evaluated for the pane, e.g. `#{pane_pid}`.
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Terminal modes as tmux sees them: mouse button-event tracking (1002), SGR encoding (1006),
    /// alternate screen, cursor visible.
    func modes() throws -> Modes {
        let fields = try format("#{mouse_button_flag} #{mouse_sgr_flag} #{alternate_on} #{cursor_flag}")
            .split(separator: " ").map { $0 == "1" }
        guard fields.count == 4 else { throw HarnessError("unexpected pane flags") }
        return Modes(mouseDrag: fields[0], mouseSGR: fields[1], alternateScreen: fields[2], cursorVisible: fields[3])
    }

    struct Modes: Equatable, CustomStringConvertible {
        var mouseDrag: Bool
        var mouseSGR: Bool
        var alternateScreen: Bool
        var cursorVisible: Bool

        static let playing = Modes(mouseDrag: true, mouseSGR: true, alternateScreen: true, cursorVisible: false)
        static let restored = Modes(mouseDrag: false, mouseSGR: false, alternateScreen: false, cursorVisible: true)

        var description: String {
            "drag=\(mouseDrag) sgr=\(mouseSGR) alternate=\(alternateScreen) cursor=\(cursorVisible)"
        }
    }

    /// Named keys (`Up`, `C-z`, `Enter`) as tmux understands them.
    func send(keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Bytes written unchanged into the pane's terminal, e.g. an SGR mouse report.
    func send(literal text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// SGR mouse report: `final` "M" for press/drag/wheel, "m" for release; 1-based cells.
    func sendMouse(_ code: Int, column: Int, row: Int, final: String = "M") throws {
        try send(literal: "\u{1b}[<\(code);\(column);\(row)\(final)")
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the program the pane's shell runs (its only child).
    func programPID() throws -> pid_t {
        guard let shell = pid_t(try format("#{pane_pid}")) else { throw HarnessError("no pane pid") }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw HarnessError("the pane's shell has no child")
        }
        return child
    }

    /// The exit status once the program ended (the `EXIT=n` line), nil while it runs.
    func exitStatus() throws -> Int? {
        let screen = try screen()
        guard let range = screen.range(of: "EXIT=") else { return nil }
        return Int(screen[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass; never a bare sleep.
    /// A condition that throws (tmux busy) counts as not yet.
    @discardableResult
    func wait(timeout: Double = 10, _ condition: () throws -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if (try? condition()) ?? false { return true }
            if Date() > deadline { return false }
            usleep(50_000)
        }
    }

    /// Waits until the screen contains `text`; false (and the caller's expectation fails) on timeout.
    func waitForScreen(containing text: String, timeout: Double = 10) -> Bool {
        wait(timeout: timeout) { ((try? screen()) ?? "").contains(text) }
    }

    func waitForExit(timeout: Double = 10) -> Int? {
        var status: Int?
        wait(timeout: timeout) {
            status = try exitStatus()
            return status != nil
        }
        return status
    }

    /// Runs a program to completion (stdin from /dev/null), returning its exit status, standard
    /// output and error (`ChildProcess` says why not Foundation's Process).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let directory = FileManager.default.temporaryDirectory.path
        let outPath = directory + "/soma-e2e-\(UUID().uuidString).out"
        let errPath = directory + "/soma-e2e-\(UUID().uuidString).err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let pid = try ChildProcess.spawn(arguments, output: outPath, error: errPath)
        let exitStatus = ChildProcess.wait(pid)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (exitStatus, output, error)
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
