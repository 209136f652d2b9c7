import Logging

/// What `soma serve` is told on its command line, and what it derives from it: where to listen,
/// where its state lives, the limits every connection is held to, and how a session's command
/// line is made. The server knows no game: `gameArguments` and `execArguments` come from the
/// executable, which knows its own commands.
public struct ServeConfiguration: Sendable {
    public var listen: ListenAddress
    /// The host key and the progress database live here.
    public var stateDirectory: String
    /// The most players at once (authenticated connections; each may hold one session).
    public var maxSessions: Int
    /// Logins in progress at once, over all addresses (see `Admission`).
    public var maxPendingLogins: Int
    /// Logins in progress at once from one address.
    public var maxPendingPerAddress: Int
    /// Places (authenticated connections) one address may hold at once.
    public var maxSessionsPerAddress = 8
    /// Commands running at once from one address.
    public var maxCommandsPerAddress = 4
    /// The wall time one command may run, whatever CPU it uses (`--command-time`).
    public var commandTime = TimeSpan(seconds: 600)
    /// A command whose output the client has not read for this long is stopped (a client that
    /// pipes it into `sleep` holds a command slot at no CPU cost).
    public var commandStall = TimeSpan(seconds: 60)
    /// The CPU time one command (`ssh HOST solve ...`) may use.
    public var commandCPU: TimeSpan
    /// The bytes one command may write.
    public var commandOutput: ByteCount
    /// A connection with no input for this long is closed.
    public var idleTimeout: TimeSpan
    /// A connection is closed this long after it opened, whatever it does.
    public var sessionLimit: TimeSpan
    /// New connections one address may open in a minute (a burst of that many, refilled evenly).
    public var connectionsPerMinute: Int
    /// The most bytes a player may type (or paste, or report by mouse) in one second.
    public var maxInputBytesPerSecond: Int
    /// The executable each session runs (this same binary).
    public var executable: String
    /// The arguments of the game a shell request opens.
    public var gameArguments: [String]
    /// The arguments an `exec` request runs, or why it may not run; never a shell.
    public var execArguments: @Sendable (String) -> ExecDecision
    /// Where Prometheus metrics are served over HTTP (`--metrics`); nil: nowhere.
    public var metrics: ListenAddress? = nil
    /// How log lines are written (`--log-format`).
    public var logFormat = LogFormat.text
    /// The least level written (`--log-level`).
    public var logLevel = Logger.Level.info
    /// Under `--database`: serves each keyed game's store line (`StoreLineHook`); nil: the game
    /// keeps its progress in the state directory's SQLite file itself.
    public var storeLine: StoreLineHook.Serve?
    /// `--host-key`: the host key's file, shared by every instance behind one balancer (made
    /// there when missing); nil: `ssh_host_ed25519_key` in the state directory.
    public var hostKeyFile: String?
    /// Where `--health` answers a balancer's check (`HealthCheck`), if anywhere.
    public var health: ListenAddress?
    /// `--proxy-from`: the balancers whose connections begin with a PROXY header naming the
    /// player (`ProxySources`, `ProxyHeader`); nil: every connection's own address counts.
    public var proxyFrom: ProxySources?
    /// Told who is in a keyed game now (`PresenceHook`, `PlayingNow`); nil: no one is told.
    public var presence: PresenceHook?
    /// How often an unchanged set of players is told again: a third of the window readers
    /// count a player for (`soma serve --playing-window`, 60 s by default).
    public var presenceHeartbeatSeconds = ServeConfiguration.defaultPresenceHeartbeatSeconds
    public static let defaultPresenceHeartbeatSeconds = 20.0
    /// What `--metrics` serves, counted whether or not it is served. Made by the command line,
    /// which also hands it to what it starts beside the server (the store service's counts).
    public var serverMetrics = ServerMetrics()
    /// Under `--database`: whether the store answers now (`StoreService.isAnswering`). While it
    /// does not, the health check says 503 and new connections are refused with a line saying
    /// to try again shortly; nil: always (the games' SQLite file is on this machine).
    public var storeAnswering: (@Sendable () -> Bool)?
    /// `--peer-listen` and `--peer-secret-file`: watchers on other instances of the cluster
    /// (`PeerOptions`, `PeerListener`, `PeerWatch`); nil: watching stays within this instance.
    public var peers: PeerOptions?
    /// Notes for a player's games from beside the server (`GameNotes`: the store's saves
    /// waiting, then written).
    public var gameNotes = GameNotes()
    /// Work left when the games have ended (SIGTERM), done before the health check and the
    /// metrics endpoint close: the store service's last saves. Until it returns the balancer
    /// still reads 503 (this instance is leaving, not gone) and the store counters stay readable.
    public var afterGames: (@Sendable () -> Void)?

