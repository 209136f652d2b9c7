import Foundation

/// A real terminal for end-to-end tests: xterm on a private X server (Xvfb), driven by real X
/// input through xdotool (XTEST: the events a mouse and a keyboard make), its window captured as
/// a PNG (ImageMagick's `import`). What tmux cannot show, xterm does: how it draws bold black
/// (brightened to grey), which glyphs its font has, what it answers to OSC 11 (`-bg white`).
///
/// The screen's text is read back through xterm itself: a key binding only the harness sends
/// (Ctrl-F12) runs xterm's `print-everything()`, whose printer command writes the screen to a
/// file; so tests poll the text with a timeout, never a bare sleep.
///
/// Each instance has its own X server (a display number of its own, ready once Xvfb says so
/// through `-displayfd` and a client's request is answered on it) and quits both programs when
/// it goes. A start that fails says why in one message (what Xvfb or xterm wrote). The tools
/// are checked by `Requirement.xterm`.
final class XTerm {
    let columns: Int, rows: Int
    private let display: String
    private let server: pid_t, terminal: pid_t
    private let window: String
    private let folder: String
    private var printCount = 0
    /// A character cell's size in pixels (xterm runs without an inner border: `-b 0`).
    let cellWidth: Double, cellHeight: Double

    /// Starts `arguments` (a program and its arguments, run by `env` with `environment` on top of
    /// a clean one: TERM=xterm, the sandbox's state and settings folders, a UTF-8 locale unless
    /// `environment` says otherwise) in an xterm of `columns` x `rows` cells, DejaVu Sans Mono,
    /// `background` and `foreground` as xterm's colour names.
    /// xterm is started only once its X server answers a client (`XServer`: no fixed pause);
    /// a start that still fails (a display number another process took meanwhile) is tried
    /// again on a new server, up to `attempts` times, and the failure names every reason.
    convenience init(_ arguments: [String], columns: Int = 80, rows: Int = 24, background: String = "black",
                     foreground: String = "white", environment: [String: String] = [:]) throws {
        var reasons: [String] = []
        while true {
            do {
                try self.init(arguments, columns: columns, rows: rows, background: background, foreground: foreground,
                              environment: environment, attempt: reasons.count + 1)
                return
            } catch {
                reasons.append("\(error)")
                guard reasons.count < Self.attempts else {
                    throw HarnessError("xterm on Xvfb did not start, \(Self.attempts) tries: " + reasons.joined(separator: "; "))
                }
            }
        }
    }

    /// How many times a start is tried.
    static let attempts = 3

