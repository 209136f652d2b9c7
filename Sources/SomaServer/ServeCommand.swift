import ArgumentParser
import Files
import Server
import SharedStore
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve`: the game over SSH for anyone with an SSH client, no shell account needed
/// (issue 17; the server is the Server module, this is its command line). It is the
/// `soma-server` executable, which `soma serve` execs: see docs/ARCHITECTURE.md for why the server
/// is a binary of its own.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soma serve",
        abstract: "Serve the game over SSH: `ssh -p 2222 HOST` plays.",
        discussion: "Any SSH key is welcome and is the player (its SHA-256 fingerprint keeps their progress); "
            + "a password, any, or the user `guest` plays as a guest whose progress is not kept. Each session "
            + "runs the game in its own process on its own terminal; `ssh HOST figures|show FIGURE|solve FIGURE` "
            + "runs those commands on built-in figures. Listens on the loopback address unless told otherwise. "
            + "SIGTERM tells every player and stops within 5 seconds.")

    /// Runs the command line; usage mistakes exit with status 2 as in `soma` (not the parser's 64),
    /// so `soma serve` answers like every other command.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }

    @Option(help: ArgumentHelp("Address and port to listen on (a public address must be given explicitly).",
                               valueName: "host:port"))
    var listen = "127.0.0.1:2222"

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the host key and the players' progress are kept (default: $XDG_STATE_HOME/soma/serve).",
                               valueName: "dir"))
    var stateDirectory: String?

    @Option(help: ArgumentHelp("The most players at once (logins in progress are counted apart).", valueName: "n"))
    var maxSessions = 64

    @Option(help: ArgumentHelp("The most logins in progress at once (connected, not yet authenticated).", valueName: "n"))
    var pendingLogins = 32

    @Option(help: ArgumentHelp("The most logins in progress at once from one address (an IPv6 /64 is one address).", valueName: "n"))
    var pendingLoginsPerAddress = 8

    @Option(help: ArgumentHelp("CPU time one command (ssh HOST solve ...) may use before it is stopped.", valueName: "time"))
    var commandCpu = "60s"

    @Option(help: ArgumentHelp("Output one command may write before it is stopped (64K, 16M).", valueName: "size"))
    var commandOutput = "16M"

    @Option(help: ArgumentHelp("Close a connection with no input for this long (90s, 30m, 2h).", valueName: "time"))
    var idleTimeout = "30m"

    @Option(help: ArgumentHelp("Close any connection after this long.", valueName: "time"))
    var sessionLimit = "4h"

    @Option(help: ArgumentHelp("New connections one address may open in a minute.", valueName: "n"))
    var connectionsPerMinute = 20

    @Option(help: ArgumentHelp("Input bytes a player may send in one second before being disconnected.", valueName: "n"))
    var maxInputRate = 16384

    @Option(help: ArgumentHelp("Serve Prometheus metrics over HTTP at http://host:port/metrics (a loopback or private address).",
                               valueName: "host:port"))
    var metrics: String?

    @Option(help: ArgumentHelp("How log lines are written: text, or json (one object a line).", valueName: "format"))
    var logFormat = "text"

    @Option(help: ArgumentHelp("Keep players, progress, names and the hall of fame in PostgreSQL, shared by every instance "
                               + "given the same database (password: $PGPASSWORD), instead of the state directory's SQLite file.",
                               valueName: "postgres://user@host[:port]/db"))
    var database: String?

    @Option(help: ArgumentHelp("Answer a load balancer's health check here: 200 while taking players, 503 from SIGTERM on.",
                               valueName: "host:port"))
    var health: String?

    @Option(name: .customLong("host-key"),
            help: ArgumentHelp("The host key's file (made when missing): the same file on every instance behind one "
                               + "balancer, so players see one server (default: in the state directory).", valueName: "file"))
    var hostKey: String?

    @Option(name: .customLong("proxy-from"),
            help: ArgumentHelp("Balancers whose connections begin with a PROXY header (HAProxy's send-proxy-v2) naming the "
                               + "player: their addresses or CIDR ranges, and no others (anyone else could forge one).",
                               valueName: "addr[,addr...]"))
    var proxyFrom: String?

    @Option(name: .customLong("drain-time"),
            help: ArgumentHelp("On SIGTERM, how long to wait for the last saves to reach the database before leaving them "
                               + "in the state directory's journal for the next start (--database).", valueName: "time"))
    var drainTime = "10s"

    func validate() throws {
        if let proxyFrom, ProxySources(proxyFrom) == nil {
            let entry = ProxySources.badEntry(in: proxyFrom).map { String($0.prefix(100)) } ?? ""
            throw ValidationError("--proxy-from wants the balancers' addresses or CIDR ranges, e.g. 10.0.0.5,10.0.1.0/24 "
                                  + "(never /0: anyone could pass for anyone), not '\(entry)'")
        }
        if let database, DatabaseAddress(database) == nil {
            throw ValidationError("--database wants postgres://USER@HOST[:PORT]/DB, not '\(String(database.prefix(200)))'")
        }
        if let health, ListenAddress(health) == nil {
            throw ValidationError("--health wants host:port, e.g. 127.0.0.1:8022, not '\(health)'")
        }
        guard ListenAddress(listen) != nil else {
            throw ValidationError("--listen wants host:port, e.g. 127.0.0.1:2222 or [::1]:2222, not '\(listen)'")
        }
        for (name, text) in [("--idle-timeout", idleTimeout), ("--session-limit", sessionLimit), ("--command-cpu", commandCpu),
                                ("--drain-time", drainTime)]
        where TimeSpan(text) == nil {
            throw ValidationError("\(name) wants a time such as 90s, 30m or 2h, not '\(text)'")
        }
        for (name, value, most) in [("--max-sessions", maxSessions, 10_000), ("--connections-per-minute", connectionsPerMinute, 100_000),
                                    ("--max-input-rate", maxInputRate, 1 << 24), ("--pending-logins", pendingLogins, 10_000),
                                    ("--pending-logins-per-address", pendingLoginsPerAddress, 10_000)] where !(1...most).contains(value) {
            throw ValidationError("\(name) wants a number from 1 to \(most), not \(value)")
        }
        if let metrics, ListenAddress(metrics) == nil {
            throw ValidationError("--metrics wants host:port, e.g. 127.0.0.1:9464, not '\(metrics)'")
        }
        guard LogFormat(rawValue: logFormat) != nil else {
            throw ValidationError("--log-format wants text or json, not '\(logFormat)'")
        }
        guard ByteCount(commandOutput) != nil else {
            throw ValidationError("--command-output wants a size such as 65536, 64K or 16M, not '\(commandOutput)'")
        }
    }

    func run() throws {
        // Every line from here on in the format asked for, the state directory's notes included.
        ServerLog.format = LogFormat(rawValue: logFormat) ?? .text
        let folder = stateDirectory ?? XDGPaths.current.stateDirectory + "/serve"
        guard let server = Self.ownPath() else {
            ServerLog.line("cannot find this program's own file (/proc/self/exe)")
            throw ExitCode(1)
        }
        // Each session runs the game binary installed beside this one.
        let executable = String(server[..<(server.lastIndex(of: "/") ?? server.startIndex)]) + "/soma"
        guard access(executable, X_OK) == 0 else {
            ServerLog.line("the game, \(executable), is missing or cannot be run: install soma and soma-server together (make install)")
            throw ExitCode(1)
        }
        switch StateDirectory.prepare(folder) {
        case .success(let notes):
            for note in notes { ServerLog.line(note) }
        case .failure(let problem):
            ServerLog.line("\(problem)")
            throw ExitCode(1)
        }
        // Made here, before the store service and the server, so that both count into it.
        let serverMetrics = ServerMetrics(store: database != nil)
        var service: StoreService?
        if let database, let address = DatabaseAddress(database, environmentPassword: Self.environment("PGPASSWORD")) {
            do {
                service = try StoreService(address: address, stateDirectory: folder, observe: { event in
                    switch event {
                    case .failedTry: serverMetrics.storeError()
                    case .retry: serverMetrics.storeRetry()
                    }
                })
            } catch {
                ServerLog.line("cannot use the database \(address): \(error.reason)")
                throw ExitCode(1)
            }
            ServerLog.line("progress kept in \(address)")
        }
        var configuration = ServeConfiguration(
            listen: ListenAddress(listen)!, stateDirectory: folder, maxSessions: maxSessions,
            idleTimeout: TimeSpan(idleTimeout)!, sessionLimit: TimeSpan(sessionLimit)!,
            connectionsPerMinute: connectionsPerMinute, maxInputBytesPerSecond: maxInputRate,
            maxPendingLogins: pendingLogins, maxPendingPerAddress: pendingLoginsPerAddress,
            commandCPU: TimeSpan(commandCpu)!, commandOutput: ByteCount(commandOutput)!,
            executable: executable, gameArguments: ["play"], execArguments: ServeExec.decide)
        configuration.metrics = metrics.flatMap { ListenAddress($0) }
        configuration.logFormat = LogFormat(rawValue: logFormat) ?? .text
        configuration.health = health.flatMap(ListenAddress.init)
        configuration.hostKeyFile = hostKey
        configuration.proxyFrom = proxyFrom.flatMap(ProxySources.init)
        configuration.serverMetrics = serverMetrics
        if let service {
            configuration.storeLine = { player, descriptor in service.serve(player: player, descriptor: descriptor) }
            configuration.storeAnswering = { service.isAnswering }
            let notes = configuration.gameNotes
            service.onSaves { player, notice in notes.tell(player: player, notice == .waiting ? "saves waiting" : "saves written") }
        }
        // Who is playing now, for the hall of fame: where the games keep their progress.
        let presence = service.map { PresenceReporter(database: $0) } ?? PresenceReporter(sqlite: folder + "/soma.db")
        configuration.presence = { players in presence.report(players) }
        // The games have saved: this process's players leave the playing table, and what the
        // games sent is written before the process ends, while the health check still says 503
        // (the drain ends the database pool, so it comes last).
        let drainSeconds = TimeSpan(drainTime)?.seconds ?? 10
        configuration.afterGames = { [service] in
            // A database that does not answer is not waited for (its rows age out of `playing`).
            if service?.isAnswering ?? true { presence.finish() }
            if let service {
                let left = service.drain(seconds: drainSeconds)
                if left.saves > 0 {
                    ServerLog.line("\(left.saves) saves of \(left.players) players could not be written to the database before exit: "
                                   + "kept in \(left.path), written when soma serve starts again with this state directory")
                } else {
                    ServerLog.line("every save is in the database")
                }
            }
        }
        do {
            try GameServer.run(configuration)
        } catch {
            ServerLog.line("\(error)")
            presence.finish()
            _ = service?.drain(seconds: 5)
            throw ExitCode(1)
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One line on standard error; a closed or full stderr is no reason to trap.
    static func printError(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// This binary, for finding the game beside it: the file the kernel ran, not `argv[0]`.
    static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
