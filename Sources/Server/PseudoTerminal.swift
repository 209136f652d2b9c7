#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal with a child process on its other side: what gives each session its own
/// game, since ncurses keeps one terminal per process.
///
/// The child is started with `posix_spawn` (no Swift runs between fork and exec in a process
/// full of threads) as the leader of a new session (`POSIX_SPAWN_SETSID`) whose standard
/// streams are the terminal's other end; opening it as a session leader makes it the child's
/// controlling terminal, so a closed connection reaches the game as SIGHUP and a resize as
/// SIGWINCH, as on a real terminal. The child starts with no signal blocked or ignored, and with
/// no descriptor but its terminal: everything above 2 is closed in it (`closefrom` semantics),
/// so no game holds the listening socket, another player's connection or terminal.
struct PseudoTerminal {
    /// The server's end; reading it gives what the child draws, writing it types.
    let master: CInt
    let pid: pid_t

    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h, under `_GNU_SOURCE`, which Swift's Glibc module
    /// does not define).
    private static let spawnSetSID: Int32 = 0x80
    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`):
    /// function-like macros Swift cannot import; these values hold on x86-64 and arm64.
    private static let setLock = UInt(0x4004_5431)
    private static let getNumber = UInt(0x8004_5430)

    /// Starts `arguments` of `executable` with exactly `environment`, on a terminal of `size`;
    /// `raw`: no line discipline (for a command's output to pass unchanged when the client asked
    /// for no terminal); `cpuSeconds`: its CPU time limit (`RLIMIT_CPU`: SIGXCPU then, SIGKILL
    /// five seconds later); `directory`: its working directory; `passing`: a descriptor the child
    /// gets as its descriptor 3 (the store's line, `StoreLineHook`), the only one above 2.
    static func spawn(executable: String, arguments: [String], environment: [String], size: TerminalSize,
                      raw: Bool, cpuSeconds: Int? = nil, directory: String? = nil,
                      passing: CInt? = nil) throws(ServeError) -> PseudoTerminal {
        // posix_openpt, unlockpt and ptsname, which Swift's Glibc module leaves out (they need
        // _XOPEN_SOURCE), are these on Linux; grantpt has nothing to do with devpts.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw ServeError("no pseudo-terminal: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw ServeError("no pseudo-terminal: \(reason)")
        }
        let name = "/dev/pts/\(number)"
        resize(master, to: size)
        // Held open until the child has its own, so the terminal is never without a reader's end.
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw ServeError("cannot open \(name): \(reason)")
        }
        defer { close(slave) }
        var modes = termios()
        if tcgetattr(slave, &modes) == 0 {
            if raw {
                cfmakeraw(&modes)
            } else {
                modes.c_iflag |= tcflag_t(IUTF8)
            }
            tcsetattr(slave, TCSANOW, &modes)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        if let passing { posix_spawn_file_actions_adddup2(&actions, passing, 3) }
        guard let closeFrom = LibC.closeFrom, closeFrom(&actions, passing == nil ? 3 : 4) == 0 else {
            close(master)
            throw ServeError("this C library cannot close a child's descriptors (glibc 2.34 or later is needed)")
        }
        if let directory {
            guard let changeDirectory = LibC.changeDirectory, changeDirectory(&actions, directory) == 0 else {
                close(master)
                throw ServeError("this C library cannot start a child in a folder (glibc 2.29 or later is needed)")
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | spawnSetSID))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw ServeError("cannot start the game: \(String(cString: strerror(spawned)))")
        }
        if let cpuSeconds {
            // Set from outside at once (posix_spawn has no rlimit attribute); CPU time counts from
            // the start, so the few microseconds before it are counted too.
            var limit = rlimit(rlim_cur: rlim_t(cpuSeconds), rlim_max: rlim_t(cpuSeconds + 5))
            guard let setLimit = LibC.processLimit, setLimit(pid, Int32(RLIMIT_CPU.rawValue), &limit, nil) == 0 else {
                kill(pid, SIGKILL)
                close(master)
                throw ServeError("cannot limit the command's CPU time")
            }
        }
        return PseudoTerminal(master: master, pid: pid)
    }

    /// Sets the terminal's size; the kernel sends the child SIGWINCH.
    static func resize(_ master: CInt, to size: TerminalSize) {
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }
}

/// The three glibc functions Swift's Glibc module leaves out (declared under `_GNU_SOURCE` or
/// `__USE_MISC`), found by name in the C library the process already has.
enum LibC {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> CInt
    typealias ProcessLimit = @convention(c) (pid_t, CInt, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> CInt

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
    static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
    static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")
    /// `prlimit` (glibc 2.13).
    static let processLimit: ProcessLimit? = symbol("prlimit")

    private static func symbol<T>(_ name: String) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
