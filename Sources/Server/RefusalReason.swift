/// Why the server turned a connection away before it played, as a metric's label
/// (`soma_refusals_total{reason}`): a fixed set, whatever the log line says in words.
enum RefusalReason: String, CaseIterable, Sendable {
    case shuttingDown = "shutting_down"
    case rate
    case loginsFromAddress = "logins_from_address"
    case loginsInProgress = "logins_in_progress"
    case pushedOut = "pushed_out"
    case serverFull = "server_full"
    /// An address already holds `--sessions-per-address` places.
    case sessionsFromAddress = "sessions_from_address"
    /// No byte within the first-bytes deadline, or dropped early as silent (`Admission`).
    case silent
    /// Authenticated, but no session opened within the grace (`ssh -N`).
    case noSession = "no_session"
    /// No login within the grace.
    case loginTimeout = "login_timeout"
    /// Not SSH, a version line too long, too many bytes before login.
    case traffic
    /// A malformed packet, a failed key exchange.
    case protocolError = "protocol_error"
    /// Under `--database`, while the database does not answer: try again shortly.
    case storeUnavailable = "store_unavailable"
    /// From a `--proxy-from` balancer: no PROXY header, a broken one, or none within the grace.
    case proxyHeader = "proxy_header"

    init(_ refusal: Admission.Refusal) {
        switch refusal {
        case .shuttingDown: self = .shuttingDown
        case .rate: self = .rate
        case .loginsFromAddress: self = .loginsFromAddress
        case .loginsInProgress: self = .loginsInProgress
        case .pushedOut: self = .pushedOut
        case .serverFull: self = .serverFull
        case .sessionsFromAddress: self = .sessionsFromAddress
        }
    }
}