    public init(listen: ListenAddress, stateDirectory: String, maxSessions: Int, idleTimeout: TimeSpan,
                sessionLimit: TimeSpan, connectionsPerMinute: Int, maxInputBytesPerSecond: Int,
                maxPendingLogins: Int = 32, maxPendingPerAddress: Int = 8,
                commandCPU: TimeSpan = TimeSpan(seconds: 60), commandOutput: ByteCount = ByteCount(bytes: 16 << 20),
                executable: String, gameArguments: [String],
                execArguments: @escaping @Sendable (String) -> ExecDecision) {
        self.listen = listen
        self.stateDirectory = stateDirectory
        self.maxSessions = maxSessions
        self.maxPendingLogins = maxPendingLogins
        self.maxPendingPerAddress = maxPendingPerAddress
        self.commandCPU = commandCPU
        self.commandOutput = commandOutput
        self.idleTimeout = idleTimeout
        self.sessionLimit = sessionLimit
        self.connectionsPerMinute = connectionsPerMinute
        self.maxInputBytesPerSecond = maxInputBytesPerSecond
        self.executable = executable
        self.gameArguments = gameArguments
        self.execArguments = execArguments
    }

    /// The host key's file in the state directory.
    var hostKeyPath: String { hostKeyFile ?? stateDirectory + "/ssh_host_ed25519_key" }

    /// The rules `Admission` applies.
    var admissionLimits: Admission.Limits {
        Admission.Limits(maxSessions: maxSessions, maxPendingLogins: maxPendingLogins, maxPendingPerAddress: maxPendingPerAddress,
                         maxSessionsPerAddress: maxSessionsPerAddress, connectionsPerMinute: connectionsPerMinute,
                         maxCommandsPerAddress: maxCommandsPerAddress)
    }

    /// Seconds a connection has to authenticate (and one past `maxSessions` to be told so).
    static let loginGraceSeconds = 20.0
    /// TCP keepalive on every connection: a client that vanished (no FIN, no RST) is found after
    /// 60 s of silence and 4 probes 15 s apart, not at the idle timeout.
    static let keepAliveIdleSeconds = 60, keepAliveIntervalSeconds = 15, keepAliveProbes = 4
    /// Bytes a connection may send before it has authenticated: a key exchange and a few
    /// attempts take a few kilobytes; a 1 MB version banner or a flood does not get through.
    static let maxBytesBeforeLogin = 256 * 1024
    /// Seconds a session's game has to save and leave after it is asked to (SIGHUP) before the
    /// channel is closed anyway.
    static let hangUpGraceSeconds = 2.0
    /// Seconds from SIGTERM to a forced end (the whole shutdown stays within 5 s).
    static let shutdownGraceSeconds = 4.0
}

/// What an `exec` request runs: the arguments for this executable, or the one line that says why not.
public enum ExecDecision: Sendable, Equatable {
    case run([String])
    case refuse(String)
    /// Watch the game of the player of this display name, read-only (`WatchRoster`).
    case watch(String)
}
