import CoreMetrics
import Prometheus

/// What an operator watches (`soma serve --metrics`): the server counts through swift-metrics'
/// API (`Counter`, `Meter`, `Timer`; named with their module, as Prometheus has types of those
/// names too), backed by a Prometheus registry of its own (no global bootstrap, so tests make as
/// many as they like), and `text` is what the endpoint serves. The command line makes it and
/// hands it to the server (`ServeConfiguration.serverMetrics`) and, as a closure, to the store
/// service it starts before the server, so that both count into the one registry served.
///
/// Every label value comes from a fixed set (an outcome, a reason, an exit status 0-255): never
/// a client's words, so a stranger cannot grow the registry. Every family is there from the
/// start (each outcome and reason at 0, exit status 0), with a `# HELP` line (`help`: the
/// swift-metrics API carries no help text, so `text` adds it), so `promtool check metrics`
/// finds nothing to say; the store's counters only under `--database` (`store: true`).
public final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// Places held now: authenticated connections, as `--max-sessions` counts them (a place with
    /// no session open is given back within seconds).
    private let sessions: CoreMetrics.Meter
    private let logins: [LoginOutcome: CoreMetrics.Counter]
    private let refusals: [RefusalReason: CoreMetrics.Counter]
    /// From the TCP connection's opening to the game's first bytes sent to the player.
    private let firstFrame: CoreMetrics.Timer
    /// From a game's start to its end.
    private let sessionLength: CoreMetrics.Timer
    private let storeErrors: CoreMetrics.Counter?
    private let storeRetries: CoreMetrics.Counter?

    static let firstFrameName = "soma_first_frame_seconds"
    static let sessionLengthName = "soma_session_length_seconds"

    /// `store`: the server keeps its progress in PostgreSQL (`--database`), whose request
    /// failures and retries are counted too.
    public init(store: Bool = false) {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // A first frame takes tens of milliseconds on one machine and seconds when it is loaded;
        // a session lasts from seconds to the session limit (4 h by default).
        factory.durationHistogramBuckets[Self.firstFrameName] = [
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        factory.durationHistogramBuckets[Self.sessionLengthName] = [
            .seconds(10), .seconds(60), .seconds(300), .seconds(900), .seconds(1800), .seconds(3600),
            .seconds(7200), .seconds(14400),
        ]
        self.factory = factory
        sessions = CoreMetrics.Meter(label: "soma_sessions", dimensions: [], factory: factory)
        logins = Dictionary(uniqueKeysWithValues: LoginOutcome.allCases.map {
            ($0, CoreMetrics.Counter(label: "soma_logins_total", dimensions: [("outcome", $0.rawValue)], factory: factory))
        })
        refusals = Dictionary(uniqueKeysWithValues: RefusalReason.allCases.map {
            ($0, CoreMetrics.Counter(label: "soma_refusals_total", dimensions: [("reason", $0.rawValue)], factory: factory))
        })
        firstFrame = CoreMetrics.Timer(label: Self.firstFrameName, dimensions: [], factory: factory)
        sessionLength = CoreMetrics.Timer(label: Self.sessionLengthName, dimensions: [], factory: factory)
        storeErrors = store ? CoreMetrics.Counter(label: "soma_store_errors_total", dimensions: [], factory: factory) : nil
        storeRetries = store ? CoreMetrics.Counter(label: "soma_store_retries_total", dimensions: [], factory: factory) : nil
        sessions.set(0)
        // The family exists before the first game ends (one status, 0, at zero).
        CoreMetrics.Counter(label: "soma_game_exits_total", dimensions: [("status", "0")], factory: factory).increment(by: 0)
    }

    /// A connection took a place (`soma_sessions`), or gave it back.
    func seatTaken() { sessions.increment() }
    func seatLeft() { sessions.decrement() }

    /// A game ended after `seconds`.
    func gameEnded(after seconds: Double) {
        sessionLength.recordNanoseconds(Self.nanoseconds(seconds))
    }

    /// A game's process exited with `status` (as a shell gives it: 128 + signal).
    func gameExited(status: Int32) {
        let label = (0...255).contains(status) ? String(status) : "other"
        CoreMetrics.Counter(label: "soma_game_exits_total", dimensions: [("status", label)], factory: factory).increment()
    }

    func login(_ outcome: LoginOutcome) { logins[outcome]?.increment() }

    func refused(_ reason: RefusalReason) { refusals[reason]?.increment() }

    /// The first bytes of a game reached its player `seconds` after the connection opened.
    func firstFrame(after seconds: Double) {
        firstFrame.recordNanoseconds(Self.nanoseconds(seconds))
    }

    /// Under `--database`: one try of a request the server made to PostgreSQL for a game (a
    /// save's write, or a read: progress, hall of fame, names) failed, by an error or by no
    /// answer within 5 s (`soma_store_errors_total`; the store service's `StoreEvent.failedTry`).
    public func storeError() { storeErrors?.increment() }

    /// Under `--database`: such a request was tried again after a failed try: a save until it is
    /// written, a read until its patience (8 s) is over (`soma_store_retries_total`;
    /// `StoreEvent.retry`). Errors minus retries: reads given up, and saves waiting now.
    public func storeRetry() { storeRetries?.increment() }

    /// The metrics in Prometheus' text format (version 0.0.4), each family's `# TYPE` line
    /// preceded by its `# HELP` line.
    public var text: String {
        var lines: [String] = []
        for line in registry.emitToString().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first {
                lines.append("# HELP \(name) \(Self.help[String(name)] ?? "soma serve's \(name)")")
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// What each family counts, as `# HELP` says it.
    static let help: [String: String] = [
        "soma_sessions": "Games running now.",
        "soma_logins_total": "SSH logins by outcome: player (a key), guest, full (told the server is full), refused.",
        "soma_refusals_total": "Connections turned away before they played, by reason (a player told the server is full counts as server_full).",
        firstFrameName: "Seconds from a connection's opening to its game's first bytes sent to the player.",
        sessionLengthName: "Seconds from a game's start to its end.",
        "soma_game_exits_total": "Games' processes that exited, by exit status (128 + N: signal N).",
        "soma_store_errors_total": "Tries of a request to PostgreSQL that failed or did not answer in 5 s (--database).",
        "soma_store_retries_total": "Requests to PostgreSQL tried again after a failed try (--database).",
    ]

    /// Seconds as whole nanoseconds, clamped: a clock that went backwards counts 0.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return seconds >= 9e9 ? Int64(9e18) : Int64(seconds * 1e9)
    }
}

/// How an SSH login ended, for `soma_logins_total`.
enum LoginOutcome: String, CaseIterable, Sendable {
    /// A player with a key got a place.
    case player
    /// A guest got a place.
    case guest
    /// Past `--max-sessions`: let in only to be told the server is full.
    case full
    /// No place at all (the server is shutting down, or the overflow is full too).
    case refused
}
