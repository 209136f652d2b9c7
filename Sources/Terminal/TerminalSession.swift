import CNcurses
import Scene

/// The terminal, taken over for a full-screen program and always given back: ncurses started
/// on the real terminal, raw keyboard, mouse reporting, colours, signal flags.
///
/// Every mode it turns on is turned off again on every way out: `end()` (quit and signals,
/// through the app loop), `suspend()` (Ctrl-Z), and, for crashes and `exit()` calls elsewhere,
/// a last-resort restore in C (`cn_emergency_restore`) that only uses async-signal-safe calls.
/// There is one terminal, so at most one session exists at a time.
public final class TerminalSession {
    /// Press/release (1000), motion while a button is down (1002), SGR encoding (1006), no
    /// alternate scroll (1007 off: the wheel must not turn into arrow keys), focus reports (1004).
    /// Written by hand: ncurses would only ever send 1000 (docs/terminal.md §3).
    static let modesOn = "\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?1007l\u{1b}[?1004h"
    /// Each mode off separately: some terminals track them independently.
    static let modesOff = "\u{1b}[?1004l\u{1b}[?1006l\u{1b}[?1003l\u{1b}[?1002l\u{1b}[?1000l"
    /// Any-event tracking (1003): motion with no button held is reported too. On only while the
    /// program asks (`TerminalProgram.tracksPointerMotion`): it floods a slow link with a report
    /// per cell the pointer crosses, and a drag needs only 1002. Off, the terminal is put back
    /// on 1002: xterm and tmux keep one mouse mode, which `1003l` would turn off altogether.
    static let anyMotionOn = "\u{1b}[?1003h"
    static let anyMotionOff = "\u{1b}[?1003l\u{1b}[?1000h\u{1b}[?1002h"

    /// Key codes above ncurses' KEY_MAX that `define_key` assigns to our own sequences.
    static let mousePrefixCode: Int32 = 0x3E9
    static let focusInCode: Int32 = 0x3EA
    static let focusOutCode: Int32 = 0x3EB

    let colorDepth: ColorDepth
    /// The number of colours terminfo reports (ncurses `COLORS`; 0 without colour).
    public let colorCount: Int
    /// The colours to draw with: what the terminal shows, none under `NO_COLOR`.
    public let colors: RenderStyle.Colors
    /// The terminfo entry ncurses was started with (TERM's own, or its family's 256-colour one).
    public let terminfo: String
    /// Whether the locale's character set is UTF-8, so Unicode block glyphs can be drawn.
    public let isUTF8: Bool
    /// Whether the terminal was asked for its background colour (`BackgroundQuery`): only then
    /// does the loop pass its answer on (`InputEvent.background`).
    public let asksBackground: Bool
    let colorPairCapacity: Int
    private var isActive = true
    /// Bytes read from the terminal, cut into units (`read(waitingAtMost:)`).
    private var splitter: RawInputSplitter
    /// Milliseconds to wait for the rest of a key after its first bytes (ESCDELAY).
    private let escapeDelay: Int32
    /// The terminal's size, kept here while ncurses' own screens are 1x1 (see `init`); nil
    /// once ncurses has screens of the terminal's size (`useFullScreens`).
    private var ownSize: ScreenSize?
    /// Whether any-event tracking (1003) is on: sent again after a suspend.
    private var tracksAnyMotion = false

    private static let handledSignals: [(TerminalSignal, Int32)] = [
        (.interrupt, SIGINT), (.terminate, SIGTERM), (.hangUp, SIGHUP), (.quit, SIGQUIT),
        (.stop, SIGTSTP), (.continue, SIGCONT),
    ]

