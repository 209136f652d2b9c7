import Foundation

/// Starting a program from a test: posix_spawn rather than Foundation's Process, whose wait never
/// returns when the child leaves a daemon behind (the tmux server) that inherited its
/// descriptors, so output goes to files. The child starts with no signal blocked and every signal
/// at its default: test threads block signals, a spawned tmux server would pass that mask on to
/// soma, and SIGWINCH, SIGTSTP or SIGTERM would then never arrive.
enum ChildProcess {
    /// Starts `arguments` (the first a path or a name on PATH) with stdin from /dev/null, stdout
    /// to `output` (truncated, or appended to when `appending`) and stderr to `error`, or to
    /// stdout's file when nil; returns its process id.
    static func spawn(_ arguments: [String], output: String = "/dev/null", appending: Bool = false,
                      error: String? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC), 0o600)
        if let error {
            posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // Through env, which looks a name up on PATH and execs it in the same process: the id
        // returned is the program's.
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw HarnessError("cannot run \(arguments.first ?? ""): error \(spawned)") }
        return pid
    }

    /// Waits for `pid` to end; its exit status, or 128 plus the signal that ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Asks `pid` to end (SIGTERM) and waits for it, for at most `grace` seconds, then kills it
    /// (SIGKILL) and reaps it. xterm can hang in its own SIGTERM handler (a lock taken again
    /// inside the handler: seen once, the test's wait then never returning), so no harness waits
    /// on a SIGTERM alone.
    @discardableResult
    static func end(_ pid: pid_t, grace: Double = 5) -> Int32 {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if reaped == -1 && errno != EINTR { return -1 }   // not our child, or gone already
            if Date() > deadline { break }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        return wait(pid)
    }
}