    private init(_ arguments: [String], columns: Int, rows: Int, background: String, foreground: String,
                 environment: [String: String], attempt: Int) throws {
        self.columns = columns
        self.rows = rows
        let x = try XServer()
        server = x.pid
        display = x.display
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-xterm-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let title = "soma-e2e-\(UUID().uuidString.prefix(8))"
        var variables = ["LANG": "C.UTF-8", "TERM": "xterm", "XDG_STATE_HOME": "\(Tmux.sandbox)/state",
                         "XDG_CONFIG_HOME": "\(Tmux.sandbox)/config", "HOME": Tmux.sandbox]
        variables.merge(environment) { $1 }
        let settings = [
            "XTerm*printerCommand: cat > \(folder)/screen.tmp && mv \(folder)/screen.tmp \(folder)/screen.txt",
            "XTerm*printAttributes: 0",
            "XTerm*VT100.translations: #override Ctrl<Key>F12: print-everything()",
            "XTerm*allowTitleOps: false",
            "XTerm*termName: xterm",
        ].flatMap { ["-xrm", $0] }
        terminal = try ChildProcess.spawn(["DISPLAY=\(display)", "xterm", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0",
                                           "-fa", "DejaVu Sans Mono", "-fs", "11", "-bg", background, "-fg", foreground,
                                           "-title", title] + settings
                                          + ["-e", "env", "-i", "PATH=/usr/bin:/bin"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                                          + arguments, output: "\(folder)/xterm.log")
        var found: String?
        let screenName = x.display
        _ = Self.poll(timeout: 30) {
            found = (try? Self.xdotool(screenName, ["search", "--name", title]))?.split(separator: "\n").first.map(String.init)
            return found != nil
        }
        guard let found else {
            kill(terminal, SIGKILL); _ = ChildProcess.wait(terminal)
            x.stop()
            let log = (try? String(contentsOfFile: "\(folder)/xterm.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: folder)
            throw HarnessError("xterm did not open a window on \(display) (attempt \(attempt)): \(log.prefix(300))")
        }
        window = found
        // The window's size once xterm has settled on it (it maps first, then sizes to its cells).
        var size = (width: 0.0, height: 0.0)
        _ = Self.poll(timeout: 5) {
            let last = size
            size = (try? Self.windowSize(screenName, found)) ?? (0, 0)
            return size.width >= Double(columns * 4) && size == last
        }
        cellWidth = size.width / Double(columns)
        cellHeight = size.height / Double(rows)
        // The pointer rests over the window: with no window manager, keys go where it is.
        try xdotool(["mousemove", "--window", window, "\(Int(cellWidth * Double(columns) / 2))", "2"])
    }

    deinit {
        ChildProcess.end(terminal)
        ChildProcess.end(server)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The screen's text as xterm prints it: one line per row, trailing blanks trimmed.
    func screen() throws -> String {
        let path = "\(folder)/screen.txt"
        try? FileManager.default.removeItem(atPath: path)
        try xdotool(["key", "ctrl+F12"])
        var text: String?
        _ = Self.poll(timeout: 5) {
            text = try? String(contentsOfFile: path, encoding: .utf8)
            return text != nil
        }
        guard let text else { throw HarnessError("xterm printed no screen") }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " || $0 == "\u{0C}" }.reversed())
        }.joined(separator: "\n")
    }

    /// Waits until the screen contains `text`; false on timeout.
    func waitForScreen(containing text: String, timeout: Double = 10) -> Bool {
        Self.poll(timeout: timeout) { ((try? screen()) ?? "").contains(text) }
    }

    /// The window as a PNG at `path`.
    func screenshot(_ path: String) throws {
        let result = try Tmux.run(["DISPLAY=\(display)", "import", "-window", window, path])
        guard result.status == 0 else { throw HarnessError("import failed: \(result.error)") }
    }

    /// A drag with the left button from one cell to another (columns and rows from 0), the
    /// pointer moving one cell at a time, `gap` seconds between motions, as a hand does.
    func drag(from start: (column: Int, row: Int), to end: (column: Int, row: Int), gap: Double = 0.02) throws {
        try move(to: start)
        try xdotool(["mousedown", "1"])
        let steps = max(abs(end.column - start.column), abs(end.row - start.row), 1)
        for k in 1...steps {
            Thread.sleep(forTimeInterval: gap)
            try move(to: (start.column + (end.column - start.column) * k / steps, start.row + (end.row - start.row) * k / steps))
        }
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool(["mouseup", "1"])
    }

    /// A click of the left button on a cell (columns and rows from 0): the pointer goes there,
    /// then the button is pressed and released, as `xdotool click` does with a real mouse.
    func click(at cell: (column: Int, row: Int)) throws {
        try move(to: cell)
        try xdotool(["click", "1"])
    }

    func move(to cell: (column: Int, row: Int)) throws {
        try xdotool(["mousemove", "--window", window, "\(Int((Double(cell.column) + 0.5) * cellWidth))",
                     "\(Int((Double(cell.row) + 0.5) * cellHeight))"])
    }

    private static func windowSize(_ display: String, _ window: String) throws -> (width: Double, height: Double) {
        let geometry = try xdotool(display, ["getwindowgeometry", "--shell", window])
        func value(_ name: String) -> Double {
            geometry.split(separator: "\n").first { $0.hasPrefix(name + "=") }.flatMap { Double($0.dropFirst(name.count + 1)) } ?? 0
        }
        return (value("WIDTH"), value("HEIGHT"))
    }

    /// Types `keys` (xdotool key names, e.g. `q`, `Return`).
    func press(_ keys: String...) throws { try press(contentsOf: keys) }

    func press(contentsOf keys: [String]) throws { try xdotool(["key", "--delay", "15"] + keys) }

    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String { try Self.xdotool(display, arguments) }

    @discardableResult
    private static func xdotool(_ display: String, _ arguments: [String]) throws -> String {
        let result = try Tmux.run(["DISPLAY=\(display)", "xdotool"] + arguments)
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments.joined(separator: " ")) failed: \(result.error)") }
        return result.output
    }

    @discardableResult
    static func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition() { return true }
            if Date() > deadline { return false }
            usleep(50_000)
        }
    }

    /// An Xvfb server on a display it chose itself.
    struct XServer {
        let pid: pid_t
        let display: String

        init() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("soma-xvfb-\(UUID().uuidString)").path
            let errors = file + ".err"
            defer {
                unlink(file)
                unlink(errors)
            }
            // A display of its own, far from the usual ones (which another X server, or one of
            // another namespace, may hold): Xvfb still writes the number once it is ready.
            // -noreset: the server does not restart when its last client leaves (a client
            // arriving then would be refused).
            let number = 200 + Int(XServer.next.next() % 600)
            let pid = try ChildProcess.spawn(["Xvfb", ":\(number)", "-displayfd", "1", "-noreset", "-screen", "0", "1920x1200x24",
                                              "-nolisten", "tcp"], output: file, error: errors)
            var ready: String?
            _ = XTerm.poll(timeout: 30) {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                if text.hasSuffix("\n"), let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) { ready = String(n) }
                return ready != nil || !SomaBinary.isRunning(pid)
            }
            // Ready means a client is answered: its socket is there and a request comes back.
            let answers = ready.map { display in
                XTerm.poll(timeout: 30) {
                    FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)")
                        && (try? Tmux.run(["DISPLAY=:\(display)", "xdotool", "getdisplaygeometry"]))?.status == 0
                }
            } ?? false
            guard let ready, answers else {
                let said = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
                    .split(separator: "\n").suffix(3).joined(separator: " / ")
                let running = SomaBinary.isRunning(pid)
                kill(pid, SIGKILL)
                _ = ChildProcess.wait(pid)
                throw HarnessError(ready == nil
                    ? "Xvfb :\(number) did not start (\(running ? "no display number in 30 s" : "it exited")): \(said.prefix(300))"
                    : "Xvfb :\(ready!) answered no client in 30 s: \(said.prefix(300))")
            }
            self.pid = pid
            display = ":" + ready
        }

        /// Display numbers: this process's own sequence from a start its id picks.
        static let next = Sequence(start: UInt64(getpid()) &* 7919)

        final class Sequence: @unchecked Sendable {
            private var value: UInt64
            private let lock = NSLock()
            init(start: UInt64) { value = start }
            func next() -> UInt64 { lock.withLock { value &+= 1; return value } }
        }

        func stop() {
            ChildProcess.end(pid)
        }
    }
}