    /// Starts ncurses on the process's terminal.
    /// - Parameter escapeDelay: milliseconds ncurses waits after ESC for the rest of a sequence.
    /// - Throws: `TerminalError` when stdin/stdout is not a terminal or TERM is unusable; the
    ///   terminal is left untouched then.
    /// - Parameter asksBackground: ask the terminal for its background colour (the player has
    ///   not chosen a theme); nothing waits for the answer.
    public init(escapeDelay: Int32 = 50, colorRequest: ColorRequest = .current,
                asksBackground: Bool = true) throws(TerminalError) {
        // The character set alone (UTF-8 or not: wide glyphs, ncurses' and `wcwidth`'s view of
        // them) is what the terminal needs of the locale. LC_ALL read the locale's twelve other
        // categories from as many files, each opened, mapped and parsed at every login, for
        // nothing the game shows (issue 35: a login's start-up).
        setlocale(LC_CTYPE, "")
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty else { throw .unknownTerminal(term) }

        self.asksBackground = asksBackground
        cn_save_termios()
        // ncurses' screens (stdscr, curscr, newscr) are made 1x1 where the kernel knows the
        // terminal's size: the game draws its frames itself (`FrameEncoder`), and three screens
        // of the terminal's size were written cell by cell at every start, 300 KB at 100x36,
        // some 75 pages of fresh memory and 0.45M instructions of a login (issue 35). ncurses
        // reads LINES and COLUMNS from the environment before the kernel's size, at `newterm`
        // only: they are put back at once. A terminal drawn through ncurses gets screens of its
        // size (`useFullScreens`), as does one that is suspended or left (`end`).
        var rows: Int32 = 0
        var columns: Int32 = 0
        let smallScreens = cn_window_size(&rows, &columns) != 0
        let startedAt = SavedSize()
        if smallScreens {
            setenv("LINES", "1", 1)
            setenv("COLUMNS", "1", 1)
        }
        // The family's 256-colour entry when there is one here (ColorRequest), else TERM's own.
        let started: String?
        if let upgrade = colorRequest.terminfo, cn_newterm(upgrade) != nil {
            started = upgrade
        } else if cn_newterm(nil) != nil {
            started = term
        } else {
            started = nil
        }
        if smallScreens { startedAt.restore() }
        guard let started else { throw .unknownTerminal(term) }
        terminfo = started
        if smallScreens {
            ownSize = ScreenSize(width: Int(columns), height: Int(rows))
            // What ncurses would have sent for screens of the terminal's size: the scrolling
            // region reset to the whole screen (its own, of one line, terminals ignore).
            cn_reset_scroll_region(rows)
        }
        guard cn_has_string_cap("cup") != 0 else {
            endwin()
            throw .dumbTerminal(term)
        }

        let screen = cn_stdscr()
        raw()
        noecho()
        if asksBackground { cn_putraw(BackgroundQuery.query) }
        nonl()
        intrflush(screen, false)
        keypad(screen, true)   // builds the key tree that define_key extends
        set_escdelay(escapeDelay)
        curs_set(0)
        define_key("\u{1b}[<", Self.mousePrefixCode)
        define_key("\u{1b}[I", Self.focusInCode)
        define_key("\u{1b}[O", Self.focusOutCode)

        var depth = ColorDepth.none
        var colors = RenderStyle.Colors.none
        if has_colors() && !colorRequest.noColor {
            start_color()
            use_default_colors()
            colors = colorRequest.colors(reported: Int(cn_colors()))
            depth = ColorDepth(colors)
        }
        colorDepth = depth
        self.colors = colors
        colorCount = depth == .none ? 0 : Int(cn_colors())
        isUTF8 = String(cString: nl_langinfo(nl_item(CODESET))).uppercased().filter { $0 != "-" } == "UTF8"
        splitter = RawInputSplitter(isUTF8: isUTF8)
        self.escapeDelay = escapeDelay
        colorPairCapacity = min(Int(cn_color_pairs()) - 1, Int(Int16.max))

        // A launcher may have started us with signals blocked (the mask survives exec); resize,
        // hang-up and job control must get through.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for (_, number) in Self.handledSignals {
            cn_install_flag_handler(number)
            sigaddset(&unblock, number)
        }
        // Resizes are taken by `read(waitingAtMost:)`, which reads input instead of ncurses.
        cn_install_flag_handler(SIGWINCH)
        sigaddset(&unblock, SIGWINCH)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        cn_install_fatal_handlers()
        cn_set_modes_on(1)
        // The alternate screen entered before the modes are sent. No refresh: the first frame
        // clears the screen itself (through ncurses' `doupdate` too, where ncurses draws:
        // its clear is still pending then, `Presenter`).
        cn_flush_output()
        cn_putraw(Self.modesOn)
    }

    deinit { end() }

    /// The terminal's current size.
    public var size: ScreenSize { ownSize ?? ScreenSize(width: Int(cn_cols()), height: Int(cn_lines())) }

    /// Gives ncurses screens of the terminal's size, for a terminal drawn through ncurses'
    /// windows (`Presenter` without `TerminalStrings`), and before ncurses leaves the terminal
    /// (`endwin` puts the cursor on the screen's last line).
    func useFullScreens() {
        guard let size = ownSize else { return }
        ownSize = nil
        resizeterm(Int32(size.height), Int32(size.width))
    }

    /// The first signal raised since the last call, if any.
    func takeSignal() -> TerminalSignal? {
        for (signal, number) in Self.handledSignals where cn_take_signal(number) != 0 {
            return signal
        }
        return nil
    }

    /// Ctrl-Z: give the terminal back to the shell, stop, and take it again when continued
    /// (`fg`). ncurses' own SIGTSTP handling would leave our mouse modes on in the shell.
    func suspend() {
        guard isActive else { return }
        cn_putraw(Self.modesOff)
        useFullScreens()
        endwin()
        cn_set_modes_on(0)
        cn_default_handler(SIGTSTP)
        kill(0, SIGTSTP)   // stops the whole job here, until SIGCONT
        cn_install_flag_handler(SIGTSTP)
        _ = cn_take_signal(SIGCONT)
        resume()
    }

    /// After SIGCONT (our own suspend, or an external SIGSTOP/SIGCONT): back to program mode,
    /// modes on again. The caller repaints the whole screen (`Presenter.invalidate()`).
    func resume() {
        guard isActive else { return }
        if ownSize != nil, let now = Self.kernelSize() { ownSize = now }
        cn_set_modes_on(1)
        clearok(cn_curscr(), true)
        refresh()
        cn_putraw(Self.modesOn)
        if tracksAnyMotion { cn_putraw(Self.anyMotionOn) }
    }

    /// Turns any-event mouse tracking (1003) on or off, where the terminal has it (PuTTY and
    /// some others ignore it: motion then comes only with a button held, as before).
    func trackAnyMotion(_ on: Bool) {
        guard isActive, on != tracksAnyMotion else { return }
        tracksAnyMotion = on
        cn_putraw(on ? Self.anyMotionOn : Self.anyMotionOff)
    }

    /// Restores the terminal: mouse and focus reporting off, cursor visible, normal screen,
    /// shell tty modes. Safe to call more than once.
    func end() {
        guard isActive else { return }
        isActive = false
        cn_putraw(Self.modesOff)
        useFullScreens()
        endwin()
        cn_set_modes_on(0)
    }

    /// Reads one unit of input, waiting at most `milliseconds` (0 = only what is already there).
    ///
    /// The bytes come from the terminal in bulk and are cut into units by `RawInputSplitter`
    /// with ncurses' key table; a resize (SIGWINCH) resizes ncurses' screens and comes as
    /// `.resize`, as ncurses' `KEY_RESIZE` did. A signal ends the wait (`.timeout`): the loop
    /// then takes it. End of file (a terminal gone) answers at once with `.timeout`.
    func read(waitingAtMost milliseconds: Int32) -> RawInput {
        if cn_take_signal(SIGWINCH) != 0 { return resized() }
        var expired = false
        while true {
            switch splitter.next(expired: expired, keys: Self.keyMatch) {
            case .character(let scalar):
                return .character(scalar)
            case .key(let code):
                return Self.rawInput(forKey: code)
            case .incomplete:
                // The rest of a key or character: ncurses waits the escape delay for it,
                // whatever the caller's wait.
                expired = !fill(waitingAtMost: escapeDelay)
            case nil:
                guard fill(waitingAtMost: milliseconds) else {
                    return cn_take_signal(SIGWINCH) != 0 ? resized() : .timeout
                }
                expired = false
            }
        }
    }

    /// Reads what the terminal has sent, waiting at most `milliseconds` for it; false when
    /// nothing came (time up, a signal, end of file).
    private func fill(waitingAtMost milliseconds: Int32) -> Bool {
        guard cn_wait_input(milliseconds) != 0 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            let count = cn_read_input(buffer.baseAddress, buffer.count)
            guard count > 0 else { return false }
            splitter.append(buffer[0..<count])
            return true
        }
    }

    /// The session's screens resized to the terminal's size after SIGWINCH, as ncurses does
    /// before its `KEY_RESIZE`.
    private func resized() -> RawInput {
        guard let now = Self.kernelSize() else { return .resize(size) }
        if ownSize != nil {
            ownSize = now   // ncurses' screens stay 1x1
        } else if now.height != Int(cn_lines()) || now.width != Int(cn_cols()) {
            resizeterm(Int32(now.height), Int32(now.width))
        }
        return .resize(size)
    }

    /// The terminal's size as the kernel has it (TIOCGWINSZ), nil when it does not know.
    private static func kernelSize() -> ScreenSize? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(&rows, &columns) != 0 else { return nil }
        return ScreenSize(width: Int(columns), height: Int(rows))
    }

    /// What ncurses' key table says of a run of bytes.
    /// Asked for every byte read, so the C string is made on the stack, not in an array.
    private static func keyMatch(_ run: ArraySlice<UInt8>) -> RawInputSplitter.KeyMatch {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: run.count + 1) { text in
            for (index, byte) in run.enumerated() { text[index] = CChar(bitPattern: byte) }
            text[run.count] = 0
            switch key_defined(text.baseAddress) {
            case OK: return .none
            case ERR: return .prefix
            case let code: return .key(code)
            }
        }
    }

    /// A key code from the table as the unit the decoder reads.
    private static func rawInput(forKey code: Int32) -> RawInput {
        switch code {
        case mousePrefixCode: return .mousePrefix
        case focusInCode: return .focusIn
        case focusOutCode: return .focusOut
        default:
            guard let name = keyname(code) else { return .timeout }
            return .keyName(String(cString: name))
        }
    }

    /// Rings the terminal bell.
    func bell() { beep() }

    /// Writes a note for the host (`HostNote.sequence`) after what ncurses has buffered, in one
    /// write: an operating-system command moves no cursor, so ncurses' picture stays true.
    func tellHost(_ text: String) {
        fflush(nil)
        let bytes = Array(HostNote.sequence(text).utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}

/// The environment's LINES and COLUMNS as they were, put back after ncurses has read them
/// (`TerminalSession.init`).
private struct SavedSize {
    let lines = getenv("LINES").map { String(cString: $0) }
    let columns = getenv("COLUMNS").map { String(cString: $0) }

    func restore() {
        if let lines { setenv("LINES", lines, 1) } else { unsetenv("LINES") }
        if let columns { setenv("COLUMNS", columns, 1) } else { unsetenv("COLUMNS") }
    }
}
