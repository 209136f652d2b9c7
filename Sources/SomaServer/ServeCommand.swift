import ArgumentParser
import CommandOptions
import Files
import Logging
import Server
import SharedStore
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve`: the game over SSH for anyone with an SSH client, no shell account needed
/// (issue 17; the server is the Server module, this is its command line). It is the
/// `soma-server` executable, which `soma serve` execs: see docs/serve.md for why the server
/// is a binary of its own. The process starts in `SomaServerMain/main.swift`.
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
        // `soma-server scores ...`: the hall of fame for `soma scores --database` (`ScoresQuery`).
        if CommandLine.arguments.dropFirst().first == ScoresQuery.word {
            ScoresQuery.main(Array(CommandLine.arguments.dropFirst(2)))
            return
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitReportingUsage(error)
        }
    }

    @Option(help: ArgumentHelp("Address and port to listen on, as 127.0.0.1:2222 or [::1]:2222 (a public address must "
                               + "be given explicitly).", valueName: "host:port"))
    var listen = ListenAddress(host: "127.0.0.1", port: 2222)

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the host key and the players' progress are kept (default: $XDG_STATE_HOME/soma/serve).",
                               valueName: "dir"))
    var stateDirectory: String?

    // The numbers are read by their own type (`WholeNumber`, its bounds below): a word that is
    // no number, or one out of range, is answered by the parser with the option's help line,
    // which says the range.
    @Option(help: ArgumentHelp("The most players at once, 1 to 10000 (logins in progress are counted apart).", valueName: "n"))
    var maxSessions = WholeNumber<UpToTenThousand>(clamping: 64)

    @Option(help: ArgumentHelp("The most logins in progress at once, 1 to 10000 (connected, not yet authenticated).", valueName: "n"))
    var pendingLogins = WholeNumber<UpToTenThousand>(clamping: 32)

    @Option(help: ArgumentHelp("The most logins in progress at once from one address, 1 to 10000 (an IPv6 /64 is one "
                               + "address).", valueName: "n"))
    var pendingLoginsPerAddress = WholeNumber<UpToTenThousand>(clamping: 8)

    @Option(help: ArgumentHelp("The most players at once from one address, 1 to 10000 (an IPv6 /64 is one address).", valueName: "n"))
    var sessionsPerAddress = WholeNumber<UpToTenThousand>(clamping: 8)

    @Option(help: ArgumentHelp("The most commands (ssh HOST solve ...) at once from one address, 1 to 10000.", valueName: "n"))
    var commandsPerAddress = WholeNumber<UpToTenThousand>(clamping: 4)

    @Option(help: ArgumentHelp("CPU time one command (ssh HOST solve ...) may use before it is stopped (90s, 30m, 2h).",
                               valueName: "time"))
    var commandCpu = TimeSpan(seconds: 60)

    @Option(help: ArgumentHelp("Wall time one command may run before it is stopped, whatever its CPU (90s, 30m, 2h).",
                               valueName: "time"))
    var commandTime = TimeSpan(seconds: 600)

    @Option(help: ArgumentHelp("Stop a command whose output the client has not read for this long (90s, 30m, 2h).",
                               valueName: "time"))
    var commandUnread = TimeSpan(seconds: 60)

    @Option(help: ArgumentHelp("Output one command may write before it is stopped (65536, 64K, 16M).", valueName: "size"))
    var commandOutput = ByteCount(bytes: 16 << 20)

    @Option(help: ArgumentHelp("Close a connection with no input for this long (90s, 30m, 2h).", valueName: "time"))
    var idleTimeout = TimeSpan(seconds: 30 * 60)

    @Option(help: ArgumentHelp("Close any connection after this long (90s, 30m, 2h).", valueName: "time"))
    var sessionLimit = TimeSpan(seconds: 4 * 3600)

    @Option(help: ArgumentHelp("New connections one address may open in a minute, 1 to 100000.", valueName: "n"))
    var connectionsPerMinute = WholeNumber<UpToHundredThousand>(clamping: 20)

    @Option(help: ArgumentHelp("Input bytes a player may send a second before being disconnected, 1 to 16777216.", valueName: "n"))
    var maxInputRate = WholeNumber<InputRate>(clamping: 16384)

    @Option(help: ArgumentHelp("Serve Prometheus metrics over HTTP at http://host:port/metrics (a loopback or private address, "
                               + "as 127.0.0.1:9464).", valueName: "host:port"))
    var metrics: ListenAddress?

    @Option(help: ArgumentHelp("How log lines are written: text, or json (one object a line).", valueName: "format"))
    var logFormat = LogFormat.text

    @Option(help: ArgumentHelp("The least important lines written: trace, debug, info (every connection), notice (refusals, "
                               + "start and stop), warning, error or critical.", valueName: "level"))
    var logLevel = Logger.Level.info

    @Option(help: ArgumentHelp("Keep players, progress, names and the hall of fame in PostgreSQL, shared by every instance "
                               + "given the same database (password: $PGPASSWORD), instead of the state directory's SQLite file.",
                               valueName: "postgres://user@host[:port]/db"))
    var database: DatabaseAddress?

    @Option(help: ArgumentHelp("Answer a load balancer's health check here (as 127.0.0.1:8022): 200 while taking players, "
                               + "503 from SIGTERM on.", valueName: "host:port"))
    var health: ListenAddress?

    @Option(name: .customLong("host-key"),
            help: ArgumentHelp("The host key's file (made when missing): the same file on every instance behind one "
                               + "balancer, so players see one server (default: in the state directory).", valueName: "file"))
    var hostKey: String?

    @Option(name: .customLong("proxy-from"),
            help: ArgumentHelp("Balancers whose connections begin with a PROXY header (HAProxy's send-proxy-v2) naming the "
                               + "player: their addresses or CIDR ranges, as 10.0.0.5,10.0.1.0/24, and no others (anyone "
                               + "else could forge one; no range wider than /8 or an IPv6 /32).", valueName: "addr[,addr...]"))
    var proxyFrom: ProxySources?

    @Option(name: .customLong("playing-window"),
            help: ArgumentHelp("How long a player counts as playing now (the hall of fame's mark) after their instance last "
                               + "said so: a killed instance's players stop being marked then; the same on every instance "
                               + "of one --database (3s to 1h; without --database the games read 60s).", valueName: "time"))
    var playingWindow = PlayingWindow(clamping: TimeSpan(seconds: 60))

    @Option(name: .customLong("drain-time"),
            help: ArgumentHelp("On SIGTERM, how long to wait for the last saves to reach the database before leaving them "
                               + "in the state directory's journal for the next start (--database; 90s, 30m, 2h).", valueName: "time"))
    var drainTime = TimeSpan(seconds: 10)

    @Option(name: .customLong("peer-listen"),
            help: ArgumentHelp("Where the other instances of one --database ask to watch this one's games (`ssh HOST watch NAME` "
                               + "on any instance): an address they reach, as 10.0.0.5:7022 or 127.0.0.1:7022 (not a wildcard); "
                               + "needs --peer-secret-file.", valueName: "host:port"))
    var peerListen: ListenAddress?

    @Option(name: .customLong("peer-secret-file"),
            help: ArgumentHelp("The secret the instances of one cluster share for --peer-listen: a file only its owner can read, "
                               + "16 to 4096 bytes, the same on every instance.", valueName: "file"))
    var peerSecretFile: String?

    func validate() throws {
        guard (peerListen == nil) == (peerSecretFile == nil) else {
            throw ValidationError("--peer-listen and --peer-secret-file go together")
        }
        if let peerListen {
            guard database != nil else { throw ValidationError("--peer-listen needs --database (its playing table says where each player is)") }
            guard !["0.0.0.0", "::"].contains(peerListen.host) else {
                throw ValidationError("--peer-listen needs an address the other instances reach, not \(peerListen.host)")
            }
        }
    }

    func run() throws {
        // Every line from here on in the format asked for, the state directory's notes included.
        ServerLog.use(format: logFormat, level: logLevel)
        let folder = stateDirectory ?? XDGPaths.current.stateDirectory + "/serve"
        // Each session runs the game binary installed beside this one.
        guard let executable = OwnExecutable.sibling("soma") else {
            ServerLog.logger.critical("cannot find this program's own file (/proc/self/exe)")
            throw ExitCode(1)
        }
        guard access(executable, X_OK) == 0 else {
            ServerLog.logger.critical("the game, \(executable), is missing or cannot be run: install soma and soma-server together (make install)")
            throw ExitCode(1)
        }
        switch StateDirectory.prepare(folder) {
        case .success(let notes):
            for note in notes { ServerLog.logger.warning("\(note)") }
        case .failure(let problem):
            ServerLog.logger.critical("\(problem)")
            throw ExitCode(1)
        }
        // The games' database made (or brought up to date) before the first login, rather than
        // by that login's game. A problem is the games' to tell their players, as before.
        if database == nil, let problem = GamesDatabase.prepare(sqlite: folder + "/soma.db") {
            ServerLog.logger.warning("the games' database is not ready: \(problem)")
        }
        // Made here, before the store service and the server, so that both count into it.
        let serverMetrics = ServerMetrics(store: database != nil)
        var service: StoreService?
        // Readers count a player for `window` seconds; the server says who plays three times as
        // often (the games' own SQLite reader keeps 60 s: never say less often than a third of it).
        let window = playingWindow.seconds
        if var address = database {
            if address.password == nil { address.password = Self.environment("PGPASSWORD") }
            do {
                service = try StoreService(address: address, stateDirectory: folder, playingWindow: window,
                                           logger: ServerLog.logger, observe: { event in
                    switch event {
                    case .failedTry: serverMetrics.storeError()
                    case .retry: serverMetrics.storeRetry()
                    }
                })
            } catch {
                ServerLog.logger.critical("cannot use the database \(address): \(error.reason)")
                throw ExitCode(1)
            }
            ServerLog.logger.notice("progress kept in \(address)")
        }
        var configuration = ServeConfiguration(
            listen: listen, stateDirectory: folder, maxSessions: maxSessions.value,
            idleTimeout: idleTimeout, sessionLimit: sessionLimit,
            connectionsPerMinute: connectionsPerMinute.value, maxInputBytesPerSecond: maxInputRate.value,
            maxPendingLogins: pendingLogins.value, maxPendingPerAddress: pendingLoginsPerAddress.value,
            commandCPU: commandCpu, commandOutput: commandOutput,
            executable: executable, gameArguments: ["play"], execArguments: ServeExec.decide)
        configuration.metrics = metrics
        configuration.maxSessionsPerAddress = sessionsPerAddress.value
        configuration.maxCommandsPerAddress = commandsPerAddress.value
        configuration.commandTime = commandTime
        configuration.commandStall = commandUnread
        configuration.logFormat = logFormat
        configuration.logLevel = logLevel
        configuration.health = health
        configuration.hostKeyFile = hostKey
        configuration.proxyFrom = proxyFrom
        configuration.serverMetrics = serverMetrics
        configuration.presenceHeartbeatSeconds = min(window, 60) / 3
        if let service {
            configuration.storeLine = { player, descriptor in service.serve(player: player, descriptor: descriptor) }
            configuration.storeAnswering = { service.isAnswering }
            let notes = configuration.gameNotes
            service.onSaves { player, notice in notes.tell(player: player, notice == .waiting ? "saves waiting" : "saves written") }
        }
        var peers: PeerOptions?
        if let peerListen, let peerSecretFile {
            do {
                peers = try PeerOptions(listen: peerListen, secretFile: peerSecretFile)
            } catch {
                ServerLog.logger.critical("\(error)")
                throw ExitCode(1)
            }
        }
        // Who is playing now, for the hall of fame: where the games keep their progress (and,
        // with --peer-listen, where other instances ask to watch them).
        let presence = service.map { PresenceReporter(database: $0, peer: peers?.listen.description) }
            ?? PresenceReporter(sqlite: folder + "/soma.db")
        configuration.presence = { players in presence.report(players) }
        if var peers, let service {
            let instance = presence.instance
            peers.lookup = { name, answer in
                service.watchPeers(name: name, excluding: instance) { found in answer(found.compactMap { ListenAddress($0) }) }
            }
            configuration.peers = peers
        }
        // The games have saved: this process's players leave the playing table, and what the
        // games sent is written before the process ends, while the health check still says 503
        // (the drain ends the database pool, so it comes last).
        let drainSeconds = drainTime.seconds
        configuration.afterGames = { [service] in
            // A database that does not answer is not waited for (its rows age out of `playing`).
            if service?.isAnswering ?? true { presence.finish() }
            if let service {
                let left = service.drain(seconds: drainSeconds)
                if left.saves > 0 {
                    let kept = "kept in \(left.path), written when soma serve starts again with this state directory"
                    ServerLog.logger.error("\(left.saves) saves of \(left.players) players could not be written to the database before exit: \(kept)")
                } else {
                    ServerLog.logger.notice("every save is in the database")
                }
            }
        }
        do {
            try GameServer.run(configuration)
        } catch {
            ServerLog.logger.critical("\(error)")
            presence.finish()
            _ = service?.drain(seconds: 5)
            throw ExitCode(1)
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Runs `soma-server` with the process's command line: the executable's one call
/// (`SomaServerMain`), the command line being a library the tests link.
public func runSomaServer() {
    ServeCommand.main()
}
