import Benchmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What a login costs the machine (issue 35): `soma play` from exec to its first frame on a
/// terminal, the process's own CPU time (user and system, all threads, from `wait4`), which
/// stays steady on a loaded machine where the wall clock does not. `soma serve` starts one such
/// process per login, so this is what a burst of logins spends. The bound is 5 ms.
///
/// The game runs on a pseudo-terminal of 100x30 with `SOMA_BENCHMARK_FIRST_FRAME=1`, which ends
/// it as soon as its first frame is written, without a save; a returning player's database
/// (made by the first run) is opened each time, as at a login.
let benchmarks: @Sendable () -> Void = {
    let cpu = BenchmarkMetric.custom("CPU to first frame (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(metrics: [.wallClock, cpu], maxDuration: .seconds(10), maxIterations: 200)
    let state = FirstFrame.stateFolder()
    _ = FirstFrame.run(state: state)   // the database a returning player has
    Benchmark("Start-up: soma play to its first frame, release binary", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            benchmark.measurement(cpu, FirstFrame.run(state: state))
        }
    }
}

/// One run of the release binary to its first frame.
enum FirstFrame {
    /// `.build/release/soma` beside `Benchmarks/`, found from this file's path.
    static let path: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/.build/release/soma"
    }()

    /// A fresh folder for the runs' state and settings.
    static func stateFolder() -> String {
        var template = Array("/tmp/soma-startup-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { preconditionFailure("cannot make a temporary folder") }
        return String(cString: made)
    }

    /// Runs `soma play` on a new pseudo-terminal until it exits after its first frame; answers
    /// its CPU time in microseconds. Stops the benchmark when it cannot start or fails, so a
    /// missing build or a game that never drew cannot pass for a fast one.
    static func run(state: String) -> Int {
        // posix_openpt, unlockpt and ptsname need _XOPEN_SOURCE, which Swift's Glibc module does
        // not define: on Linux they are /dev/ptmx, TIOCSPTLCK and TIOCGPTN (the values of
        // `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)` on x86-64 and arm64, as
        // soma-server's PseudoTerminal has them).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        precondition(master >= 0 && ioctl(master, UInt(0x4004_5431), &unlock) == 0 && ioctl(master, UInt(0x8004_5430), &number) == 0,
                     "no pseudo-terminal")
        defer { close(master) }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        let slaveDescriptor = open(slave, O_RDWR | O_NOCTTY)
        precondition(slaveDescriptor >= 0 && ioctl(slaveDescriptor, UInt(TIOCSWINSZ), &size) == 0, "cannot size \(slave)")
        close(slaveDescriptor)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A session of its own, so that the terminal opened first becomes its controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)   // POSIX_SPAWN_SETSID (spawn.h, under _GNU_SOURCE)
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(state)", "XDG_STATE_HOME=\(state)/state",
                           "XDG_CONFIG_HOME=\(state)/config", "SOMA_BENCHMARK_FIRST_FRAME=1"]
        let argv: [UnsafeMutablePointer<CChar>?] = ([path, "play"] as [String]).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        precondition(started == 0, "cannot start \(path) (\(started)): build it with swift build -c release --product soma")

        // Drain what it draws until it closes the terminal: a full terminal would stop it.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var drawn = 0
        while read(master, &buffer, buffer.count) > 0 { drawn += 1 }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        precondition(status == 0 && drawn > 0, "soma play to its first frame failed (wait status \(status))")
        func microseconds(_ time: timeval) -> Int { Int(time.tv_sec) * 1_000_000 + Int(time.tv_usec) }
        return microseconds(usage.ru_utime) + microseconds(usage.ru_stime)
    }
}
